"""The cost function: printed cost less reductions, never below 0, used everywhere."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import rules
from engine.costs import Cost, CostLimit
from engine.errors import IllegalAnswer, IllegalMove
from engine.game import Game


def game_with(kingdom: list[str], **p1: Any) -> Game:
    return Game({"players": 2, "kingdom": kingdom, "p1": p1})


def test_reduced_cost_is_never_below_zero() -> None:
    for printed in range(0, 12):
        for reduction in range(0, 15):
            assert rules.reduced_cost(printed, reduction) == max(0, printed - reduction)


def test_printed_costs_without_reductions() -> None:
    game = game_with(["Village", "Festival", "Bridge"])
    expected = {
        "Copper": 0,
        "Curse": 0,
        "Estate": 2,
        "Silver": 3,
        "Village": 3,
        "Bridge": 4,
        "Duchy": 5,
        "Festival": 5,
        "Gold": 6,
        "Province": 8,
    }
    assert {name: game.verbs.cost_of(name).coins for name in expected} == expected


def test_turn_reduction_lowers_every_cost_but_not_below_zero() -> None:
    # Three Bridges played this turn (a setup's in_play counts as played).
    game = game_with(["Bridge"], in_play=["Bridge", "Bridge", "Bridge"])
    assert game.verbs.cost_of("Province") == Cost(5)
    assert game.verbs.cost_of("Silver") == Cost(0)
    assert game.verbs.cost_of("Estate") == Cost(0)
    assert game.verbs.cost_of("Copper") == Cost(0)


def test_bridge_played_twice_reduces_by_two() -> None:
    game = game_with(["Throne Room", "Bridge"], hand=["Throne Room", "Bridge"])
    game.command("play", "Throne Room")
    game.answer("Bridge")
    assert game.verbs.cost_of("Province") == Cost(6)
    assert game.verbs.cost_of("Estate") == Cost(0)
    assert game.verbs.cost_of("Copper") == Cost(0)
    assert game.state.turn.coins == 2


def test_buying_uses_the_current_cost() -> None:
    game = game_with(["Bridge"], hand=["Bridge", "Gold", "Gold"])
    game.command("play", "Bridge")
    game.command("play", "Gold")
    game.command("play", "Gold")
    assert game.state.turn.coins == 7
    game.command("buy", "Province")  # 8 - 1 = 7
    assert game.state.turn.coins == 0
    assert game.table.names_of(game.table.player(0).discard) == ["Province"]


def test_buying_a_card_reduced_to_zero_adds_no_coins() -> None:
    game = game_with(["Throne Room", "Bridge"], hand=["Throne Room", "Bridge"])
    game.command("play", "Throne Room")
    game.answer("Bridge")
    game.command("buy", "Estate")
    game.command("buy", "Copper")
    assert game.state.turn.coins == 2
    assert game.state.turn.buys == 1


def test_gaining_uses_the_current_cost() -> None:
    game = game_with(
        ["Village", "Bridge", "Workshop"], hand=["Village", "Bridge", "Workshop"], deck=["Copper"]
    )
    game.command("play", "Village")
    game.command("play", "Bridge")
    game.command("play", "Workshop")
    with pytest.raises(IllegalAnswer):
        game.answer("Gold")  # 5 after Bridge
    game.answer("Duchy")  # 4 after Bridge
    assert game.table.names_of(game.table.player(0).discard) == ["Duchy"]


def test_not_enough_coins_for_the_printed_cost_without_a_reduction() -> None:
    game = game_with(["Village"], hand=["Gold", "Gold"])
    game.command("play", "Gold")
    game.command("play", "Gold")
    with pytest.raises(IllegalMove):
        game.command("buy", "Province")


def test_reduction_ends_with_the_turn() -> None:
    game = game_with(["Bridge"], hand=["Bridge"])
    game.command("play", "Bridge")
    assert game.verbs.cost_of("Gold") == Cost(5)
    game.command("end", "turn")
    assert game.verbs.cost_of("Gold") == Cost(6)


@given(st.integers(min_value=0, max_value=20), st.lists(st.integers(0, 6), max_size=6))
def test_current_cost_property(printed: int, reductions: list[int]) -> None:
    cost = rules.reduced_cost(printed, sum(reductions))
    assert cost >= 0
    assert cost == max(0, printed - sum(reductions))
    assert cost <= printed


def test_bridge_and_second_edition_quarry_lower_costs_the_same_way() -> None:
    # Both are "this turn, ... cost less" from each play: the reduction stays when the
    # card leaves play and adds up per play (Throne Room, two copies).
    for kingdom, card, target, printed, less in (
        (["Bridge", "Throne Room"], "Bridge", "Duchy", 5, 2),
        (["Quarry", "Throne Room", "Village"], "Quarry", "Village", 3, 4),
    ):
        game = Game(
            {
                "players": 2,
                "kingdom": kingdom,
                "editions": {"prosperity": 2},
                "p1": {"in_play": [card, card]},
            }
        )
        assert game.verbs.cost_of(target).coins == max(0, printed - less), card
        for played in list(game.table.player(0).in_play):
            game.table.move(played, ("in_play", 0), ("discard", 0))
        assert game.verbs.cost_of(target).coins == max(0, printed - less), card
        assert game.state.turn.cost_sources and not game.table.player(0).in_play


def _offered(game: Game, limit: CostLimit) -> set[str]:
    """The Supply piles ``choose_gain`` offers under ``limit`` (the decision it asks)."""
    decision = next(game.verbs.choose_gain(0, "Test", limit, "gain"))
    return {choice.label for choice in decision.choices}


def test_costing_less_than_is_at_most_and_not_the_same() -> None:
    game = game_with(["Smithy", "Village"])
    # "A card costing less than $4": Village ($3) and cheaper, not Smithy ($4).
    assert _offered(game, CostLimit(4, less=True)) == {
        "Copper", "Curse", "Estate", "Silver", "Village",
    }  # fmt: skip
    # $4 costs less than $4P (rulings rules/costs/10): Smithy is offered, Gold is not.
    assert "Smithy" in _offered(game, CostLimit(Cost(4, potion=1), less=True))
    assert "Gold" not in _offered(game, CostLimit(Cost(4, potion=1), less=True))
    with pytest.raises(ValueError, match="not both"):
        CostLimit(4, exactly=True, less=True)
