"""The pytest plugin, run in a separate pytest process on a scratch project."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from test_cli import FAILING, MALFORMED, PASSING

TESTS = Path(__file__).resolve().parent
UNSUPPORTED = """id: base/festival/unsupported
title: the fake engine has no Festival
setup: {p1: {hand: [Festival]}}
"""
CONFTEST = f"""
import sys
sys.path.insert(0, {str(TESTS)!r})
"""


def project(root: Path) -> Path:
    files = {
        "pytest.ini": "[pytest]\naddopts = -p no:cacheprovider\narbiter_scenarios = scenarios\n",
        "conftest.py": CONFTEST,
        "scenarios/base/copper/pass.yaml": PASSING,
        "scenarios/rules/turn/fail.yaml": FAILING,
        "scenarios/base/silver/malformed.yaml": MALFORMED,
        "scenarios/base/festival/skip.yaml": UNSUPPORTED,
        "scenarios/base/copper/again.yaml": PASSING.replace("Copper makes", "Again,"),
        # Not scenarios: the catalogue, the schema, and YAML outside scenarios/.
        "scenarios/rulings/base.yaml": "set: base\nrulings: []\n",
        "scenarios/schema/extra.yaml": "not: a scenario\n",
        "other/data.yaml": "not: a scenario\n",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text))
    return root


def pytest_run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-rA", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_scenario_files_are_test_items(tmp_path: Path) -> None:
    done = pytest_run(project(tmp_path), "--arbiter-engine", "fake_adapter:FakeAdapter")
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    assert "3 failed, 1 passed, 1 skipped" in out
    assert "PASSED scenarios/base/copper/again.yaml::base/copper/coin" in out
    assert "fail: scenarios/rules/turn/fail.yaml:6: final expect: turn.coins expected 3" in out
    assert "setup.p1.hnad: unknown key 'hnad'" in out
    assert "is already used by" in out  # pass.yaml repeats again.yaml's id
    assert "fake lacks Festival" in out
    for not_collected in ("scenarios/rulings", "scenarios/schema", "other/data.yaml"):
        assert not_collected not in out


def test_an_unknown_engine_fails_every_item_without_crashing(tmp_path: Path) -> None:
    root = project(tmp_path)
    done = pytest_run(root, "--arbiter-engine", "nope", "scenarios/base/copper/again.yaml")
    assert done.returncode == 1
    assert "the engine could not be started: EngineNotFound: unknown engine" in done.stdout


def test_another_project_s_scenarios_folder_is_never_collected(tmp_path: Path) -> None:
    """Without ``arbiter_scenarios``, only Arbiter's own bundled scenarios are items."""
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = -p no:cacheprovider\n")
    (tmp_path / "scenarios" / "load").mkdir(parents=True)
    (tmp_path / "scenarios" / "load" / "peak.yaml").write_text("users: 500\nramp: 30s\n")
    done = pytest_run(tmp_path, "--collect-only", "-q")
    assert "peak.yaml" not in done.stdout
    assert done.returncode == 5, done.stdout  # pytest: no tests collected
