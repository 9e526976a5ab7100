"""Triggers: who listens to a happening, and resolving what they do.

Listeners are found by looking at the zones when the event happens (a Watchtower in
hand, a Hoard in play), plus the card the event is about and the triggers a play set up
for the turn; nothing registers or unregisters. Each player orders their own
simultaneous triggers and chooses their optional ones; players go in turn order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from engine.abilities import Replacement
from engine.context import (
    Happening,
    ReplacementContext,
    Resolving,
    TriggerContext,
    Would,
    watched,
)
from engine.decisions import Choice, Decision, DecisionKind
from engine.errors import UnknownName
from engine.indexes import CardIndexes
from engine.model import Effect, Trigger
from engine.state import LISTENING_ZONES, Event, PlayerZone

if TYPE_CHECKING:
    from engine.verbs import Verbs

_NOBODY: frozenset[str] = frozenset()

# Who listens: (owner, card, trigger).
Listener = tuple[int, int, Trigger]


class Listeners:
    """Who may listen to what in one game, worked out at set-up from the indexes of its
    cards (``engine.indexes``): every physical card exists from set-up on and keeps its
    name, so these hold for the whole game. A part of the game the verbs hold
    (``Verbs.listeners``); the functions below read it to look only where somebody may
    listen, and keep in it the replacements resolving."""

    def __init__(self, indexes: CardIndexes, names: list[str]) -> None:
        # The events some trigger of the game's cards is for, and ``would_gain`` /
        # ``would_trash`` when a replacement is: nothing listens to any other
        # (``anyone_listens`` asks this first: in most games most events).
        self.events_heard = indexes.events_heard
        # Event kind -> names of the cards with a hand, in-play or game-long trigger for it.
        self.zone_listening = indexes.zone_listening
        # Replaced event -> names of the cards with a hand or in-play replacement for it.
        self.replacing = indexes.replacing
        # Event kind -> the game-long abilities of this game's cards (``where="game"``:
        # Embargo's tokens), each held by the first card of its name, which stands for it;
        # ``would_gain`` / ``would_trash`` -> the game-long replacements, the same way.
        self.game_wide: dict[str, list[tuple[int, Any]]] = {
            kind: [(names.index(name), trigger) for name, trigger in abilities]
            for kind, abilities in indexes.game_wide.items()
        }
        for kind, replacements in indexes.game_replacements.items():
            self.game_wide[f"would_{kind}"] = [
                (names.index(name), replacement) for name, replacement in replacements
            ]
        # The replacement abilities whose effects are resolving, (card, ability): none of
        # them applies to what its own effect does (``replace``).
        self.resolving: list[tuple[int, Any]] = []


def listeners(game: Verbs, happening: Happening) -> list[Listener]:
    """Every (owner, card, trigger) that listens to ``happening``, by looking at zones."""
    return listeners_of(game, happening.kind, happening.player, happening.card)


def listeners_of(game: Verbs, kind: str, player: int, about: int | None) -> list[Listener]:
    """``listeners`` of a happening of ``kind`` to ``player`` about card ``about``.

    The hot paths (play, buy, gain, clean-up, start of turn) call this first and
    build the Happening and fire it only when somebody listens (docs/guides/performance.rst).
    """
    found: list[Listener] = []
    table, by_id = game.table, game.table.by_id
    if about is not None:
        for trigger in by_id[about].triggers:
            if trigger.where == "self" and trigger.event == kind:
                found.append((player, about, trigger))
    listening = game.listeners.zone_listening.get(kind, _NOBODY)
    names = game.state.names
    for owner in table.turn_order() if listening else ():
        mine = owner == player
        for where in LISTENING_ZONES:
            for card in table.player(owner).zone(where):
                if names[card] not in listening:
                    continue
                for trigger in by_id[card].triggers:
                    if (
                        trigger.where == where
                        and trigger.event == kind
                        and (trigger.who == "any" or (trigger.who == "own") == mine)
                    ):
                        found.append((owner, card, trigger))
    for card, trigger in game.listeners.game_wide.get(kind, ()) if listening else ():
        found.append((player, card, trigger))  # the player whose event it is resolves it
    for owner, card, index in game.state.turn.lasting:
        trigger = by_id[card].triggers[index]
        if trigger.event == kind and (trigger.who == "any" or owner == player):
            found.append((owner, card, trigger))
    if kind == "start":
        for card, index in game.state.turn.due:
            found.append((player, card, by_id[card].triggers[index]))
    return found


def anyone_listens(game: Verbs, kind: str, player: int, about: int | None) -> bool:
    """Whether :func:`listeners_of` finds anybody: the one "who listens" query that both
    the general path and the plain shortcut (``Turn.run_plainly``) ask before a
    happening. Cheapest when no card of the game has a trigger for ``kind`` at all (known
    from set-up); cheap when nobody can: no card of the game listens to ``kind`` from a
    hand or from play, no trigger was set up for the turn, the card it is about has no
    triggers of its own, and (for the start of a turn) nothing is due. What Duration cards
    set up for the start of a turn becomes due as it starts (``Turn._start_of_turn``), so
    before that (the plain path asks then) anything waiting in ``next_turn`` listens."""
    if kind not in game.listeners.events_heard:  # no card of the game has a trigger for it
        return False
    turn = game.state.turn
    if kind == "start" and (game.state.players[player].next_turn or turn.due):
        return True  # what is due listens (listeners_of finds it)
    if (
        kind in game.listeners.zone_listening
        or turn.lasting
        or (about is not None and game.table.by_id[about].triggers)
    ):
        return bool(listeners_of(game, kind, player, about))
    return False


def fire(game: Verbs, happening: Happening) -> Effect[None]:
    """Resolve every trigger of ``happening``: player by player in turn order, each
    player ordering their own simultaneous triggers and choosing optional ones."""
    yield from fire_all(game, [happening])


def fire_all(game: Verbs, happenings: list[Happening]) -> Effect[None]:
    """Resolve every trigger of ``happenings``, events of one instruction that happened
    together (the cards one instruction discarded: rulings ``rules/when-discard/2``), as
    :func:`fire` does for one: each player orders all of theirs."""
    found = [
        (owner, card, trigger, index)
        for index, happening in enumerate(happenings)
        for owner, card, trigger in listeners(game, happening)
    ]
    if not found:
        return
    for owner in game.table.turn_order():
        mine = [(card, trigger, index) for who, card, trigger, index in found if who == owner]
        if mine:
            yield from _resolve_triggers(game, owner, mine, happenings)


def _still_applies(
    game: Verbs,
    owner: int,
    card: int,
    trigger: Trigger,
    happening: Happening,
    zones: dict[str, set[int]] | None = None,
) -> bool:
    """Whether a listener still applies: its card is still where it listens from, and its
    condition holds. ``zones`` keeps the owner's zones as sets, for a look at many."""
    where = trigger.where
    if where in ("hand", "in_play") and card not in _cards_in(game, owner, where, zones):
        return False
    return trigger.condition(TriggerContext(game, owner, card, happening))


