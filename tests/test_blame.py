"""Failures that blame the right side (issue 33): what the suite compares is what a card
could observe, and an engine that represents something differently, or does not ask a
question, is told so in those words.
"""

from __future__ import annotations

import textwrap

from wrong_engines import ForgetsUnusedActions, RevealsMoatUnasked

from scenarios.adapters.reference import ReferenceAdapter
from scenarios.loader import bundled_dir, discover, load_many, load_text
from scenarios.runner import Status, run_all, run_scenario

HEAD = "id: base/test/case\ntitle: a test\n"


def run(body: str, adapter: ReferenceAdapter | None = None) -> tuple[Status, str]:
    scenario = load_text(HEAD + textwrap.dedent(body), "case.yaml")
    result = run_scenario(scenario, adapter or ReferenceAdapter())
    return result.status, result.message


# --- unused Actions are seen only in the Action phase ---------------------------------------

VILLAGE_THEN_COPPER = """
setup:
  kingdom: [Village]
  p1: {hand: [Village, Copper], deck: [Estate]}
steps:
  - play: Village
  - expect:
      turn: {actions: 2}
  - play: Copper
"""


def test_expecting_unused_actions_after_the_action_phase_fails_on_any_engine() -> None:
    status, message = run(VILLAGE_THEN_COPPER + "expect:\n  turn: {actions: 2}\n")
    assert status is Status.FAIL
    assert "turn.actions expected 2 in the Action phase, found the buy phase" in message


def test_an_engine_that_forgets_unused_actions_is_judged_on_the_rest() -> None:
    body = VILLAGE_THEN_COPPER + "expect:\n  turn: {phase: buy, coins: 1}\n"
    assert run(body, ForgetsUnusedActions())[0] is Status.PASS
    assert run(body.replace("coins: 1", "coins: 2"), ForgetsUnusedActions())[0] is Status.FAIL
    # In the Action phase they are compared as ever.
    wrong = VILLAGE_THEN_COPPER.replace("actions: 2", "actions: 1")
    assert run(wrong, ForgetsUnusedActions())[0] is Status.FAIL


def test_no_bundled_scenario_compares_unused_actions_after_the_action_phase() -> None:
    loaded, malformed = load_many(discover([bundled_dir()]))
    assert not malformed
    results = run_all(loaded, ForgetsUnusedActions)
    failing = [f"{r.id}: {r.message}" for r in results if r.status is not Status.PASS]
    assert failing == []


# --- a question the engine did not ask is the engine's failure ------------------------------

MILITIA_AND_MOAT = """
setup:
  kingdom: [Militia, Moat]
  p1: {hand: [Militia]}
  p2: {hand: [Moat, Copper, Copper, Estate, Estate]}
steps:
  - play: Militia
  - choose: Moat
expect:
  p2: {hand: [Moat, Copper, Copper, Estate, Estate]}
"""


def test_a_question_the_engine_did_not_ask_fails_naming_it() -> None:
    status, message = run(MILITIA_AND_MOAT, RevealsMoatUnasked())
    assert status is Status.FAIL
    assert message == (
        "step 2 (choose): p2 was expected to be asked by Moat (react, to Militia) and was "
        "not: nothing is pending"
    )
    assert run(MILITIA_AND_MOAT)[0] is Status.PASS


def test_an_answer_the_reference_does_not_ask_for_either_is_a_malformed_scenario() -> None:
    body = VILLAGE_THEN_COPPER + "  - choose: yes\n"
    for engine in (ReferenceAdapter(), RevealsMoatUnasked()):
        status, message = run(body, engine)
        assert status is Status.ERROR
        assert message.startswith("step 4 (choose): choose: nothing is pending")


def test_a_later_question_asked_instead_names_the_one_not_asked() -> None:
    body = """
setup:
  kingdom: [Spy, Moat]
  p1: {hand: [Spy], deck: [Copper, Estate]}
  p2: {hand: [Moat], deck: [Gold]}
steps:
  - play: Spy
  - choose: Moat
    player: p2
"""
    status, message = run(body, RevealsMoatUnasked())
    assert status is Status.FAIL
    assert message.startswith(
        "step 2 (choose): p2 was expected to be asked by Moat (react, to Spy) and was not: "
        "p1 is asked by Spy (option)"
    )


def test_every_moat_scenario_the_engine_does_not_ask_about_fails() -> None:
    loaded, malformed = load_many(discover([bundled_dir() / "base" / "moat"]))
    assert not malformed
    results = run_all(loaded, RevealsMoatUnasked)
    assert {r.status for r in results} <= {Status.PASS, Status.FAIL}
    failed = [r for r in results if r.status is Status.FAIL]
    assert failed
    for result in failed:  # at the answer to Moat, or where a step expects its question
        assert "to be asked by Moat (react" in result.message or (
            "pending expected {player: p2, kind: react" in result.message
        )
