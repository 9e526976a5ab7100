"""Card definitions are checked when they are made: a misspelt type or trigger field
fails at import with the card's name, instead of a trigger that silently never fires."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import ALL_CARDS
from engine.context import TriggerContext
from engine.model import Card, Effect, Trigger


def _nothing(_ctx: TriggerContext) -> Effect[None]:
    yield from ()


def _card_with(**trigger: Any) -> Card:
    fields: dict[str, Any] = {"event": "gain", "where": "in_play", "effect": _nothing, **trigger}
    return Card("Probe", "base", 2, frozenset({"Action"}), "test", triggers=(Trigger(**fields),))


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
        Card("Probe", "base", 2, frozenset({"Action", "Atack"}), "test")


def test_correct_fields_are_accepted() -> None:
    assert _card_with(where="hand", event="attack", who="others").triggers[0].where == "hand"
