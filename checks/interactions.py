"""Which pairs of card definitions interact, and why, read from their declarations alone.

An interaction joins two cards when the outcome of one card's instructions depends on the
other under the rules: a player could ask "how do these work together?" and the answer is
a ruling. Each kind below is one rule of the game that makes such a question, written as a
function of two definitions (``doer``, ``taker``) that returns the pair's reason in one
sentence, or None. The functions read only what the definitions declare (their types,
triggers, cost fields, ``declares`` tags and ``targets``: see ``engine/targets.py``);
nothing here names a card.

What is deliberately *not* an interaction: strategy (trashing for Gardens), two cards that
merely share a scenario, a plain double play of a card whose play is only bonuses
(Throne Room on Village), gaining a card that has an ability on *buying* (gaining is not
buying), and an Attack meeting a card that reacts to gains only on its owner's turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine import rules
from engine.abilities import BuyRestriction, ChangesCards, CostChange
from engine.costs import Cost, as_cost
from engine.model import ACTION, ATTACK, CURSE, PRIZE, REWARD, TREASURE, VICTORY, Card
from engine.targets import (
    DECK,
    DISCARD,
    FROM_HAND,
    HAND,
    SELF,
    SETUP,
    TOKEN,
    TURN,
    WHILE_IN_PLAY,
    Gain,
    Watch,
)

CARD_KINDS = frozenset({ACTION, TREASURE, VICTORY, CURSE})
NEXT_TURN = "next_turn"  # a Trigger's place: set up by a play for its player's next turn
TIMES = {1: "once", 2: "twice", 3: "three times"}

Lookup = Mapping[str, Sequence[Card]]
Rule = Callable[[Card, Card, Lookup], "str | None"]


@dataclass(frozen=True)
class Kind:
    """One kind of interaction: its id, a title for people, and what it means."""

    id: str
    title: str
    means: str
    rule: Rule | None = None


# --- what a definition shows -------------------------------------------------------------


def kinds_of(card: Card) -> frozenset[str]:
    """Its card kinds (Action, Treasure, Victory, Curse): the types instructions ask about."""
    return card.types & CARD_KINDS


def _cost_changes(card: Card) -> set[str]:
    """Where its cost changes apply from (``in_play``, ``turn``, ``self``)."""
    return {change.where for change in card.static_of(CostChange)}


def costs_more_than(card: Card, limit: int) -> bool:
    """Whether ``card``'s printed cost is not within ``limit`` coins (by the rules: a
    Potion cost is within no coins-only limit)."""
    return not rules.cost_at_most(card.cost, Cost(limit))


def lasting(card: Card) -> bool:
    """Each play sets up an effect for the rest of the turn (Bridge, 2nd-edition Hoard)."""
    return (
        card.lasting is not None
        or any(t.where == TURN for t in card.triggers)
        or "turn" in _cost_changes(card)
        # A ban on buying a card named when it is played (Contraband), unlike a
        # restriction on buying the card itself (Grand Market).
        or any(r.where == "turn" for r in card.static_of(BuyRestriction))
    )


def while_in_play(card: Card) -> bool:
    """An ability that works while the card is in play, once per copy (Goons)."""
    return any(t.where == WHILE_IN_PLAY for t in card.triggers) or (
        "in_play" in _cost_changes(card)
    )


def attack_reaction(card: Card) -> bool:
    return any(t.event == "attack" and t.where == HAND for t in card.triggers)


def attack_protection(card: Card) -> bool:
    """In play, it keeps its player unaffected by other players' Attacks (Lighthouse)."""
    return any(t.event == "attack" and t.where == WHILE_IN_PLAY for t in card.triggers)


def later_part(card: Card) -> bool:
    """A Duration card: a play of it does something at the start of a later turn, and it
    stays in play (with what played it) until then."""
    return any(t.where == NEXT_TURN for t in card.triggers)


def may_gain(gain: Gain, types: frozenset[str], lookup: Lookup) -> bool:
    """Whether the card ``gain`` makes can have one of ``types`` (a gain of any card is
    not counted: it says nothing about the pair)."""
    if gain.types & types:
        return True
    return any(types & d.types for name in gain.names for d in lookup.get(name, ()))


def own_play_gains(card: Card) -> list[Gain]:
    return [g for g in card.targets.gains if g.when == "play" and g.receiver == "self"]


