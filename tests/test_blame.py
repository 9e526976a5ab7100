"""Failures that blame the right side (issue 33): what the suite compares is what a card
could observe, and an engine that represents something differently, or does not ask a
question, is told so in those words.
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest
from wrong_engines import (
    WRONG_MERCHANT,
    AnswersTakeEffectTogether,
    ForgetsUnusedActions,
    RevealsMoatUnasked,
    ReversesEventsWithinSteps,
    game_class,
)

from scenarios.adapters.reference import ReferenceAdapter
from scenarios.loader import bundled_dir, discover, load_many, load_text
from scenarios.model import Scenario
from scenarios.runner import Status, _in_step_order, run_all, run_scenario

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


# --- what an engine represents differently, declared ----------------------------------------


def _bundled() -> list[Scenario]:
    loaded, malformed = load_many(discover([bundled_dir()]))
    assert not malformed
    return loaded


def _declaring(engine: type[ReferenceAdapter], declared: frozenset[str]) -> type[Any]:
    return type(engine.__name__, (engine,), {"declares": declared})


@pytest.mark.parametrize("engine", [ReversesEventsWithinSteps, AnswersTakeEffectTogether])
def test_a_declared_representation_is_compared_as_declared(engine: type[Any]) -> None:
    loaded = _bundled()
    undeclared = run_all(loaded, _declaring(engine, frozenset()))
    failed = [r for r in undeclared if r.status is Status.FAIL]
    assert len(failed) > 20  # the representation differs where scenarios look
    declared = run_all(loaded, engine)
    assert [f"{r.id}: {r.message}" for r in declared if r.status is not Status.PASS] == []
    (choice,) = engine.declares
    compared_as = {r.id for r in declared if r.compared_as == (choice,)}
    assert {r.id for r in failed} <= compared_as


@pytest.mark.parametrize("engine", [ReversesEventsWithinSteps, AnswersTakeEffectTogether])
def test_a_declaration_hides_no_bug(engine: type[Any]) -> None:
    wrong = type("Wrong", (engine,), {"game_class": game_class(WRONG_MERCHANT)})
    loaded = [s for s in _bundled() if s.id.startswith("base/merchant/")]
    assert any(r.status is Status.FAIL for r in run_all(loaded, wrong))


def test_events_in_another_order_within_a_step_only() -> None:
    found = ["p1 draws Gold", "p1 shuffles", "p1 plays Smithy", "p1 draws Copper"]
    steps = [2, 4]  # two steps: [draws Gold, shuffles], [plays Smithy, draws Copper]
    assert _in_step_order(["p1 shuffles", "p1 draws Gold", "p1 draws Copper"], found, steps)
    assert _in_step_order(["p1 draws Gold", "p1 plays Smithy"], found, steps)
    assert not _in_step_order(["p1 plays Smithy", "p1 shuffles"], found, steps)
    assert not _in_step_order(["p1 draws Gold", "p1 draws Gold"], found, steps)
    assert not _in_step_order(["p1 gains Gold"], found, steps)


REMODEL_THEN_CHECK_WHILE_PENDING = """
setup:
  kingdom: [Remodel]
  p1: {hand: [Remodel, Estate, Copper]}
steps:
  - play: Remodel
  - choose: Estate
  - expect:
      trash: [Estate]
  - choose: Silver
"""


def test_a_scenario_that_checks_only_what_is_not_compared_is_skipped() -> None:
    status, message = run(REMODEL_THEN_CHECK_WHILE_PENDING, AnswersTakeEffectTogether())
    assert status is Status.SKIP
    assert message == (
        "answers-take-effect-together declares atomic answers, and the scenario checks only "
        "state while a decision is pending"
    )
    assert run(REMODEL_THEN_CHECK_WHILE_PENDING)[0] is Status.PASS
    body = REMODEL_THEN_CHECK_WHILE_PENDING + "expect:\n  p1: {discard: [Silver]}\n"
    assert run(body, AnswersTakeEffectTogether())[0] is Status.PASS
    assert run(body.replace("[Silver]", "[Gold]"), AnswersTakeEffectTogether())[0] is Status.FAIL


def test_events_expected_while_pending_are_expected_at_the_next_checkpoint() -> None:
    body = (
        REMODEL_THEN_CHECK_WHILE_PENDING.replace(
            "      trash: [Estate]\n", "      events: [p1 trashes Estate]\n"
        )
        + "expect:\n  p1: {discard: [Silver]}\n"
    )
    assert run(body, AnswersTakeEffectTogether())[0] is Status.PASS
    wrong = body.replace("p1 trashes Estate", "p1 trashes Copper")
    status, message = run(wrong, AnswersTakeEffectTogether())
    assert status is Status.FAIL and "events expected [p1 trashes Copper" in message


def test_the_report_names_the_representation_compared_under() -> None:
    from arbiter.report import compared_as_lines

    results = run_all(
        [s for s in _bundled() if s.id.startswith("base/")], AnswersTakeEffectTogether
    )
    lines = compared_as_lines(results)
    assert lines[0] == "Compared as the engine declares (what it represents differently):"
    assert lines[1].startswith("  a card's answers take effect together")
    assert lines[1].endswith(
        f"(atomic_answers): {sum(bool(r.compared_as) for r in results)} scenario(s)"
    )
    assert all(
        r.to_json().get("compared_as") == ["atomic_answers"] for r in results if r.compared_as
    )


def test_the_declaration_crosses_the_wire() -> None:
    from scenarios.engines import resolve

    adapter = resolve("wrong_engines:AnswersTakeEffectTogether", timeout=30)()
    try:
        assert adapter.representation() == frozenset({"atomic_answers"})
        result = run_scenario(load_text(HEAD + REMODEL_THEN_CHECK_WHILE_PENDING, "x.yaml"), adapter)
        assert result.status is Status.SKIP
    finally:
        adapter.close()


def test_the_schema_knows_every_representation_choice() -> None:
    from scenarios.model import REPRESENTATIONS
    from scenarios.wire_schema import schema

    assert schema()["$defs"]["representation"]["enum"] == list(REPRESENTATIONS)
