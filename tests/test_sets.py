"""The set registry (engine/sets.py) is the one list of sets everything reads."""

from __future__ import annotations

import re
from pathlib import Path

from engine.cards import ALL_CARDS, DEFAULT_EDITIONS
from engine.sets import ALL_SETS, BY_NAME, KINGDOM_SETS
from scenarios import catalogue, loader, wire_schema

ROOT = Path(__file__).resolve().parent.parent


def test_every_card_belongs_to_a_registered_set_in_one_of_its_editions() -> None:
    assert {card.set for card in ALL_CARDS} == set(ALL_SETS)
    for card in ALL_CARDS:
        card_set = BY_NAME[card.set]
        if card_set.kingdom:
            assert set(card.editions) <= set(card_set.editions), card.name


def test_what_reads_the_registry() -> None:
    # Each set is played in its latest edition unless a game says otherwise (Alchemy has one).
    assert dict(DEFAULT_EDITIONS) == {name: BY_NAME[name].latest for name in KINGDOM_SETS}
    assert DEFAULT_EDITIONS["alchemy"] == 1 and DEFAULT_EDITIONS["seaside"] == 2
    editions = loader.schema()["properties"]["editions"]["properties"]
    assert list(editions) == list(KINGDOM_SETS)
    assert (
        *KINGDOM_SETS,
        "rules",
        "rules-durations",
        "rules-costs",
        "rules-gaining",
        "rules-tokens-piles",
    ) == catalogue.FILES
    wire = wire_schema.schema()["$defs"]
    assert wire["set"]["enum"] == list(ALL_SETS)
    assert wire["setup"]["properties"]["editions"]["required"] == list(KINGDOM_SETS)


def test_no_other_module_spells_the_list_of_sets_out() -> None:
    spelled = re.compile(r"""["']base["'],\s*["']intrigue["'],\s*["']prosperity["']""")
    offenders = [
        str(path.relative_to(ROOT))
        for folder in ("engine", "scenarios", "checks", "arbiter", "docs/_ext")
        for path in (ROOT / folder).rglob("*.py")
        if spelled.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
