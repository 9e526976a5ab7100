"""Scoring and winners (rules/score/*): every zone, tokens, ties to fewer turns, shared."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine import rules
from engine.game import Game


def test_score_counts_every_zone_and_vp_tokens() -> None:
    game = Game(
        {
            "players": 2,
            "kingdom": ["Village", "Gardens"],
            "p1": {
                "hand": ["Estate"],
                "deck": ["Duchy"],
                "discard": ["Province", "Curse"],
                "in_play": ["Village"],
                "set_aside": ["Estate"],
                "vp_tokens": 3,
            },
        }
    )
    assert game.score(0) == 1 + 3 + 6 - 1 + 1 + 3
    assert game.score(1) == 0


def test_gardens_rounds_down_per_ten_cards() -> None:
    for count, vp in [(9, 0), (10, 1), (19, 1), (20, 2), (37, 3)]:
        cards = ["Gardens"] + ["Copper"] * (count - 1)
        game = Game({"players": 2, "kingdom": ["Gardens"], "p1": {"deck": cards}})
        assert game.score(0) == vp, count


def test_winners_most_vp() -> None:
    assert rules.winners([10, 12, 3], [5, 5, 5]) == [1]


def test_winners_tie_goes_to_fewer_turns() -> None:
    assert rules.winners([12, 12, 3], [6, 5, 5]) == [1]
    assert rules.winners([12, 12, 3], [5, 6, 5]) == [0]


def test_winners_still_tied_share() -> None:
    assert rules.winners([12, 12, 3], [5, 5, 5]) == [0, 1]
    assert rules.winners([4, 4, 4, 4], [3, 3, 3, 3]) == [0, 1, 2, 3]


def test_fewer_turns_does_not_beat_more_vp() -> None:
    assert rules.winners([11, 12], [5, 6]) == [1]


def test_negative_scores() -> None:
    assert rules.winners([-3, -1, -1], [4, 4, 3]) == [2]


def ended(turns: dict[str, int], active: str, p1: dict[str, Any], p2: dict[str, Any]) -> Game:
    game = Game(
        {
            "players": 2,
            "kingdom": ["Village"],
            "supply": {"Province": 1},
            "turns_taken": turns,
            "turn": {"player": active, "phase": "buy", "coins": 8},
            "p1": p1,
            "p2": p2,
        }
    )
    game.command("buy", "Province")
    game.command("end", "turn")
    assert game.state.game_over
    return game


def test_engine_tie_broken_by_turns() -> None:
    # p1 ends the game on their 8th turn; p2 has had 7.
    game = ended({"p1": 7, "p2": 7}, "p1", {"deck": ["Estate"]}, {"deck": ["Province", "Estate"]})
    assert game.score(0) == game.score(1) == 7
    assert game.winners() == [1]
    assert game.snapshot()["winners"] == ["p2"]


def test_engine_tie_shared_after_equal_turns() -> None:
    game = ended({"p1": 8, "p2": 7}, "p2", {"deck": ["Province"]}, {})
    assert game.score(0) == game.score(1) == 6
    assert game.winners() == [0, 1]


@given(st.lists(st.tuples(st.integers(-10, 60), st.integers(1, 30)), min_size=2, max_size=6))
def test_winners_property(players: list[tuple[int, int]]) -> None:
    scores = [score for score, _ in players]
    turns = [turn for _, turn in players]
    won = rules.winners(scores, turns)
    assert won, "someone always wins"
    best = max(scores)
    fewest = min(turn for score, turn in players if score == best)
    assert won == [i for i, (s, t) in enumerate(players) if s == best and t == fewest]
