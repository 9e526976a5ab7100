"""The seam for cards that stay in play across turns, proven with a test-only Duration
card (no Seaside card exists yet): it stays in play at Clean-up with the card that
played it, its effect at the start of its owner's next turn fires, and the state, the
snapshot, the JSON round trip, replay, the invariants and both command paths agree."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engine.cards as catalogue
from checks.invariants import created_by_setup, violations
from checks.random_play import play_random_game
from engine.context import Context, TriggerContext
from engine.game import Game
from engine.model import ACTION, Card, Effect, Trigger


def _now(ctx: Context) -> Effect[None]:
    ctx.game.stay_in_play(ctx)
    ctx.game.at_start_of_next_turn(ctx, 0)
    yield from ()


def _next_turn(ctx: TriggerContext) -> Effect[None]:
    ctx.game.bonus(ctx.owner, cards=2, buys=1)
    yield from ()


# Like Seaside's Wharf: +2 Cards +1 Buy now and at the start of your next turn.
DOCK = Card(
    "Test Dock",
    "base",
    5,
    frozenset({ACTION}),
    "Now and at the start of your next turn: +2 Cards and +1 Buy.",
    cards=2,
    buys=1,
    effect=_now,
    triggers=(Trigger("start", "next_turn", _next_turn),),
)


@pytest.fixture(autouse=True)
def dock_in_catalogue(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(catalogue._BY_NAME, DOCK.name, (DOCK,))
    yield


def _game(hand: list[str], plain: bool = True) -> Game:
    deck = ["Copper"] * 10 + ["Estate"] * 10
    setup: dict[str, Any] = {
        "players": 2,
        "kingdom": ["Test Dock", "Throne Room"],
        "p1": {"hand": hand, "deck": deck},
        "p2": {"hand": ["Copper"] * 5, "deck": deck},
    }
    return Game(setup, plain_commands=plain)


def test_a_duration_card_stays_in_play_and_acts_at_the_start_of_the_next_turn() -> None:
    for plain in (True, False):
        game = _game(["Test Dock", "Copper"], plain)
        game.command("play", "Test Dock")
        assert len(game.player(0).hand) == 1 + 2
        game.command("end", "turn")
        p1 = game.snapshot()["players"]["p1"]
        assert p1["in_play"] == ["Test Dock"] and p1["staying"] == ["Test Dock"]
        assert p1["next_turn"] == ["Test Dock"]
        game.command("end", "turn")
        assert game.active == 0
        assert len(game.player(0).hand) == 5 + 2, plain  # the next turn's +2 Cards
        assert game.state.turn.buys == 2
        assert "staying" not in game.snapshot()["players"]["p1"]
        game.command("end", "turn")  # this Clean-up discards it
        assert game.player(0).in_play == []


def test_throne_room_stays_with_the_duration_card_and_its_effect_happens_twice() -> None:
    game = _game(["Throne Room", "Test Dock"])
    game.command("play", "Throne Room")
    game.answer("Test Dock")
    game.command("end", "turn")
    assert game.snapshot()["players"]["p1"]["in_play"] == ["Throne Room", "Test Dock"]
    game.command("end", "turn")  # p2 does nothing; p1's turn starts
    assert len(game.player(0).hand) == 5 + 4
    assert game.state.turn.buys == 3
    game.command("end", "turn")
    assert game.player(0).in_play == []


def test_json_round_trip_replay_and_invariants_include_duration_cards() -> None:
    game = _game(["Test Dock", "Copper"])
    created = created_by_setup(game)
    game.command("play", "Test Dock")
    game.command("end", "turn")
    assert violations(game, created, end_of_turn=True) == []
    again = Game.from_json(game.to_json())
    assert again.snapshot() == game.snapshot()
    assert again.state == game.state
    # The invariant sees a card left in play that does not stay.
    game.player(0).staying.clear()
    assert any("left in play" in problem for problem in violations(game, created, end_of_turn=True))


def test_random_games_with_a_duration_card_are_the_same_on_both_paths() -> None:
    kingdom = ["Test Dock", "Throne Room", "Village", "Smithy", "Militia", "Moat"]
    kingdom += ["Market", "Chapel", "Workshop", "Festival"]
    docks_played = 0
    for seed in range(12):
        games = [
            play_random_game(2 + seed % 2, seed, kingdom=kingdom, plain_commands=plain).game
            for plain in (True, False)
        ]
        assert games[0].event_lines() == games[1].event_lines(), seed
        assert games[0].state == games[1].state, seed
        docks_played += games[0].event_lines().count("p1 plays Test Dock")
    assert docks_played > 0  # the games did exercise the Duration card
