"""Card definitions are checked when they are made: a misspelt type or trigger field
fails at import with the card's name, instead of a trigger that silently never fires; a
misspelt decision kind, purpose, zone or phase in a card's effect fails when the effect
uses it, with the card's name."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

import engine.cards as catalogue
from engine.abilities import CostChange
from engine.api import CardAPI
from engine.cards import ALL_CARDS
from engine.context import Context, TriggerContext
from engine.errors import UnknownName
from engine.game import Game
from engine.model import Card, Cost, Effect, Trigger


def _nothing(_ctx: TriggerContext) -> Effect[None]:
    yield from ()


def _card_with(**trigger: Any) -> Card:
    fields: dict[str, Any] = {"event": "gain", "where": "in_play", "effect": _nothing, **trigger}
    return Card(
        "Probe", "base", Cost(2), frozenset({"Action"}), "test", triggers=(Trigger(**fields),)
    )


def test_every_catalogue_card_passes_the_checks() -> None:
    assert len(ALL_CARDS) > 80  # the checks ran on every one of them at import


@pytest.mark.parametrize(
    ("field", "typo"),
    [("where", "in-play"), ("where", "deck_top"), ("event", "gains"), ("who", "mine")],
)
def test_a_misspelt_trigger_field_fails_naming_the_card(field: str, typo: str) -> None:
    with pytest.raises(ValueError, match=rf"card Probe: unknown trigger {field}='{typo}'"):
        _card_with(**{field: typo})


def test_a_misspelt_card_type_fails_naming_the_card() -> None:
    with pytest.raises(ValueError, match=r"card Probe: unknown type 'Atack'"):
        Card("Probe", "base", Cost(2), frozenset({"Action", "Atack"}), "test")


def test_correct_fields_are_accepted() -> None:
    assert _card_with(where="hand", event="attack", who="others").triggers[0].where == "hand"


# --- decision kinds, purposes, zones and phases: checked when a card's code uses them ------
# They are not fields of a definition but arguments its effect passes to the card API, so
# they are checked where the decision is made or the card moved, and the error names the
# card whose effect has the typo (the one Throne Room played, not Throne Room).


def _effect_card(effect: Any, **fields: Any) -> Card:
    return Card("Probe", "base", Cost(2), frozenset({"Action"}), "test", effect=effect, **fields)


def _asks_kind(ctx: Context) -> Effect[None]:
    hand = ctx.game.player(ctx.player).hand
    yield from ctx.game.choose_cards(
        ctx.player, ctx.name, hand, 0, 1, "x", "crads", purpose="trash"
    )


def _asks_purpose(ctx: Context) -> Effect[None]:
    hand = ctx.game.player(ctx.player).hand
    yield from ctx.game.choose_cards(ctx.player, ctx.name, hand, 0, 1, "x", purpose="tras")  # type: ignore[arg-type]


def _discards_from(ctx: Context) -> Effect[None]:
    card = ctx.game.player(ctx.player).hand[0]
    yield from ctx.game.discard(ctx.player, card, "hnd")  # type: ignore[arg-type]


def _trashes_from(ctx: Context) -> Effect[None]:
    card = ctx.game.player(ctx.player).hand[0]
    yield from ctx.game.trash(ctx.player, card, ("hnd", ctx.player))  # type: ignore[arg-type]


def _reads_zone(ctx: Context) -> Effect[None]:
    ctx.game.player(ctx.player).zone("discard_pile")  # type: ignore[arg-type]
    yield from ()


def _buy_phase_discount(game: CardAPI, _card: Card) -> int:
    return 2 if game.in_phase("buys") else 0  # type: ignore[arg-type]


def _gain_trigger_from(ctx: TriggerContext) -> Effect[None]:
    ctx.game.topdeck(ctx.owner, ctx.happening.card or 0, "dicard")  # type: ignore[arg-type]
    yield from ()


@pytest.fixture
def probe() -> Iterator[Callable[[Card], Game]]:
    """A game with ``card`` (named Probe) in the Kingdom and p1's hand."""
    installed = contextlib.ExitStack()

    def make(card: Card) -> Game:
        installed.enter_context(catalogue.installed(SimpleNamespace(CARDS=(card,))))
        setup = {
            "players": 2,
            "kingdom": ["Probe", "Throne Room"],
            "p1": {"hand": ["Probe", "Throne Room", "Copper"], "deck": ["Copper"] * 5},
        }
        return Game(setup)

    with installed:
        yield make


@pytest.mark.parametrize(
    ("effect", "message"),
    [
        (_asks_kind, "card Probe: unknown decision kind='crads' (one of cards, gain,"),
        (_asks_purpose, "card Probe: unknown decision purpose='tras' (one of trash, discard,"),
        (_discards_from, "card Probe: unknown zone='hnd' (one of hand, deck, discard,"),
        (_trashes_from, "card Probe: unknown zone='hnd' (one of hand, deck, discard,"),
        (_reads_zone, "card Probe: unknown zone='discard_pile' (one of hand, deck,"),
    ],
)
def test_a_misspelt_name_in_a_cards_effect_fails_naming_the_card(
    probe: Callable[[Card], Game], effect: Any, message: str
) -> None:
    game = probe(_effect_card(effect))
    with pytest.raises(UnknownName) as raised:
        game.command("play", "Probe")
    assert str(raised.value).startswith(message)


def test_the_card_named_is_the_one_played_by_throne_room(probe: Callable[[Card], Game]) -> None:
    game = probe(_effect_card(_discards_from))
    game.command("play", "Throne Room")
    with pytest.raises(UnknownName, match=r"^card Probe: unknown zone='hnd'"):
        game.answer("Probe")


def test_a_misspelt_phase_fails_naming_the_card(probe: Callable[[Card], Game]) -> None:
    with pytest.raises(UnknownName, match=r"^card Probe: unknown phase='buys' \(one of action,"):
        probe(_effect_card(None, static=(CostChange("self", _buy_phase_discount),))).verbs.cost_of(
            "Probe"
        )


def test_a_misspelt_zone_in_a_trigger_fails_naming_the_card(
    probe: Callable[[Card], Game],
) -> None:
    trigger = Trigger("gain", "self", _gain_trigger_from)
    game = probe(replace(_effect_card(None, triggers=(trigger,)), cost=Cost(0)))
    game.command("end", "action")
    with pytest.raises(UnknownName, match=r"^card Probe: unknown zone='dicard'"):
        game.command("buy", "Probe")


def test_correct_names_pass_and_a_missing_pile_is_not_called_a_typo(
    probe: Callable[[Card], Game],
) -> None:
    game = probe(_effect_card(None))
    assert game.verbs.in_phase("action") and not game.verbs.in_phase("buy")
    card = game.table.player(0).hand[0]
    with pytest.raises(KeyError):  # a pile this game does not have: an engine bug, not a name
        game.table.move(card, ("hand", 0), ("supply", "Province2"))
