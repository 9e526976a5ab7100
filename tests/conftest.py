"""What every test run shares: Hypothesis profiles, the ``--full`` option, the tests that
need an optional extra, and the figures tests report.

Hypothesis: ``ci`` (the default) keeps property tests small and free of deadlines so that
they pass on slow shared runners; ``deep`` explores far more examples for a nightly or
local run. Pick one with ``HYPOTHESIS_PROFILE=deep pytest``.

``pytest --full`` (CI sets it; ``options.full``, tests/options.py) runs the long
comparisons whole rather than a sample, and fails a test whose optional extra is not
installed instead of skipping it: a CI run that skipped what it was meant to check would
look green.

``@pytest.mark.extra("docs")`` marks a test (or, as ``pytestmark``, a module) that needs
that extra of ``pyproject.toml``; without it installed, the test is skipped with the
command that installs it. A module that cannot even be imported without its extra calls
``options.require("pyminion")`` first (``tests/options.py``).

A test reports a figure with ``report_figure`` (a fixture): the figures are printed in a
section of their own after the run, not into the line of progress dots.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import options
import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "deep",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# `arbiter check` keeps loaded scenarios in the user's cache (scenarios/cache.py): the
# tests, and the commands they start, leave it alone; tests/test_scenario_cache.py turns
# it on in a temporary directory.
os.environ["ARBITER_NO_CACHE"] = "1"

FIGURE = "figure"  # the user property a reported figure is kept in


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--full",
        action="store_true",
        help="run the long comparisons whole, not a sample, and fail (not skip) a test "
        "whose optional extra is missing (CI sets it)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "extra(name): the test needs that optional extra of pyproject.toml"
    )
    # Before any test module is imported: parametrizations read it.
    options.full = bool(config.getoption("full"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # A skip marker, not a skip when the test starts: the report then shows the test's
    # own file and line, not this hook's.
    for item in items:
        for marker in item.iter_markers("extra"):
            message = options.unusable(*marker.args)
            if message is not None and not options.full:
                item.add_marker(pytest.mark.skip(reason=message))


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker in item.iter_markers("extra"):
        options.require(*marker.args)  # under --full, fails a test whose extra is missing


@pytest.fixture
def report_figure(record_property: Callable[[str, object], None]) -> Callable[[str], None]:
    """Report a line of figures, printed after the run (with the test's name)."""
    return lambda line: record_property(FIGURE, line)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    lines = [
        f"{report.nodeid}: {value}"
        for reports in terminalreporter.stats.values()
        for report in reports
        if isinstance(report, pytest.TestReport) and report.when == "call"
        for name, value in report.user_properties
        if name == FIGURE
    ]
    if lines:
        terminalreporter.section("figures")
        for line in lines:
            terminalreporter.write_line(line)
