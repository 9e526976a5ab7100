"""``Game.legal_commands`` asks the checks for their reasons instead of trying each
candidate and catching the refusal; the list is the same as trying every candidate.

The oracle below is the way ``legal_commands`` worked before (every card name in hand,
every Supply pile, ``end action`` and ``end turn``, each through the check ``command``
raises on). It is compared at every position where a command is awaited in several
hundred random games over all sets and both editions, for every verb and for plays alone.
"""

from __future__ import annotations

import random

import options
import pytest
from every_set import SETS, editions

from checks.random_play import step
from engine.errors import IllegalMove
from engine.game import Game

GAMES = options.games(240)  # a quarter unless `pytest --full` (tests/options.py)
VERB_SETS = (("play", "buy", "end"), ("play",))


def tried_one_by_one(game: Game, verbs: tuple[str, ...]) -> list[tuple[str, str]]:
    """Every candidate command that ``Game.command``'s check does not refuse: none while
    no command is awaited, else each one the turn's check (``Turn.check_command``) takes."""
    if not game.awaiting_command or game.is_terminal():
        return []
    candidates: list[tuple[str, str]] = []
    if "play" in verbs:
        hand = dict.fromkeys(game.table.names_of(game.table.player(game.table.active).hand))
        candidates += [("play", name) for name in hand]
    if "buy" in verbs:
        candidates += [("buy", pile) for pile in game.state.supply]
    if "end" in verbs:
        candidates += [("end", "action"), ("end", "turn")]
    legal = []
    for verb, arg in candidates:
        try:
            game.turn.check_command(verb, arg)
        except IllegalMove:
            continue
        legal.append((verb, arg))
    return legal


@pytest.mark.parametrize("block", range(6))
def test_legal_commands_equal_trying_every_candidate_in_random_games(block: int) -> None:
    positions = 0
    for seed in range(block, GAMES, 6):
        game = Game.new(players=2 + seed % 3, seed=seed, editions=editions(seed), sets=SETS)
        rng = random.Random(seed)
        while not game.state.game_over and len(game.inputs) < 3000:
            for verbs in VERB_SETS:
                wanted = tried_one_by_one(game, verbs)
                assert game.legal_commands(verbs) == wanted, (seed, len(game.inputs), verbs)
            positions += game.pending is None
            step(game, rng)
        assert game.legal_commands() == [] == tried_one_by_one(game, VERB_SETS[0])
    assert positions > 4000  # the games were long enough to say something


def test_no_legal_command_while_a_decision_is_pending() -> None:
    game = Game({"players": 2, "kingdom": ["Chapel"], "p1": {"hand": ["Chapel", "Copper"]}})
    game.command("play", "Chapel")
    assert game.pending is not None
    assert game.legal_commands() == [] == tried_one_by_one(game, VERB_SETS[0])