def plays_in_buy_phase(card: Card) -> bool:
    """Treasures are played in the Buy phase, after every Action of the turn."""
    return TREASURE in card.types and ACTION not in card.types


def tests_cost(card: Card) -> bool:
    return (
        "tests-cost" in card.declares
        or any(g.max_cost is not None or g.relative for g in card.targets.gains)
        or any(w.max_cost is not None for w in card.targets.watches)
    )


def tested_types(card: Card) -> frozenset[str]:
    """The kinds of card whose cost ``card`` compares (empty: any card)."""
    found: set[str] = set()
    for gain in card.targets.gains:
        if not gain.types and not gain.names:
            return frozenset()
        found |= gain.types
    return frozenset(found)


def cost_limit(card: Card) -> int | None:
    """The highest fixed cost limit among its gains and watches (None: none is fixed)."""
    limits = [g.max_cost for g in card.targets.gains if g.max_cost is not None]
    limits += [w.max_cost for w in card.targets.watches if w.max_cost is not None]
    relative = any(g.relative for g in card.targets.gains)
    return None if relative or not limits else max(limits)


def tester_phrase(card: Card) -> str:
    for watch in card.targets.watches:
        if watch.max_cost is not None:
            return f"looks at the cost of each card bought (up to {watch.max_cost})"
    for gain in card.targets.gains:
        if gain.max_cost is not None:
            return f"gains a card costing up to {gain.max_cost} by current costs"
        if gain.relative:
            return "compares the cost of the card it gains with another card's current cost"
    return "reads a card's current cost"


def _join(words: Iterable[str], last: str = "and") -> str:
    items = sorted(words)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "AEIOU" else f"a {word}"


def _gained(gain: Gain) -> str:
    if gain.names:
        return _join((_a(n) for n in gain.names), "and")
    if gain.types:
        return _join((_a(t) for t in gain.types), "or")
    return "a card"


def _to(gain: Gain) -> str:
    return {HAND: " into the hand", DECK: " onto the deck"}.get(gain.to, "")


# --- the rules ---------------------------------------------------------------------------


def double_play(doer: Card, taker: Card, _: Lookup) -> str | None:
    plays = doer.targets.plays
    if plays is None or plays.times < 2 or not plays.covers(taker.types):
        return None
    d, t, n = doer.name, taker.name, TIMES.get(plays.times, f"{plays.times} times")
    if later_part(taker):
        # Not "happens twice": each play sets up only what it found to do (Throne Room on
        # Tactician: the second play finds an empty hand, so the bonus comes once).
        return (
            f"{d} plays {t} {n}: each play sets up its own part for the next turn (none if "
            f"that play found nothing to set up), and {d} stays in play as long as {t} does"
        )
    if "self" in taker.targets.trashes:
        return (
            f"{d} plays {t} {n} although {t} trashes itself on the first play: "
            "the later plays still follow its other instructions"
        )
    if while_in_play(taker):
        return (
            f"{d} plays {t} {n} but only one {t} is in play: its while-in-play ability works once"
        )
    if lasting(taker):
        return f"{d} plays {t} {n}, and each play sets up {t}'s effect for the turn again"
    for count in taker.targets.counts:
        if count.where == "played":
            return f"{d} plays {t} {n}, and each play counts as a play for {t}'s own count"
        if count.where == "in_play" and count.types & plays.types:
            return (
                f"{d} plays {t} {n}, but {t} counts the {_join(count.types)} cards in play, "
                "where a card played several times is one card"
            )
    if taker.targets.plays is not None:
        return f"{d} plays {t} {n}, and each play of {t} plays a card of its own"
    if own_play_gains(taker):
        return f"{d} plays {t} {n}, and each play gains {_gained(own_play_gains(taker)[0])} again"
    if taker.targets.trashes - {"supply", "others"}:
        return f"{d} plays {t} {n}, and each play trashes again, from what the earlier play left"
    return None


