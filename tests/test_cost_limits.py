"""The cost tests of a gain a card offers (``engine.costs.CostLimit``), by current costs
and the rule functions: up to, exactly, and less than (rulings ``rules/costs/2``, ``/10``)."""

from __future__ import annotations

import pytest

from engine.costs import Cost, CostLimit
from engine.game import Game


def _offered(limit: CostLimit) -> set[str]:
    game = Game({"players": 2, "kingdom": ["Village", "Smithy", "Laboratory", "Moat"]})
    decision = next(game.verbs.choose_gain(0, "Probe", limit, "gain a card"))
    return set(decision.labels())


def test_less_than_leaves_out_the_same_cost_and_more() -> None:
    offered = _offered(CostLimit(4, less=True))
    assert {"Village", "Silver", "Moat", "Estate", "Copper", "Curse"} <= offered
    assert not offered & {"Smithy", "Laboratory", "Duchy", "Gold"}


def test_less_than_a_potion_cost_takes_its_coin_cost_too() -> None:
    # $4 costs less than $4P (at most, and not the same): "costing less than a Golem"
    # offers a $4 card, which "up to $3P" would not (rules/costs/10).
    offered = _offered(CostLimit(Cost(4, potion=1), less=True))
    assert {"Smithy", "Village"} <= offered
    assert "Laboratory" not in offered
    assert "Smithy" not in _offered(CostLimit(Cost(3, potion=1)))


def test_less_than_nothing_offers_nothing() -> None:
    game = Game({"players": 2, "kingdom": ["Village"]})
    assert next(game.verbs.choose_gain(0, "Probe", CostLimit(0, less=True), "gain"), None) is None


def test_a_limit_is_exactly_a_cost_or_less_than_it_not_both() -> None:
    with pytest.raises(ValueError, match="not both"):
        CostLimit(3, exactly=True, less=True)
    assert CostLimit(Cost(4, potion=1), less=True).words == "less than"
    assert CostLimit(3).words == "up to"