def _cards_in(
    game: Verbs, owner: int, where: PlayerZone, zones: dict[str, set[int]] | None
) -> Collection[int]:
    """The owner's cards in the zone ``where``; from ``zones``, made a set once, if given."""
    cards = game.table.player(owner).zone(where)
    if zones is None:
        return cards
    if where not in zones:
        zones[where] = set(cards)
    return zones[where]


def trigger_decision(
    game: Verbs, owner: int, pending: list[tuple[int, Trigger]], happening: Happening
) -> Decision:
    """What ``owner`` is asked when several of their triggers, or optional ones, meet one
    event: described by what it is about, never by where a card sits in the hand.

    ``source`` (and ``about``) is the card the event is about: the Attack played, the card
    gained, bought or trashed; for an event about no card (the start of a turn) it is the
    first candidate by name. The candidates' names are the answers. ``react`` when every
    candidate is optional (reveal one, or decline with ``no`` / ``[]``); ``trigger`` when
    one must resolve and the player orders them (pick the one that resolves next).
    """
    names = [game.table.name_of(card) for card, _ in pending]
    subject = game.table.name_of(happening.card) if happening.card is not None else None
    all_optional = all(trigger.optional for _, trigger in pending)
    what = f"{happening.kind} of {subject}" if subject else happening.kind
    return choice_decision(owner, names, all_optional, subject, what)


