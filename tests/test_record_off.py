"""A game that records nothing (``Game(record=False)``) is the same game.

It keeps no event log and no list of inputs (``arbiter simulate`` plays such games, so a
long one takes no more memory than a short one: ``benchmarks/bench_memory.py``), and
nothing else changes. Random games over all sets and both editions, and bot games,
played both ways from the same seeds make the same inputs and end in the same state and
snapshot; the unrecorded one has nothing in its log and refuses what needs one.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import options
import pytest
from every_set import SETS, editions

from checks.random_play import step
from engine.bots import BigMoney, BigMoneyWith, RandomBot, play_game
from engine.game import Game
from engine.state import GameState

RANDOM_GAMES = options.games(100)  # a quarter unless `pytest --full` (tests/options.py)
BOT_GAMES = 20
INPUTS = 3000


def _random_game(seed: int, record: bool) -> tuple[Game, list[tuple[str, Any]]]:
    """A random game (the random-game checks' moves) and the inputs its driver made."""
    game = Game.new(
        players=2 + seed % 3, seed=seed, editions=editions(seed), sets=SETS, record=record
    )
    rng = random.Random(seed)
    made = []
    while not game.state.game_over and len(made) < INPUTS:
        made.append(step(game, rng))
    return game, made


def _without_log(state: GameState) -> GameState:
    return dataclasses.replace(state, events=[])


def assert_same_game_unrecorded(recorded: Game, unrecorded: Game, where: str) -> None:
    assert _without_log(unrecorded.state) == _without_log(recorded.state), where
    assert unrecorded.snapshot() == recorded.snapshot(), where
    assert recorded.state.events, where
    assert len(unrecorded.state.events) == 0 and len(unrecorded.inputs) == 0, where


@pytest.mark.parametrize("block", range(4))
def test_random_games_are_the_same_unrecorded(block: int) -> None:
    for seed in range(block, RANDOM_GAMES, 4):
        (recorded, inputs), (unrecorded, same_inputs) = (
            _random_game(seed, record) for record in (True, False)
        )
        where = f"seed {seed}, kingdom {recorded.state.kingdom}"
        assert same_inputs == inputs and len(recorded.inputs) == len(inputs), where
        assert_same_game_unrecorded(recorded, unrecorded, where)


def test_bot_games_are_the_same_unrecorded() -> None:
    for seed in range(BOT_GAMES):
        games = [
            Game.new(players=2 + seed % 2, seed=seed, sets=SETS, record=record)
            for record in (True, False)
        ]
        kingdom = games[0].state.kingdom
        overs = [
            play_game(
                game,
                [RandomBot(seed), BigMoney(), BigMoneyWith(card_name=kingdom[seed % 10])][
                    : game.table.players
                ],
            )
            for game in games
        ]
        assert overs[0] == overs[1], seed
        assert_same_game_unrecorded(*games, where=f"seed {seed}, kingdom {kingdom}")


def test_an_unrecorded_game_refuses_what_needs_its_record() -> None:
    game = Game.new(seed=3, record=False)
    game.command("end", "turn")
    for needs_record in (game.event_lines, game.to_json, game.clone):
        with pytest.raises(ValueError, match=r"records nothing \(record=False\)"):
            needs_record()
