"""Card declarations against what cards do (checks/declarations.py): a wrong declaration
fails the scenarios that exercise the card, and the bundled scenarios follow every
declaration and reach every cost limit. Costs one run of the suite (about 1.5 s) and a
few scenario folders."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from checks.declarations import Followed, unfollowed
from checks.mutants import CardPatch, Mutant, bundled_scenarios, mutated
from engine import cards as catalogue
from engine.model import Card
from engine.targets import HAND
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.runner import Status, run_all


def test_the_bundled_scenarios_follow_every_declaration_and_reach_every_limit() -> None:
    followed = Followed()
    results = run_all(bundled_scenarios(), lambda: ReferenceAdapter(followed))
    assert all(r.status is Status.PASS for r in results)
    assert unfollowed(catalogue.ALL_CARDS, followed) == []


def _targets(**changes: Any) -> Callable[[Card], dict[str, Any]]:
    return lambda card: {"targets": dataclasses.replace(card.targets, **changes)}


def _first(field: str, **changes: Any) -> Callable[[Card], dict[str, Any]]:
    """The card's first declared gain or watch (``field``: ``gains``, ``watches``) with
    some fields changed."""

    def change(card: Card) -> dict[str, Any]:
        first, *rest = getattr(card.targets, field)
        changed: dict[str, Any] = {field: (dataclasses.replace(first, **changes), *rest)}
        return {"targets": dataclasses.replace(card.targets, **changed)}

    return change


def _plays(**changes: Any) -> Callable[[Card], dict[str, Any]]:
    def change(card: Card) -> dict[str, Any]:
        assert card.targets.plays is not None
        plays = dataclasses.replace(card.targets.plays, **changes)
        return {"targets": dataclasses.replace(card.targets, plays=plays)}

    return change


WRONG = [
    ("Workshop", _first("gains", max_cost=3), "base/workshop/"),
    ("Thief", _first("gains", from_trash=False), "base/thief/"),
    ("Throne Room", _plays(times=3), "base/throne-room/"),
    ("Vassal", _plays(source=HAND), "base/vassal/"),
    ("Bishop", _targets(trashes=frozenset({"hand"})), "prosperity/bishop/"),
    ("Talisman", _first("watches", max_cost=3), "prosperity/talisman/"),
    ("Watchtower", _first("watches", moves=False), "prosperity/watchtower/"),
    ("Tiara", _first("watches", moves=False), "prosperity/tiara/"),
    ("Royal Seal", _first("watches", moves=False), "prosperity/royal-seal/"),
    ("Venture", _plays(times=0), "prosperity/venture/"),
]


@pytest.mark.parametrize(("card", "change", "folder"), WRONG, ids=[w[0] for w in WRONG])
def test_a_wrong_declaration_fails_the_scenarios_of_its_card(
    card: str, change: Callable[[Card], dict[str, Any]], folder: str
) -> None:
    scenarios = [s for s in bundled_scenarios() if s.id.startswith(folder)]
    wrong = Mutant(f"wrong-{card}", "a wrong declaration", "a test", (CardPatch(card, change),))
    with mutated(wrong):
        results = run_all(scenarios, ReferenceAdapter)
    errors = [r.message for r in results if r.status is Status.ERROR]
    assert errors, f"no scenario of {folder} noticed {card}'s wrong declaration"
    assert all(f"DeclarationError: {card} " in message for message in errors)
    assert all(r.status in (Status.PASS, Status.ERROR) for r in results)
