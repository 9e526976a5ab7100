"""Random legal games under the hypothesis state machine of ``checks.state_machine``.

How many games and steps: the hypothesis profile (``HYPOTHESIS_PROFILE``: ``ci`` by
default, ``deep`` for long runs; see ``tests/conftest.py``). The ``ci`` profile plays
short games so that the whole file runs in well under a minute.
"""

from __future__ import annotations

import os
import random

import pytest
import yaml
from hypothesis import settings

from checks import invariants as inv
from checks.state_machine import GameMachine, InvariantFailure, RecordingGame, scenario_yaml
from engine.game import Game
from scenarios.loader import load_text

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"

TestRandomGames = GameMachine.TestCase
# The number of games is the profile's max_examples; the number of inputs per game is
# set here (the profiles do not set it): long games for ``deep``, short ones for ``ci``.
TestRandomGames.settings = settings(stateful_step_count=400 if DEEP else 40)


def test_a_game_as_a_scenario_replays_from_the_deal() -> None:
    """The scenario written for a failure rebuilds the same game: the position after the
    deal, then the same inputs with the later shuffles fixed."""
    setup = dict(Game.new(3, None, seed=5, editions={"base": 1}).table.setup)
    game = RecordingGame(setup)
    dealt = {
        p: {"hand": z["hand"], "deck": z["deck"]} for p, z in game.snapshot()["players"].items()
    }
    deal_shuffles = len(game.shuffled)
    for _ in range(12):
        plays = game.legal_commands(("play",))
        game.command(*(plays[0] if plays else ("end", "turn")))
        while game.pending is not None:
            game.answer(game.pending.labels()[: game.pending.min])
    document = yaml.safe_load(scenario_yaml(game, dealt, deal_shuffles, "a note"))
    assert document["note"] == "a note"
    position = dict(document["setup"])
    position["editions"] = document["editions"]
    position["seed"] = document["seed"] + 1  # the shuffles are fixed: the seed must not matter
    again = Game(position)
    for step in document["steps"]:
        ((verb, arg),) = step.items()
        if verb == "choose":
            again.answer(arg)
        else:
            again.command(verb, arg)
    assert again.snapshot()["players"] == game.snapshot()["players"]
    assert again.snapshot()["supply"] == game.snapshot()["supply"]


def _machine(players: int = 2) -> GameMachine:
    machine = GameMachine()
    setup = dict(Game.new(players, None, seed=11).table.setup)
    machine.start(setup, random.Random(4))
    for _ in range(25):
        machine.play()
        machine.invariants_hold()
    return machine


def test_invariants_catch_a_card_in_two_places() -> None:
    machine = _machine()
    state = machine.game.state
    state.trash.append(state.players[0].hand[0] if state.players[0].hand else 0)
    assert any(
        "places" in problem
        for problem in inv.violations(machine.game, machine.created, end_of_turn=False)
    )


def test_invariants_catch_a_lost_card_negative_coins_and_a_wrong_end() -> None:
    machine = _machine(3)
    state = machine.game.state
    state.supply["Province"].clear()  # lost cards, and the game should now end
    state.turn.coins = -1
    problems = inv.violations(machine.game, machine.created, end_of_turn=True)
    assert any(problem.startswith("Province: 0 in the game") for problem in problems)
    assert any("coins -1" in problem for problem in problems)
    assert any(problem.startswith("game_over is False") for problem in problems)


def test_the_machine_judges_a_turn_end_on_the_piles_as_it_ended() -> None:
    """A start-of-turn gain (Pirate's) that empties a third pile does not end the game at
    the end of the turn before it (see tests/test_random_games_seaside.py)."""
    from test_random_games_seaside import PIRATE_EMPTIES_A_THIRD_PILE

    machine = GameMachine()
    machine.start(PIRATE_EMPTIES_A_THIRD_PILE, random.Random(0))
    machine.game.command("end", "turn")
    machine.end_of_turn = True  # as play() finds it: a turn ended, a command is awaited
    assert not machine.game.state.game_over and not machine.game.state.supply["Gold"]
    machine.invariants_hold()


def test_a_failure_is_reported_as_a_scenario_the_loader_accepts() -> None:
    machine = _machine()
    machine.game.state.turn.buys = -1
    with pytest.raises(InvariantFailure) as failure:
        machine.invariants_hold()
    message = str(failure.value)
    assert message.startswith("turn counters negative")
    text = message.split("A scenario that reproduces it:\n\n", 1)[1]
    scenario = load_text(text, "found.yaml")
    assert scenario.steps and "turn counters negative" in (scenario.note or "")
