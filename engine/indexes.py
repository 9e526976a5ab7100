"""The speed indexes that depend only on which cards a game has (docs/guides/performance.rst):
which cards listen to which events, change costs, play as their bonuses alone, act after
any gain or restrict buys. Worked out once per set of definitions and Kingdom and shared
by every game with those cards (``Table`` reads them at set-up).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.model import ATTACK, AfterGain, Card, Trigger


@dataclass(frozen=True)
class CardIndexes:
    """The indexes that depend only on which cards a game has (their definitions and its
    Kingdom), worked out once for all the games with the same cards."""

    # The definitions they were worked out from (kept alive: the cache's key is their ids).
    definitions: tuple[Card, ...]

    # Event kind -> names of the game's cards with a hand, in-play or game-long trigger
    # for it.
    zone_listening: dict[str, frozenset[str]]
    # The events some trigger of its cards is for, wherever it fires from (a zone, the
    # card itself, a turn, the next turn): nothing ever listens to any other
    # (``triggers.anyone_listens`` asks this first: in most games most events).
    events_heard: frozenset[str]
    # Event kind -> the game-long abilities (``where="game"``), by the name of their card.
    game_wide: dict[str, list[tuple[str, Trigger]]]
    # Names of its cards with a cost_modifier: ``cost`` looks only at those in play.
    cost_modifiers: frozenset[str]
    # Names of its cards whose play is only their vanilla bonuses when nobody listens to
    # the play (``Turn._run_plainly``).
    vanilla_plays: frozenset[str]
    # What Kingdom cards do after any gain (Trade Route's tokens).
    after_any_gain: tuple[AfterGain, ...]
    # The cards that restrict buys once played (Contraband).
    buy_restrictors: tuple[Card, ...]

    @classmethod
    def of(cls, in_game: Mapping[str, Card], kingdom: Iterable[Card]) -> CardIndexes:
        listening: dict[str, set[str]] = {}
        game_wide: dict[str, list[tuple[str, Trigger]]] = {}
        heard: set[str] = set()
        for name, definition in in_game.items():
            for trigger in definition.triggers:
                heard.add(trigger.event)
                if trigger.where in ("hand", "in_play", "game"):
                    listening.setdefault(trigger.event, set()).add(name)
                if trigger.where == "game":
                    game_wide.setdefault(trigger.event, []).append((name, trigger))
        return cls(
            definitions=tuple(in_game.values()),
            zone_listening={kind: frozenset(names) for kind, names in listening.items()},
            events_heard=frozenset(heard),
            game_wide=game_wide,
            cost_modifiers=frozenset(
                name for name, card in in_game.items() if card.cost_modifier is not None
            ),
            vanilla_plays=frozenset(name for name, card in in_game.items() if _vanilla_play(card)),
            after_any_gain=tuple(c.after_any_gain for c in kingdom if c.after_any_gain),
            buy_restrictors=tuple(card for card in in_game.values() if card.restricts_buys),
        )


# (ids of a game's definitions, its Kingdom) -> its CardIndexes; emptied when full, so
# that games of ever new random Kingdoms do not make it grow for ever.
_CARD_INDEXES: dict[tuple[int | str, ...], CardIndexes] = {}
_CARD_INDEXES_KEPT = 256


def card_indexes(
    in_game: Mapping[str, Card], kingdom: Sequence[str], definitions: Mapping[str, Card]
) -> CardIndexes:
    """The indexes of a game with the cards ``in_game`` (name -> definition) and the
    Kingdom ``kingdom`` (names, looked up in ``definitions``), worked out on first use."""
    # The very definitions (an engine with changed cards, a mutant, has others) and the
    # Kingdom they are in; the entry keeps them alive, so no id is reused.
    key: tuple[int | str, ...] = (*map(id, in_game.values()), *kingdom)
    indexes = _CARD_INDEXES.get(key)
    if indexes is None:
        if len(_CARD_INDEXES) >= _CARD_INDEXES_KEPT:
            _CARD_INDEXES.clear()
        cards = [definitions[name] for name in dict.fromkeys(kingdom)]
        indexes = _CARD_INDEXES[key] = CardIndexes.of(in_game, cards)
    return indexes


def forget_card_indexes() -> None:
    """Forget every game's card indexes: a definition was changed in place (a mutant,
    ``checks.mutants``), so indexes worked out from it no longer hold. Definitions are
    frozen, so nothing else changes one."""
    _CARD_INDEXES.clear()


def _vanilla_play(definition: Card) -> bool:
    """Whether a play of this card is its vanilla bonuses alone, when nobody listens.

    A card that listens to plays itself is never one: moving it from hand into play
    could change whether it listens, and the plain path asks before the move."""
    return (
        definition.effect is None
        and definition.lasting is None
        and ATTACK not in definition.types
        and not any(t.event == "play" for t in definition.triggers)
    )
