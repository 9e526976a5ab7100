"""Play random-bot games on the reference engine found in one directory, and say what it cost.

    python benchmarks/random_driver.py ENGINE_ROOT GAMES [SEED]

The random-game workload of ``benchmarks/bench_revisions.py --workload random``: 2-player
games on random Kingdoms of Base, Intrigue and Prosperity, every input chosen by
``checks.random_play.step`` (the moves the random-game tests and the state machine make),
cut off after ``MAX_TURNS`` turns, as ``bench_engine.py``'s random section plays them.
``ENGINE_ROOT`` holds the revision's ``engine`` and ``checks`` packages, so each revision
plays with its own legal-move generator.

Prints one line: ``cpu_seconds player_turns events fingerprint`` (as ``mirror_driver.py``).
"""

from __future__ import annotations

import random
import sys
from typing import Any

from mirror_driver import Tally, load_engine, print_timed

SETS = ("base", "intrigue", "prosperity")
MAX_TURNS = 400


def play_games(game_class: Any, step: Any, games: int, seed: int) -> Tally:
    """``games`` random games from ``seed`` on."""
    tally = Tally()
    for index in range(games):
        game = game_class.new(players=2, seed=seed + index, sets=SETS)
        rng = random.Random(seed + index)
        played = 0
        while not game.state.game_over and played < MAX_TURNS:
            step(game, rng)
            played = sum(player.turns_taken for player in game.state.players)
        tally.add(game, played)
    return tally


def main(argv: list[str]) -> None:
    games, seed = load_engine(argv, "random_driver.py")
    from checks.random_play import step
    from engine.game import Game

    print_timed(lambda: play_games(Game, step, games, seed))


if __name__ == "__main__":
    main(sys.argv[1:])
