"""Triggers: who listens to a happening, and resolving what they do.

Listeners are found by looking at the zones when the event happens (a Watchtower in
hand, a Hoard in play), plus the card the event is about and the triggers a play set up
for the turn; nothing registers or unregisters. Each player orders their own
simultaneous triggers and chooses their optional ones; players go in turn order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.context import Happening, TriggerContext
from engine.decisions import Choice, Decision
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
    for owner, card, index in game.state.turn.lasting:
        trigger = game.definition(card).triggers[index]
        if trigger.event == kind and (trigger.who == "any" or owner == player):
            found.append((owner, card, trigger))
    return found


def fire(game: Verbs, happening: Happening) -> Effect:
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


def _resolve_triggers(
    game: Verbs,
    owner: int,
    pending: list[tuple[int, Trigger]],
    happening: Happening,
) -> Effect:
    used: list[tuple[int, Trigger]] = []
    while True:
        pending = [(c, t) for c, t in pending if _still_applies(game, owner, c, t, happening)]
        if not pending:
            return
        all_optional = all(trigger.optional for _, trigger in pending)
        if len(pending) == 1 and not all_optional:
            chosen = 0
        else:
            options = tuple(Choice(i, game.name_of(c)) for i, (c, _) in enumerate(pending))
            kind = "react" if all_optional else "option"
            decision = Decision(
                owner,
                kind,
                game.name_of(pending[0][0]),
                f"resolve a {happening.kind} trigger",
                options,
                0 if all_optional else 1,
                1,
            )
            picked = yield from game.ask(decision)
            if not picked:
                return
            chosen = picked[0]
        card, trigger = pending[chosen]
        used.append((card, trigger))
        if trigger.optional:
            game.log(Event(owner, "reacts with", game.name_of(card)))
        yield from trigger.effect(TriggerContext(game, owner, card, happening))
        pending = _unused_listeners(game, owner, happening, used)


def _unused_listeners(
    game: Verbs, owner: int, happening: Happening, used: list[tuple[int, Trigger]]
) -> list[tuple[int, Trigger]]:
    """The owner's listeners as the zones are now, less those already used on this
    event: a resolved trigger may have brought another (Secret Chamber drawing a Moat);
    a ``repeat`` trigger may be used again while its condition holds (Diplomat)."""
    found = [(c, trigger) for who, c, trigger in listeners(game, happening) if who == owner]
    for entry in used:
        if not entry[1].repeat and entry in found:
            found.remove(entry)
    return found
