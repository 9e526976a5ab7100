"""The card catalogue: every definition of every set, and look-up by name and edition."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from engine import sets
from engine.model import Card

# Every set's CARDS tuples, in the registry's order (engine.sets names each set's modules).
ALL_CARDS: tuple[Card, ...] = tuple(
    card
    for card_set in sets.REGISTRY
    for module in card_set.modules
    for card in importlib.import_module(module).CARDS
)

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


def kingdom_cards(set_name: str | None = None, edition: int | None = None) -> tuple[Card, ...]:
    """Kingdom cards, optionally of one set and printed in one edition."""
    return tuple(
        card
        for card in ALL_CARDS
        if card.kingdom
        and (set_name is None or card.set == set_name)
        and (edition is None or edition in card.editions)
    )
