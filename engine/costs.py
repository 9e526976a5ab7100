"""A cost as a value: a coin part, a Potion part and a Debt part.

Costs are compared by the pure rule functions of ``engine.rules`` (``cost_at_most``,
``costs_same``, ``costs_less``, ``costs_more``), part by part, never by ``<`` (``Cost``
defines no order: ``$4`` and ``$3P`` are incomparable, rulings ``rules/costs/2``).
Reductions lower the coin part only (``engine.rules.current_cost``).

Written ``$3``, ``$3P`` (3 coins and a Potion), ``$0P``, ``$8D`` (8 Debt, no coins),
``$5+8D`` (5 coins and 8 Debt); a plain whole number means coins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# $<coins>[P...][+<debt>D]  or  $<debt>D
_WRITTEN = re.compile(r"\$(?:(?P<coins>\d+)(?P<potion>P*)(?:\+(?P<debt>\d+)D)?|(?P<only>\d+)D)")


@dataclass(frozen=True)
class Cost:
    """What a card costs: ``coins``, ``potion`` (Potion symbols) and ``debt``."""

    coins: int
    potion: int = 0
    debt: int = 0

    def __str__(self) -> str:
        if self.debt and not (self.coins or self.potion):
            return f"${self.debt}D"
        debt = f"+{self.debt}D" if self.debt else ""
        return f"${self.coins}{'P' * self.potion}{debt}"

    def __add__(self, coins: int) -> Cost:
        """This cost with ``coins`` more coins (Remodel's "up to $2 more than it"): the
        Potion and Debt parts stay (rulings ``rules/costs/5``)."""
        return Cost(self.coins + coins, self.potion, self.debt)

    def __sub__(self, coins: int) -> Cost:
        """This cost with ``coins`` fewer coins (Saboteur's "up to $2 less than it")."""
        return Cost(self.coins - coins, self.potion, self.debt)


def as_cost(value: Cost | int) -> Cost:
    """A cost from a card definition or a limit: a plain int means that many coins."""
    return value if isinstance(value, Cost) else Cost(value)


def parse_cost(value: Any) -> Cost | None:
    """The cost a setup or scenario writes (``3``, ``"$3P"``, ``"$8D"``), or None when it
    is not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Cost(value) if value >= 0 else None
    if not isinstance(value, str):
        return None
    found = _WRITTEN.fullmatch(value)
    if found is None:
        return None
    try:
        if found["only"] is not None:
            return Cost(0, 0, int(found["only"]))
        return Cost(int(found["coins"]), len(found["potion"]), int(found["debt"] or 0))
    except ValueError:  # more digits than Python reads (4,300): no cost anyone means
        return None


@dataclass(frozen=True, init=False)
class CostLimit:
    """The cost test of a gain a card offers (``CardAPI.choose_gain``): a card costing up
    to ``cost``, exactly ``cost`` with ``exactly``, or less than ``cost`` with ``less``
    (Border Village's and Haggler's "a cheaper card"), by current costs and the rule
    functions (``engine.rules.cost_at_most``, ``costs_same``, ``costs_less``).
    ``CostLimit(4)`` is "up to $4" (and no Potion: rulings ``rules/costs/3``);
    ``CostLimit(cost + 2, relative_to=...)`` is Remodel's "up to $2 more than it", Potion
    part included (``rules/costs/5``); ``CostLimit(cost, less=True, relative_to=...)`` is
    "costing less than it" (a $4 card costs less than a $4P one: ``rules/costs/10``).
    ``relative_to`` holds the cards the limit was worked out from (Remodel's trashed
    card, Saboteur's revealed one, Forge's trashed cards, which may be none); it is None
    for a limit the card's text fixes (Workshop's $4). A watcher is told of it, so that
    the declared limit (``Gain.max_cost``, ``Gain.relative``) can be checked."""

    cost: Cost
    exactly: bool
    relative_to: tuple[int, ...] | None
    less: bool

    def __init__(
        self,
        cost: Cost | int,
        exactly: bool = False,
        relative_to: tuple[int, ...] | None = None,
        *,
        less: bool = False,
    ) -> None:
        # Frozen: set once here. A limit written in coins (CostLimit(4)) has no Potion part.
        if exactly and less:
            raise ValueError("a cost limit is exactly a cost or less than it, not both")
        object.__setattr__(self, "cost", as_cost(cost))
        object.__setattr__(self, "exactly", exactly)
        object.__setattr__(self, "relative_to", relative_to)
        object.__setattr__(self, "less", less)

    @property
    def words(self) -> str:
        """How the limit compares, in a prompt's words: ``up to``, ``exactly``, ``less than``."""
        return "exactly" if self.exactly else "less than" if self.less else "up to"
