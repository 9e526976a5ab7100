"""One vocabulary: the engine's words (``engine/vocabulary.py``, and the mats and tokens the
sets declare) are what every other layer spells: the JSON Schemas, the loader's event
grammar, the wire protocol reference, the docs dictionaries, the prose of scenarios and
the JavaScript kit. Each test fails when one layer spells a word differently, lacks one
or has one the engine does not."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import cards as catalogue
from engine import vocabulary as words
from engine.setup_check import SETUP_PHASES, declared
from engine.state import EventRecord, event_line
from engine.tokens import TokenKind
from scenarios import loader, prose, wire_schema

ROOT = Path(__file__).resolve().parent.parent
GUIDES = ROOT / "docs" / "guides"


def _scenario_schema() -> dict[str, Any]:
    return loader.schema()


def _at(node: Any, *keys: str | int) -> Any:
    for key in keys:
        node = node[key]
    return node


def _pending(schema: dict[str, Any], *path: str | int) -> dict[str, Any]:
    return dict(_at(schema, "$defs", *path))


def test_the_schemas_spell_the_decision_kinds_and_purposes() -> None:
    wire = _pending(wire_schema.schema(), "pending", "properties")
    expect = _at(_scenario_schema(), "$defs", "expect", "properties", "pending", "anyOf", 1)
    for properties in (wire, expect["properties"]):
        assert tuple(properties["kind"]["enum"]) == words.DECISION_KINDS
        assert tuple(properties["purpose"]["enum"]) == words.PURPOSES


def test_the_schemas_spell_the_phases_and_the_ends() -> None:
    scenario, wire = _scenario_schema(), wire_schema.schema()
    observed = (
        _at(scenario, "$defs", "expect", "properties", "turn", "properties", "phase"),
        _at(wire, "$defs", "turn", "properties", "phase"),
    )
    for phase in observed:
        assert tuple(phase["enum"]) == words.TURN_PHASES
    setup_turn = _at(scenario, "$defs", "setup", "properties", "turn", "properties")
    assert tuple(setup_turn["phase"]["enum"]) == SETUP_PHASES
    assert tuple(_at(scenario, "$defs", "step", "properties", "end", "enum")) == words.END_ARGS


def test_the_schemas_spell_the_keys_of_a_players_setup() -> None:
    # The engine's setup check reads these keys (pN.set_aside_for_next_turn, the mats, the
    # tokens the sets declare); a scenario file and the wire name each of them.
    keys = set(declared().player_keys())
    for schema in (_scenario_schema(), wire_schema.schema()):
        assert set(_at(schema, "$defs", "playerSetup", "properties")) == keys


def test_the_wire_spells_the_command_verbs() -> None:
    command = next(
        branch
        for branch in _at(wire_schema.schema(), "$defs", "request", "oneOf")
        if branch.get("properties", {}).get("op") == {"const": "command"}
    )
    assert tuple(command["properties"]["verb"]["enum"]) == words.COMMAND_VERBS


def _spendable() -> list[TokenKind]:
    return [kind for kind in catalogue.TOKEN_KINDS.values() if kind.spend is not None]


def _logged_lines() -> list[tuple[str, str | None]]:
    """A line of every form the engine logs (``engine.state.event_line`` of each verb of
    the vocabulary and of the sets' declarations), with the card it is about."""
    records: list[tuple[EventRecord, str | None]] = [
        *(((0, verb, "Gold", None), "Gold") for verb in words.CARD_VERBS),
        ((0, words.PASSES, "Gold", 1), "Gold"),
        ((0, words.PUTS_INTO_HAND, "Gold", None), "Gold"),
        ((0, words.EXCHANGES + "Province", "Estate", None), "Estate"),
        ((0, words.GAINS_INSTEAD + "Province", "Silver", None), "Silver"),
        *(((0, words.SPENDS, kind.title, None), None) for kind in _spendable()),
        *(((0, verb, None, None), None) for verb in words.ALONE_VERBS),
        ((None, words.GAME_ENDS, None, None), None),
        *(((0, mat.verb, "Gold", None), "Gold") for mat in catalogue.MATS.values()),
    ]
    for kind in catalogue.TOKEN_KINDS.values():
        if kind.added is not None:  # on a pile: the pile is the line's card
            pile = "Silver" if kind.where != "player" else None
            records.append(((0, kind.added, pile, None), pile))
    return [(event_line(record), card) for record, card in records]


@pytest.mark.parametrize(("line", "card"), _logged_lines())
def test_the_loader_reads_every_line_the_engine_logs(line: str, card: str | None) -> None:
    found = loader.match_event(line)
    assert found is not None, f"the loader's event grammar does not read {line!r}"
    if card is not None:
        assert found["card"] == card, line


def test_the_docs_dictionaries_describe_every_decision_kind() -> None:
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    import arbiter_docs  # type: ignore[import-not-found]

    assert set(arbiter_docs.DECISION_KINDS) == set(words.DECISION_KINDS)
    assert set(prose.KIND_WORDS) == set(words.DECISION_KINDS)


@pytest.mark.parametrize("guide", ["wire-protocol.rst", "writing-scenarios.rst"])
def test_the_references_name_every_purpose(guide: str) -> None:
    text = (GUIDES / guide).read_text(encoding="utf-8")
    missing = [purpose for purpose in words.PURPOSES if f"``{purpose}``" not in text]
    assert missing == [], f"{guide} does not name the purposes {missing}"


def test_the_format_reference_names_every_event_line() -> None:
    # As the reference writes them: pN for the player, Card for a card, Other for the
    # second card of a line naming two, pM for another player.
    text = " ".join((GUIDES / "writing-scenarios.rst").read_text(encoding="utf-8").split())
    spelled = {"p1": "pN", "p2": "pM", "Province": "Other"}
    spelled |= dict.fromkeys(("Gold", "Estate", "Silver"), "Card")
    missing = []
    for line, _card in _logged_lines():
        written = " ".join(spelled.get(word, word) for word in line.split())
        if f"``{written}``" not in text:
            missing.append(written)
    assert missing == [], f"docs/guides/writing-scenarios.rst lacks the event lines {missing}"


def test_the_javascript_kit_keeps_the_zones_of_a_position() -> None:
    source = (ROOT / "kits" / "javascript" / "engine.js").read_text(encoding="utf-8")
    found = re.search(r"const ZONES = (\[[^\]]*\]);", source)
    assert found is not None
    assert tuple(json.loads(found[1])) == words.POSITION_ZONES
