"""Shapes that cards of several sets share, written once.

Card modules build their cards with :func:`kingdom_maker` and :func:`tags`, and reach
for the helpers here before writing a loop of their own: revealing from the deck,
trashing a card to gain a better one, gaining a card "costing up to".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from engine.abilities import BuyRestriction, CostChange, of_kind
from engine.costs import Cost, as_cost
from engine.model import (
    ACTION,
    ATTACK,
    TREASURE,
    Card,
    CostLimit,
    Effect,
    LastingEffect,
    PlayEffect,
    Trigger,
    TriggerEffect,
)

if TYPE_CHECKING:
    from engine.api import CardAPI
    from engine.context import Context, TriggerContext
    from engine.decisions import Purpose
    from engine.state import PlayerZone

# What a card may declare that it does or responds to (read by the interaction graph and
# the docs). A closed list, so that a misspelt tag fails at import instead of silently
# dropping the card's edges.
VOCABULARY = frozenset(
    {
        "+actions", "+buys", "+coins", "attacks", "blocks-attack", "boosts-treasures", "coffers",
        "counts-cards", "counts-piles", "counts-plays", "counts-types", "discards",
        "discards-others", "draws", "duration-like", "gains", "gains-from-trash",
        "gains-to-deck", "gains-to-hand", "gives-curses", "moves-deck", "names-a-card",
        "passes-cards", "plays-actions", "plays-treasures", "reacts-to-attack",
        "reacts-to-gain", "reduces-costs", "restricts-buys", "reveals", "sets-aside", "tests-cost",
        "topdecks", "trashes", "trashes-self", "victory", "vp-tokens", "when-buy",
        "when-gain", "while-in-play", "overpay",
    }
)  # fmt: skip


def tags(*words: str) -> frozenset[str]:
    """A card's ``declares``, checked against the vocabulary."""
    unknown = sorted(set(words) - VOCABULARY)
    if unknown:
        raise ValueError(f"unknown declares tag(s): {', '.join(unknown)}")
    return frozenset(words)


def implied_tags(card: Card) -> frozenset[str]:
    """The ``declares`` tags a card's abilities already say, which its definition does not
    repeat (a card is described once): an Attack ``attacks``; a when-gain or when-buy
    ability of its own, ``when-gain`` / ``when-buy``; an ability while in play,
    ``while-in-play``; a Reaction to an Attack from hand, ``reacts-to-attack``; a cost
    change, ``reduces-costs``; a buy restriction, ``restricts-buys``."""
    found = {"attacks"} if ATTACK in card.types else set()
    for trigger in card.triggers:
        if trigger.where == "self" and trigger.event in ("gain", "buy"):
            found.add(f"when-{trigger.event}")
        elif trigger.where == "in_play":
            found.add("while-in-play")
        elif (trigger.event, trigger.where) == ("attack", "hand"):
            found.add("reacts-to-attack")
    if of_kind(card.static, CostChange):
        found.add("reduces-costs")
    if of_kind(card.static, BuyRestriction):
        found.add("restricts-buys")
    return frozenset(found)


def declared_tags(card: Card) -> frozenset[str]:
    """What the graph and the docs read of a card: its ``declares`` and what its abilities
    imply (:func:`implied_tags`)."""
    return card.declares | implied_tags(card)


def kingdom_maker(set_name: str) -> Callable[..., Card]:
    """The constructor a set module uses for its kingdom cards."""

    def make(name: str, cost: Cost | int, types: set[str], text: str, **fields: Any) -> Card:
        """A card of the set; a cost written as an int is that many coins (``$3``)."""
        return Card(name, set_name, as_cost(cost), frozenset(types), text, **fields)

    return make


# --- looking at cards -------------------------------------------------------------------


def treasures_among(game: CardAPI, cards: list[int]) -> list[int]:
    return [card for card in cards if game.definition(card).is_(TREASURE)]


# --- revealing from the deck --------------------------------------------------------------


def reveal_top(game: CardAPI, player: int, count: int, verb: str = "reveals") -> list[int]:
    """Reveal (or, with ``verb=""``, look at) up to ``count`` cards from the top of a deck.

    The cards go to the player's ``revealed`` zone; the caller must move each one out.
    A deck running out is refilled by shuffling the discard pile, without the cards
    already revealed (they are not in it); with no cards left, fewer are revealed.
    """
    revealed = []
    for _ in range(count):
        card = game.reveal_top(player, verb)
        if card is None:
            break
        revealed.append(card)
    return revealed


def reveal_until(
    game: CardAPI, player: int, wanted: Callable[[int], bool]
) -> tuple[list[int], int | None]:
    """Reveal from the deck (shuffling when needed, without the cards already revealed)
    until a card ``wanted`` accepts: (the other revealed cards, that card or None when the
    deck and discard pile run out first). The cards stay revealed for the caller to move."""
    others: list[int] = []
    while True:
        card = game.reveal_top(player)
        if card is None:
            return others, None
        if wanted(card):
            return others, card
        others.append(card)


