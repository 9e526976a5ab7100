"""A game's attributes stay inline (``engine.table.Table``): at most 29 of them.

CPython 3.11 shares the attribute names of a class's instances in one table of at most
about 30 entries; a game with more gets a dict of its own, and then no method call or
attribute read on it is specialised (about a tenth more instructions per mirror game,
``benchmarks/bench_revisions.py --instructions``). A structural check, not a timing."""

from __future__ import annotations

import pytest

from engine.game import Game

MAX_ATTRIBUTES = 29


@pytest.mark.parametrize("record", [True, False])
def test_a_game_has_at_most_29_attributes(record: bool) -> None:
    game = Game.new(seed=0, record=record)
    game.command("end", "turn")
    attributes = getattr(game, "__dict__", None)
    if attributes is None:
        pytest.skip("the compiled engine keeps no attribute dict")
    assert len(attributes) <= MAX_ATTRIBUTES, sorted(attributes)
