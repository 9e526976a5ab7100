"""The basic Supply cards: Treasures, Victory cards and Curse, plus Platinum and Colony."""

from __future__ import annotations

from engine.model import CURSE, TREASURE, VICTORY, Card


def _treasure(name: str, cost: int, coins: int, set_name: str = "basic") -> Card:
    return Card(
        name,
        set_name,
        cost,
        frozenset({TREASURE}),
        f"Worth {coins} coin(s).",
        coins=coins,
        kingdom=False,
    )


def _victory(name: str, cost: int, vp: int, set_name: str = "basic") -> Card:
    return Card(
        name,
        set_name,
        cost,
        frozenset({VICTORY}),
        f"Worth {vp} VP.",
        vp=vp,
        kingdom=False,
    )


COPPER = _treasure("Copper", 0, 1)
SILVER = _treasure("Silver", 3, 2)
GOLD = _treasure("Gold", 6, 3)
PLATINUM = _treasure("Platinum", 9, 5, "prosperity")
ESTATE = _victory("Estate", 2, 1)
DUCHY = _victory("Duchy", 5, 3)
PROVINCE = _victory("Province", 8, 6)
COLONY = _victory("Colony", 11, 10, "prosperity")
CURSE_CARD = Card(
    "Curse",
    "basic",
    0,
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
    PLATINUM,
    COLONY,
)