def reveal_until_into_hand(
    game: CardAPI, player: int, wanted: Callable[[int], bool]
) -> Effect[None]:
    """Reveal from the deck until a card ``wanted`` accepts, put it into the hand and
    discard the other revealed cards (Farming Village, Hunting Party)."""
    others, found = reveal_until(game, player, wanted)
    if found is not None:
        game.put(player, found, ("revealed", player), "hand")
    yield from discard_revealed(game, player, others)


def reveal_until_treasure(game: CardAPI, player: int) -> tuple[list[int], int | None]:
    """Reveal from the deck until a Treasure (:func:`reveal_until`)."""
    return reveal_until(game, player, lambda card: game.definition(card).is_(TREASURE))


def still_revealed(game: CardAPI, player: int, cards: list[int]) -> list[int]:
    zone = game.player(player).revealed
    return [card for card in cards if card in zone]


def deck_into_discard(game: CardAPI, player: int) -> None:
    """Put the whole deck into the discard pile (Chancellor, Trusty Steed): moved as a
    whole, face down, not discarded, so no "discards" event. Bottom card first, so the
    former top card of the deck ends up on top of the discard pile."""
    for card in list(game.player(player).deck):
        game.put(player, card, ("deck", player), "discard")


def discard_revealed(game: CardAPI, player: int, cards: list[int]) -> Effect[list[int]]:
    """Discard those of ``cards`` still revealed, by one instruction; the cards discarded."""
    discarded = yield from game.discard_cards(
        player, still_revealed(game, player, cards), "revealed"
    )
    return discarded


def put_back_in_order(
    game: CardAPI,
    player: int,
    asker: str,
    cards: list[int],
    source: PlayerZone,
    *,
    prompt: str = "put back, top first",
    topdeck: bool = False,
) -> Effect[None]:
    """Put ``cards`` from ``source`` on top of the deck in an order the player picks
    (first = top; ``asker`` is the card whose effect asks). Cards going back where they
    were looked at move without an event; with ``topdeck`` each one is logged as put
    onto the deck (from hand, say)."""
    if not cards:
        return
    ordered = yield from game.choose_order(player, asker, cards, prompt)
    for card in reversed(ordered):
        if topdeck:
            game.topdeck(player, card, source)
        else:
            game.put(player, card, (source, player), "deck")


def reveal_four_keep(keep: Callable[[Card], bool]) -> PlayEffect:
    """Scout, Patrol, Apothecary: reveal the top 4 cards, the ones ``keep`` accepts into the
    hand, the rest back on top in any order."""

    def effect(ctx: Context) -> Effect[None]:
        game = ctx.game
        revealed = reveal_top(ctx.game, ctx.player, 4)
        rest = []
        for card in revealed:
            if keep(game.definition(card)):
                game.put(ctx.player, card, ("revealed", ctx.player), "hand")
            else:
                rest.append(card)
        yield from put_back_in_order(ctx.game, ctx.player, ctx.name, rest, "revealed")

    return effect


SPY_OPTIONS = ("discard", "topdeck")


def spy_each_top_card(ctx: Context) -> Effect[None]:
    """Spy, Scrying Pool: each player, the card's player first, reveals the top card of
    their deck, and the card's player decides for each whether it is discarded or put
    back. The card's own player is not attacked, so a Moat never stops their part."""
    game = ctx.game
    for target in [ctx.player, *game.attacked(ctx)]:
        card = game.reveal_top(target)
        if card is None:
            continue
        picked = yield from game.choose_option(
            ctx.player,
            ctx.name,
            SPY_OPTIONS,
            f"p{target + 1}'s {game.name_of(card)}: discard it or put it back on the deck",
        )
        if picked[0] == "discard":
            yield from game.discard(target, card, "revealed")
        else:
            game.put(target, card, ("revealed", target), "deck")


# --- moving cards from hand -----------------------------------------------------------------


def move_from_hand(
    game: CardAPI,
    player: int,
    asker: str,
    count: int,
    prompt: str,
    *,
    purpose: Literal["discard", "topdeck"] = "discard",
) -> Effect[int]:
    """``player`` picks exactly ``count`` cards from their hand (all of it when it holds
    fewer) and discards them, or puts them onto their deck, one by one in the order
    picked (``asker`` is the card whose effect asks). Returns how many moved."""
    hand = game.player(player).hand
    chosen = yield from game.choose_cards(
        player, asker, hand, count, count, prompt, purpose=purpose
    )
    if purpose == "discard":
        discarded = yield from game.discard_cards(player, chosen)
        return len(discarded)
    return sum(1 for card in chosen if game.topdeck(player, card))


