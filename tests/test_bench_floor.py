"""The benchmark's bare-lists floor plays the same game as the engine's Big Money mirror.

The floor is only a fair lower bound if it does the same work: a floor that bought less,
or ended games early, would make the engine look slower than it is. Over many games the
two must agree on how long a Big Money mirror lasts and on who tends to score what.
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

from engine.bots import BigMoney, big_money_buy, play_game
from engine.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import mirror_driver
from floor import play_floor_game

GAMES = 150


def test_floor_games_last_and_score_as_the_engines_do() -> None:
    rng = random.Random(3)
    floor_turns, floor_points = [], []
    for _ in range(GAMES):
        turns, scores = play_floor_game(rng)
        floor_turns.append(turns / 2)
        floor_points.append(sum(scores))
    engine_turns, engine_points = [], []
    for seed in range(GAMES):
        game = Game.new(players=2, kingdom=["Village"], seed=seed, colony=False)
        engine_turns.append(play_game(game, [BigMoney(), BigMoney()]).turns / 2)
        engine_points.append(game.score(0) + game.score(1))
    # A Big Money mirror lasts about 18 turns a player and ends with the Provinces gone
    # (48 VP) plus the starting Estates and the late Duchies and Estates: the means of two
    # samples of the same game differ only by chance.
    assert 15 < statistics.mean(floor_turns) < 22
    assert abs(statistics.mean(floor_turns) - statistics.mean(engine_turns)) < 1.0
    assert abs(statistics.mean(floor_points) - statistics.mean(engine_points)) < 3.0


def test_the_floor_buys_by_the_engines_rule() -> None:
    # Its own Python copy (a compiled engine must not speed the floor up), the same rule.
    for coins in range(16):
        for provinces in range(9):
            assert mirror_driver.big_money_buy(coins, provinces) == big_money_buy(coins, provinces)
