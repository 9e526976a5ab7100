"""The seam for cards that stay in play across turns, proven with a test-only Duration
card (no Seaside card exists yet): it stays in play at Clean-up with the card that
played it, its effect at the start of its owner's next turn fires, and the state, the
snapshot, the JSON round trip, replay, the invariants and both command paths agree."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

import engine.cards as catalogue
from checks.invariants import created_by_setup, violations
from checks.random_play import play_random_game
from engine.context import Context, TriggerContext
from engine.game import Game
from engine.model import ACTION, Card, Cost, Effect, Trigger


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
    Cost(5),
    frozenset({ACTION}),
    "Now and at the start of your next turn: +2 Cards and +1 Buy.",
    cards=2,
    buys=1,
    effect=_now,
    triggers=(Trigger("start", "next_turn", _next_turn),),
)


@pytest.fixture(autouse=True)
def dock_in_catalogue() -> Iterator[None]:
    with catalogue.installed(SimpleNamespace(CARDS=(DOCK,))):
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
        assert len(game.table.player(0).hand) == 1 + 2
        game.command("end", "turn")
        p1 = game.snapshot()["players"]["p1"]
        assert p1["in_play"] == ["Test Dock"] and p1["staying"] == ["Test Dock"]
        assert p1["next_turn"] == ["Test Dock"]
        game.command("end", "turn")
        assert game.table.active == 0
        assert len(game.table.player(0).hand) == 5 + 2, plain  # the next turn's +2 Cards
        assert game.state.turn.buys == 2
        assert "staying" not in game.snapshot()["players"]["p1"]
        game.command("end", "turn")  # this Clean-up discards it
        assert game.table.player(0).in_play == []


def test_throne_room_stays_with_the_duration_card_and_its_effect_happens_twice() -> None:
    game = _game(["Throne Room", "Test Dock"])
    game.command("play", "Throne Room")
    game.answer("Test Dock")
    game.command("end", "turn")
    assert game.snapshot()["players"]["p1"]["in_play"] == ["Throne Room", "Test Dock"]
    game.command("end", "turn")  # p2 does nothing; p1's turn starts
    assert len(game.table.player(0).hand) == 5 + 4
    assert game.state.turn.buys == 3
    game.command("end", "turn")
    assert game.table.player(0).in_play == []


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
    game.table.player(0).staying.clear()
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


# --- the same positions given by a setup (pN.durations, SEASIDE-FORMAT section 3) --------


def _setup(p1: dict[str, Any], turn: dict[str, Any] | None = None) -> dict[str, Any]:
    deck = ["Copper"] * 10 + ["Estate"] * 10
    return {
        "players": 2,
        "kingdom": ["Test Dock", "Throne Room", "King's Court"],
        "turn": turn or {"player": "p2", "phase": "buy"},
        "p1": {"deck": deck, **p1},
        "p2": {"hand": ["Copper"] * 5, "deck": deck},
    }


def _zones_in_names(game: Game, player: int) -> dict[str, list[str]]:
    state = game.table.player(player)
    return {
        "in_play": game.table.names_of(state.in_play),
        "staying": game.table.names_of(state.staying),
        "next_turn": game.table.names_of(card for card, _ in state.next_turn),
    }


def test_a_duration_from_an_earlier_turn_is_the_position_playing_it_reaches() -> None:
    played = _game(["Test Dock"])
    played.command("play", "Test Dock")
    played.command("end", "turn")
    given = Game(_setup({"durations": ["Test Dock"]}))
    assert _zones_in_names(given, 0) == _zones_in_names(played, 0)
    assert _zones_in_names(given, 0)["next_turn"] == ["Test Dock"]
    assert violations(given, created_by_setup(given), end_of_turn=True) == []


def test_a_setup_duration_acts_at_its_owners_next_turn_and_then_leaves_play() -> None:
    for plain in (True, False):
        game = Game(
            _setup({"hand": ["Copper"] * 5, "durations": ["Test Dock"]}), plain_commands=plain
        )
        game.command("end", "turn")  # p2's turn ends; p1's starts
        assert game.table.active == 0 and len(game.table.player(0).hand) == 5 + 2, plain
        assert game.state.turn.buys == 2
        assert game.snapshot()["players"]["p1"]["in_play"] == ["Test Dock"]
        game.command("end", "turn")  # this Clean-up discards it
        assert game.table.player(0).in_play == []


def test_a_setup_duration_played_by_kings_court_acts_three_times_and_keeps_it_in_play() -> None:
    game = Game(_setup({"durations": [{"card": "Test Dock", "by": "King's Court"}]}))
    assert _zones_in_names(game, 0) == {
        "in_play": ["King's Court", "Test Dock"],
        "staying": ["Test Dock", "King's Court"],
        "next_turn": ["Test Dock"] * 3,
    }
    game.command("end", "turn")
    assert len(game.table.player(0).hand) == 3 * 2 and game.state.turn.buys == 1 + 3
    game.command("end", "turn")
    assert game.table.player(0).in_play == []


def test_the_active_players_durations_acted_already_unless_the_turn_is_about_to_start() -> None:
    during = Game(_setup({"durations": ["Test Dock"]}, {"player": "p1", "phase": "action"}))
    assert _zones_in_names(during, 0) == {"in_play": ["Test Dock"], "staying": [], "next_turn": []}
    assert during.table.player(0).hand == [] and during.state.turn.buys == 1
    during.command("end", "turn")  # its Clean-up discards it: nothing is left to do
    assert during.table.player(0).in_play == []
    starting = Game(_setup({"durations": ["Test Dock"]}, {"player": "p1", "phase": "start"}))
    assert len(starting.table.player(0).hand) == 2 and starting.state.turn.buys == 2
    assert starting.table.player(0).next_turn == [] and starting.table.player(0).staying == []


def test_a_duration_played_this_turn_in_the_setup_stays_and_acts_next_turn() -> None:
    game = Game(_setup({"in_play": ["Test Dock"]}, {"player": "p1", "phase": "buy"}))
    assert game.state.turn.plays == ["Test Dock"]
    game.command("end", "turn")
    assert game.snapshot()["players"]["p1"]["in_play"] == ["Test Dock"]
    game.command("end", "turn")
    assert len(game.table.player(0).hand) == 5 + 2


def test_a_setup_with_durations_survives_json_and_replay() -> None:
    game = Game(_setup({"durations": [{"card": "Test Dock", "by": "Throne Room"}]}))
    game.command("end", "turn")
    again = Game.from_json(game.to_json())
    assert again.state == game.state


def test_a_scenario_with_durations_is_skipped_by_an_engine_that_does_not_declare_them() -> None:
    from scenarios.adapters.reference import ReferenceAdapter
    from scenarios.loader import load_text
    from scenarios.model import CardIndex
    from scenarios.runner import Status, run_scenario

    cards = CardIndex.from_cards([*catalogue.ALL_CARDS, DOCK])
    text = """