# --- trashing and gaining -----------------------------------------------------------------


class Trashed(NamedTuple):
    """A card trashed from hand, and its cost at the moment it was trashed."""

    card: int
    cost: Cost


def trash_one_from_hand(ctx: Context, prompt: str = "trash a card") -> Effect[Trashed | None]:
    """Trash a card from hand (mandatory when there is one); returns it with its cost at
    that moment, or None when nothing was trashed."""
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(ctx.player, ctx.name, hand, 1, 1, prompt, purpose="trash")
    if not chosen:
        return None
    cost = game.cost(game.definition(chosen[0]))
    trashed = yield from game.trash(ctx.player, chosen[0], ("hand", ctx.player))
    return Trashed(chosen[0], cost) if trashed else None


def gain_one(
    ctx: Context,
    limit: CostLimit,
    prompt: str,
    to: PlayerZone | None = None,
    *,
    fits: Callable[[Card], bool] | None = None,
    besides: int | None = None,
) -> Effect[int | None]:
    """Pick a Supply card within the cost ``limit`` (and passing ``fits``, if given) and
    gain it; returns the gained card or None. ``besides``: a card that stays on its pile
    (the card being bought, see ``CardAPI.gain``)."""
    pile = yield from ctx.game.choose_gain(ctx.player, ctx.name, limit, prompt, fits=fits)
    if pile is None:
        return None
    gained = yield from ctx.game.gain(ctx.player, pile, to, besides=besides)
    return gained


def gain_costing_up_to(limit: int, to: PlayerZone | None = None) -> PlayEffect:
    """Workshop, Feast, ...: gain a card costing up to ``limit``."""

    def effect(ctx: Context) -> Effect[None]:
        yield from gain_one(ctx, CostLimit(limit), f"gain a card costing up to {limit}", to)

    return effect


def trash_to_gain(
    ctx: Context,
    more: int,
    *,
    exactly: bool = False,
    to: PlayerZone | None = None,
    fits: Callable[[Card], bool] | None = None,
    besides: int | None = None,
) -> Effect[int | None]:
    """Remodel's shape: trash a card from hand, then gain one costing up to (or exactly)
    ``more`` more than it (and passing ``fits``, if given: 2nd-edition Farmland's "not a
    Farmland"; never ``besides``, the card being bought: 1st-edition Farmland). Nothing
    trashed, nothing gained. Returns the gained card."""
    trashed = yield from trash_one_from_hand(ctx)
    if trashed is None:
        return None
    limit = trashed.cost + more
    wording = "exactly" if exactly else "up to"
    gained = yield from gain_one(
        ctx,
        CostLimit(limit, exactly, relative_to=(trashed.card,)),
        f"gain a card costing {wording} {limit}",
        to,
        fits=fits,
        besides=besides,
    )
    return gained


# --- triggers --------------------------------------------------------------------------


def happening_card(ctx: TriggerContext) -> Card:
    """The definition of the card a trigger's event is about (the card bought or gained)."""
    card = ctx.happening.card
    assert card is not None
    return ctx.game.definition(card)


def gained_zone(ctx: TriggerContext) -> tuple[PlayerZone, int]:
    """Where the card of a gain event was gained to."""
    return (ctx.happening.data["to"], ctx.happening.player)


def gained_card_is_where_gained(ctx: TriggerContext) -> bool:
    """Stop-Moving: a gained card can be moved (or played) only while it is where it was
    gained to."""
    card = ctx.happening.card
    return card is not None and card in ctx.game.state.zone(gained_zone(ctx))


def once_per_event(trigger: Trigger) -> Trigger:
    """``trigger`` (an optional one) used at most once per event by each card: a "you may"
    ability (Tunnel's reveal for a Gold, Duchess's Duchess) rather than a Reaction that may
    be revealed again to the same Attack while it stays in hand (rulings
    ``rules/reactions/1``), which is what an optional trigger is otherwise."""
    used = f"used once: {id(trigger)}"

    def condition(ctx: TriggerContext) -> bool:
        return ctx.card not in ctx.happening.data.get(used, ()) and trigger.condition(ctx)

    def effect(ctx: TriggerContext) -> Effect[None]:
        ctx.happening.data.setdefault(used, set()).add(ctx.card)
        yield from trigger.effect(ctx)

    return replace(trigger, condition=condition, effect=effect)


def owner_bonus(cards: int = 0, actions: int = 0, buys: int = 0, coins: int = 0) -> TriggerEffect:
    """A trigger's effect that gives its owner only bonuses (Merchant's coin for the first
    Silver, a Duration card's +Cards at the start of the next turn)."""

    def effect(ctx: TriggerContext) -> Effect[None]:
        ctx.game.bonus(ctx.owner, cards=cards, actions=actions, buys=buys, coins=coins)
        yield from ()

    return effect