def played_from_deck(doer: Card, taker: Card, _: Lookup) -> str | None:
    plays = doer.targets.plays
    if plays is None or plays.times != 1 or plays.source != DECK:
        return None
    if not plays.covers(taker.types) or doer.name == taker.name:
        return None
    d, t = doer.name, taker.name
    for count in taker.targets.counts:
        if count.where == "played":
            return f"an Action that {d} plays from the deck still counts as played for {t}"
        if count.where == "in_play" and count.types & doer.types:
            return f"{d} plays {t} from the deck, and {t} counts {d} among the cards in play"
    if taker.targets.plays is not None:
        return f"{d} plays {t} from the deck, and {t} then plays a card itself"
    digs = taker.targets.asks & plays.types
    if "deck" in taker.targets.trashes and digs:
        wanted = _a(_join(digs))
        return f"{d} plays {t} from the deck, and {t} then digs further into that deck for {wanted}"
    return None


def attack_meets_reaction(doer: Card, taker: Card, _: Lookup) -> str | None:
    if ATTACK not in doer.types or not attack_reaction(taker) or doer.name == taker.name:
        return None
    a, r = doer.name, taker.name
    head = f"{r} can be revealed from hand when another player plays {a}"
    if "blocks-attack" in taker.declares:
        return f"{head}, and its holder is then unaffected"
    return f"{head}, and resolves before {a} does anything to its holder"


def attack_meets_protection(doer: Card, taker: Card, _: Lookup) -> str | None:
    if ATTACK not in doer.types or not attack_protection(taker) or doer.name == taker.name:
        return None
    a, p = doer.name, taker.name
    if later_part(doer):
        return (
            f"{p} in effect when {a} is played keeps its player unaffected by {a} until {a} "
            f"is done; a {p} played after {a} does not"
        )
    return f"{p} in effect keeps its player unaffected by {a}"


def others_gain_watched(doer: Card, taker: Card, _: Lookup) -> str | None:
    """An Attack makes other players gain cards on its player's turn, and a card watches
    the gains of another player (Monkey: the player on its owner's right)."""
    watches = [w for w in taker.targets.watches if w.event == "gain" and w.gainer == "right"]
    if not watches or doer.name == taker.name:
        return None
    for gain in doer.targets.gains:
        if gain.receiver == "others":
            return (
                f"{doer.name} makes other players gain {_gained(gain)}, and {taker.name} "
                f"{watches[0].does} when the player on its owner's right gains one, on any turn"
            )
    return None


def gain_plays_from_hand(doer: Card, taker: Card, lookup: Lookup) -> str | None:
    """A card gains a card of a type, and another may be played from its holder's hand
    when any player gains one (Pirate on a Treasure)."""
    watches = [
        w
        for w in taker.targets.watches
        if w.event == "gain" and w.lasts == FROM_HAND and w.gainer == "any" and w.types
    ]
    if not watches or doer.name == taker.name:
        return None
    for watch in watches:
        for gain in doer.targets.gains:
            if may_gain(gain, watch.types, lookup):
                return (
                    f"{doer.name} gains {_gained(gain)}, and {taker.name} {watch.does} when "
                    f"any player gains {_a(_join(watch.types))} card, on any turn"
                )
    return None


def reactions_together(doer: Card, taker: Card, _: Lookup) -> str | None:
    if not (attack_reaction(doer) and attack_reaction(taker)) or doer.name >= taker.name:
        return None
    return (
        f"{doer.name} and {taker.name} can both be revealed to the same Attack, one after the "
        "other, each meeting the hand the other left"
    )


def gain_meets_reaction(doer: Card, taker: Card, lookup: Lookup) -> str | None:
    movers = [w for w in taker.targets.watches if w.event == "gain" and w.moves]
    if not movers or doer.name == taker.name:
        return None
    g, w = doer.name, taker.name
    for watch in movers:
        for gain in (x for x in doer.targets.gains if x.when == "play"):
            if watch.types and not may_gain(gain, watch.types, lookup):
                continue
            if gain.receiver == "others" and watch.turns == "any":
                return (
                    f"{g} makes other players gain {_gained(gain)} on its player's turn, and "
                    f"{w} works on its holder's gains on any turn: it {watch.does}"
                )
            if gain.receiver != "self" or not (gain.to != DISCARD or gain.inspected):
                continue
            in_play = watch.lasts in (WHILE_IN_PLAY, TURN) and plays_in_buy_phase(taker)
            if in_play and not plays_in_buy_phase(doer):
                continue  # played in the Action phase, before the Treasure is in play
            then = " and goes on with it" if gain.inspected else ""
            return f"{g} gains {_gained(gain)}{_to(gain)}{then}, and {w} {watch.does} first"
    return None


