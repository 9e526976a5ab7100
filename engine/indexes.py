"""The speed indexes that depend only on which cards a game has (docs/guides/performance.rst):
which cards listen to which events, change costs, play as their bonuses alone, act after
any gain or restrict buys. Worked out once per set of definitions and Kingdom and shared
by every game with those cards (``Table`` reads them at set-up).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.abilities import (
    BuyRestriction,
    CostChange,
    Overpay,
    Replacement,
    WhenAnyGained,
    of_kind,
)
from engine.model import ATTACK, Card, Trigger

# What a Clean-up and a buy may be heard by (``quiet_clean_up``, ``quiet_buys``).
CLEAN_UP_EVENTS = frozenset(("buy_end", "cleanup", "discard", "turn_end"))
BUY_EVENTS = frozenset(("buy", "gain", "would_gain"))

# How much cheaper a card makes another: a CostChange's ``amount``.
Amount = Callable[..., int]
# Why a pile may not be bought now: a BuyRestriction's ``why_not``.
WhyNot = Callable[..., str | None]


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
    # card itself, a turn, the next turn), and ``would_gain`` / ``would_trash`` when some
    # replacement ability is for a gain or a trash: nothing ever listens to any other
    # (``triggers.anyone_listens`` asks this first: in most games most events).
    events_heard: frozenset[str]
    # Event kind -> the game-long abilities (``where="game"``), by the name of their card.
    game_wide: dict[str, list[tuple[str, Trigger]]]
    # Replaced event -> names of its cards with a hand or in-play replacement for it, and
    # the game-long replacements by the name of their card.
    replacing: dict[str, frozenset[str]]
    game_replacements: dict[str, list[tuple[str, Replacement]]]
    # Cost changes: name -> amounts, of its cards while in play, for the turn after a
    # play, and of themselves. ``Verbs.cost`` looks only at those.
    in_play_costs: dict[str, tuple[Amount, ...]]
    turn_costs: dict[str, tuple[Amount, ...]]
    self_costs: dict[str, tuple[Amount, ...]]
    # Whether any of them has one: else every cost is the printed one (most games).
    any_cost_change: bool
    # Names of its cards whose play is only their vanilla bonuses when nobody listens to
    # the play (``Turn.run_plainly``).
    vanilla_plays: frozenset[str]
    # What happens after any gain (Kingdom cards' WhenAnyGained: Trade Route's tokens).
    after_any_gain: tuple[Callable[..., None], ...]
    # Buy restrictions once a card is played this turn (Contraband's), by its name, and of
    # cards themselves (Grand Market's), by name.
    turn_restrictions: tuple[tuple[str, WhyNot], ...]
    self_restrictions: dict[str, tuple[WhyNot, ...]]
    # Whether no card hears the end of the Buy phase, the Clean-up, a discard or the end of
    # a turn (most games): the plain Clean-up need not ask who listens to each.
    quiet_clean_up: bool
    # Whether no card hears a buy or a gain, replaces a gain, or may be overpaid for (most
    # games): a plain buy need not ask about the card bought.
    quiet_buys: bool

    @classmethod
    def of(cls, in_game: Mapping[str, Card], kingdom: Iterable[Card]) -> CardIndexes:
        listening: dict[str, set[str]] = {}
        game_wide: dict[str, list[tuple[str, Trigger]]] = {}
        replacing: dict[str, set[str]] = {}
        game_replacements: dict[str, list[tuple[str, Replacement]]] = {}
        heard: set[str] = set()
        for name, definition in in_game.items():
            for trigger in definition.triggers:
                heard.add(trigger.event)
                if trigger.where in ("hand", "in_play", "game"):
                    listening.setdefault(trigger.event, set()).add(name)
                if trigger.where == "game":
                    game_wide.setdefault(trigger.event, []).append((name, trigger))
            for replacement in definition.replacements:
                heard.add(f"would_{replacement.event}")
                if replacement.where in ("hand", "in_play"):
                    replacing.setdefault(replacement.event, set()).add(name)
                if replacement.where == "game":
                    game_replacements.setdefault(replacement.event, []).append((name, replacement))
        return cls(
            definitions=tuple(in_game.values()),
            zone_listening={kind: frozenset(names) for kind, names in listening.items()},
            events_heard=frozenset(heard),
            game_wide=game_wide,
            replacing={kind: frozenset(names) for kind, names in replacing.items()},
            game_replacements=game_replacements,
            in_play_costs=_cost_changes(in_game, "in_play"),
            turn_costs=_cost_changes(in_game, "turn"),
            self_costs=_cost_changes(in_game, "self"),
            any_cost_change=any(
                change.where in ("in_play", "turn", "self")
                for card in in_game.values()
                for change in card.static_of(CostChange)
            ),
            vanilla_plays=frozenset(name for name, card in in_game.items() if _vanilla_play(card)),
            after_any_gain=tuple(
                ability.effect
                for card in kingdom
                for ability in of_kind(card.static, WhenAnyGained)
            ),
            turn_restrictions=tuple(
                (name, ability.why_not)
                for name, card in in_game.items()
                for ability in of_kind(card.static, BuyRestriction)
                if ability.where == "turn"
            ),
            self_restrictions=_self_restrictions(in_game),
            quiet_clean_up=not heard & CLEAN_UP_EVENTS,
            quiet_buys=not heard & BUY_EVENTS
            and not any(of_kind(card.static, Overpay) for card in in_game.values()),
        )


def _cost_changes(in_game: Mapping[str, Card], where: str) -> dict[str, tuple[Amount, ...]]:
    """Name -> the amounts of its cards' cost changes that apply from ``where``."""
    found: dict[str, tuple[Amount, ...]] = {}
    for name, card in in_game.items():
        amounts = tuple(c.amount for c in of_kind(card.static, CostChange) if c.where == where)
        if amounts:
            found[name] = amounts
    return found


def _self_restrictions(in_game: Mapping[str, Card]) -> dict[str, tuple[WhyNot, ...]]:
    found: dict[str, tuple[WhyNot, ...]] = {}
    for name, card in in_game.items():
        why = tuple(r.why_not for r in of_kind(card.static, BuyRestriction) if r.where == "self")
        if why:
            found[name] = why
    return found


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
        and definition.potions == 0
        and ATTACK not in definition.types
        and not any(t.event == "play" for t in definition.triggers)
    )
