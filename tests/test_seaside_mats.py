"""Seaside's mats, tokens, set-aside cards and extra turns in the engine's state: a setup
gives the position that playing reaches, the snapshot shows them only while there are
any, the JSON round trip and replay keep them, the invariants see them, and the
scenario format's additions are named so that an engine that does not declare them is
not sent them (SEASIDE-FORMAT sections 2-10)."""

from __future__ import annotations

from typing import Any

import pytest

from checks.invariants import created_by_setup, violations
from engine.game import Game
from engine.state import Event, event_line
from scenarios.loader import build_setup, format_features, match_event

DECK = ["Copper"] * 10


def _names(game: Game, player: int) -> dict[str, Any]:
    state = game.table.player(player)
    return {
        "in_play": game.table.names_of(state.in_play),
        "set_aside": game.table.names_of(state.set_aside),
        "held": [(game.table.name_of(c), game.table.name_of(by)) for c, by in state.held],
        "staying": game.table.names_of(state.staying),
        "next_turn": game.table.names_of(card for card, _ in state.next_turn),
    }


def _two_players(p1: dict[str, Any], **setup: Any) -> dict[str, Any]:
    return {
        "players": 2,
        "kingdom": ["Haven", "Blockade", "Throne Room"],
        "p1": {"deck": DECK, **p1},
        "p2": {"hand": ["Copper"] * 5, "deck": DECK},
        **setup,
    }


@pytest.mark.parametrize(
    ("hand", "answers", "entry"),
    [
        (["Haven", "Gold"], ["Gold"], {"card": "Haven", "set_aside": ["Gold"]}),
        (
            ["Throne Room", "Haven", "Gold", "Province"],
            ["Haven", "Gold", "Province"],
            {"card": "Haven", "by": "Throne Room", "set_aside": ["Gold", "Province"]},
        ),
        (["Blockade"], ["Silver"], {"card": "Blockade", "set_aside": ["Silver"]}),
    ],
)
def test_a_held_card_from_a_setup_is_the_position_playing_reaches(
    hand: list[str], answers: list[str], entry: dict[str, Any]
) -> None:
    played = Game(_two_players({"hand": hand}, editions={"base": 2}))
    played.command("play", hand[0])
    for answer in answers:
        played.answer(answer)
    played.command("end", "turn")
    given = Game(_two_players({"durations": [entry]}, turn={"player": "p2"}))
    assert _names(given, 0) == _names(played, 0)


def test_held_cards_survive_json_and_replay_and_the_invariants_watch_them() -> None:
    game = Game(_two_players({"hand": ["Haven", "Gold"]}))
    created = created_by_setup(game)
    game.command("play", "Haven")
    game.answer("Gold")
    game.command("end", "turn")
    assert violations(game, created, end_of_turn=True) == []
    assert game.snapshot()["players"]["p1"]["held"] == [["Gold", "Haven"]]
    again = Game.from_json(game.to_json())
    assert again.state == game.state
    # A held card that left the set-aside zone without being let go is a broken state.
    gold = game.table.player(0).set_aside.pop()
    game.table.player(0).hand.append(gold)
    assert any("held with a Duration" in v for v in violations(game, created, end_of_turn=True))


def test_the_snapshot_shows_mats_tokens_and_extra_turns_only_while_there_are_any() -> None:
    plain = Game({"players": 2, "kingdom": ["Village"], "p1": {"hand": ["Copper"]}}).snapshot()
    assert "embargo" not in plain and "extra" not in plain["turn"]
    assert {"island", "native_village", "pirate_ship", "held"}.isdisjoint(plain["players"]["p1"])


def test_templated_event_lines_read_back_as_event_lines() -> None:
    lines = [
        event_line(Event(0, "puts {} into hand", "Gold")),
        event_line(Event(1, "puts {} on the Island mat", "Estate")),
        event_line(Event(0, "puts {} on the Native Village mat", "Gold")),
        event_line(Event(0, "resolves", "Haven")),
        event_line(Event(0, "embargoes", "Silver")),
        event_line(Event(1, "takes a Coin token")),
        event_line(Event(0, "starts a turn")),
        event_line(Event(0, "starts an extra turn")),
    ]
    assert lines[:2] == ["p1 puts Gold into hand", "p2 puts Estate on the Island mat"]
    cards = [m.groupdict().get("card") if (m := match_event(line)) else "?" for line in lines]
    assert cards == ["Gold", "Estate", "Gold", "Haven", "Silver", None, None, None]


