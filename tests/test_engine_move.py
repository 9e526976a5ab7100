"""The move primitive: the only way a card moves, and the Stop-Moving rule."""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.model import Effect
from engine.state import TRASH, Event


def _run(effect: Effect[bool]) -> bool:
    """The result of an effect that asks nothing."""
    try:
        next(effect)
    except StopIteration as done:
        return bool(done.value)
    raise AssertionError("the effect asked a question")


def game_with(**p1: Any) -> Game:
    return Game(
        {
            "players": 2,
            "kingdom": ["Village", "Throne Room", "Feast"],
            "p1": p1,
            "editions": {"base": 1},
        }
    )


def card_named(game: Game, zone: list[int], name: str) -> int:
    return next(card for card in zone if game.table.name_of(card) == name)


def test_move_moves_the_card_and_logs_its_event() -> None:
    game = game_with(hand=["Copper", "Estate"])
    hand = game.table.player(0).hand
    estate = card_named(game, hand, "Estate")
    assert game.table.move(estate, ("hand", 0), ("discard", 0), Event(0, "discards", "Estate"))
    assert game.table.names_of(game.table.player(0).hand) == ["Copper"]
    assert game.table.names_of(game.table.player(0).discard) == ["Estate"]
    assert game.event_lines()[-1] == "p1 discards Estate"


def test_move_from_the_middle_of_a_zone_keeps_the_others_in_order() -> None:
    game = game_with(deck=["Gold", "Silver", "Copper"])  # top first
    silver = card_named(game, game.table.player(0).deck, "Silver")
    assert game.table.move(silver, ("deck", 0), TRASH)
    assert game.snapshot()["players"]["p1"]["deck"] == ["Gold", "Copper"]
    assert game.table.names_of(game.state.trash) == ["Silver"]


def test_move_to_the_top_and_to_the_bottom_of_the_deck() -> None:
    game = game_with(deck=["Silver"], hand=["Gold", "Copper"])
    gold = card_named(game, game.table.player(0).hand, "Gold")
    copper = card_named(game, game.table.player(0).hand, "Copper")
    assert game.table.move(gold, ("hand", 0), ("deck", 0))
    assert game.table.move(copper, ("hand", 0), ("deck", 0), bottom=True)
    assert game.snapshot()["players"]["p1"]["deck"] == ["Gold", "Silver", "Copper"]


def test_move_refuses_a_card_that_is_not_where_expected_and_logs_nothing() -> None:
    game = game_with(hand=["Copper"], discard=["Estate"])
    estate = card_named(game, game.table.player(0).discard, "Estate")
    before = (game.snapshot(), game.event_lines())
    assert not game.table.move(estate, ("hand", 0), TRASH, Event(0, "trashes", "Estate"))
    assert (game.snapshot(), game.event_lines()) == before
    assert game.state.where_is(estate) == ("discard", 0)


def test_move_refuses_a_card_of_another_players_zone() -> None:
    game = Game({"players": 2, "kingdom": [], "p2": {"hand": ["Gold"]}})
    gold = game.table.player(1).hand[0]
    assert not game.table.move(gold, ("hand", 0), ("discard", 0))
    assert game.state.where_is(gold) == ("hand", 1)


def test_verbs_report_whether_the_move_happened() -> None:
    game = game_with(hand=["Copper"])
    copper = game.table.player(0).hand[0]
    assert _run(game.verbs.discard(0, copper))
    events = len(game.event_lines())
    assert not _run(game.verbs.discard(0, copper))  # no longer in hand
    assert not game.verbs.topdeck(0, copper)
    assert not game.verbs.set_aside(0, copper)
    assert len(game.event_lines()) == events
    trashing = game.verbs.trash(0, copper, ("hand", 0))
    try:
        next(trashing)
    except StopIteration as done:
        assert done.value is False
    assert game.state.where_is(copper) == ("discard", 0)


def test_gain_from_an_empty_pile_moves_nothing() -> None:
    game = Game({"players": 2, "kingdom": [], "supply": {"Silver": 0}})
    gaining = game.verbs.gain(0, "Silver")
    try:
        next(gaining)
    except StopIteration as done:
        assert done.value is None
    assert game.event_lines() == []
    assert game.table.player(0).discard == []


def test_stop_moving_throne_room_feast_is_trashed_once() -> None:
    game = game_with(hand=["Throne Room", "Feast"])
    feast = card_named(game, game.table.player(0).hand, "Feast")
    game.command("play", "Throne Room")  # Feast, the only Action, is chosen without asking
    game.answer("Duchy")
    game.answer("Silver")
    assert game.state.trash == [feast]
    assert game.event_lines().count("p1 trashes Feast") == 1
    assert game.event_lines().count("p1 plays Feast") == 2
    assert game.table.names_of(game.table.player(0).discard) == ["Duchy", "Silver"]


def test_every_card_stays_in_exactly_one_zone_after_moves() -> None:
    game = game_with(hand=["Copper", "Estate"], deck=["Gold"], discard=["Silver"])
    for card in list(game.table.player(0).hand):
        game.table.move(card, ("hand", 0), TRASH)
        game.table.move(card, ("hand", 0), TRASH)  # a second try finds it gone
    ids = [c for pile in game.state.supply.values() for c in pile] + game.state.trash
    for player in game.state.players:
        ids += player.all_cards()
    assert sorted(ids) == list(range(len(game.state.names)))