def abilities_on_one_gain(doer: Card, taker: Card, _: Lookup) -> str | None:
    """Two abilities fire on the same buy or gain and one of them moves the card."""
    movers = [w for w in taker.targets.watches if w.event == "gain" and w.moves]
    others = [w for w in doer.targets.watches if not w.moves]
    if doer.targets.trashes_when_gained:
        others = [w for w in others if w.lasts == SELF] or others
    if doer.name == taker.name or not movers:
        return None
    if not others:  # two movers: only once, from the first name
        if doer.name > taker.name or not any(w.moves for w in doer.targets.watches):
            return None
        return (
            f"{doer.name} and {taker.name} may both move a gained card: the first one used "
            "decides where the card is when the other comes"
        )
    acting = [w for w in others if w.lasts == SELF or _gains_on_watch(doer)]
    pairs = [(w, m) for w in acting for m in movers if _one_card_fires_both(w, m, doer)]
    if not pairs:
        return None  # only a bonus (+1 VP), or no card fires both: nothing to order
    watch, mover = pairs[0]
    if watch.lasts == SELF:
        event = "buying" if watch.event == "buy" else "gaining"
        return (
            f"{event} {doer.name} fires its own ability (it {watch.does}) and {taker.name}'s "
            f"(it {mover.does}); each meets the cards as the other left them"
        )
    return (
        f"one {watch.event} can fire both {doer.name}'s ability (it {watch.does}) and "
        f"{taker.name}'s (it {mover.does}); its player orders them, each meeting what the "
        "other left"
    )


def _one_card_fires_both(watch: Watch, mover: Watch, card: Card) -> bool:
    """Whether one gained card can fire both ``card``'s ``watch`` and ``mover``, a watch
    for a type (Sailor's Duration cards): the card itself when the watch is its own
    (Mint), else a card of the watch's types (Hoard's Victory cards)."""
    if not mover.types:
        return True
    kinds = card.types if watch.lasts == SELF else watch.types
    return not kinds or bool(kinds & mover.types)


def _gains_on_watch(card: Card) -> bool:
    return any(g.when == "watch" for g in card.targets.gains)


def gained_card_ability(doer: Card, taker: Card, _: Lookup) -> str | None:
    own = [w for w in taker.targets.watches if w.lasts == SELF and w.event == "gain"]
    if not own or doer.name == taker.name:
        return None
    if "in_play" in taker.targets.trashes_when_gained and not plays_in_buy_phase(doer):
        return None  # nothing is in play to trash before the Buy phase
    for gain in doer.targets.gains:
        if gain.names and taker.name not in gain.names:
            continue
        if gain.types and not gain.types & taker.types:
            continue
        if gain.max_cost is not None and costs_more_than(taker, gain.max_cost):
            continue
        return (
            f"{doer.name} can gain {taker.name}, and gaining {taker.name} fires its own "
            f"ability: it {own[0].does}"
        )
    return None


def _broad(kind: str, lookup: Lookup) -> bool:
    """A type most Kingdom cards have says nothing about a pair (Collection's Actions)."""
    kingdom = [defs[0] for defs in lookup.values() if defs[0].kingdom]
    return sum(1 for card in kingdom if kind in card.types) * 2 > len(kingdom)


def watched_type(doer: Card, taker: Card, lookup: Lookup) -> str | None:
    if doer.name == taker.name:
        return None
    for watch in doer.targets.watches:
        if watch.lasts == SELF or not (watch.types or watch.excluded):
            continue
        if watch.max_cost is not None and costs_more_than(taker, watch.max_cost):
            continue
        if _outside_the_supply(taker) and (
            watch.event == "buy" or watch.bought_only or watch.lasts in (SETUP, TOKEN)
        ):
            continue  # a Prize or Reward is never bought, and has no Supply pile
        when = _when(watch, doer.name)
        if watch.excluded & taker.types and kinds_of(taker) - watch.excluded:
            other = _join(kinds_of(taker) - watch.excluded)
            return (
                f"{taker.name} is {_a(_join(watch.excluded & taker.types))} card as well as "
                f"{_a(other)}, so {doer.name} does not fire for it ({when})"
            )
        matched = watch.types & taker.types
        if not matched:
            continue
        if all(_broad(k, lookup) for k in matched) and len(kinds_of(taker)) < 2:
            continue
        return (
            f"{taker.name} is {_a(_join(matched))} card, so {when} fires {doer.name}'s "
            f"ability: it {watch.does}"
        )
    return None


