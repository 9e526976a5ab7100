"""The harness survives the engine under test.

Each fake engine in ``tests/fake_engines/`` is the reference engine over the wire,
broken in one way when asked to play a Smithy. Three scenarios run on one adapter: a
Village, a Smithy, a Village. The Smithy must be an ``error`` that shows the last
exchange, and the Villages must still pass, the second one on a fresh process.
"""

from __future__ import annotations

import sys
import textwrap
import time
from pathlib import Path

import pytest

from scenarios.adapters.wire import WireAdapter
from scenarios.loader import load_text
from scenarios.model import Scenario
from scenarios.runner import Result, Status, run_all

ENGINES = Path(__file__).resolve().parent / "fake_engines"

PLAY = """
id: base/{slug}/harness-{n}
title: a {card} is played
setup:
  p1:
    hand: [{card}, Copper]
    deck: [Estate, Estate, Estate, Gold]
steps:
  - play: {card}
expect:
  p1: {{hand_count: {hand}}}
"""


def scenario(card: str, n: int) -> Scenario:
    hand = {"Village": 2, "Smithy": 4}[card]
    return load_text(
        textwrap.dedent(PLAY.format(card=card, slug=card.lower(), n=n, hand=hand)),
        f"{card.lower()}-{n}.yaml",
    )


SUITE = [scenario("Village", 1), scenario("Smithy", 2), scenario("Village", 3)]


def run(script: str, *args: str, timeout: float = 5.0) -> tuple[list[Result], WireAdapter]:
    adapter = WireAdapter([sys.executable, str(ENGINES / script), *args], timeout=timeout)
    return run_all(SUITE, lambda: adapter), adapter


def statuses(results: list[Result]) -> list[Status]:
    return [result.status for result in results]


def assert_isolated(results: list[Result], adapter: WireAdapter, *words: str) -> str:
    """Only the Smithy scenario errs, the run goes on, and the message says why."""
    assert statuses(results) == [Status.PASS, Status.ERROR, Status.PASS], results
    message = results[1].message
    assert message.startswith("step 1 (play):"), message
    for word in words:
        assert word in message, message
    assert adapter.peer is None  # closed at the end of the run
    return message


def test_a_sane_fake_engine_passes_everything() -> None:
    results, adapter = run("engine_error.py")  # sane until asked to play a Smithy
    assert statuses(results)[0] is Status.PASS
    assert adapter.starts == 1


def test_a_hanging_engine_times_out_and_is_replaced() -> None:
    started = time.perf_counter()
    results, adapter = run("hang.py", timeout=1.0)
    message = assert_isolated(
        results,
        adapter,
        "no response within 1 s",
        'last exchange: sent {"id"',
        '"arg":"Smithy"',
        "received nothing",
    )
    assert adapter.starts == 2, message
    assert time.perf_counter() - started < 20


def test_a_crashing_engine_is_reported_with_its_stderr() -> None:
    results, adapter = run("crash.py")
    assert_isolated(
        results, adapter, "the engine exited (code 3)", "KeyError: 'Smithy'", '"arg":"Smithy"'
    )
    assert adapter.starts == 2


def test_garbage_output_is_an_error_showing_the_garbage() -> None:
    results, adapter = run("garbage.py")
    assert_isolated(results, adapter, "not JSON", "received Smithy played! +3 cards lol")
    assert adapter.starts == 2


@pytest.mark.parametrize("where", ["observe", "pending", "events"])
def test_an_unknown_card_from_the_engine_is_an_error(where: str) -> None:
    adapter = WireAdapter([sys.executable, str(ENGINES / "unknown_card.py"), where], timeout=5.0)
    smithy = load_text(
        textwrap.dedent("""
        id: base/smithy/unknown
        title: the engine invents a card
        setup:
          p1: {hand: [Smithy], deck: [Copper, Copper, Copper]}
        steps:
          - play: Smithy
        expect:
          p1: {hand_count: 3}
          pending: null
          events: [p1 plays Smithy]
        """),
        "unknown.yaml",
    )
    results = run_all([smithy, SUITE[0]], lambda: adapter)
    assert statuses(results) == [Status.ERROR, Status.PASS], results
    assert "unknown card 'Smithee'" in results[0].message
    assert f"{where}:" in results[0].message
    assert "last exchange" in results[0].message
    assert adapter.starts == 2


@pytest.mark.parametrize(
    ("how", "says"),
    [
        ("wrong_id", "the response has id"),
        ("bad_status", "status 'maybe' is not a valid response"),
        ("no_result", "an ok response needs a result"),
        ("not_object", "a response must be a JSON object"),
    ],
)
def test_a_protocol_violation_is_an_error(how: str, says: str) -> None:
    results, adapter = run("protocol.py", how)
    assert_isolated(results, adapter, says, "last exchange")
    assert adapter.starts == 2


def test_an_error_status_keeps_the_process() -> None:
    results, adapter = run("engine_error.py")
    assert_isolated(results, adapter, "the engine reported an error", "NotImplementedError: Smithy")
    assert adapter.starts == 1  # it still speaks the protocol: no restart needed


def test_an_engine_that_dies_at_once_errs_every_scenario_without_ending_the_run() -> None:
    results, adapter = run("dead.py")
    assert statuses(results) == [Status.ERROR] * 3
    assert all("cannot open engine.dll" in result.message for result in results)
    assert adapter.starts == 3


def test_an_engine_without_protocol_1_is_an_error() -> None:
    results, _adapter = run("old_protocol.py")
    assert statuses(results) == [Status.ERROR] * 3
    assert "protocol 7 only" in results[0].message


def test_a_command_that_does_not_exist_is_an_error_not_a_crash() -> None:
    adapter = WireAdapter(["/nonexistent/engine", "--serve"], timeout=1.0)
    results = run_all(SUITE, lambda: adapter)
    assert statuses(results) == [Status.ERROR] * 3
    assert "cannot start /nonexistent/engine --serve" in results[0].message
