"""Card declarations against what cards do (scenarios/declarations.py): a wrong declaration
fails the scenarios that exercise the card, and the bundled scenarios follow every
declaration and reach every cost limit. Costs one run of the suite (about 1.5 s) and a
few scenario folders."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

import pytest

from checks.mutants import CardPatch, Mutant, bundled_scenarios, mutated
from engine import cards as catalogue
from engine.costs import Cost
from engine.model import Card
from engine.targets import HAND, Gain
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.declarations import Exercised, Followed, unfollowed
from scenarios.runner import Status, run_all


def test_the_bundled_scenarios_follow_every_declaration_and_reach_every_limit() -> None:
    followed = Followed()
    results = run_all(bundled_scenarios(), lambda: ReferenceAdapter(followed))
    assert all(r.status is Status.PASS for r in results)
    assert unfollowed(catalogue.ALL_CARDS, followed) == []


def test_a_relative_limit_that_no_gain_reaches_is_reported() -> None:
    remodel = catalogue.definitions("Remodel")[0]
    gain = remodel.targets.gains[0]
    followed = Followed()
    followed.add(Exercised("Remodel", "gain", gain), Cost(3))
    followed.add(Exercised("Remodel", "trash", "hand"))
    assert unfollowed([remodel], followed) == [
        f"Remodel: no scenario gains a card costing its relative limit: {gain!r}"
    ]
    followed.at_relative_limit.add(Exercised("Remodel", "gain", gain))
    assert unfollowed([remodel], followed) == []


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
    _fails_its_scenarios(CardPatch(card, change), folder)


def _wrong_limits(gain: Gain) -> list[tuple[str, dict[str, Any]]]:
    """Every wrong cost limit a gain could be declared with: a fixed limit raised,
    lowered or made relative; a relative one made fixed or given a fixed limit too."""
    if gain.relative:
        return [("not-relative", {"relative": False}), ("with-a-limit", {"max_cost": 5})]
    assert gain.max_cost is not None
    return [
        ("raised", {"max_cost": gain.max_cost + 1}),
        ("lowered", {"max_cost": gain.max_cost - 1}),
        ("relative", {"relative": True}),
    ]


def _gain_changed(index: int, changes: dict[str, Any]) -> Callable[[Card], dict[str, Any]]:
    def change(card: Card) -> dict[str, Any]:
        gains = list(card.targets.gains)
        gains[index] = dataclasses.replace(gains[index], **changes)
        return {"targets": dataclasses.replace(card.targets, gains=tuple(gains))}

    return change


def _declared_once() -> list[tuple[Card, int | None]]:
    """Each declaration as the source writes it: one definition per card and edition,
    with ``None`` for the definitions of a reworded card (``common.reworded``), which
    share their targets, so a wrong declaration is wrong in every edition."""
    found: list[tuple[Card, int | None]] = []
    for card in catalogue.ALL_CARDS:
        same = [d for d in catalogue.definitions(card.name) if d.targets is card.targets]
        if len(same) == len(catalogue.definitions(card.name)):
            if same[0] is card:
                found.append((card, None))
        else:
            found.append((card, card.editions[0]))
    return found


WRONG_LIMITS = [
    (
        f"{card.name}-{edition or 'all'}-{index}-{how}",
        CardPatch(card.name, _gain_changed(index, changes), edition),
        f"{card.set}/{card.name.lower().replace(' ', '-')}/",
    )
    for card, edition in _declared_once()
    for index, gain in enumerate(card.targets.gains)
    if gain.max_cost is not None or gain.relative
    for how, changes in _wrong_limits(gain)
]


@pytest.mark.parametrize(
    ("patch", "folder"), [w[1:] for w in WRONG_LIMITS], ids=[w[0] for w in WRONG_LIMITS]
)
def test_a_wrong_cost_limit_fails_the_scenarios_of_its_card(patch: CardPatch, folder: str) -> None:
    """Each definition's declared cost limits are the limits its gains are picked under:
    every other limit, and the wrong relative flag, fails a scenario of the card."""
    _fails_its_scenarios(patch, folder)


@functools.cache
def _bundled() -> list[Any]:
    return bundled_scenarios()


def _fails_its_scenarios(patch: CardPatch, folder: str) -> None:
    card = patch.card
    scenarios = [s for s in _bundled() if s.id.startswith(folder)]
    wrong = Mutant(f"wrong-{card}", "a wrong declaration", "a test", (patch,))
    with mutated(wrong):
        results = run_all(scenarios, ReferenceAdapter)
    errors = [r.message for r in results if r.status is Status.ERROR]
    assert errors, f"no scenario of {folder} noticed {card}'s wrong declaration"
    assert all(f"DeclarationError: {card} " in message for message in errors)
    assert all(r.status in (Status.PASS, Status.ERROR) for r in results)