@pytest.mark.parametrize(
    ("raw", "feature"),
    [
        ({"p1": {"durations": [{"card": "Haven", "set_aside": ["Gold"]}]}}, "set_aside_with"),
        ({"p1": {"island": ["Estate"]}}, "mats"),
        ({"p2": {"pirate_ship": 2}}, "mats"),
        ({"embargo": {"Silver": 1}}, "embargo"),
        ({"turn": {"extra": True}}, "extra_turn"),
        ({"p2": {"gained_last_turn": ["Silver"]}}, "gained_last_turn"),
    ],
)
def test_each_seaside_addition_is_a_format_feature(raw: dict[str, Any], feature: str) -> None:
    assert feature in format_features(build_setup(raw, [], {}, 0))


def test_what_means_the_version_1_default_is_no_feature() -> None:
    raw: dict[str, Any] = {"turn": {"extra": False}, "embargo": {"Silver": 0}}
    setup = build_setup({**raw, "p1": {"island": [], "pirate_ship": 0}}, [], {}, 0)
    assert format_features(setup) == []
    assert "extra" not in setup["turn"] and "embargo" not in setup
    # An entry {card} alone is no played_by: that is an entry with by.
    entry = {"p1": {"in_play": [{"card": "Village"}]}}
    assert format_features(build_setup(entry, [], {}, 0)) == []


def test_mats_are_the_players_zones_in_the_snapshot_the_observation_and_the_invariants() -> None:
    from scenarios.adapters.reference import ReferenceAdapter

    setup = {
        "players": 2,
        "kingdom": ["Island", "Native Village"],
        "p1": {"hand": ["Native Village"], "deck": ["Gold"], "island": ["Island", "Estate"]},
    }
    game = Game(setup)
    created = created_by_setup(game)
    game.command("play", "Native Village")
    game.answer("mat")
    shown = game.snapshot()["players"]["p1"]
    assert (shown["island"], shown["native_village"]) == (["Island", "Estate"], ["Gold"])
    assert violations(game, created, end_of_turn=False) == []
    assert game.score(0) == 3  # Island's 2 VP and the Estate, both on the mat
    adapter = ReferenceAdapter()
    adapter.load(build_setup({"p1": {"hand": ["Copper"]}}, ["Island"], {}, 0))
    observed = adapter.observe()
    assert (
        observed["players"]["p2"]["island"] == [] and observed["players"]["p2"]["pirate_ship"] == 0
    )
    assert observed["embargo"] == {} and observed["turns_taken"] == {"p1": 0, "p2": 0}
    assert observed["turn"]["extra"] is False


def test_an_extra_turn_from_a_setup_is_the_one_outpost_gives() -> None:
    deck = ["Copper"] * 10
    setup = {"players": 2, "kingdom": ["Outpost"], "p1": {"hand": ["Outpost"], "deck": deck}}
    played = Game(setup)
    played.command("play", "Outpost")
    played.command("end", "turn")
    assert played.snapshot()["turn"]["extra"] is True
    assert Game.from_json(played.to_json()).state == played.state
    given = Game(
        {
            "players": 2,
            "kingdom": ["Outpost"],
            "turn": {"player": "p1", "extra": True},
            "turns_taken": {"p1": 1},
            "p1": {"durations": ["Outpost"], "hand": ["Copper"] * 3, "deck": deck[:7]},
        }
    )
    for game in (played, given):
        game.command("end", "turn")  # the extra turn ends: no third turn, not counted
    assert given.snapshot() == played.snapshot()
    assert played.state.turn.player == 1 and played.table.player(0).turns_taken == 1


def test_each_players_last_turn_gains_are_recorded_when_their_turn_ends() -> None:
    setup = {
        "players": 2,
        "kingdom": ["Workshop", "Smugglers"],
        "p1": {"hand": ["Workshop", "Copper", "Copper", "Copper"], "deck": DECK},
        "p2": {"hand": ["Copper"] * 5, "deck": DECK, "gained_last_turn": ["Gold"]},
    }
    game = Game(setup)
    game.command("play", "Workshop")
    game.answer("Estate")
    assert game.table.player(0).gained_last_turn == []  # the turn is not over yet
    game.play_treasures()
    game.command("buy", "Silver")
    game.command("end", "turn")
    shown = game.snapshot()["players"]
    assert shown["p1"]["gained_last_turn"] == ["Estate", "Silver"]
    assert shown["p2"]["gained_last_turn"] == ["Gold"]  # p2's last turn is still the one before
    assert Game.from_json(game.to_json()).state == game.state
