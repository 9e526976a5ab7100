"""Verdicts a ruling can rest on: every mistake in a scenario is reported, never a pass.

``tests/mistakes/`` holds one scenario file per mistake. Its first line states the verdict
and the exact message: ``# expected: STATUS line N: MESSAGE``. Each of these files passed
or crashed the run before the check that catches it existed.
"""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

import pytest

from scenarios import loader
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.loader import ScenarioError, bundled_dir, discover, load_many, load_text
from scenarios.runner import Status, final_expectation, run_files, run_scenario

MISTAKES = Path(__file__).parent / "mistakes"
EXPECTED = re.compile(r"# expected: (?P<status>\w+) line (?P<line>\d+): (?P<message>.*)")


def _expected(path: Path) -> tuple[str, int, str]:
    found = EXPECTED.fullmatch(path.read_text(encoding="utf-8").splitlines()[0])
    assert found, f"{path.name} must start with '# expected: STATUS line N: MESSAGE'"
    return found["status"], int(found["line"]), found["message"]


@pytest.mark.parametrize("path", sorted(MISTAKES.glob("*.yaml")), ids=lambda path: path.stem)
def test_each_mistake_gets_its_exact_message(path: Path) -> None:
    (result,) = run_files([path])
    assert (str(result.status), result.line, result.message) == _expected(path)


def test_there_are_mistake_files() -> None:
    assert len(list(MISTAKES.glob("*.yaml"))) >= 15


MILITIA = """
id: mine/militia/stops-early
title: Militia, stopping while p2 has to discard
setup:
  p1: {hand: [Militia]}
  p2: {hand: [Copper, Copper, Estate, Estate, Silver]}
steps:
  - play: Militia
"""


def _run(text: str) -> Status:
    scenario = load_text(textwrap.dedent(text), "mine.yaml")
    return run_scenario(scenario, ReferenceAdapter()).status


def test_stopping_at_a_decision_passes_when_the_final_expect_says_so() -> None:
    assert _run(MILITIA) == Status.FAIL
    stated = MILITIA + "expect:\n  pending: {player: p2, kind: cards, source: Militia}\n"
    assert _run(stated) == Status.PASS
    # Stating it wrongly is a failure of its own.
    assert _run(MILITIA + "expect:\n  pending: {player: p1}\n") == Status.FAIL


def test_a_last_checkpoint_step_counts_as_the_final_expect() -> None:
    assert _run(MILITIA + "  - expect: {pending: {kind: cards}}\n") == Status.PASS
    assert _run(MILITIA + "  - expect: {p1: {hand: []}}\n") == Status.FAIL


def test_every_bundled_scenario_ends_with_nothing_pending_or_says_so() -> None:
    scenarios, failures = load_many(discover([bundled_dir()]))
    assert not failures and len(scenarios) > 500
    left_pending = []
    adapter = ReferenceAdapter()
    for scenario in scenarios:
        adapter.load(dict(scenario.setup))
        for step in scenario.steps:
            if step.verb == "expect" or step.rejected:
                continue
            if step.verb == "choose":
                adapter.answer(step.arg)
            else:
                for arg in step.arg if step.verb in ("play", "spend") else [step.arg]:
                    adapter.command(step.verb, arg)
        if adapter.pending() is not None and "pending" not in final_expectation(scenario):
            left_pending.append(scenario.id)
    assert left_pending == []


def test_a_bundled_scenario_id_must_match_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(loader, "bundled_dir", lambda: tmp_path)
    place = tmp_path / "base" / "militia"
    place.mkdir(parents=True)
    shutil.copy(MISTAKES / "setup-p0.yaml", place / "p0.yaml")
    text = (place / "p0.yaml").read_text().replace("mistakes/setup/p0", "base/militia/p0")
    (place / "p0.yaml").write_text(text.replace("p0: {hand", "p1: {hand"))
    load_many([place / "p0.yaml"])  # the right id loads
    (place / "elsewhere.yaml").write_text(text.replace("p0: {hand", "p1: {hand"))
    with pytest.raises(ScenarioError) as caught:
        loader.load_scenario(place / "elsewhere.yaml")
    assert caught.value.brief() == (
        "id: 'base/militia/p0' does not match where the file is: a bundled scenario at"
        " scenarios/base/militia/elsewhere.yaml has the id 'base/militia/elsewhere'"
    )


def test_ids_are_unique_within_a_run_outside_the_bundled_tree(tmp_path: Path) -> None:
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    text = "id: mine/any/thing\ntitle: t\nsetup: {}\n"
    first.write_text(text)
    second.write_text(text)
    loaded, failures = load_many([first, second])
    assert [s.id for s in loaded] == ["mine/any/thing"]
    assert [str(f) for f in failures] == [
        f"{second}:1: id: id 'mine/any/thing' is already used by {first}"
    ]


def _patterns(node: object) -> list[str]:
    if isinstance(node, dict):
        found = [node["pattern"]] if isinstance(node.get("pattern"), str) else []
        found += list(node.get("patternProperties", {}))
        return found + [p for value in node.values() for p in _patterns(value)]
    if isinstance(node, list):
        return [p for value in node for p in _patterns(value)]
    return []


# A value each schema pattern accepts: with a line separator after it, it must not.
PATTERN_SAMPLES = {
    "id": "base/throne-room/feast-twice",
    "title": "One line",
    "player": "p1",
    "ruling": "base/feast/2",
    "cost": "$3P",
}


def test_every_schema_pattern_rejects_a_trailing_line_separator() -> None:
    patterns = _patterns(loader.schema())
    assert len(patterns) >= 5
    for pattern in patterns:
        samples = [s for s in PATTERN_SAMPLES.values() if re.search(pattern, s)]
        assert samples, f"no sample value matches {pattern!r}: add one to PATTERN_SAMPLES"
        for sample in samples:
            for separator in ("\n", "\r\n", "\r", "\u2028"):
                assert not re.search(pattern, sample + separator), (pattern, separator)


def test_numbers_that_count_must_be_whole() -> None:
    for body, key in [
        ("seed: 1.0\nsetup: {}\n", "seed"),
        ("setup: {turn: {coins: 3.0}}\n", "setup.turn.coins"),
        ("setup: {supply: {Copper: 1.0}}\n", "setup.supply.Copper"),
        ("setup: {}\nexpect: {p1: {score: 3.0}}\n", "expect.p1.score"),
    ]:
        with pytest.raises(ScenarioError) as caught:
            load_text("id: mine/a/b\ntitle: t\n" + body, "mine.yaml")
        assert caught.value.brief().startswith(f"{key}: expected a whole number, found "), body
