"""Failures that blame the right side (issue 33): what the suite compares is what a card
could observe, and an engine that represents something differently, or does not ask a
question, is told so in those words.
"""

from __future__ import annotations

import textwrap

from wrong_engines import ForgetsUnusedActions

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