def _outside_the_supply(card: Card) -> bool:
    """A card of a pile outside the Supply (a Prize, a Reward): never bought."""
    return bool(card.types & {PRIZE, REWARD})


def _when(watch: Watch, name: str) -> str:
    if watch.lasts == SETUP:
        return "setup marks its pile and gaining the first one, on any turn,"
    if watch.lasts == TOKEN:
        return f"{watch.event}ing one from a pile with {name}'s token, on any turn,"
    if watch.lasts == WHILE_IN_PLAY:
        return f"{watch.event}ing one while {name} is in play"
    if watch.bought_only:
        return f"buying one after {name} was played this turn"
    return f"{watch.event}ing one after {name} was played this turn"


def several_types(doer: Card, taker: Card, _: Lookup) -> str | None:
    asks = doer.targets.asks
    if not asks or doer.name == taker.name:
        return None
    if "types" in asks:
        if len(taker.types) < 2:
            return None
        return (
            f"{taker.name} has {len(taker.types)} types ({_join(taker.types)}), and {doer.name} "
            "gives one choice per type"
        )
    kinds = kinds_of(taker)
    asked = asks & kinds
    if len(kinds) < 2 or not asked:
        return None
    inspected = [g for g in doer.targets.gains if g.inspected and g.max_cost is not None]
    if inspected and all(
        costs_more_than(taker, g.max_cost) for g in inspected if g.max_cost is not None
    ):
        return None
    return (
        f"{taker.name} is {_join(_a(k) for k in kinds)} card, and {doer.name} asks whether a "
        f"card is {_join((_a(k) for k in asked), 'or')}: it counts as each of its types"
    )


def counted_after_leaving(doer: Card, taker: Card, _: Lookup) -> str | None:
    counts = [c for c in doer.targets.counts if c.where == "played"]
    if not counts or "self" not in taker.targets.trashes or doer.name == taker.name:
        return None
    if not any(c.types & taker.types for c in counts):
        return None
    return f"{taker.name} trashes itself when played, yet it still counts as played for {doer.name}"


def changed_types(doer: Card, taker: Card, lookup: Lookup) -> str | None:
    for changed in (card for change in doer.static_of(ChangesCards) for card in change.cards):
        printed = lookup.get(changed.name, ())
        added = changed.types - (printed[0].types if printed else frozenset())
        reach = taker.targets.asks | (
            taker.targets.plays.types if taker.targets.plays else frozenset()
        )
        reach |= frozenset(t for c in taker.targets.counts for t in c.types)
        hit = added & reach
        if hit and taker.name != changed.name:
            kind = _join(hit)
            return (
                f"with {doer.name} in the game a {changed.name} is also {_a(kind)}, and "
                f"{taker.name}'s instructions look for {kind} cards"
            )
    return None


def cost_change(doer: Card, taker: Card, _: Lookup) -> str | None:
    reduces = doer.targets.reduces
    if reduces is None or doer.name == taker.name:
        return None
    varies = "self" in _cost_changes(taker) and (not reduces or reduces & taker.types)
    if not varies:
        if not tests_cost(taker):
            return None
        tested = tested_types(taker)
        if reduces and tested and not reduces & tested:
            return None
        buy_phase = plays_in_buy_phase(taker) or any(
            w.event == "buy" and w.max_cost is not None for w in taker.targets.watches
        )
        if plays_in_buy_phase(doer) and not buy_phase:
            return None  # reduced in the Buy phase, after the card has been played
    what = "every card" if not reduces else f"{_join(reduces)} cards"
    how_long = (
        "while it is in play" if "in_play" in _cost_changes(doer) else "for the rest of the turn"
    )
    if varies:
        return (
            f"{doer.name} makes {what} cost less {how_long}, adding to {taker.name}'s own "
            "reduction in the Buy phase"
        )
    return f"{doer.name} makes {what} cost less {how_long}, and {taker.name} {tester_phrase(taker)}"