def choice_decision(
    owner: int, names: list[str], all_optional: bool, subject: str | None, what: str
) -> Decision:
    """The decision of which ability (named ``names``) resolves next on an event (``what``,
    about the card ``subject``, or None): ``react`` when all are optional, else
    ``trigger`` (see :func:`trigger_decision`)."""
    kind: DecisionKind = "react" if all_optional else "trigger"
    prompt = (
        f"you may react to the {what}" if all_optional else f"which ability on the {what} first"
    )
    return Decision(
        owner,
        kind,
        subject or min(names),
        prompt,
        tuple(Choice(index, name) for index, name in enumerate(names)),
        0 if all_optional else 1,
        1,
        purpose="react" if all_optional else "order_triggers",
        about=(subject,) if subject else (),
    )


# A trigger waiting to resolve for its owner: (card, trigger, the index of the happening it
# meets among those resolved together).
Pending = tuple[int, Trigger, int]


def _resolve_triggers(
    game: Verbs, owner: int, pending: list[Pending], happenings: list[Happening]
) -> Effect[None]:
    used: Counter[Pending] = Counter()  # the mandatory ones used on these events
    while True:
        pending, others = _partition(game, owner, pending, happenings)
        if not pending:
            return
        if _alike(game, pending):
            yield from _resolve_alike(game, owner, pending, others, happenings, used)
        else:
            pairs = [(card, trigger) for card, trigger, _ in pending]
            decision = trigger_decision(game, owner, pairs, happenings[pending[0][2]])
            picked = yield from game.table.ask(decision)
            if not picked:
                return
            yield from _resolve_used(game, owner, pending[picked[0]], happenings, used)
        pending = _unused_listeners(game, owner, happenings, used)


def _partition(
    game: Verbs, owner: int, candidates: list[Pending], happenings: list[Happening]
) -> tuple[list[Pending], list[Pending]]:
    """The owner's listeners that apply now, and those that do not (each zone made a set
    once: one look in the zone per listener made 25,000 Talismans in play quadratic)."""
    zones: dict[str, set[int]] = {}
    applying: list[Pending] = []
    others: list[Pending] = []
    for entry in candidates:
        card, trigger, index = entry
        applies = _still_applies(game, owner, card, trigger, happenings[index], zones)
        (applying if applies else others).append(entry)
    return applying, others


def _alike(game: Verbs, pending: list[Pending]) -> bool:
    """Whether the owner has nothing to choose: mandatory abilities of cards of one name
    (the order of alike ones changes nothing, and none may be skipped)."""
    name = game.table.name_of(pending[0][0])
    return all(not t.optional and game.table.name_of(c) == name for c, t, _ in pending)


