"""The card catalogue: every definition of every set, and look-up by name and edition;
and what the sets declare beside their cards: kinds of token, mats, rules of set-up.

A set's card module ends in its ``CARDS`` tuple and may declare ``TOKENS``
(``engine.tokens.TokenKind``), ``MATS`` (``engine.tokens.Mat``), ``SETUP_RULES``
(``engine.abilities.SetupRule``) and ``LANDSCAPES`` (``engine.landscapes.Landscape``);
nothing else lists them.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator, Mapping
from dataclasses import replace
from types import ModuleType

from engine import sets
from engine.abilities import SetupRule
from engine.landscapes import Landscape
from engine.model import Card
from engine.tokens import Mat, TokenKind

_MODULES: tuple[ModuleType, ...] = tuple(
    importlib.import_module(module) for card_set in sets.REGISTRY for module in card_set.modules
)

# Every set's CARDS tuples, in the registry's order (engine.sets names each set's modules).
ALL_CARDS: tuple[Card, ...] = tuple(card for module in _MODULES for card in module.CARDS)

# The kinds of token, by name; the mats, by name; the sets' rules of set-up.
TOKEN_KINDS: dict[str, TokenKind] = {
    kind.name: kind for module in _MODULES for kind in getattr(module, "TOKENS", ())
}
MATS: dict[str, Mat] = {mat.name: mat for module in _MODULES for mat in getattr(module, "MATS", ())}
SETUP_RULES: tuple[SetupRule, ...] = tuple(
    rule for module in _MODULES for rule in getattr(module, "SETUP_RULES", ())
)
# The Landscapes (Events, ...: engine.landscapes), by name.
LANDSCAPES: dict[str, Landscape] = {
    landscape.name: landscape
    for module in _MODULES
    for landscape in getattr(module, "LANDSCAPES", ())
}

DEFAULT_EDITIONS: Mapping[str, int] = sets.DEFAULT_EDITIONS


class UnknownCard(ValueError):
    """A card name that no set of the engine has."""


def card_names() -> frozenset[str]:
    return _CARD_NAMES


# Built once: the catalogue is fixed at import, and an adapter is made for every scenario.
_CARD_NAMES = frozenset(card.name for card in ALL_CARDS)


# Name -> every definition of it, in catalogue order (built once: look-ups are hot).
_BY_NAME: dict[str, tuple[Card, ...]] = {}
for _card in ALL_CARDS:
    _BY_NAME[_card.name] = (*_BY_NAME.get(_card.name, ()), _card)


def definitions(name: str) -> tuple[Card, ...]:
    """Every edition's definition of ``name`` (one when the text never changed)."""
    found = _BY_NAME.get(name, ())
    if not found:
        raise UnknownCard(f"unknown card: {name!r}")
    return found


def lookup(name: str, editions: Mapping[str, int] = DEFAULT_EDITIONS) -> Card:
    """The definition of ``name`` in the editions chosen for a game.

    A card printed in one edition only is available whatever edition is chosen.
    """
    found = definitions(name)
    if len(found) == 1:
        return found[0]
    edition = editions.get(found[0].set, 2)
    for card in found:
        if edition in card.editions:
            return card
    raise UnknownCard(f"{name!r} has no definition for edition {edition}")


def instruction_editions(card: Card) -> tuple[int, ...]:
    """The editions whose definition of ``card``'s name has its instructions: its own, and
    those of a definition that differs from it only in its text and editions (a card
    reworded between editions without a change of what it does)."""
    return tuple(
        sorted(
            edition
            for other in definitions(card.name)
            if replace(other, text=card.text, editions=card.editions) == card
            for edition in other.editions
        )
    )


def kingdom_cards(set_name: str | None = None, edition: int | None = None) -> tuple[Card, ...]:
    """Kingdom cards, optionally of one set and printed in one edition."""
    return tuple(
        card
        for card in ALL_CARDS
        if card.kingdom
        and (set_name is None or card.set == set_name)
        and (edition is None or edition in card.editions)
    )


@contextlib.contextmanager
def installed(module: object) -> Iterator[None]:
    """The catalogue with one more set module for the duration of the block: its ``CARDS``,
    ``TOKENS``, ``MATS``, ``SETUP_RULES`` and ``LANDSCAPES``, as if its set were a row of
    the registry (the engine guide's toy set, in a test). Everything is as before afterwards; setups
    checked and indexes worked out meanwhile are forgotten."""
    global ALL_CARDS, SETUP_RULES, _CARD_NAMES
    from engine.indexes import forget_card_indexes
    from engine.setup_check import forget_checked_setups

    saved = (ALL_CARDS, SETUP_RULES, _CARD_NAMES)
    by_name, kinds, mats = dict(_BY_NAME), dict(TOKEN_KINDS), dict(MATS)
    landscapes = dict(LANDSCAPES)
    cards: tuple[Card, ...] = tuple(getattr(module, "CARDS"))  # noqa: B009 (any object)
    ALL_CARDS = (*ALL_CARDS, *cards)
    SETUP_RULES = (*SETUP_RULES, *getattr(module, "SETUP_RULES", ()))
    _CARD_NAMES = _CARD_NAMES | {card.name for card in cards}
    for card in cards:
        _BY_NAME[card.name] = (*_BY_NAME.get(card.name, ()), card)
    TOKEN_KINDS.update((kind.name, kind) for kind in getattr(module, "TOKENS", ()))
    MATS.update((mat.name, mat) for mat in getattr(module, "MATS", ()))
    LANDSCAPES.update((each.name, each) for each in getattr(module, "LANDSCAPES", ()))
    forget_checked_setups()
    forget_card_indexes()
    try:
        yield
    finally:
        ALL_CARDS, SETUP_RULES, _CARD_NAMES = saved
        _BY_NAME.clear()
        _BY_NAME.update(by_name)
        TOKEN_KINDS.clear()
        TOKEN_KINDS.update(kinds)
        MATS.clear()
        MATS.update(mats)
        LANDSCAPES.clear()
        LANDSCAPES.update(landscapes)
        forget_checked_setups()
        forget_card_indexes()