def variable_cost(doer: Card, taker: Card, _: Lookup) -> str | None:
    """A card whose cost depends on the phase (Peddler) meets one that compares costs."""
    if "self" not in _cost_changes(doer) or doer.name == taker.name or not tests_cost(taker):
        return None
    buy_phase = plays_in_buy_phase(taker) or any(
        w.event == "buy" and w.max_cost is not None for w in taker.targets.watches
    )
    limit = cost_limit(taker)
    if not buy_phase and limit is not None and costs_more_than(doer, limit):
        return None
    tested = tested_types(taker)
    if tested and not tested & doer.types:
        return None
    when = (
        "sees it reduced in the Buy phase"
        if buy_phase
        else f"sees it at {doer.cost} outside the Buy phase"
    )
    return (
        f"{doer.name}'s cost changes with the phase, and {taker.name}, which "
        f"{tester_phrase(taker)}, {when}"
    )


def potion_cost(doer: Card, taker: Card, _: Lookup) -> str | None:
    """A card whose cost has a Potion part meets one that compares costs: part by part, so
    a limit in coins alone never reaches it (rulings ``rules/costs/2-12``)."""
    if not as_cost(doer.cost).potion or doer.name == taker.name or not tests_cost(taker):
        return None
    tested = tested_types(taker)
    if tested and not tested & doer.types:
        return None
    return (
        f"{doer.name} costs {doer.cost}, and {taker.name}, which {tester_phrase(taker)}, "
        "compares costs part by part: the Potion counts"
    )


def names_card(doer: Card, taker: Card, _: Lookup) -> str | None:
    clauses = [f"{doer.name} {what}" for name, what in doer.targets.names if name == taker.name]
    for gain in doer.targets.gains:
        if taker.name in gain.names:
            who = "makes other players gain" if gain.receiver == "others" else "gains"
            clauses.append(f"{doer.name} {who} {_a(taker.name)}{_to(gain)}")
    return "; ".join(dict.fromkeys(clauses)) or None


def trashed_from_play(doer: Card, taker: Card, lookup: Lookup) -> str | None:
    where = doer.targets.trashes_when_gained
    if "in_play" not in where or doer.name == taker.name:
        return None
    trashed = doer.targets.asks
    watch = next((w for w in doer.targets.watches if w.lasts == SELF), None)
    event = f"{'bought' if watch and watch.event == 'buy' else 'gained'}"
    head = f"{doer.name} trashes the {_join(trashed)} cards in play when it is {event}"
    if watch and watch.excluded & taker.types and trashed & taker.types:
        spared = _join(watch.excluded & taker.types)
        return f"{head}, but not {_a(spared)} card: {taker.name} stays in play"
    if trashed & taker.types:
        if later_part(taker):
            return (
                f"{head}, and what {taker.name} set up for its player's next turn still "
                "happens, unless it needs the card in play"
            )
        if while_in_play(taker):
            return f"{head}, and {taker.name}'s while-in-play ability ends with it"
        if lasting(taker):
            return f"{head}, and the effect {taker.name} set up when played lasts the turn anyway"
    for count in taker.targets.counts:
        if count.where != "in_play":
            continue
        named = {t for n in count.names for d in lookup.get(n, ()) for t in d.types}
        if (count.types | named) & trashed:
            what = _join(count.names) if count.names else f"{_join(count.types)} cards"
            return f"{head}, and {taker.name} looks at the {what} in play"
    return None


def gained_from_trash(doer: Card, taker: Card, _: Lookup) -> str | None:
    if "self" not in taker.targets.trashes or doer.name == taker.name:
        return None
    for gain in doer.targets.gains:
        if gain.from_trash and (not gain.types or gain.types & taker.types):
            return (
                f"{taker.name} trashes itself when played, and {doer.name} can gain it "
                "from the trash"
            )
    return None


