"""Set-up: Supply pile sizes for 2 to 6 players, with and without Colony (rules/setup/*).

The expected numbers are the rulebook's, written out as a table here, not computed with
``engine.rules``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import rules
from engine.errors import BadPosition
from engine.game import Game

KINGDOM = [
    "Village",
    "Smithy",
    "Festival",
    "Laboratory",
    "Market",
    "Moat",
    "Chapel",
    "Workshop",
    "Militia",
    "Gardens",
]

# players: Copper, Silver, Gold, Estate, Duchy, Province, Curse, Victory kingdom
TABLE = {
    2: (46, 40, 30, 8, 8, 8, 10, 8),
    3: (39, 40, 30, 12, 12, 12, 20, 12),
    4: (32, 40, 30, 12, 12, 12, 30, 12),
    5: (85, 80, 60, 12, 12, 15, 40, 12),
    6: (78, 80, 60, 12, 12, 18, 50, 12),
}
COLONY = {2: 8, 3: 12, 4: 12, 5: 12, 6: 12}


@pytest.mark.parametrize("colony", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_pile_sizes(players: int, colony: bool) -> None:
    game = Game.new(players=players, kingdom=KINGDOM, seed=1, colony=colony)
    copper, silver, gold, estate, duchy, province, curse, victory_kingdom = TABLE[players]
    expected = {
        "Copper": copper,
        "Silver": silver,
        "Gold": gold,
        "Estate": estate,
        "Duchy": duchy,
        "Province": province,
        "Curse": curse,
        "Gardens": victory_kingdom,
    }
    expected.update({name: 10 for name in KINGDOM if name != "Gardens"})
    if colony:
        expected.update({"Platinum": 12, "Colony": COLONY[players]})
    assert game.snapshot()["supply"] == expected


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rules_pile_size_function_agrees_with_the_table(players: int) -> None:
    copper, silver, gold, estate, duchy, province, curse, victory_kingdom = TABLE[players]
    assert rules.pile_size("Copper", False, False, players) == copper
    assert rules.pile_size("Silver", False, False, players) == silver
    assert rules.pile_size("Gold", False, False, players) == gold
    assert rules.pile_size("Estate", True, False, players) == estate
    assert rules.pile_size("Duchy", True, False, players) == duchy
    assert rules.pile_size("Province", True, False, players) == province
    assert rules.pile_size("Curse", False, False, players) == curse
    assert rules.pile_size("Gardens", True, True, players) == victory_kingdom
    assert rules.pile_size("Village", False, True, players) == 10
    assert rules.pile_size("Colony", True, False, players) == COLONY[players]
    assert rules.pile_size("Platinum", False, False, players) == 12


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_starting_decks(players: int) -> None:
    game = Game.new(players=players, kingdom=KINGDOM, seed=players)
    for index in range(players):
        state = game.table.player(index)
        assert len(state.hand) == 5 and len(state.deck) == 5
        assert state.discard == [] and state.in_play == []
        assert Counter(game.table.names_of(state.all_cards())) == {"Copper": 7, "Estate": 3}
        assert game.event_lines().count(f"p{index + 1} shuffles") == 1
    turn = game.snapshot()["turn"]
    assert turn == {"player": "p1", "phase": "action", "actions": 1, "buys": 1, "coins": 0}


def test_the_curse_pile_is_there_without_any_curser() -> None:
    game = Game.new(players=3, kingdom=["Village"], seed=0)
    assert game.snapshot()["supply"]["Curse"] == 20


def test_random_kingdom_has_ten_distinct_cards_of_the_chosen_set() -> None:
    for seed in range(20):
        game = Game.new(players=2, seed=seed, editions={"base": 1 + seed % 2}, sets=("base",))
        kingdom = game.state.kingdom
        assert len(kingdom) == 10 == len(set(kingdom))
        assert all(game.table.definition_by_name(name).set == "base" for name in kingdom)
        assert not game.state.colony


@pytest.mark.parametrize("players", [1, 7])
def test_player_count_outside_2_to_6_is_refused(players: int) -> None:
    with pytest.raises(BadPosition):
        Game({"players": players, "kingdom": []})


def test_a_supply_entry_for_a_pile_not_in_the_game_is_refused() -> None:
    with pytest.raises(BadPosition):
        Game({"players": 2, "kingdom": ["Village"], "supply": {"Witch": 3}})
