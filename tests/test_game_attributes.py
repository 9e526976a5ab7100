"""Each part of a game keeps its attributes inline (``engine.table.Table``): at most 29.

CPython 3.11 shares the attribute names of a class's instances in one table of at most
about 30 entries; an instance with more gets a dict of its own, and then no method call
or attribute read on it is specialised (about a tenth more instructions per mirror game,
``benchmarks/bench_revisions.py --instructions``). The driver and each part it holds (the
table, the listeners, the verbs, the turn) are counted. A structural check, not a timing."""

from __future__ import annotations

import pytest

from engine.game import Game

MAX_ATTRIBUTES = 29


@pytest.mark.parametrize("record", [True, False])
@pytest.mark.parametrize("part", ["game", "table", "listeners", "verbs", "turn"])
def test_each_part_of_a_game_has_at_most_29_attributes(record: bool, part: str) -> None:
    game = Game.new(seed=0, record=record)
    game.command("end", "turn")
    held = game if part == "game" else getattr(game, part)
    attributes = getattr(held, "__dict__", None)
    if attributes is None:
        pytest.skip("the compiled engine keeps no attribute dict")
    assert len(attributes) <= MAX_ATTRIBUTES, sorted(attributes)