KINDS: tuple[Kind, ...] = (
    Kind(
        "double-play",
        "Played more than once",
        "A card played two or three times by another, where repeating it raises a question: "
        "it moves itself, counts plays, sets up a lasting effect, works while in play, "
        "gains, trashes or plays cards. A plain double play of bonuses is not listed.",
        double_play,
    ),
    Kind(
        "played-from-deck",
        "Played from the deck",
        "A card played from the deck by another, where being played that way matters.",
        played_from_deck,
    ),
    Kind(
        "attack-reaction",
        "Attack and reaction",
        "A card revealed from hand when another player plays an Attack.",
        attack_meets_reaction,
    ),
    Kind(
        "attack-protection",
        "Attack and protection in play",
        "A card in play that keeps its player unaffected by Attacks (Lighthouse) meets an "
        "Attack; for a Duration Attack what counts is the protection when it is played.",
        attack_meets_protection,
    ),
    Kind(
        "others-gain",
        "Gains of another player",
        "An Attack that makes other players gain cards meets a card that watches another "
        "player's gains (Monkey).",
        others_gain_watched,
    ),
    Kind(
        "gain-plays",
        "Played on a gain",
        "A card that gains a card of a type meets one that may be played from hand when any "
        "player gains such a card (Pirate).",
        gain_plays_from_hand,
    ),
    Kind(
        "reactions",
        "Two reactions",
        "Two reactions revealed to the same Attack, one after the other.",
        reactions_together,
    ),
    Kind(
        "gain-reaction",
        "Reacting to a gain",
        "A card that reacts to a gain the other causes: on another player's turn, into the "
        "hand or onto the deck, or one the gainer goes on with.",
        gain_meets_reaction,
    ),
    Kind(
        "same-gain",
        "Two abilities on one gain",
        "Two abilities that fire on the same buy or gain, one of which moves the card.",
        abilities_on_one_gain,
    ),
    Kind(
        "gained-ability",
        "Gaining a card with its own ability",
        "A card gained by the other's instructions has an ability when gained.",
        gained_card_ability,
    ),
    Kind(
        "watched-type",
        "Buy or gain ability by type",
        "An ability on buying or gaining cards of a type meets a card of (or excluded by) "
        "that type.",
        watched_type,
    ),
    Kind(
        "several-types",
        "Several types",
        "A card with several types meets instructions that ask about types: it counts as each.",
        several_types,
    ),
    Kind(
        "counted-after-leaving",
        "Counted after leaving play",
        "A count of plays includes a card that has left play.",
        counted_after_leaving,
    ),
    Kind(
        "type-change",
        "Types changed for the game",
        "A card that changes another card's types meets instructions asking about that type.",
        changed_types,
    ),
    Kind(
        "cost-change",
        "Cost change",
        "A cost reduction meets instructions that compare current costs, or a card whose "
        "cost already varies.",
        cost_change,
    ),
    Kind(
        "variable-cost",
        "Cost that varies",
        "A card whose cost depends on the phase meets instructions that compare costs.",
        variable_cost,
    ),
    Kind(
        "potion-cost",
        "Cost with a Potion",
        "A card whose cost has a Potion part meets instructions that compare costs: they "
        "compare part by part, and a limit in coins alone never reaches it.",
        potion_cost,
    ),
    Kind("names", "Names the card", "One card's instructions or setup name the other.", names_card),
    Kind(
        "trashed-from-play",
        "Trashed from play",
        "A card that trashes Treasures in play when gained meets one whose ability depends "
        "on being in play.",
        trashed_from_play,
    ),
    Kind(
        "from-trash",
        "Gained from the trash",
        "A card that trashes itself meets one that gains cards from the trash.",
        gained_from_trash,
    ),
)

RULED = Kind(
    "ruled",
    "Settled by a ruling",
    "A ruling of the catalogue says how the two cards work together, and no declaration "
    "covers the pair yet (the reason is the ruling).",
)

ALL_KINDS: tuple[Kind, ...] = (*KINDS, RULED)
KIND_BY_ID: Mapping[str, Kind] = {kind.id: kind for kind in ALL_KINDS}


@dataclass(frozen=True)
class Found:
    """One rule matching one ordered pair of definitions."""

    kind: str
    doer: Card
    taker: Card
    reason: str


def derive(cards: Sequence[Card], kinds: Sequence[Kind] = KINDS) -> list[Found]:
    """Every interaction among ``cards`` (all their definitions), in a stable order."""
    lookup: dict[str, list[Card]] = {}
    for card in cards:
        lookup.setdefault(card.name, []).append(card)
    found = []
    for kind in kinds:
        assert kind.rule is not None
        for doer in cards:
            for taker in cards:
                if doer.name == taker.name and doer is not taker:
                    continue  # one edition of a card never meets the other
                reason = kind.rule(doer, taker, lookup)
                if reason:
                    found.append(Found(kind.id, doer, taker, reason[0].upper() + reason[1:]))
    return found
