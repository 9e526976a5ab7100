"""pyminion behind the Adapter interface (skipped when the ``pyminion`` extra is absent).

The suite run keeps ``docs/reports/pyminion.rst`` honest: every scenario that fails or
errs on pyminion must be listed there with its explanation, and every scenario listed
there must still fail (else the report is stale).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import options
import pytest

options.require("pyminion")

from scenarios.adapters.base import Rejected, Unsupported  # noqa: E402
from scenarios.adapters.pyminion_adapter import (  # noqa: E402
    OPTION_LABELS,
    PyminionAdapter,
    translate_log,
)
from scenarios.engines import resolve  # noqa: E402
from scenarios.loader import (  # noqa: E402
    bundled_dir,
    discover,
    load_many,
    load_text,
    reference_cards_cached,
)
from scenarios.runner import Status, run_all  # noqa: E402

REPORT = Path(__file__).resolve().parent.parent / "docs" / "reports" / "pyminion.rst"
SETUP: dict[str, Any] = {
    "players": 2,
    "kingdom": ["Throne Room", "Smithy"],
    "colony": False,
    "supply": {},
    "trash": [],
    "turn": {"player": "p1", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "turns_taken": {"p1": 0, "p2": 0},
    "trade_route": None,
    "editions": {"base": 2, "intrigue": 2, "prosperity": 2, "seaside": 2},
    "seed": 0,
    **{
        p: {
            "hand": [],
            "deck": [],
            "discard": [],
            "in_play": [],
            "set_aside": [],
            "vp_tokens": 0,
            "shuffles": [],
        }
        for p in ("p1", "p2")
    },
}


def setup(**players: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = copy.deepcopy(SETUP)
    for player, zones in players.items():
        data[player].update(zones)
    return data


@pytest.fixture(scope="module")
def results() -> list:  # type: ignore[type-arg]
    loaded, malformed = load_many(discover([bundled_dir()]))
    assert not malformed
    return run_all(loaded, PyminionAdapter)


def test_every_failure_is_explained_in_the_report(results: list) -> None:  # type: ignore[type-arg]
    listed = set(re.findall(r"^\s*``([a-z0-9/-]+)``\s*$", REPORT.read_text(), re.MULTILINE))
    failing = {r.id for r in results if r.status in (Status.FAIL, Status.ERROR)}
    assert failing - listed == set(), "failures missing from docs/reports/pyminion.rst"
    assert listed - failing == set(), "the report lists scenarios that no longer fail"


def test_skips_say_why(results: list) -> None:  # type: ignore[type-arg]
    skipped = [r for r in results if r.status is Status.SKIP]
    assert skipped and all("pyminion" in r.message for r in skipped)
    assert any(r.status is Status.PASS for r in results)


def test_unsupported_cards_and_editions() -> None:
    adapter = PyminionAdapter()
    assert adapter.unsupported_reason({"Smithy", "Copper"}, {"base": 1}) is None
    assert adapter.unsupported_reason({"Feast"}, {"base": 1}) == "pyminion lacks Feast"
    assert "Mine (edition 1)" in (adapter.unsupported_reason({"Mine"}, {"base": 1}) or "")
    seaside = adapter.unsupported_reason({"Smithy", "Caravan"}, {"seaside": 1})
    assert seaside == "pyminion 0.4.0 has no Seaside"
    alchemy = adapter.unsupported_reason({"Smithy", "Golem"}, {"alchemy": 1})
    assert alchemy == "pyminion 0.4.0 has no Alchemy"
    hinterlands = adapter.unsupported_reason({"Trader", "Silver"}, {"hinterlands": 1})
    assert hinterlands == "pyminion 0.4.0 has no Hinterlands"
    with pytest.raises(Unsupported):
        adapter.load({**setup(), "players": 5})


# A scenario without a Seaside card that needs one of Seaside's format additions (the
# cards gained on the last turn): pyminion would misread it, and lacks the whole set.
SEASIDE_POSITION_ONLY = """
id: base/test/seaside-position
title: Seaside's additions to the position without a Seaside card
rulings: [base/smithy/1]
setup:
  kingdom: [Smithy]
  p2: {gained_last_turn: [Silver]}
steps:
  - end: turn
"""

# The same for Alchemy: Potions to spend in the position, and no Alchemy card.
ALCHEMY_POSITION_ONLY = """
id: base/test/alchemy-position
title: Alchemy's additions to the position without an Alchemy card
rulings: [base/smithy/1]
setup:
  kingdom: [Smithy]
  turn: {potions: 1}
steps:
  - end: turn
