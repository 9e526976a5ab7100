"""Triggers: who listens to a happening, and resolving what they do.

Listeners are found by looking at the zones when the event happens (a Watchtower in
hand, a Hoard in play), plus the card the event is about and the triggers a play set up
for the turn; nothing registers or unregisters. Each player orders their own
simultaneous triggers and chooses their optional ones; players go in turn order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.context import Happening, Resolving, TriggerContext, watched
from engine.decisions import Choice, Decision, DecisionKind
from engine.errors import UnknownName
from engine.model import Effect, Trigger
from engine.state import Event

if TYPE_CHECKING:
    from engine.verbs import Verbs

_NOBODY: frozenset[str] = frozenset()

# Who listens: (owner, card, trigger).
Listener = tuple[int, int, Trigger]


def listeners(game: Verbs, happening: Happening) -> list[Listener]:
    """Every (owner, card, trigger) that listens to ``happening``, by looking at zones."""
    return listeners_of(game, happening.kind, happening.player, happening.card)


def listeners_of(game: Verbs, kind: str, player: int, about: int | None) -> list[Listener]:
    """``listeners`` of a happening of ``kind`` to ``player`` about card ``about``.

    The hot paths (play, buy, gain, clean-up, start of turn) call this first and
    build the Happening and fire it only when somebody listens (docs/guides/performance.rst).
    """
    found: list[Listener] = []
    if about is not None:
        for trigger in game.definition(about).triggers:
            if trigger.where == "self" and trigger.event == kind:
                found.append((player, about, trigger))
    listening = game._zone_listening.get(kind, _NOBODY)
    names = game.state.names
    for owner in game.turn_order() if listening else ():
        mine = owner == player
        for where in ("hand", "in_play"):
            for card in game.player(owner).zone(where):
                if names[card] not in listening:
                    continue
                for trigger in game.definition(card).triggers:
                    if (
                        trigger.where == where
                        and trigger.event == kind
                        and (trigger.who == "any" or (trigger.who == "own") == mine)
                    ):
                        found.append((owner, card, trigger))
    for card, trigger in game._game_wide.get(kind, ()) if listening else ():
        found.append((player, card, trigger))  # the player whose event it is resolves it
    for owner, card, index in game.state.turn.lasting:
        trigger = game.definition(card).triggers[index]
        if trigger.event == kind and (trigger.who == "any" or owner == player):
            found.append((owner, card, trigger))
    if kind == "start":
        for card, index in game.state.turn.due:
            found.append((player, card, game.definition(card).triggers[index]))
    return found


def anyone_listens(game: Verbs, kind: str, player: int, about: int | None) -> bool:
    """Whether :func:`listeners_of` finds anybody: the one "who listens" query that both
    the general path and the plain shortcut (``Turn._run_plainly``) ask before a
    happening. Cheapest when no card of the game has a trigger for ``kind`` at all (known
    from set-up); cheap when nobody can: no card of the game listens to ``kind`` from a
    hand or from play, no trigger was set up for the turn, the card it is about has no
    triggers of its own, and (for the start of a turn) nothing is due. What Duration cards
    set up for the start of a turn becomes due as it starts (``Turn._start_of_turn``), so
    before that (the plain path asks then) anything waiting in ``next_turn`` listens."""
    if kind not in game._events_heard:  # no card of the game has a trigger for it
        return False
    turn = game.state.turn
    if kind == "start" and (game.state.players[player].next_turn or turn.due):
        return True  # what is due listens (listeners_of finds it)
    if (
        kind in game._zone_listening
        or turn.lasting
        or (about is not None and game._by_id[about].triggers)
    ):
        return bool(listeners_of(game, kind, player, about))
    return False


def fire(game: Verbs, happening: Happening) -> Effect[None]:
    """Resolve every trigger of ``happening``: player by player in turn order, each
    player ordering their own simultaneous triggers and choosing optional ones."""
    found = listeners(game, happening)
    if not found:
        return
    for owner in game.turn_order():
        mine = [(card, trigger) for who, card, trigger in found if who == owner]
        if mine:
            yield from _resolve_triggers(game, owner, mine, happening)


def _still_applies(
    game: Verbs, owner: int, card: int, trigger: Trigger, happening: Happening
) -> bool:
    if trigger.where in ("hand", "in_play") and card not in game.player(owner).zone(trigger.where):
        return False
    return trigger.condition(TriggerContext(game, owner, card, happening))


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
    names = [game.name_of(card) for card, _ in pending]
    subject = game.name_of(happening.card) if happening.card is not None else None
    all_optional = all(trigger.optional for _, trigger in pending)
    kind: DecisionKind = "react" if all_optional else "trigger"
    what = f"{happening.kind} of {subject}" if subject else happening.kind
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


def _resolve_triggers(
    game: Verbs,
    owner: int,
    pending: list[tuple[int, Trigger]],
    happening: Happening,
) -> Effect[None]:
    used: list[tuple[int, Trigger]] = []
    while True:
        pending = [(c, t) for c, t in pending if _still_applies(game, owner, c, t, happening)]
        if not pending:
            return
        all_optional = all(trigger.optional for _, trigger in pending)
        if len(pending) == 1 and not all_optional:
            chosen = 0
        else:
            decision = trigger_decision(game, owner, pending, happening)
            picked = yield from game.ask(decision)
            if not picked:
                return
            chosen = picked[0]
        card, trigger = pending[chosen]
        used.append((card, trigger))
        if trigger.optional:
            game.log(Event(owner, "reacts with", game.name_of(card)))
        elif trigger.where == "next_turn":  # a Duration card's start-of-turn part, per play
            game.log(Event(owner, "resolves", game.name_of(card)))
        yield from _resolve_one(game, owner, card, trigger, happening)
        pending = _unused_listeners(game, owner, happening, used)


def _resolve_one(
    game: Verbs, owner: int, card: int, trigger: Trigger, happening: Happening
) -> Effect[None]:
    """Resolve one triggered ability (seen by the game's watcher, if it has one)."""
    effect = _run_trigger(game, owner, card, trigger, happening)
    if game.watcher is None:
        return effect
    return watched(game.watcher, Resolving(owner, card, None, trigger, happening), effect)


def _run_trigger(
    game: Verbs, owner: int, card: int, trigger: Trigger, happening: Happening
) -> Effect[None]:
    try:
        yield from trigger.effect(TriggerContext(game, owner, card, happening))
    except UnknownName as error:  # a typo in this card's code: say which card
        raise error.of_card(game.name_of(card)) from None


def _unused_listeners(
    game: Verbs, owner: int, happening: Happening, used: list[tuple[int, Trigger]]
) -> list[tuple[int, Trigger]]:
    """The owner's listeners as the zones are now, less the mandatory ones already used on
    this event: a resolved trigger may have brought another (Secret Chamber drawing a
    Moat), and an optional one (a Reaction) may be used again while its condition holds,
    since a Reaction that stays where it was may be revealed again to the same event
    (rulings ``rules/reactions/1``): Secret Chamber twice, Diplomat again."""
    found = [(c, trigger) for who, c, trigger in listeners(game, happening) if who == owner]
    for entry in used:
        if not entry[1].optional and entry in found:
            found.remove(entry)
    return found
