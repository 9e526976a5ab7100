"""The bulk paths are only an optimisation: the same games card by card.

The Clean-up and drawing move runs of cards in one step (``Table.move_all``,
``Table.move_top``); with ``bulk_moves=False`` every card moves on its own through
``Table.move``. Random games over all sets and both editions, played both ways from the
same seeds, make the same inputs and end with the same event log, state and snapshot.
"""

from __future__ import annotations

import pytest

from checks.random_play import play_random_game
from engine.game import Game

SETS = ("base", "intrigue", "prosperity")
GAMES = 160


def _editions(seed: int) -> dict[str, int]:
    return {"base": 1 + seed % 2, "intrigue": 1 + seed // 2 % 2, "prosperity": 1 + seed // 4 % 2}


def assert_same_game(bulk: Game, one_by_one: Game, where: str) -> None:
    assert bulk.inputs == one_by_one.inputs, where
    assert bulk.state.events == one_by_one.state.events, where
    assert bulk.state == one_by_one.state, where
    assert bulk.snapshot() == one_by_one.snapshot(), where


@pytest.mark.parametrize("block", range(4))
def test_random_games_are_the_same_with_and_without_bulk_moves(block: int) -> None:
    for seed in range(block, GAMES, 4):
        bulk, one_by_one = (
            play_random_game(
                2 + seed % 3, seed, editions=_editions(seed), sets=SETS, bulk_moves=bulk
            ).game
            for bulk in (True, False)
        )
        assert_same_game(bulk, one_by_one, f"seed {seed}, kingdom {bulk.state.kingdom}")


def test_a_clean_up_with_a_staying_card_is_done_card_by_card() -> None:
    # The bulk Clean-up moves whole zones; a card staying in play must not go with them.
    setup = {
        "players": 2,
        "p1": {"hand": ["Copper", "Estate"], "in_play": ["Silver", "Gold"], "deck": ["Duchy"] * 5},
    }
    game = Game(setup)
    gold = game.player(0).in_play[1]
    game.player(0).staying.append(gold)
    game.command("end", "turn")
    assert game.names_of(game.player(0).in_play) == ["Gold"]
    assert game.names_of(game.player(0).discard) == ["Silver", "Copper", "Estate"]
