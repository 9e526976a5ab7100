"""A card is described once: what its abilities say (an Attack attacks, a when-gain
ability of its own, an ability while in play, a Reaction to Attacks, a cost change, a buy
restriction) is derived for the graph and the docs (``engine.cards.common.implied_tags``),
never written again in its ``declares``."""

from __future__ import annotations

import dataclasses

from engine.abilities import CostChange
from engine.cards import ALL_CARDS
from engine.cards.common import VOCABULARY, declared_tags, implied_tags
from engine.context import TriggerContext
from engine.model import ATTACK, Effect, Trigger


def test_no_card_repeats_in_its_declares_what_its_abilities_say() -> None:
    repeated = {
        (card.name, tuple(card.editions)): sorted(card.declares & implied_tags(card))
        for card in ALL_CARDS
        if card.declares & implied_tags(card)
    }
    assert repeated == {}, "drop these tags: the abilities say them (implied_tags)"


def test_what_the_abilities_say_is_read_with_the_declares() -> None:
    for card in ALL_CARDS:
        assert declared_tags(card) == card.declares | implied_tags(card)
        assert implied_tags(card) <= VOCABULARY


def test_each_ability_implies_its_tag() -> None:
    plain = next(card for card in ALL_CARDS if card.name == "Village")
    assert implied_tags(plain) == frozenset()

    def nothing(_ctx: TriggerContext) -> Effect[None]:
        yield from ()

    cases = {
        "attacks": {"types": plain.types | {ATTACK}},
        "when-gain": {"triggers": (Trigger("gain", "self", nothing),)},
        "when-buy": {"triggers": (Trigger("buy", "self", nothing),)},
        "while-in-play": {"triggers": (Trigger("buy", "in_play", nothing),)},
        "reacts-to-attack": {"triggers": (Trigger("attack", "hand", nothing, optional=True),)},
        "reduces-costs": {"static": (CostChange("in_play", lambda _g, _c: 1),)},
    }
    for tag, change in cases.items():
        assert implied_tags(dataclasses.replace(plain, **change)) == {tag}, tag  # type: ignore[arg-type]
