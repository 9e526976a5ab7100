"""evolvedominion behind the Adapter interface (skipped when the ``evolvedominion`` extra is
absent).

The suite run keeps ``docs/reports/evolvedominion.rst`` honest, as pyminion's does: every
scenario that fails or errs on evolvedominion is listed there with its explanation, and
every scenario listed there still fails. The adapter's menus are checked against the
question spec: each stands for the questions the reference engine asks for that card.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import options
import pytest

options.require("evolvedominion")

from checks.questions import CardKey, bundled_specs  # noqa: E402
from engine import cards as catalogue  # noqa: E402
from scenarios.adapters.base import Rejected, Unsupported  # noqa: E402
from scenarios.adapters.evolvedominion_adapter import MENUS, EvolvedominionAdapter  # noqa: E402
from scenarios.loader import bundled_dir, discover, load_many  # noqa: E402
from scenarios.runner import Result, Status, run_all  # noqa: E402

REPORT = Path(__file__).resolve().parent.parent / "docs" / "reports" / "evolvedominion.rst"
ZONES = {"hand": [], "deck": [], "discard": [], "in_play": [], "set_aside": [], "vp_tokens": 0}
SETUP: dict[str, Any] = {
    "players": 2,
    "kingdom": ["Remodel", "Militia", "Village", "Smithy"],
    "colony": False,
    "supply": {},
    "trash": [],
    "turn": {"player": "p1", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "turns_taken": {"p1": 0, "p2": 0},
    "trade_route": None,
    "editions": {"base": 2, "intrigue": 2, "prosperity": 2, "seaside": 2},
    "seed": 0,
    "p1": {**ZONES, "shuffles": []},
    "p2": {**ZONES, "shuffles": []},
}


def setup(**players: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = copy.deepcopy(SETUP)
    for player, zones in players.items():
        data[player].update(zones)
    return data


@pytest.fixture
def engine() -> Any:
    adapter = EvolvedominionAdapter()
    yield adapter
    adapter.close()


@pytest.fixture(scope="module")
def results() -> list[Result]:
    loaded, malformed = load_many(discover([bundled_dir()]))
    assert not malformed
    return run_all(loaded, EvolvedominionAdapter)


def test_every_failure_is_explained_in_the_report(results: list[Result]) -> None:
    listed = set(re.findall(r"^\s*``([a-z0-9/-]+)``\s*$", REPORT.read_text(), re.MULTILINE))
    failing = {r.id for r in results if r.status in (Status.FAIL, Status.ERROR)}
    assert failing - listed == set(), "failures missing from docs/reports/evolvedominion.rst"
    assert listed - failing == set(), "the report lists scenarios that no longer fail"


def test_the_run_is_compared_as_the_adapter_declares(results: list[Result]) -> None:
    assert not [r for r in results if r.status is Status.ERROR]
    assert all("evolvedominion" in r.message for r in results if r.status is Status.SKIP)
    declared = {choice for r in results for choice in r.compared_as}
    assert declared == {"atomic_answers", "event_order"}


def test_each_menu_stands_for_the_questions_the_spec_gives() -> None:
    specs = bundled_specs()
    for decision, (card, asks) in MENUS.items():
        spec = specs[CardKey.of(catalogue.lookup(card))]
        ability = "react" if decision == "ImmunityProcedure" else "play"
        (found,) = [a for a in spec.abilities if a.ability == ability]
        assert [(q.kind, q.purpose) for q in found.questions] == [
            (ask.kind, ask.purpose) for ask in asks
        ], decision


def test_remodel_is_asked_as_a_card_to_trash_then_a_card_to_gain(engine: Any) -> None:
    engine.load(setup(p1={"hand": ["Remodel", "Estate", "Copper"]}))
    engine.command("play", "Remodel")
    pending = engine.pending()
    assert (pending["kind"], pending["purpose"], pending["source"]) == ("cards", "trash", "Remodel")
    assert sorted(pending["choices"]) == ["Copper", "Estate"]
    with pytest.raises(Rejected):
        engine.answer("Gold")
    assert engine.pending() == pending  # refused: nothing changed
    engine.answer("Estate")
    gain = engine.pending()
    assert (gain["kind"], gain["purpose"]) == ("gain", "gain")
    assert "Silver" in gain["choices"] and "Gold" not in gain["choices"]
    assert engine.observe()["trash"] == []  # atomic: nothing happens before the last answer
    engine.answer("Silver")
    state = engine.observe()
    assert state["trash"] == ["Estate"] and state["players"]["p1"]["discard"] == ["Silver"]
    assert engine.events()[-3:] == ["p1 plays Remodel", "p1 trashes Estate", "p1 gains Silver"]


def test_militias_victim_is_asked_for_every_discard_at_once(engine: Any) -> None:
    hand = ["Copper", "Copper", "Estate", "Estate", "Silver"]
    engine.load(setup(p1={"hand": ["Militia"]}, p2={"hand": hand}))
    engine.command("play", "Militia")
    pending = engine.pending()
    assert (pending["player"], pending["min"], pending["max"]) == ("p2", 2, 2)
    assert sorted(pending["choices"]) == sorted(hand)
    engine.answer(["Estate", "Estate"])
    assert engine.pending() is None
    assert sorted(engine.observe()["players"]["p2"]["hand"]) == ["Copper", "Copper", "Silver"]


def test_shuffles_follow_the_scenario_and_are_logged_when_made(engine: Any) -> None:
    p1 = {"hand": ["Smithy"], "deck": ["Gold"], "discard": ["Copper", "Estate"]}
    engine.load(setup(p1={**p1, "shuffles": [["Estate", "Copper"]]}))
    engine.command("play", "Smithy")
    assert engine.observe()["players"]["p1"]["hand"] == ["Gold", "Estate", "Copper"]
    # evolvedominion shuffles before it draws the card left on the deck.
    assert engine.events()[-4:] == [
        "p1 shuffles",
        "p1 draws Gold",
        "p1 draws Estate",
        "p1 draws Copper",
    ]


def test_unused_actions_are_zeroed_when_the_action_phase_ends(engine: Any) -> None:
    engine.load(setup(p1={"hand": ["Village", "Copper"], "deck": ["Estate"]}))
    engine.command("play", "Village")
    assert engine.observe()["turn"]["actions"] == 2
    engine.command("play", "Copper")
    assert engine.observe()["turn"] == {
        "player": "p1", "phase": "buy", "actions": 0, "buys": 1, "coins": 1
    }  # fmt: skip


def test_what_it_cannot_express_is_refused_on_load(engine: Any) -> None:
    with pytest.raises(Unsupported, match="Platinum"):
        engine.load({**setup(), "colony": True})
    with pytest.raises(Unsupported, match="Library"):
        engine.load(setup(p1={"set_aside": ["Smithy"]}))
    reason = engine.unsupported_reason({"Moat", "Courtyard"}, {"base": 2, "intrigue": 2})
    assert reason == "evolvedominion 1.0.3 has only the Base set"
    reason = engine.unsupported_reason({"Trader", "Silver"}, {"hinterlands": 2})
    assert reason == "evolvedominion 1.0.3 has only the Base set"
    assert engine.unsupported_reason({"Mine"}, {"base": 1}) == (
        "evolvedominion lacks the text of Mine (edition 1)"
    )
    assert engine.unsupported_reason({"Cellar", "Gardens"}, {"base": 1}) is None  # reworded


def test_militia_discards_down_to_cards_of_one_name(engine: Any) -> None:
    # After the Copper, evolvedominion offers its one remaining kind of card alone: the
    # adapter still gives it the discard asked for, so none is left for the next Attack.
    engine.load(setup(p1={"hand": ["Militia"]}, p2={"hand": ["Copper", *["Estate"] * 4]}))
    engine.command("play", "Militia")
    engine.answer(["Estate", "Copper"])
    assert engine.observe()["players"]["p2"]["hand"] == ["Estate", "Estate", "Estate"]
    assert engine.session.queued == {"p2": []}
