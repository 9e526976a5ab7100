"""JSON round-trip and replay: a game is reproducible from (setup, seed, inputs)."""

from __future__ import annotations

import json
import random

import pytest

from checks.random_play import play_random_game, step
from engine.errors import BadPosition
from engine.game import Game


def partly_played(seed: int, players: int, inputs: int) -> Game:
    game = Game.new(players=players, seed=seed, editions={"base": 1 + seed % 2}, sets=("base",))
    rng = random.Random(seed)
    for _ in range(inputs):
        if game.state.game_over:
            break
        step(game, rng)
    return game


@pytest.mark.parametrize("seed", range(6))
def test_json_round_trip_mid_game(seed: int) -> None:
    game = partly_played(seed, 2 + seed % 5, 60 + 17 * seed)
    data = json.loads(json.dumps(game.to_json()))  # really JSON
    again = Game.from_json(data)
    assert again.snapshot() == game.snapshot()
    assert again.event_lines() == game.event_lines()
    assert again.pending == game.pending
    assert json.loads(json.dumps(again.to_json())) == data


@pytest.mark.parametrize("seed", range(3))
def test_json_round_trip_of_a_finished_game(seed: int) -> None:
    game = play_random_game(2 + seed, 100 + seed, editions={"base": 2}).game
    again = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert again.state.game_over
    assert again.snapshot() == game.snapshot()
    assert again.event_lines() == game.event_lines()
    assert again.winners() == game.winners()


@pytest.mark.parametrize("seed", range(4))
def test_replay_reproduces_the_game_event_for_event(seed: int) -> None:
    game = partly_played(seed, 3, 150)
    replayed = Game.replay(game.table.setup, [(kind, value) for kind, value in game.inputs])
    assert replayed.event_lines() == game.event_lines()
    assert replayed.snapshot() == game.snapshot()
    assert replayed.state.names == game.state.names
    clone = game.clone()
    assert clone.event_lines() == game.event_lines()
    assert clone.snapshot() == game.snapshot()


def test_replay_step_by_step_matches_at_every_step() -> None:
    game = Game.new(players=2, seed=11, editions={"base": 1}, sets=("base",))
    rng = random.Random(11)
    recorded = []
    for _ in range(80):
        step(game, rng)
        recorded.append((game.snapshot(), list(game.event_lines())))
    replayed = Game(game.table.setup)
    for (kind, value), (snapshot, events) in zip(game.inputs, recorded, strict=True):
        if kind == "command":
            replayed.command(*value)
        else:
            replayed.answer(value)
        assert replayed.snapshot() == snapshot
        assert replayed.event_lines() == events


def test_a_clone_goes_its_own_way() -> None:
    game = partly_played(5, 2, 40)
    clone = game.clone()
    rng = random.Random(99)
    for _ in range(30):
        if clone.state.game_over:
            break
        step(clone, rng)
    assert len(clone.event_lines()) >= len(game.event_lines())
    assert Game.from_json(game.to_json()).snapshot() == game.snapshot()


def test_same_seed_same_game_different_seed_different_deal() -> None:
    assert partly_played(7, 2, 0).snapshot() == partly_played(7, 2, 0).snapshot()
    hands = {tuple(partly_played(s, 2, 0).snapshot()["players"]["p1"]["hand"]) for s in range(10)}
    assert len(hands) > 1


def test_from_json_refuses_data_that_does_not_replay() -> None:
    game = partly_played(3, 2, 50)
    data = json.loads(json.dumps(game.to_json()))
    data["snapshot"]["supply"]["Copper"] += 1
    with pytest.raises(BadPosition):
        Game.from_json(data)
    data = json.loads(json.dumps(game.to_json()))
    data["events"] = data["events"][:-1]
    with pytest.raises(BadPosition):
        Game.from_json(data)
