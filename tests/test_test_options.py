"""The suite's own options (tests/conftest.py, tests/options.py): a test that needs an
optional extra skips without it, saying what to install, and fails instead under
``--full``; every extra the suite names is one of pyproject.toml's."""

from __future__ import annotations

import ast
from pathlib import Path

import options
import pytest

TESTS = Path(__file__).resolve().parent


def fake_extras(monkeypatch: pytest.MonkeyPatch, **lines: tuple[str, ...]) -> None:
    monkeypatch.setattr(options, "requirements", lambda: lines)


def test_an_extra_installed_in_a_version_it_allows_is_usable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_extras(monkeypatch, here=("pytest>=1", "PyYAML"))
    assert options.unusable("here") is None


@pytest.mark.parametrize(
    ("requirement", "why"),
    [
        ("no-such-package-for-arbiter==1.0", "no-such-package-for-arbiter is not installed"),
        ("pytest==0.1", "is installed, not ==0.1"),
    ],
)
def test_a_missing_extra_says_why_and_what_to_install(
    requirement: str, why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_extras(monkeypatch, gone=("pytest>=1", requirement))
    message = options.unusable("gone")
    assert message is not None and why in message
    assert message.startswith("needs the gone extra (")
    assert message.endswith("pip install -e '.[gone]'")


def test_require_skips_and_under_full_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_extras(monkeypatch, gone=("no-such-package-for-arbiter",))
    monkeypatch.setattr(options, "full", False)
    with pytest.raises(pytest.skip.Exception, match=r"needs the gone extra"):
        options.require("gone")
    monkeypatch.setattr(options, "full", True)
    with pytest.raises(pytest.fail.Exception, match=r"--full: needs the gone extra"):
        options.require("gone")


def test_an_unknown_extra_is_a_usage_error() -> None:
    with pytest.raises(pytest.UsageError, match="no optional extra 'nonesuch'"):
        options.unusable("nonesuch")


def named_extras() -> set[str]:
    """The extras the other test modules name: ``@pytest.mark.extra(X)``,
    ``options.require(X)``."""
    found = set()
    for path in set(TESTS.glob("test_*.py")) - {Path(__file__).resolve()}:
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("extra", "require")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def test_every_extra_the_tests_name_is_in_pyproject() -> None:
    named = named_extras()
    assert {"docs", "pyminion"} <= named
    assert named <= set(options.requirements())


def test_the_default_run_is_parallel() -> None:
    import tomllib

    with (TESTS.parent / "pyproject.toml").open("rb") as file:
        pytest_options = tomllib.load(file)["tool"]["pytest"]["ini_options"]
    assert "-n auto" in pytest_options["addopts"]


def test_no_test_writes_past_the_capture() -> None:
    """Output with the capture turned off lands in the line of progress dots: a figure a
    test wants seen goes through the ``report_figure`` fixture instead."""
    offenders = [
        path.name
        for path in set(TESTS.glob("*.py")) - {Path(__file__).resolve()}
        if ".disabled()" in path.read_text() or "sys.__stdout__" in path.read_text()
    ]
    assert not offenders, offenders
