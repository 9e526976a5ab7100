"""The basic Supply cards: Treasures, Victory cards and Curse (Platinum and Colony are in
``prosperity``)."""

from __future__ import annotations

from engine.costs import Cost
from engine.model import CURSE, TREASURE, VICTORY, Card


def _treasure(name: str, cost: int, coins: int, set_name: str = "basic") -> Card:
    return Card(
        name,
        set_name,
        Cost(cost),
        frozenset({TREASURE}),
        f"Worth {coins} coin{'' if coins == 1 else 's'}.",
        coins=coins,
        kingdom=False,
    )


def _victory(name: str, cost: int, vp: int, set_name: str = "basic") -> Card:
    return Card(
        name,
        set_name,
        Cost(cost),
        frozenset({VICTORY}),
        f"Worth {vp} VP.",
        vp=vp,
        kingdom=False,
    )


COPPER = _treasure("Copper", 0, 1)
SILVER = _treasure("Silver", 3, 2)
GOLD = _treasure("Gold", 6, 3)
ESTATE = _victory("Estate", 2, 1)
DUCHY = _victory("Duchy", 5, 3)
PROVINCE = _victory("Province", 8, 6)
CURSE_CARD = Card(
    "Curse",
    "basic",
    Cost(0),
    frozenset({CURSE}),
    "Worth -1 VP.",
    vp=-1,
    kingdom=False,
)

CARDS: tuple[Card, ...] = (
    COPPER,
    SILVER,
    GOLD,
    ESTATE,
    DUCHY,
    PROVINCE,
    CURSE_CARD,
)
