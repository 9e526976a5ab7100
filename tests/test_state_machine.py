"""Random legal games under the hypothesis state machine of ``checks.state_machine``.

How many games and steps: the hypothesis profile (``HYPOTHESIS_PROFILE``: ``ci`` by
default, ``deep`` for long runs; see ``tests/conftest.py``). The ``ci`` profile plays
short games so that the whole file runs in well under a minute.
"""

from __future__ import annotations

import os

import yaml
from hypothesis import settings

from checks.state_machine import GameMachine, RecordingGame, scenario_yaml
from engine.game import Game

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"

TestRandomGames = GameMachine.TestCase
# The number of games is the profile's max_examples; the number of inputs per game is
# set here (the profiles do not set it): long games for ``deep``, short ones for ``ci``.
TestRandomGames.settings = settings(stateful_step_count=400 if DEEP else 40)


def test_a_game_as_a_scenario_replays_from_the_deal() -> None:
    """The scenario written for a failure rebuilds the same game: the position after the
    deal, then the same inputs with the later shuffles fixed."""
    setup = dict(Game.new(3, None, seed=5, editions={"base": 1}).setup)
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