"""


def _skip_reasons(make_adapter: Any) -> dict[str, str]:
    bundled = [bundled_dir() / "seaside" / "outpost" / "second-edition.yaml"]
    bundled.append(bundled_dir() / "base" / "feast" / "gain-up-to-five.yaml")
    loaded, malformed = load_many(bundled)
    assert not malformed
    loaded.append(load_text(SEASIDE_POSITION_ONLY, "seaside-position.yaml"))
    loaded.append(load_text(ALCHEMY_POSITION_ONLY, "alchemy-position.yaml"))
    bundled = [bundled_dir() / "alchemy" / "golem" / "no-action-spent.yaml"]
    loaded += load_many(bundled)[0]
    return {r.id: r.message for r in run_all(loaded, make_adapter) if r.status is Status.SKIP}


@pytest.mark.parametrize("isolated", [True, False], ids=["worker process", "in process"])
def test_scenarios_needing_seaside_are_skipped_because_the_set_is_missing(isolated: bool) -> None:
    skipped = _skip_reasons(resolve("pyminion", isolated=isolated))
    assert skipped == {
        "seaside/outpost/second-edition": "pyminion 0.4.0 has no Seaside",
        "base/test/seaside-position": "pyminion 0.4.0 has no Seaside",
        "base/test/alchemy-position": "pyminion 0.4.0 has no Alchemy",
        "alchemy/golem/no-action-spent": "pyminion 0.4.0 has no Alchemy",
        "base/feast/gain-up-to-five": "pyminion lacks Feast",  # other skips keep their reason
    }


def test_option_labels_are_the_projects() -> None:
    options = reference_cards_cached().options
    assert all(label.lower() in options for labels in OPTION_LABELS.values() for label in labels)


def test_a_position_plays_and_is_observed_in_scenario_terms() -> None:
    adapter = PyminionAdapter()
    adapter.load(
        setup(
            p1={
                "hand": ["Throne Room", "Smithy", "Copper"],
                "deck": ["Gold", "Silver", "Estate", "Duchy", "Province", "Curse"],
            }
        )
    )
    try:
        assert adapter.observe()["players"]["p1"]["deck"][0] == "Gold"  # top first
        adapter.command("play", "Throne Room")
        assert adapter.pending() == {
            "player": "p1",
            "kind": "cards",
            "source": "Throne Room",
            "purpose": "play",
            "choices": ["Smithy"],
            "min": 0,
            "max": 1,
        }
        with pytest.raises(Rejected, match="requires an Action card"):
            adapter.answer([])  # pyminion's bug: 2nd-edition Throne Room is optional
        with pytest.raises(Rejected, match="question first"):
            adapter.command("play", "Copper")
        adapter.answer("Smithy")
        state = adapter.observe()
        assert len(state["players"]["p1"]["hand"]) == 7 and state["players"]["p1"]["deck"] == []
        assert adapter.events()[:3] == ["p1 plays Throne Room", "p1 plays Smithy", "p1 draws Gold"]
        adapter.command("play", "Copper")
        assert adapter.observe()["turn"] == {
            "player": "p1",
            "phase": "buy",
            "actions": 0,
            "buys": 1,
            "coins": 1,
        }
        adapter.command("buy", "Copper")
        adapter.command("end", "turn")
        assert adapter.observe()["turn"]["player"] == "p2"
    finally:
        adapter.close()


def test_a_reaction_declined_is_not_offered_again_for_that_attack() -> None:
    """pyminion asks once per Moat in hand; our react decision is per card: "no" is no
    (until the next Attack). Found by `arbiter fuzz`."""
    adapter = PyminionAdapter()
    position = setup(
        p1={"hand": ["Militia", "Militia"]}, p2={"hand": ["Moat"] * 2 + ["Copper"] * 3}
    )
    position["kingdom"] = ["Militia", "Moat", "Throne Room"]
    position["turn"]["actions"] = 2
    adapter.load(position)
    try:
        adapter.command("play", "Militia")
        assert adapter.pending() is not None and adapter.pending()["kind"] == "react"
        adapter.answer(False)
        pending = adapter.pending()
        assert pending is not None and (pending["kind"], pending["source"]) == ("cards", "Militia")
        adapter.answer(["Copper", "Copper"])
        adapter.command("play", "Militia")  # a new Attack: Moat is offered again
        pending = adapter.pending()
        assert pending is not None
        # A react decision is about the Attack; the Reactions are its choices (issue 12).
        assert (pending["kind"], pending["source"], pending["choices"]) == (
            "react",
            "Militia",
            ["Moat"],
        )
    finally:
        adapter.close()


def test_shuffles_follow_the_scenario() -> None:
    adapter = PyminionAdapter()
    adapter.load(
        setup(
            p1={
                "hand": ["Smithy"],
                "discard": ["Copper", "Gold", "Estate"],
                "shuffles": [["Estate", "Gold", "Copper"]],
            }
        )
    )
    try:
        adapter.command("play", "Smithy")
        assert [e for e in adapter.events() if "draws" in e or "shuffles" in e] == [
            "p1 shuffles",
            "p1 draws Estate",
            "p1 draws Gold",
            "p1 draws Copper",
        ]
    finally:
        adapter.close()


def test_log_lines_become_events() -> None:
    assert translate_log("p1 buys Gold") == ["p1 buys Gold", "p1 gains Gold"]
    assert translate_log("p2 reveals 2 Copper, 1 Estate") == [
        "p2 reveals Copper",
        "p2 reveals Copper",
        "p2 reveals Estate",
    ]
    assert translate_log("p1 shuffles their deck") == ["p1 shuffles"]
    assert translate_log("p1 passes Copper to p2") == ["p1 passes Copper to p2"]
    assert translate_log("p1 reveals Gold and topdecks it") == ["p1 reveals Gold"]
    assert translate_log("p1 buys nothing") == translate_log("Hand: 1 Copper") == []


def test_the_fuzzers_kingdom_is_played_in_the_editions_pyminion_has() -> None:
    # Issue 33's reproduction: pyminion has only the 2nd-edition Moneylender; the fuzzer
    # played 1st-edition games of it, reported their divergences, then called them skipped.
    from checks.differential import FuzzConfig, Fuzzer, GameSpec

    config = FuzzConfig("pyminion", 6, None, 3, ("base",), (2,), ("Moneylender", "Village"))
    adapter = PyminionAdapter()
    fuzzer = Fuzzer(config, adapter)
    played: list[GameSpec] = []
    play = fuzzer.play

    def recorded(number: int, spec: GameSpec) -> None:
        played.append(spec)
        play(number, spec)

    fuzzer.play = recorded  # type: ignore[method-assign]
    try:
        summary = fuzzer.run()
    finally:
        adapter.close()
    assert summary.games == 6 and not summary.skipped
    assert {spec.editions["base"] for spec in played} == {2}
    assert summary.findings == [] and not summary.divergences
