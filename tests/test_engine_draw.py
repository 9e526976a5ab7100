"""Drawing and reshuffling (rules/shuffle/*): shuffle orders, both zones empty, seeds."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.errors import BadPosition
from engine.game import Game, shuffle_in_place


def game_with(seed: int = 0, **p1: Any) -> Game:
    return Game({"players": 2, "kingdom": ["Smithy", "Village"], "seed": seed, "p1": p1})


def deck(game: Game, player: int = 0) -> list[str]:
    return list(game.snapshot()["players"][f"p{player + 1}"]["deck"])


def test_draw_takes_from_the_top_one_at_a_time() -> None:
    game = game_with(deck=["Gold", "Silver", "Copper", "Estate"])
    drawn = game.verbs.draw(0, 3)
    assert game.table.names_of(drawn) == ["Gold", "Silver", "Copper"]
    assert deck(game) == ["Estate"]
    assert game.event_lines() == ["p1 draws Gold", "p1 draws Silver", "p1 draws Copper"]


def test_draw_through_a_shuffle_uses_the_deck_first_and_shuffles_only_the_discard() -> None:
    game = game_with(
        deck=["Gold"],
        discard=["Copper", "Estate", "Duchy"],
        shuffles=[["Estate", "Duchy", "Copper"]],
    )
    drawn = game.verbs.draw(0, 3)
    assert game.table.names_of(drawn) == ["Gold", "Estate", "Duchy"]
    assert deck(game) == ["Copper"]
    assert game.table.player(0).discard == []
    assert game.event_lines() == [
        "p1 draws Gold",
        "p1 shuffles",
        "p1 draws Estate",
        "p1 draws Duchy",
    ]


def test_a_shuffle_order_that_includes_a_drawn_card_is_refused() -> None:
    # Gold is drawn before the shuffle, so it is not among the shuffled cards.
    game = game_with(deck=["Gold"], discard=["Copper"], shuffles=[["Gold", "Copper"]])
    with pytest.raises(BadPosition):
        game.verbs.draw(0, 2)


def test_shuffle_orders_are_used_in_turn() -> None:
    game = game_with(
        discard=["Copper", "Silver"], shuffles=[["Silver", "Copper"], ["Copper", "Silver"]]
    )
    assert game.table.names_of(game.verbs.draw(0, 2)) == ["Silver", "Copper"]
    for card in list(game.table.player(0).hand):
        game.table.move(card, ("hand", 0), ("discard", 0))
    assert game.table.names_of(game.verbs.draw(0, 2)) == ["Copper", "Silver"]
    assert game.event_lines().count("p1 shuffles") == 2


def test_both_empty_draws_nothing_and_does_not_shuffle() -> None:
    game = game_with()
    assert game.verbs.draw(0, 5) == []
    assert game.event_lines() == []
    assert game.verbs.top_of_deck(0) is None


def test_short_of_cards_everywhere_draws_what_there_is() -> None:
    game = game_with(deck=["Gold"], discard=["Silver"])
    assert sorted(game.table.names_of(game.verbs.draw(0, 5))) == ["Gold", "Silver"]
    assert game.event_lines().count("p1 shuffles") == 1
    assert deck(game) == [] and game.table.player(0).discard == []


def test_top_of_deck_shuffles_only_when_the_deck_is_empty() -> None:
    game = game_with(deck=["Gold"], discard=["Silver"])
    assert game.table.name_of(game.verbs.top_of_deck(0) or -1) == "Gold"
    assert "p1 shuffles" not in game.event_lines()
    game.verbs.draw(0, 1)
    assert game.table.name_of(game.verbs.top_of_deck(0) or -1) == "Silver"
    assert "p1 shuffles" in game.event_lines()


def test_cards_in_play_are_not_shuffled_in() -> None:
    game = Game(
        {
            "players": 2,
            "kingdom": ["Smithy", "Village"],
            "turn": {"actions": 2},
            "p1": {"in_play": ["Village"], "hand": ["Smithy"], "discard": ["Estate"]},
        }
    )
    game.command("play", "Smithy")
    snapshot = game.snapshot()["players"]["p1"]
    assert snapshot["hand"] == ["Estate"]
    assert sorted(snapshot["in_play"]) == ["Smithy", "Village"]


def random_order(seed: int) -> list[str]:
    names = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", "Village"]
    game = game_with(seed=seed, discard=names)
    return game.table.names_of(game.verbs.draw(0, len(names)))


def test_random_shuffles_are_reproducible_from_the_seed() -> None:
    assert random_order(3) == random_order(3)
    orders = {tuple(random_order(seed)) for seed in range(8)}
    assert len(orders) > 1
    assert all(sorted(order) == sorted(random_order(0)) for order in orders)


def test_clean_up_draws_five_through_a_shuffle() -> None:
    game = game_with(
        deck=["Gold", "Gold"],
        hand=["Estate"],
        discard=["Copper", "Copper", "Copper"],
        shuffles=[["Copper", "Estate", "Copper", "Copper"]],
    )
    game.command("end", "turn")
    hand = game.snapshot()["players"]["p1"]["hand"]
    assert hand == ["Gold", "Gold", "Copper", "Estate", "Copper"]
    assert deck(game) == ["Copper"]


@pytest.mark.parametrize("seed", range(20))
def test_shuffle_in_place_is_random_shuffle_card_for_card(seed: int) -> None:
    # The engine's shuffle is a faster spelling of Random.shuffle: the same order and the
    # same random bits used, so seeded games stay reproducible.
    for length in range(0, 45):
        ours, theirs = list(range(length)), list(range(length))
        ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
        shuffle_in_place(ours, ours_rng)
        theirs_rng.shuffle(theirs)
        assert ours == theirs
        assert ours_rng.getstate() == theirs_rng.getstate()