def play_from_hand(ctx: TriggerContext) -> Effect[None]:
    """A trigger's effect that plays its own card from its owner's hand, on any turn and
    without an Action (Clerk at the start of its turn, Pirate on a Treasure gained)."""
    yield from ctx.game.play(ctx.owner, ctx.card)


def topdeck_self(ctx: TriggerContext) -> Effect[None]:
    """A trigger's effect that puts its own card from play onto its owner's deck (Treasury,
    Alchemist)."""
    ctx.game.topdeck(ctx.owner, ctx.card, "in_play")
    yield from ()


def lasting_trigger(index: int) -> LastingEffect:
    """A card's ``lasting``: set up its ``where="turn"`` trigger ``index`` for the rest of
    the turn, once per play (2nd-edition Hoard, Treasury, Sailor)."""

    def lasting(ctx: Context) -> None:
        ctx.game.start_lasting(ctx, index)

    return lasting


# --- reactions to Attacks ------------------------------------------------------------------


def make_unaffected(ctx: TriggerContext) -> None:
    """The trigger's owner is unaffected by the Attack being played (Moat, Lighthouse)."""
    ctx.happening.data["unaffected"].add(ctx.owner)


def not_yet_unaffected(ctx: TriggerContext) -> bool:
    """Whether the Attack being played may still affect the trigger's owner: once they are
    unaffected, another shield changes nothing, so it is not offered (a choice that
    changes nothing is not asked)."""
    return ctx.owner not in ctx.happening.data["unaffected"]


# --- factories several sets share ----------------------------------------------------------


def curse_each_other(ctx: Context) -> Effect[None]:
    """Each other player the Attack affects gains a Curse, in turn order (Witch,
    Familiar)."""
    for victim in ctx.game.attacked(ctx):
        yield from ctx.game.gain(victim, "Curse")


def discard_down_to(size: int) -> PlayEffect:
    """Each other player the Attack affects discards down to ``size`` cards in hand
    (Militia, Goons)."""

    def effect(ctx: Context) -> Effect[None]:
        game = ctx.game
        for victim in game.attacked(ctx):
            if len(game.player(victim).hand) <= size:
                continue
            yield from discards_down_to(ctx, victim, size)

    return effect


def discards_down_to(ctx: Context, victim: int, size: int) -> Effect[None]:
    """``victim`` discards down to ``size`` cards in hand for the card of ``ctx`` (nothing
    with ``size`` cards or fewer): one victim's part of Militia, Followers."""
    excess = len(ctx.game.player(victim).hand) - size
    if excess > 0:
        yield from move_from_hand(ctx.game, victim, ctx.name, excess, f"discard down to {size}")


def choose_one(
    ctx: Context, candidates: list[int], prompt: str, *, optional: bool, purpose: Purpose
) -> Effect[int | None]:
    """The card's player picks one of ``candidates``; ``optional`` (a 2nd-edition "you
    may") lets them pick none. Returns the card picked, or None."""
    chosen = yield from ctx.game.choose_cards(
        ctx.player, ctx.name, candidates, 0 if optional else 1, 1, prompt, purpose=purpose
    )
    return chosen[0] if chosen else None


def play_an_action(times: int, *, optional: bool) -> PlayEffect:
    """Choose an Action card in hand and play it ``times`` times in a row (Throne Room,
    King's Court). The later plays resolve the card wherever it
    now is, and use no Action."""
    return play_a_card(ACTION, times, optional=optional)


def play_a_card(
    card_type: str, times: int, *, optional: bool, excluded: str | None = None
) -> PlayEffect:
    """Choose a card of ``card_type`` in hand (none of type ``excluded``) and play it
    ``times`` times in a row (Throne Room, King's Court; Coronet's non-Reward Action, then
    its non-Reward Treasure). The later plays resolve the card wherever it now is."""

    def effect(ctx: Context) -> Effect[None]:
        game = ctx.game
        actions = [
            card
            for card in game.player(ctx.player).hand
            if game.definition(card).is_(card_type)
            and (excluded is None or not game.definition(card).is_(excluded))
        ]
        kind = "an Action card" if card_type == ACTION else f"a {card_type}"
        prompt = f"play {kind} {times} times"
        chosen = yield from choose_one(ctx, actions, prompt, optional=optional, purpose="play")
        if chosen is None:
            return
        played = yield from game.play(ctx.player, chosen, by=ctx.card)
        if played:
            for _ in range(times - 1):
                yield from game.play_again(ctx.player, chosen, by=ctx.card)

    return effect


def reworded(first: Card, second_text: str) -> tuple[Card, Card]:
    """A card whose text was reworded in the 2nd edition without changing what it does:
    the 1st-edition definition as given, and the 2nd with only its text changed."""
    return replace(first, editions=(1,)), replace(first, editions=(2,), text=second_text)