id: mine/test-dock/next-turn
title: A Test Dock from p1's last turn draws 2 at the start of p1's turn
setup:
  kingdom: [Test Dock]
  turn: {player: p2, phase: buy}
  p1:
    hand: [Estate]
    deck: [Copper, Copper, Silver, Silver, Gold]
    durations: [Test Dock]
steps:
  - end: turn
expect:
  p1: {hand: [Estate, Copper, Copper], deck: [Silver, Silver, Gold], in_play: [Test Dock]}
  turn: {player: p1, buys: 2}
"""

    class WithDock(ReferenceAdapter):
        def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
            return None  # the Test Dock is in the catalogue for this test only

    scenario = load_text(text, "mine.yaml", cards, rulings=())
    assert run_scenario(scenario, WithDock()).status == Status.PASS
    wrong = load_text(text.replace("buys: 2", "buys: 1"), "mine.yaml", cards, rulings=())
    assert run_scenario(wrong, WithDock()).status == Status.FAIL

    class VersionOne(WithDock):
        name = "version-one"

        def supported_features(self) -> frozenset[str]:
            return frozenset()

    skipped = run_scenario(scenario, VersionOne())
    assert (skipped.status, skipped.message) == (
        Status.SKIP,
        "version-one does not declare the format additions durations",
    )
