"""Our card data against an independent dataset (the ``dominion-setup`` package), and the
card-facts scenarios generated from it (tests/card_facts.py) kept in step with it."""

from __future__ import annotations

import dataclasses

import pytest
from card_facts import FACTS_DIR, dataset_facts, generated_files, mismatches

from engine import cards as catalogue
from engine.costs import Cost


def test_every_definition_matches_the_dataset() -> None:
    facts = dataset_facts()
    assert set(facts) == catalogue.card_names()
    assert mismatches(facts) == []


@pytest.mark.parametrize(
    ("card", "change", "expected"),
    [
        ("Laboratory", {"cost": Cost(4)}, "Laboratory (editions [1, 2]): cost $5, dataset $4"),
        ("Harem", {"types": frozenset({"Victory"})}, "types ['Treasure', 'Victory']"),
        ("Goons", {"editions": frozenset({1, 2})}, "Goons: editions [1], dataset [1, 2]"),
        ("Festival", {"bonuses": {"cards": 0, "actions": 2, "buys": 0, "coins": 2}}, "bonuses"),
        ("Duchy", {"vp": 2}, "Duchy (editions [1, 2]): 3 VP, dataset 2"),
        ("Curse", {"kingdom": True}, "Curse (editions [1, 2]): a basic card, dataset a Kingdom"),
        (
            "Astrolabe",
            {"type_line": ("Duration", "Treasure")},
            "Astrolabe (editions [2]): type line Treasure - Duration, dataset Duration - Treasure",
        ),
    ],
)
def test_a_wrong_fact_is_reported(card: str, change: dict[str, object], expected: str) -> None:
    facts = dataset_facts()
    facts[card] = dataclasses.replace(facts[card], **change)  # type: ignore[arg-type]
    found = mismatches(facts)
    assert len(found) == 1 and expected in found[0], found


def test_generated_scenarios_are_up_to_date() -> None:
    expected = generated_files()
    on_disk = {path: path.read_text() for path in FACTS_DIR.glob("*.yaml")}
    stale = sorted(
        p.name for p in set(on_disk) | set(expected) if on_disk.get(p) != expected.get(p)
    )
    assert not stale, f"regenerate with `python tests/card_facts.py`: {stale[:5]}"
