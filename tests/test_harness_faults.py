"""The harness survives the engine under test.

Each fake engine in ``tests/fake_engines/`` is the reference engine over the wire,
broken in one way when asked to play a Smithy. Three scenarios run on one adapter: a
Village, a Smithy, a Village. The Smithy must be an ``error`` that shows the last
exchange, and the Villages must still pass, the second one on a fresh process. Every
test also checks that no process of the engine is left behind, and the ones that wait
for a timeout that the run took a bounded time.
"""

from __future__ import annotations

import json
import marshal
import os
import resource
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from test_cli import FAILING, PASSING

from arbiter import cli
from scenarios import cache as scenario_cache
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


# --- engine modules that misbehave while imported (issue 34) ------------------------------


@pytest.fixture
def passing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A passing scenario file, with the fake engines on the path (the workers' too)."""
    monkeypatch.syspath_prepend(str(ENGINES))
    (tmp_path / "pass.yaml").write_text(PASSING)
    return tmp_path / "pass.yaml"


@pytest.mark.parametrize(
    ("engine", "says"),
    [
        ("exits_at_import:Adapter", "exited: needs somelib: pip install it"),
        ("os_exits_at_import:Adapter", "hello failed"),
        ("raises_base_at_import:Adapter", "failed: Stop: a BaseException from the module"),
        ("loops_at_import:Adapter", f"no response within {SLOW:g} s"),
        ("allocates_at_import:Adapter", "failed: MemoryError"),
    ],
)
def test_an_engine_module_that_misbehaves_at_import_stops_the_run(
    engine: str,
    says: str,
    passing: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """It was imported by the harness: sys.exit and os._exit made ``arbiter check`` (and
    ``fuzz``) end with 0 and no word, a loop hung it, an allocation took its memory, a
    BaseException was a crash. Its worker imports it now, with a memory limit."""
    monkeypatch.setenv("ARBITER_WORKER_MEMORY", "500")
    started = time.perf_counter()
    code = cli.main(["check", str(passing), "--engine", engine, "--timeout", f"{SLOW:g}"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert says in err and err.startswith(f"arbiter: {engine}: "), err
    assert time.perf_counter() - started < 3 * SLOW


def test_fuzz_with_an_engine_that_exits_at_import_fails(
    passing: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli.main(["fuzz", "--engine", "exits_at_import:Adapter", "--games", "1"])
    err = capsys.readouterr().err
    assert code == 2 and "needs somelib: pip install it" in err, err


def test_a_module_that_prints_at_import_cannot_corrupt_the_report_or_the_protocol(
    passing: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    code = cli.main(
        ["check", str(passing), "--engine", "prints_at_import:PrintingAdapter", "--json", "-"]
    )
    out, _err = capfd.readouterr()
    assert code == 0
    assert json.loads(out)["summary"]["passed"] == 1


def test_a_json_py_where_the_check_runs_is_not_run_in_the_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m`` put the current directory first on the worker's path: checking out
    someone's scenario repository was enough for its ``json.py`` to run."""
    marker = tmp_path / "ran"
    (tmp_path / "json.py").write_text(f"open({str(marker)!r}, 'w').close()\nraise SystemExit(3)\n")
    (tmp_path / "local_adapter.py").write_text(
        "from scenarios.adapters.reference import ReferenceAdapter as Local\n"
    )
    (tmp_path / "pass.yaml").write_text(PASSING)
    monkeypatch.chdir(tmp_path)
    code = cli.main(["check", "pass.yaml", "--engine", "local_adapter:Local"])
    assert (code, marker.exists()) == (0, False), capsys.readouterr()


def test_a_child_that_left_the_process_group_is_killed_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A daemon's setsid took the worker's child out of its process group: it survived."""
    monkeypatch.syspath_prepend(str(ENGINES))
    pid_file = tmp_path / "daemon.pid"
    monkeypatch.setenv("DAEMON_PID_FILE", str(pid_file))
    made: list[WireAdapter] = []

    def factory() -> WireAdapter:
        adapter = resolve("daemon:DaemonAdapter", timeout=SLOW)()
        assert isinstance(adapter, WireAdapter)
        made.append(adapter)
        return adapter

    results = run_all(SUITE, factory)
    assert_isolated(results, made[0], f"no response within {SLOW:g} s")
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while running(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not running(child), f"the daemon child {child} is still running"


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


# --- the reference engine is bounded like any other (issue 34) ----------------------------


def slow_scenario(directory: Path) -> Path:
    """A scenario within the documented limits that takes the reference engine about a
    second on this machine: 20,000 Wharfs at the start of a turn."""
    wharfs = ", ".join(["Wharf"] * 20_000)
    path = directory / "slow.yaml"
    directory.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "id: seaside/wharf/slow\ntitle: many Wharfs\nsetup:\n  kingdom: [Wharf]\n"
        f"  supply: {{Wharf: 0}}\n  turn: {{phase: start}}\n  p1: {{durations: [{wharfs}]}}\n"
        "expect:\n  turn: {buys: 20001}\n"
    )
    return path


def test_timeout_bounds_a_scenario_on_the_reference_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--timeout`` was never applied to the in-process reference engine: a setup that
    ran for an hour could not be stopped."""
    path = slow_scenario(tmp_path)
    started = time.perf_counter()
    code = cli.main(["check", "--no-cache", str(path), "--timeout", "0.05"])
    out = capsys.readouterr().out
    assert code == 1
    assert "slow.yaml:3: setup: no result within 0.05 s (the engine was stopped)" in out, out
    assert time.perf_counter() - started < 5


def test_deadline_stops_a_run_on_the_reference_engine(capsys: pytest.CaptureFixture[str]) -> None:
    """``--deadline 0.05`` ran all the bundled scenarios and exited 0."""
    code = cli.main(["check", "--deadline", "0.05"])
    err = capsys.readouterr().err
    assert code == 2
    assert "reference: the deadline passed after" in err


def test_the_pytest_plugin_bounds_the_reference_engine(tmp_path: Path) -> None:
    slow_scenario(tmp_path / "scenarios")
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\naddopts = -p no:cacheprovider\narbiter_scenarios = scenarios\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-rA"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        # This checkout's plugin, whatever the environment's install points at.
        env={**os.environ, "ARBITER_WIRE_TIMEOUT": "0.05", "PYTHONPATH": str(ENGINES.parents[1])},
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "no result within 0.05 s (the engine was stopped)" in done.stdout


@pytest.mark.parametrize("value", ["1e11", "1000001"])
def test_a_timeout_longer_than_the_clocks_hold_is_a_usage_error(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--timeout 1e11`` was an OverflowError in every scenario."""
    code = cli.main(["check", "--timeout", value])
    assert code == 2
    assert "must be at most 1,000,000 seconds" in capsys.readouterr().err


# --- baselines (issue 34) -----------------------------------------------------------------

NOTHING_PENDING = FAILING.replace("  - play: Silver\n", "  - play: Silver\n  - choose: Silver\n")


def test_a_baselined_failure_that_becomes_an_error_is_new(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario, baseline = tmp_path / "wrong.yaml", tmp_path / "baseline.json"
    scenario.write_text(FAILING)
    assert cli.main(["check", str(scenario), "--baseline", str(baseline), "--update-baseline"]) == 0
    assert cli.main(["check", str(scenario), "--baseline", str(baseline)]) == 0
    scenario.write_text(NOTHING_PENDING)
    capsys.readouterr()
    assert cli.main(["check", str(scenario), "--baseline", str(baseline)]) == 1
    assert "ERROR rules/turn/wrong" in capsys.readouterr().out


def test_a_new_file_reusing_a_baselined_id_is_new_not_expected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It was a duplicate-id error counted as the baselined failure: it never ran."""
    baseline = tmp_path / "baseline.json"
    (tmp_path / "a.yaml").write_text(NOTHING_PENDING)
    assert cli.main(["check", str(tmp_path), "--baseline", str(baseline), "--update-baseline"]) == 0
    (tmp_path / "b.yaml").write_text(NOTHING_PENDING.replace("Silver", "Gold"))
    capsys.readouterr()
    assert cli.main(["check", str(tmp_path), "--baseline", str(baseline)]) == 1
    out = capsys.readouterr().out
    assert "is already used by" in out and "baseline: 2 new failures" in out, out


# --- the cache of loaded scenarios (issue 34) ---------------------------------------------


def cached_check(scenario: Path, cache: Path) -> tuple[subprocess.CompletedProcess[str], int]:
    """``arbiter check`` in a process of its own, with the cache in ``cache`` and 2 GB of
    address space (a pack read without end fails there, not in the machine); its result
    and its peak resident memory in KB."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, resource.RLIM_INFINITY))

    program = (
        "import atexit, resource, runpy, sys\n"
        "atexit.register(lambda: print('peak', resource.getrusage(resource.RUSAGE_SELF)"
        ".ru_maxrss, file=sys.stderr))\n"
        f"sys.argv = ['arbiter', 'check', {str(scenario)!r}]\n"
        "runpy.run_module('arbiter', run_name='__main__')\n"
    )
    environment = {k: v for k, v in os.environ.items() if k != "ARBITER_NO_CACHE"}
    done = subprocess.run(
        [sys.executable, "-c", program],
        cwd=ENGINES.parents[1],
        env={**environment, "ARBITER_CACHE_DIR": str(cache)},
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
        preexec_fn=limit,
    )
    peaks = [int(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("peak")]
    return done, peaks[-1] if peaks else 0


def pack_of(cache: Path) -> Path:
    return cache / "scenarios" / f"{scenario_cache.fingerprint()}.pack"


def forged_pack(directory: Path) -> tuple[Path, Path]:
    """A failing scenario file, and a pack in ``directory/cache`` whose entry for it (with
    the right key and digest, which anyone can compute) holds a passing version."""
    wrong = directory / "wrong.yaml"
    wrong.write_text(FAILING)
    forged = load_text(FAILING.replace("coins: 3", "coins: 2"), str(wrong))
    key = scenario_cache.ScenarioCache(directory)._key(wrong, wrong.read_bytes())
    encoded = marshal.dumps(scenario_cache._encoded(forged), scenario_cache.MARSHAL_VERSION)
    payload = marshal.dumps({str(wrong): (key, encoded)}, scenario_cache.MARSHAL_VERSION)
    pack = pack_of(directory / "cache")
    pack.parent.mkdir(parents=True)
    pack.write_bytes(scenario_cache._digest(payload) + payload)
    return wrong, pack


@pytest.mark.parametrize("whose", ["another user's", "group-writable"])
def test_a_pack_another_user_could_write_is_not_trusted(tmp_path: Path, whose: str) -> None:
    """In a shared cache directory another user's pack turned a FAIL into a PASS: its
    digest is anyone's to compute."""
    wrong, pack = forged_pack(tmp_path)
    if whose == "group-writable":
        pack.chmod(0o664)
    elif os.geteuid() == 0:
        os.chown(pack, 65534, 65534)  # nobody's
    else:
        pytest.skip("needs root to give a file to another user")
    done, _peak = cached_check(wrong, tmp_path / "cache")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "turn.coins expected 3 found 2" in done.stdout


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero"])
def test_a_pack_that_is_not_a_file_is_passed_over(tmp_path: Path, kind: str) -> None:
    """A FIFO at the pack's path hung every run; a link to /dev/zero read until the
    memory ran out."""
    scenario = tmp_path / "pass.yaml"
    scenario.write_text(PASSING)
    pack = pack_of(tmp_path / "cache")
    pack.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(pack)
    else:
        pack.symlink_to("/dev/zero")
    started = time.perf_counter()
    done, peak = cached_check(scenario, tmp_path / "cache")
    assert done.returncode == 0, done.stdout + done.stderr
    assert time.perf_counter() - started < 30
    assert peak < 500_000, f"{peak} KB"


def test_ctrl_c_while_the_cache_is_saved_leaves_no_temporary_pack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The cache is used only while the engine is unchanged: an earlier test in this
    # process may have applied a mutant (tests/test_scenario_cache.py's fresh_generation).
    monkeypatch.setattr(scenario_cache, "check_generation", lambda: 0)
    store = scenario_cache.ScenarioCache(tmp_path)
    scenario = tmp_path / "pass.yaml"
    scenario.write_text(PASSING)
    store.load(scenario)
    assert store.changed

    def interrupted(*_args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        store.save()
    assert list(store.pack.parent.iterdir()) == []


# --- --record (issue 34) ------------------------------------------------------------------


def test_a_record_into_an_earlier_one_keeps_none_of_its_transcripts(
    passing: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The earlier transcripts stayed: an engine that skips everything diffed as
    identical to the reference recorded before it."""
    record = tmp_path / "record"
    assert cli.main(["check", str(passing), "--record", str(record)]) == 0
    assert (record / "base/copper/coin.txt").is_file()
    assert (
        cli.main(["check", str(passing), "--record", str(record), "--engine", "skips_all:SkipsAll"])
        == 0
    )
    assert not (record / "base").exists()
    assert (record / ".arbiter-record").is_file()


def test_a_record_directory_that_cannot_be_listed_is_a_usage_error(
    passing: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """(Made unlistable by refusing its listing: the tests may run as root.)"""
    record = tmp_path / "locked"
    record.mkdir()
    listing = Path.iterdir

    def iterdir(self: Path) -> Any:
        if self == record:
            raise PermissionError(13, "Permission denied", str(self))
        return listing(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    assert cli.main(["check", str(passing), "--record", str(record)]) == 2
    assert capsys.readouterr().err.startswith(f"arbiter: --record {record}: Permission denied")


# --- values over the wire compare with their types (issue 34) -----------------------------

OUTPOST_EXTRA = """id: seaside/outpost/loose
title: an extra turn, and coins
editions: {seaside: 1}
setup:
  kingdom: [Outpost]
  p1: {hand: [Outpost, Copper, Copper]}
steps:
  - play: Outpost
  - end: turn
expect:
  turn: {extra: true, coins: COINS}
"""


@pytest.mark.parametrize(
    ("variable", "value", "coins", "says"),
    [
        ("LOOSE_EXTRA", "1", "0", "turn.extra expected true found 1 (a whole number)"),
        ("LOOSE_COINS", "2.0", "2", "turn.coins expected 2 found 2.0 (a number with a fraction"),
        ("LOOSE_COINS", "true", "1", "turn.coins expected 1 found true (true or false)"),
        ("LOOSE_EXTRA", '"true"', "0", 'turn.extra expected true found "true" (text)'),
    ],
)
def test_a_value_of_the_wrong_type_over_the_wire_fails_and_says_so(
    variable: str, value: str, coins: str, says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``extra: 1``, ``coins: 2.0`` and ``coins: true`` passed for true, 2 and 1, and a
    mistyped value gave a riddle (``turn.extra expected true found true``)."""
    monkeypatch.setenv(variable, value)
    scenario = load_text(OUTPOST_EXTRA.replace("COINS", coins), "loose.yaml")
    adapter = WireAdapter([sys.executable, str(ENGINES / "loose_types.py")], timeout=SLOW)
    [result] = run_all([scenario], lambda: adapter)
    assert result.status is Status.FAIL, result
    assert says in result.message, result.message
