"""Prosperity set-up and catalogue facts that single scenarios cannot show: the random
Colony rule, Trade Route's tokens, Charlatan's Curse, and the two editions' card lists."""

from __future__ import annotations

import pytest

from engine import cards as catalogue
from engine.cards import prosperity
from engine.game import Game
from engine.model import CURSE, TREASURE

ALL_PROSPERITY_1 = [c.name for c in catalogue.kingdom_cards("prosperity", 1)][:10]
BASE_ONLY = [
    "Village",
    "Smithy",
    "Festival",
    "Laboratory",
    "Market",
    "Moat",
    "Chapel",
    "Workshop",
    "Militia",
    "Witch",
]


def _colony_share(kingdom: list[str], seeds: range) -> float:
    games = [Game.new(players=2, kingdom=kingdom, seed=seed) for seed in seeds]
    return sum(game.state.colony for game in games) / len(games)


def test_all_prosperity_kingdom_always_uses_colony() -> None:
    # prosperity/platinum/2: a game whose Kingdom cards all come from Prosperity
    assert _colony_share(ALL_PROSPERITY_1, range(40)) == 1.0
    game = Game.new(players=2, kingdom=ALL_PROSPERITY_1, seed=3)
    assert {"Platinum", "Colony"} <= set(game.state.supply)


def test_no_prosperity_card_never_uses_colony() -> None:
    assert _colony_share(BASE_ONLY, range(40)) == 0.0


def test_colony_chance_is_the_share_of_prosperity_cards() -> None:
    # Half the Kingdom from Prosperity: Colony in about half the games, and Platinum
    # always with it (prosperity/platinum/2).
    mixed = BASE_ONLY[:5] + ALL_PROSPERITY_1[:5]
    share = _colony_share(mixed, range(400))
    assert 0.4 < share < 0.6
    for seed in range(20):
        game = Game.new(players=2, kingdom=mixed, seed=seed)
        assert ("Platinum" in game.state.supply) == ("Colony" in game.state.supply)


def test_colony_chance_uses_the_kingdom_size() -> None:
    # Two Prosperity cards out of four: about half, not two tenths.
    share = _colony_share(["Village", "Smithy", "Bank", "City"], range(400))
    assert 0.4 < share < 0.6


@pytest.mark.parametrize("edition", [1, 2])
def test_twenty_five_kingdom_cards_per_edition(edition: int) -> None:
    assert len(catalogue.kingdom_cards("prosperity", edition)) == 25


def test_edition_changes_match_the_catalogue() -> None:
    first = {c.name for c in catalogue.kingdom_cards("prosperity", 1)}
    second = {c.name for c in catalogue.kingdom_cards("prosperity", 2)}
    assert first - second == {
        "Contraband",
        "Counting House",
        "Goons",
        "Loan",
        "Mountebank",
        "Royal Seal",
        "Talisman",
        "Trade Route",
        "Venture",
    }
    assert second - first == {
        "Anvil",
        "Charlatan",
        "Clerk",
        "Collection",
        "Crystal Ball",
        "Investment",
        "Magnate",
        "Tiara",
        "War Chest",
    }
    changed = {c.name for c in prosperity.CARDS if c.editions in ((1,), (2,))} & first & second
    assert changed == {"Hoard", "Mint", "Quarry", "Watchtower"}
    # Watchtower was only reworded: both definitions do the same.
    old, new = sorted(catalogue.definitions("Watchtower"), key=lambda card: card.editions)
    assert (old.effect, old.triggers) == (new.effect, new.triggers) and old.text != new.text


def test_platinum_and_colony_are_prosperity_basic_cards() -> None:
    for name in ("Platinum", "Colony"):
        card = catalogue.lookup(name)
        assert card.set == "prosperity" and not card.kingdom


def test_trade_route_tokens_on_victory_piles_only() -> None:
    # prosperity/trade-route/1
    game = Game(
        {
            "kingdom": ["Trade Route", "Gardens", "Nobles", "Village"],
            "colony": True,
            "editions": {"prosperity": 1},
        }
    )
    assert game.state.pile_tokens["trade_route"] == dict.fromkeys(
        ["Estate", "Duchy", "Province", "Colony", "Gardens", "Nobles"], 1
    )
    assert game.verbs.mat_tokens("trade_route") == 0
    without = Game({"kingdom": ["Village", "Gardens"]})
    assert "trade_route" not in without.state.pile_tokens


def test_charlatan_makes_curse_a_treasure_for_its_game_only() -> None:
    with_charlatan = Game({"kingdom": ["Charlatan"]})
    curse = with_charlatan.table.definition_by_name("Curse")
    assert curse.is_(CURSE) and curse.is_(TREASURE) and curse.coins == 1 and curse.vp == -1
    without = Game({"kingdom": ["Witch"]})
    assert not without.table.definition_by_name("Curse").is_(TREASURE)
    assert not catalogue.lookup("Curse").is_(TREASURE)


def test_replay_reproduces_a_prosperity_game() -> None:
    game = Game.new(players=3, kingdom=ALL_PROSPERITY_1, seed=11, editions={"prosperity": 1})
    assert Game.from_json(game.to_json()).snapshot() == game.snapshot()
