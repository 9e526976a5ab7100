"""The harness survives the engine under test.

Each fake engine in ``tests/fake_engines/`` is the reference engine over the wire,
broken in one way when asked to play a Smithy. Three scenarios run on one adapter: a
Village, a Smithy, a Village. The Smithy must be an ``error`` that shows the last
exchange, and the Villages must still pass, the second one on a fresh process. Every
test also checks that no process of the engine is left behind, and the ones that wait
for a timeout that the run took a bounded time.
"""

from __future__ import annotations

import sys
import textwrap
import time
from pathlib import Path

import pytest

from scenarios.adapters.base import AdapterError
from scenarios.adapters.wire import MAX_MESSAGE_BYTES, WireAdapter
from scenarios.engines import resolve
from scenarios.loader import load_text
from scenarios.model import Scenario
from scenarios.runner import Result, RunStopped, Status, run_all

ENGINES = Path(__file__).resolve().parent / "fake_engines"
# The timeout of the tests that wait for one (each waits it out once or twice): long
# enough for a fake engine to start and answer (0.3 s of CPU: Python and the reference
# engine) on a loaded machine, short enough to keep the tests quick.
SLOW = 3.0

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
    try:
        return run_all(SUITE, lambda: adapter), adapter
    finally:
        assert_nothing_left(adapter)


def alive(group: int) -> list[int]:
    """The live (not zombie) processes of a process group."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it exited while we looked
        if fields[0] != "Z" and int(fields[2]) == group:
            found.append(int(entry.name))
    return found


def assert_nothing_left(adapter: WireAdapter) -> None:
    assert adapter.process_groups, "the adapter started no process"
    for group in adapter.process_groups:
        assert alive(group) == [], f"process group {group} is still running"


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
    results, adapter = run("hang.py", timeout=SLOW)
    message = assert_isolated(
        results,
        adapter,
        f"no response within {SLOW:g} s",
        'last exchange: sent {"id"',
        '"arg":"Smithy"',
        "received nothing",
    )
    assert adapter.starts == 2, message
    assert time.perf_counter() - started < 4 * SLOW


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
    assert_isolated(results, adapter, says.replace("'", '"'), "last exchange")
    assert adapter.starts == 2


def test_an_error_status_keeps_the_process() -> None:
    results, adapter = run("engine_error.py")
    assert_isolated(results, adapter, "the engine reported an error", "NotImplementedError: Smithy")
    assert adapter.starts == 1  # it still speaks the protocol: no restart needed


def stopped(script: str, *args: str, timeout: float = 5.0) -> tuple[RunStopped, WireAdapter]:
    """The run on ``script`` stops at once with one reason, leaving nothing behind."""
    adapter = WireAdapter([sys.executable, str(ENGINES / script), *args], timeout=timeout)
    with pytest.raises(RunStopped) as stop:
        run_all(SUITE, lambda: adapter)
    assert stop.value.results == []
    assert_nothing_left(adapter)
    return stop.value, adapter


def test_an_engine_that_dies_at_once_stops_the_run_with_its_stderr() -> None:
    stop, adapter = stopped("dead.py")
    assert "cannot open engine.dll" in stop.reason
    assert "hello" in stop.reason
    assert adapter.starts == 1  # not one start per scenario


def test_an_engine_without_protocol_1_stops_the_run() -> None:
    stop, _adapter = stopped("old_protocol.py")
    assert "protocol 7 only" in stop.reason


def test_an_engine_that_never_answers_stops_the_run_within_one_timeout() -> None:
    started = time.perf_counter()
    stop, _adapter = stopped("never_answers.py", timeout=1.0)
    assert "hello failed: hello: no response within 1 s" in stop.reason
    assert time.perf_counter() - started < 5


def test_a_command_that_does_not_exist_stops_the_run() -> None:
    adapter = WireAdapter(["/nonexistent/engine", "--serve"], timeout=1.0)
    with pytest.raises(RunStopped) as stop:
        run_all(SUITE, lambda: adapter)
    assert "cannot start /nonexistent/engine --serve" in stop.value.reason
    assert adapter.starts == 0


def test_an_engine_that_breaks_in_every_scenario_stops_the_run() -> None:
    smithies = [scenario("Smithy", n) for n in range(10)]
    adapter = WireAdapter([sys.executable, str(ENGINES / "crash.py")], timeout=5.0)
    with pytest.raises(RunStopped) as stop:
        run_all(smithies, lambda: adapter)
    assert "broke in 5 scenarios in a row" in stop.value.reason
    assert "KeyError: 'Smithy'" in stop.value.reason
    assert [r.status for r in stop.value.results] == [Status.ERROR] * 4
    assert_nothing_left(adapter)


def test_a_child_left_holding_the_pipe_is_killed_with_its_group() -> None:
    started = time.perf_counter()
    results, adapter = run("grandchild.py", timeout=SLOW)
    assert_isolated(results, adapter, f"no response within {SLOW:g} s")
    assert time.perf_counter() - started < 4 * SLOW


def test_a_shell_wrapper_and_its_engine_are_killed_together() -> None:
    script = f"{sys.executable} {ENGINES / 'hang.py'}; true"
    adapter = WireAdapter(["sh", "-c", script], timeout=SLOW)
    started = time.perf_counter()
    results = run_all(SUITE, lambda: adapter)
    assert_isolated(results, adapter, f"no response within {SLOW:g} s")
    assert_nothing_left(adapter)
    assert time.perf_counter() - started < 4 * SLOW


def test_an_endless_line_on_stdout_is_cut_at_the_message_limit() -> None:
    started = time.perf_counter()
    results, adapter = run("flood_stdout.py", timeout=30.0)
    assert_isolated(results, adapter, f"more than {MAX_MESSAGE_BYTES} bytes")
    assert time.perf_counter() - started < 25  # well before the timeout


def test_an_endless_stderr_is_kept_to_its_tail() -> None:
    results, adapter = run("flood_stderr.py", timeout=SLOW)
    message = assert_isolated(results, adapter, f"no response within {SLOW:g} s", "stderr: eeee")
    assert len(message) < 2000


def test_deeply_nested_json_is_an_error_not_a_crash() -> None:
    results, adapter = run("deep_json.py")
    assert_isolated(results, adapter, "nested too deeply")


def test_an_engine_that_stops_reading_fails_the_send_within_the_timeout() -> None:
    adapter = WireAdapter([sys.executable, str(ENGINES / "deaf.py")], timeout=SLOW)
    started = time.perf_counter()
    with pytest.raises(AdapterError, match=f"could not be sent within {SLOW:g} s"):
        adapter.load({"padding": "x" * 4_000_000})  # far more than a pipe holds
    assert time.perf_counter() - started < 2 * SLOW
    adapter.close()
    assert_nothing_left(adapter)


def test_an_in_process_adapter_that_loops_runs_in_a_worker_and_times_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(ENGINES))
    made: list[WireAdapter] = []

    def factory() -> WireAdapter:
        adapter = resolve("looping:LoopingAdapter", timeout=SLOW)()
        assert isinstance(adapter, WireAdapter)
        made.append(adapter)
        return adapter

    started = time.perf_counter()
    results = run_all(SUITE, factory)
    assert_isolated(results, made[0], f"no response within {SLOW:g} s")
    assert_nothing_left(made[0])
    assert time.perf_counter() - started < 4 * SLOW