def _resolve_alike(
    game: Verbs,
    owner: int,
    alike: list[Pending],
    others: list[Pending],
    happenings: list[Happening],
    used: Counter[Pending],
) -> Effect[None]:
    """Resolve ``alike`` in turn, each while it still applies, without asking and without
    listing the listeners again after each, for as long as no other can have come: none
    of ``others`` (the owner's listeners that did not apply) applies now, the triggers set
    up for the turn are the same, and no card moved into or out of a hand or a play area
    when cards there listen to this kind of event (the happenings resolved together are
    of one kind). Otherwise it stops, and the caller lists them again (the player may
    then have a choice). Listing every listener after each of 4,000 Wharfs made the start
    of a turn quadratic (15 s and 1 GB)."""
    turn, kind = game.state.turn, happenings[0].kind
    # Moves matter only when cards listen to this kind of event from a hand or a play
    # area; the game counts them only while some run needs them (this one, or one this
    # run resolves inside).
    table = game.table
    counting = kind in game.listeners.zone_listening
    starts_count = counting and table.listening_moves is None
    if starts_count:
        table.listening_moves = 0
    lasting, moves = list(turn.lasting), table.listening_moves
    try:
        for position, entry in enumerate(alike):
            card, trigger, index = entry
            # The first was just found to apply. A later one listening from a hand or a
            # play area is still there: nothing has moved (else the run stopped below, or
            # no card listens to this kind of event from there).
            happening = happenings[index]
            if position and not trigger.condition(TriggerContext(game, owner, card, happening)):
                continue
            yield from _resolve_used(game, owner, entry, happenings, used)
            if (
                (counting and table.listening_moves != moves)
                or turn.lasting != lasting
                or any(_still_applies(game, owner, c, t, happenings[i]) for c, t, i in others)
            ):
                return
    finally:
        if starts_count:
            table.listening_moves = None


def _resolve_used(
    game: Verbs,
    owner: int,
    entry: Pending,
    happenings: list[Happening],
    used: Counter[Pending],
) -> Effect[None]:
    """Resolve one of the owner's triggers on its happening and count it used."""
    card, trigger, index = entry
    used[entry] += 1
    if trigger.optional:
        game.table.log(Event(owner, "reacts with", game.table.name_of(card)))
    elif trigger.where == "next_turn":  # a Duration card's start-of-turn part, per play
        game.table.log(Event(owner, "resolves", game.table.name_of(card)))
    yield from _resolve_one(game, owner, card, trigger, happenings[index])


def _resolve_one(
    game: Verbs, owner: int, card: int, trigger: Trigger, happening: Happening
) -> Effect[None]:
    """Resolve one triggered ability (seen by the game's watcher, if it has one)."""
    effect = _run_trigger(game, owner, card, trigger, happening)
    if game.table.watcher is None:
        return effect
    return watched(game.table.watcher, Resolving(owner, card, None, trigger, happening), effect)


def _run_trigger(
    game: Verbs, owner: int, card: int, trigger: Trigger, happening: Happening
) -> Effect[None]:
    try:
        yield from trigger.effect(TriggerContext(game, owner, card, happening))
    except UnknownName as error:  # a typo in this card's code: say which card
        raise error.of_card(game.table.name_of(card)) from None


def _unused_listeners(
    game: Verbs, owner: int, happenings: list[Happening], used: Counter[Pending]
) -> list[Pending]:
    """The owner's listeners as the zones are now, less the mandatory ones already used on
    these events (each as often as it was used: a Duration card played twice has two): a
    resolved trigger may have brought another (Secret Chamber drawing a Moat), and an
    optional one (a Reaction) may be used again while its condition holds, since a
    Reaction that stays where it was may be revealed again to the same event (rulings
    ``rules/reactions/1``): Secret Chamber twice, Diplomat again."""
    left = Counter({entry: n for entry, n in used.items() if not entry[1].optional})
    found: list[Pending] = []
    for index, happening in enumerate(happenings):
        for who, card, trigger in listeners(game, happening):
            if who != owner:
                continue
            key = (card, trigger, index)
            if left[key]:
                left[key] -= 1
            else:
                found.append(key)
    return found


# --- replacement abilities -------------------------------------------------------------------

# Who may replace a move: (owner, card, replacement).
Replacer = tuple[int, int, Replacement]


