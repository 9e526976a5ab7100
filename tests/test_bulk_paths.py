"""The bulk paths are only an optimisation: the same games card by card.

The Clean-up and drawing move runs of cards in one step (``Table.move_all``,
``Table.move_top``); with ``bulk_moves=False`` every card moves on its own through
``Table.move``. Bots play all their Treasures with one call (``Game.play_treasures``);
with ``treasures_at_once=False`` they give a ``play`` command for each. Random games over
all sets and both editions, played both ways from the same seeds, make the same inputs
and end with the same event log, state and snapshot.
"""

from __future__ import annotations

import options
import pytest
from every_set import SETS, editions

from checks.random_play import play_random_game
from engine.bots import BigMoneyWith, Bot, RandomBot, play_game
from engine.errors import IllegalMove
from engine.game import Game
from engine.model import TREASURE

# A quarter unless `pytest --full` (tests/options.py).
GAMES = options.games(160)
BOT_GAMES = options.games(60)


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
                2 + seed % 3, seed, editions=editions(seed), sets=SETS, bulk_moves=bulk
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
    gold = game.table.player(0).in_play[1]
    game.table.player(0).staying.append(gold)
    game.command("end", "turn")
    assert game.table.names_of(game.table.player(0).in_play) == ["Gold"]
    assert game.table.names_of(game.table.player(0).discard) == ["Silver", "Copper", "Estate"]


def _bot_game(seed: int, treasures_at_once: bool) -> Game:
    """A bot game on a random kingdom; the bots buy its Treasures when there are some."""
    game = Game.new(players=2 + seed % 3, seed=seed, editions=editions(seed), sets=SETS)
    kingdom = game.state.kingdom
    treasures = [name for name in kingdom if TREASURE in game.table.definition_by_name(name).types]
    wanted = [*treasures, *kingdom]
    bots: list[Bot] = [
        BigMoneyWith(
            card_name=wanted[seat % len(wanted)], copies=3, treasures_at_once=treasures_at_once
        )
        for seat in range(game.table.players - 1)
    ]
    bots.append(RandomBot(seed))
    play_game(game, bots, max_turns=100 * game.table.players)
    return game


@pytest.mark.parametrize("block", range(2))
def test_bot_games_are_the_same_with_treasures_played_at_once(block: int) -> None:
    for seed in range(block, BOT_GAMES, 2):
        at_once, one_by_one = (_bot_game(seed, at_once) for at_once in (True, False))
        assert_same_game(at_once, one_by_one, f"seed {seed}, kingdom {at_once.state.kingdom}")


def test_treasures_played_at_once_stop_at_a_question_and_go_on_after_it() -> None:
    setup = {
        "players": 2,
        "kingdom": ["Loan"],
        "p1": {"hand": ["Copper", "Loan", "Silver"], "deck": ["Gold", "Estate"]},
    }
    game = Game(setup)
    assert game.play_treasures() == 2  # Copper, then Loan asks about the Gold it revealed
    assert game.pending is not None and game.pending.source == "Loan"
    with pytest.raises(IllegalMove, match="answer Loan's question first"):
        game.play_treasures()
    game.answer("discard")
    assert game.play_treasures() == 1  # Silver
    assert game.play_treasures() == 0
    assert game.table.names_of(game.table.player(0).in_play) == ["Copper", "Loan", "Silver"]
    assert [value for kind, value in game.inputs if kind == "command"] == [
        ["play", "Copper"],
        ["play", "Loan"],
        ["play", "Silver"],
    ]
