"""Intrigue's card data: both editions' lists, one definition per edition, declared words,
labels, and the engine mechanics the set brought (lasting plays in set-up, reactions
looked up again, passing, deck depth)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import cards as catalogue
from engine.cards import intrigue
from engine.cards.common import declared_tags
from engine.costs import Cost
from engine.errors import BadPosition
from engine.game import Game
from engine.model import VICTORY

FIRST = {
    "Baron", "Bridge", "Conspirator", "Coppersmith", "Courtyard", "Duke", "Great Hall",
    "Harem", "Ironworks", "Masquerade", "Mining Village", "Minion", "Nobles", "Pawn",
    "Saboteur", "Scout", "Secret Chamber", "Shanty Town", "Steward", "Swindler", "Torturer",
    "Trading Post", "Tribute", "Upgrade", "Wishing Well",
}  # fmt: skip
REMOVED = {"Coppersmith", "Great Hall", "Saboteur", "Scout", "Secret Chamber", "Tribute"}
ADDED = {"Courtier", "Diplomat", "Lurker", "Mill", "Patrol", "Replace", "Secret Passage"}
README = Path(__file__).resolve().parents[1] / "engine" / "README.md"


def names(edition: int) -> set[str]:
    return {card.name for card in catalogue.kingdom_cards("intrigue", edition)}


def test_each_edition_has_its_kingdom_cards() -> None:
    assert names(1) == FIRST
    assert names(2) == (FIRST - REMOVED) | ADDED
    assert len(names(1)) == 25 and len(names(2)) == 26


def test_one_definition_per_name_and_edition() -> None:
    for name in FIRST | ADDED:
        editions = [e for card in catalogue.definitions(name) for e in card.editions]
        assert sorted(editions) == sorted(set(editions)), name
    assert "Masquerade" in {c.name for c in intrigue.CARDS if c.editions == (1,)}
    assert "Masquerade" in {c.name for c in intrigue.CARDS if c.editions == (2,)}


def test_declared_words_are_in_the_engine_vocabulary() -> None:
    vocabulary = set(re.findall(r"`([a-z+][a-z+-]*)`", README.read_text()))
    for card in intrigue.CARDS:
        declared = declared_tags(card)
        assert declared, card.name
        assert declared <= vocabulary, (card.name, declared - vocabulary)


def test_victory_kingdom_piles_follow_the_types() -> None:
    dual = {"Great Hall", "Harem", "Nobles", "Mill", "Duke"}
    for card in intrigue.CARDS:
        assert card.is_(VICTORY) == (card.name in dual), card.name
    game = Game({"players": 3, "kingdom": ["Nobles", "Mill", "Harem", "Duke"]})
    assert {pile: len(game.state.supply[pile]) for pile in ("Nobles", "Mill")} == {
        "Nobles": 12,
        "Mill": 12,
    }


@pytest.mark.parametrize("in_play", [["Bridge"], ["Bridge", "Bridge"]])
def test_bridge_listed_in_play_lowers_costs(in_play: list[str]) -> None:
    game = Game({"kingdom": ["Bridge"], "p1": {"in_play": in_play}})
    assert game.verbs.cost_of("Gold") == Cost(6) - len(in_play)
    assert game.verbs.cost_of("Copper") == Cost(0)


def test_bridge_lowers_costs_only_on_the_turn_it_is_played() -> None:
    game = Game({"kingdom": ["Bridge"], "p1": {"hand": ["Bridge"]}})
    game.command("play", "Bridge")
    assert game.verbs.cost_of("Gold") == Cost(5)
    game.command("end", "turn")
    assert game.verbs.cost_of("Gold") == Cost(6)


def test_a_bridge_in_another_players_play_area_is_not_a_position() -> None:
    # In these sets only the active player has cards in play (the setup check's rule).
    with pytest.raises(BadPosition, match="only the active player"):
        Game({"kingdom": ["Bridge"], "p2": {"in_play": ["Bridge"]}})


def test_secret_passage_offers_every_depth() -> None:
    deck = ["Copper"] * 3
    game = Game(
        {
            "kingdom": ["Secret Passage"],
            "p1": {"hand": ["Secret Passage"], "deck": ["Gold", "Silver", *deck]},
        }
    )
    game.command("play", "Secret Passage")
    game.answer("Gold")
    decision = game.pending
    assert decision is not None
    assert decision.labels() == ["top", "under 1", "under 2", "bottom"]
    game.answer("under 1")
    assert game.snapshot()["players"]["p1"]["deck"] == ["Copper", "Gold", "Copper", "Copper"]
