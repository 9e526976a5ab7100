"""End of the game (rules/end/*): Province, Colony, 3 or 4 empty piles, only at turn end."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

from engine import rules
from engine.errors import IllegalMove
from engine.game import Game

PILES = [
    "Copper",
    "Silver",
    "Gold",
    "Estate",
    "Duchy",
    "Province",
    "Curse",
    "Village",
    "Smithy",
    "Festival",
    "Market",
]


def over(players: int, empty: list[str], colony: bool = False) -> bool:
    piles = PILES + (["Platinum", "Colony"] if colony else [])
    counts = [0 if pile in empty else 5 for pile in piles]
    result: bool = rules.game_over(
        counts, piles.index("Province"), piles.index("Colony") if colony else None, players
    )
    return result


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_province_pile_empty_ends_the_game(players: int) -> None:
    assert over(players, ["Province"])
    assert not over(players, [])


@pytest.mark.parametrize(("players", "needed"), [(2, 3), (3, 3), (4, 3), (5, 4), (6, 4)])
def test_empty_piles_needed(players: int, needed: int) -> None:
    piles = ["Village", "Smithy", "Curse", "Estate", "Copper"]
    assert not over(players, piles[: needed - 1])
    assert over(players, piles[:needed])


def test_the_curse_pile_counts_and_colony_counts_only_when_in_the_game() -> None:
    assert over(2, ["Curse", "Village", "Smithy"])
    assert over(2, ["Colony"], colony=True)
    assert not over(2, ["Duchy"], colony=True)


def position(players: int = 2, **extra: Any) -> Game:
    setup: dict[str, Any] = {"players": players, "kingdom": ["Village", "Smithy", "Festival"]}
    setup.update(extra)
    return Game(setup)


def test_the_game_ends_only_at_the_end_of_the_turn() -> None:
    game = position(supply={"Province": 1}, turn={"phase": "buy", "coins": 11, "buys": 2})
    game.command("buy", "Province")
    assert not game.state.game_over
    game.command("buy", "Silver")
    assert not game.state.game_over and game.winners() == []
    game.command("end", "turn")
    assert game.state.game_over
    assert game.event_lines()[-1] == "game ends"
    assert game.pending is None and not game.awaiting_command


def test_no_command_after_the_end() -> None:
    game = position(supply={"Province": 0})
    game.command("end", "turn")
    assert game.state.game_over
    before = (game.snapshot(), game.event_lines())
    for verb, arg in [("end", "turn"), ("buy", "Copper"), ("end", "action")]:
        with pytest.raises(IllegalMove):
            game.command(verb, arg)
    assert (game.snapshot(), game.event_lines()) == before
    assert game.legal_commands() == []


@pytest.mark.parametrize(
    ("players", "empties", "ends"),
    [
        (2, ["Village", "Smithy"], False),
        (2, ["Village", "Smithy", "Curse"], True),
        (4, ["Village", "Smithy", "Estate"], True),
        (5, ["Village", "Smithy", "Estate"], False),
        (5, ["Village", "Smithy", "Estate", "Curse"], True),
        (6, ["Village", "Smithy", "Estate"], False),
        (6, ["Village", "Smithy", "Estate", "Copper"], True),
    ],
)
def test_engine_checks_empty_piles_at_end_of_turn(
    players: int, empties: list[str], ends: bool
) -> None:
    game = position(players, supply={pile: 0 for pile in empties})
    assert not game.state.game_over
    game.command("end", "turn")
    assert game.state.game_over is ends
    assert game.table.active == (0 if ends else 1)


def test_emptying_the_third_pile_by_buying_the_last_curse() -> None:
    game = position(supply={"Village": 0, "Smithy": 0, "Curse": 1}, turn={"phase": "buy"})
    game.command("buy", "Curse")
    assert not game.state.game_over
    game.command("end", "turn")
    assert game.state.game_over


def test_the_trash_is_not_a_supply_pile() -> None:
    game = position(supply={"Village": 0, "Smithy": 0}, trash=["Festival"] * 10)
    game.command("end", "turn")
    assert not game.state.game_over


def test_colony_pile_ends_the_game() -> None:
    game = position(3, colony=True, supply={"Colony": 1}, turn={"phase": "buy", "coins": 11})
    game.command("buy", "Colony")
    game.command("end", "turn")
    assert game.state.game_over
    assert game.winners() == [0]


class _Watched(Game):
    """A Game one can hold a weak reference to (the compiled Game takes none)."""


@pytest.mark.parametrize("kingdom", [["Village"], ["Clerk"]])
def test_a_finished_game_is_freed_without_the_cycle_collector(kingdom: list[str]) -> None:
    # The game's generator refers to the game, so a finished game must not be left in
    # that cycle, or every finished game waits for the cycle collector (that cost a Big
    # Money benchmark about a fifth of its time). Village: the turn ends on the plain
    # path; Clerk listens to the start of turns, so it ends through the generator.
    game = _Watched(
        {
            "players": 2,
            "kingdom": kingdom,
            "supply": {"Province": 1},
            "turn": {"phase": "buy", "coins": 8},
        }
    )
    game.command("buy", "Province")
    game.command("end", "turn")
    assert game.state.game_over and game.pending is None
    finished = weakref.ref(game)
    gc.disable()
    try:
        del game
        assert finished() is None
    finally:
        gc.enable()
