"""``Plays.excluded``: the types a card that plays other cards may not play even when
they are among its ``types`` (Coronet: "a non-Reward Action card"). The graph links no
such pair, a position cannot have the card play one, and the declarations check does not
cover one."""

from __future__ import annotations

import pytest

from checks import interactions
from engine import cards as catalogue
from engine.entries import times_played
from engine.errors import BadPosition
from engine.model import ACTION, REWARD, TREASURE
from engine.targets import HAND, Plays


def test_covers_what_its_types_allow_but_not_what_it_excludes() -> None:
    plays = Plays(frozenset({ACTION, TREASURE}), HAND, 2, excluded=frozenset({REWARD}))
    assert plays.covers(frozenset({ACTION}))
    assert plays.covers(frozenset({TREASURE}))
    assert not plays.covers(frozenset({ACTION, REWARD}))
    assert not plays.covers(frozenset({"Victory"}))
    assert Plays(frozenset(), HAND, 1).covers(frozenset({"Victory"}))  # no types: any card


def test_coronet_plays_no_reward() -> None:
    coronet, courser, village = (catalogue.lookup(n) for n in ("Coronet", "Courser", "Village"))
    assert interactions.double_play(coronet, courser, {}) is None
    assert interactions.double_play(coronet, village, {}) is None  # bonuses only
    assert interactions.double_play(coronet, catalogue.lookup("Feast", {"base": 1}), {})
    assert times_played(coronet, village) == 2
    with pytest.raises(BadPosition, match="not Reward cards; Courser is not one"):
        times_played(coronet, courser)