def replacers_of(game: Verbs, would: Would) -> list[Replacer]:
    """Every (owner, card, replacement) that may replace ``would``, by looking at the zones:
    the card that would move (``self``), cards in hand and in play (in turn order), and
    the game-long ones (held by the player whose move it is)."""
    kind, player, about = would.kind, would.player, would.card
    found: list[Replacer] = [
        (player, about, replacement)
        for replacement in game.table.definition(about).replacements
        if replacement.where == "self" and replacement.event == kind
    ]
    names = game.state.names
    replacing = game.listeners.replacing.get(kind, _NOBODY)
    for owner in game.table.turn_order() if replacing else ():
        mine = owner == player
        for where in ("hand", "in_play"):
            for card in game.table.player(owner).zone(where):
                if names[card] not in replacing:
                    continue
                for replacement in game.table.definition(card).replacements:
                    if (
                        replacement.where == where
                        and replacement.event == kind
                        and (replacement.who == "any" or (replacement.who == "own") == mine)
                    ):
                        found.append((owner, card, replacement))
    for card, replacement in game.listeners.game_wide.get(f"would_{kind}", ()):
        found.append((player, card, replacement))
    return found


def replace(game: Verbs, would: Would) -> Effect[None]:
    """Apply the replacement abilities to ``would`` (see :func:`_apply_replacements`); the
    game's watcher, if any, is told of a move they sent to another player or zone."""
    instructed = (would.player, would.destination)
    yield from _apply_replacements(game, would)
    moved_elsewhere = (would.player, would.destination) != instructed
    if game.table.watcher is not None and moved_elsewhere and not would.cancelled:
        game.table.watcher.replaced(would.card, *instructed)


def _apply_replacements(game: Verbs, would: Would) -> Effect[None]:
    """Apply the replacement abilities to ``would`` before it happens: each player in turn
    order, from the player whose move it is, picks which of theirs applies next (an
    optional one only if they want it: a ``react`` decision whose source is the card
    that would move), until none is left or the move is cancelled. Each applies at most
    once to the move, and none applies to the moves its own effect causes."""
    used: list[tuple[int, Replacement]] = []
    while not would.cancelled:
        candidates = [
            (owner, card, replacement)
            for owner, card, replacement in replacers_of(game, would)
            if (card, replacement) not in used
            and (card, replacement) not in game.listeners.resolving
            and replacement.condition(ReplacementContext(game, owner, card, would))
        ]
        if not candidates:
            return
        owner = next(
            o for o in game.table.turn_order(would.player) if any(c[0] == o for c in candidates)
        )
        mine = [(card, replacement) for who, card, replacement in candidates if who == owner]
        chosen = 0
        all_optional = all(replacement.optional for _, replacement in mine)
        if len(mine) > 1 or all_optional:
            names = [game.table.name_of(card) for card, _ in mine]
            subject = game.table.name_of(would.card)
            decision = choice_decision(
                owner, names, all_optional, subject, f"{would.kind} of {subject}"
            )
            picked = yield from game.table.ask(decision)
            if not picked:  # declined every optional one: the others' turn
                used += mine
                continue
            chosen = picked[0]
        card, replacement = mine[chosen]
        used.append((card, replacement))
        if replacement.optional:
            game.table.log(Event(owner, "reacts with", game.table.name_of(card)))
        game.listeners.resolving.append((card, replacement))
        try:
            yield from _run_replacement(game, owner, card, replacement, would)
        except UnknownName as error:  # a typo in this card's code: say which card
            raise error.of_card(game.table.name_of(card)) from None
        finally:
            game.listeners.resolving.remove((card, replacement))


def _run_replacement(
    game: Verbs, owner: int, card: int, replacement: Replacement, would: Would
) -> Effect[None]:
    """Resolve one replacement ability (seen by the game's watcher, if it has one)."""
    effect = replacement.effect(ReplacementContext(game, owner, card, would))
    if game.table.watcher is None:
        return effect
    # The watcher sees the move it replaces as the event the ability listens to.
    happening = Happening(would.kind, would.player, would.card, bought=would.bought)
    what = Resolving(owner, card, happening=happening, replacement=replacement)
    return watched(game.table.watcher, what, effect)
