"""Engine resolution: module:Class, module:factory, entry points, `arbiter engines`, and
the command-line limits (--timeout, ARBITER_WIRE_TIMEOUT, --deadline, unusable engines)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from test_cli import PASSING

from arbiter import cli
from scenarios.adapters.wire import WireAdapter
from scenarios.engines import EngineNotFound, available, resolve

TESTS = Path(__file__).resolve().parent
ENGINES = TESTS / "fake_engines"


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["check", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def passing(tmp_path: Path) -> Path:
    (tmp_path / "pass.yaml").write_text(PASSING)
    return tmp_path


def test_module_class_runs_in_a_worker_named_after_the_adapter(
    passing: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    adapter = resolve("fake_adapter:FakeAdapter")()
    assert isinstance(adapter, WireAdapter)  # isolated: served by a worker process
    try:
        assert adapter.unsupported_reason({"Festival"}, {}) == "fake lacks Festival"
        assert adapter.name == "fake"
    finally:
        adapter.close()
    code, out, err = check(capsys, str(passing), "--engine", "fake_adapter:FakeAdapter")
    assert (code, err) == (0, ""), out
    assert out.splitlines()[-1].split() == ["all", "1", "0", "0", "0", "1"]


def test_module_factory_and_in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_factory.py").write_text(
        textwrap.dedent("""
        from fake_adapter import FakeAdapter

        def make():
            adapter = FakeAdapter()
            adapter.name = "made"
            return adapter

        def not_an_adapter():
            return 42
        """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    adapter = resolve("my_factory:make", isolated=False)()
    assert adapter.name == "made"
    with pytest.raises(TypeError, match=r"made a int, not a scenarios\.adapters\.base\.Adapter"):
        resolve("my_factory:not_an_adapter", isolated=False)()


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("nosuch", "unknown engine 'nosuch' (known: reference, pyminion"),
        ("no_such_module:Thing", "cannot import no_such_module"),
        ("fake_adapter:Nothing", "fake_adapter has no Nothing"),
        ("fake_adapter:COST", "COST is not a class or a function"),
        (":Thing", "write module:Class or module:factory"),
        ("wire:  ", "wire: needs a command"),
    ],
)
def test_a_name_that_resolves_to_nothing_says_why(name: str, says: str) -> None:
    """In process the module is imported at once; an isolated engine's module is imported
    by its worker only (tests/test_harness_faults.py), so only a module that is nowhere
    is said before the run."""
    with pytest.raises(EngineNotFound, match=None) as found:
        resolve(name, isolated=False)
    assert says in str(found.value)
    if "fake_adapter" not in name:
        with pytest.raises(EngineNotFound, match=None) as found:
            resolve(name)
        assert says in str(found.value)


def write_distribution(root: Path) -> None:
    """An installed package that registers `my-engine` in the arbiter.engines group."""
    (root / "my_engine_arbiter.py").write_text(
        "from fake_adapter import FakeAdapter\n\n\nclass MyEngine(FakeAdapter):\n"
        "    name = 'my-engine'\n"
    )
    info = root / "my_engine_arbiter-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: my-engine-arbiter\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[arbiter.engines]\nmy-engine = my_engine_arbiter:MyEngine\n"
    )


def test_an_entry_point_makes_a_name_work(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    passing: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    packages = tmp_path / "site"
    packages.mkdir()
    write_distribution(packages)
    monkeypatch.syspath_prepend(str(packages))
    names = {info.name: info for info in available()}
    assert names["my-engine"].target == "my_engine_arbiter:MyEngine"
    assert names["my-engine"].origin == "entry point of my-engine-arbiter"
    assert cli.main(["engines"]) == 0
    listed = capsys.readouterr().out
    assert "my-engine: my_engine_arbiter:MyEngine [entry point of my-engine-arbiter" in listed
    assert "reference: scenarios.adapters.reference:ReferenceAdapter [built in" in listed
    code, out, err = check(capsys, str(passing), "--engine", "my-engine")
    assert (code, err) == (0, ""), out


@pytest.mark.parametrize("value", ["nan", "inf", "abc", "0", "-1", ""])
def test_a_bad_timeout_is_a_usage_error(
    value: str, passing: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = check(capsys, str(passing), "--timeout", value)
    assert code == 2
    assert "--timeout" in err and "number of seconds" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("value", ["nan", "inf", "abc", "0", "-1"])
def test_a_bad_timeout_variable_is_a_usage_error(
    value: str, passing: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARBITER_WIRE_TIMEOUT", value)
    code, _out, err = check(capsys, str(passing))
    assert code == 2
    assert "ARBITER_WIRE_TIMEOUT must be a" in err


def test_an_engine_that_cannot_start_is_one_line_and_exit_2(
    passing: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in range(5):
        (passing / f"copy{name}.yaml").write_text(PASSING.replace("coin", f"coin{name}"))
    code, out, err = check(capsys, str(passing), "--engine", "wire:/nonexistent/engine")
    assert code == 2 and out == ""
    assert err.splitlines() == [
        "arbiter: wire:/nonexistent/engine: the engine is unusable: "
        "cannot start /nonexistent/engine: No such file or directory"
    ]


def test_an_engine_that_never_answers_stops_a_full_run_in_one_timeout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    engine = f"wire:{sys.executable} {ENGINES / 'never_answers.py'}"
    code, _out, err = check(capsys, "--engine", engine, "--timeout", "0.5")
    assert code == 2
    assert "hello failed: hello: no response within 0.5 s" in err
