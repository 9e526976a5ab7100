"""pytest plugin: each scenario file of the project is a test item.

Registered through the ``pytest11`` entry point, so it is loaded in every pytest run of
an environment where dominion-arbiter is installed. It therefore collects only the
scenario folders it is told to: the project's own bundled scenarios by default, or the
folders of the ini option ``arbiter_scenarios`` (paths relative to the ini file), never
another project's YAML files, the rulings catalogue or the schema. It imports the engine
only when an item runs.

Options: ``--arbiter-engine NAME`` (or the ini key ``arbiter_engine``) picks the engine,
any name :func:`scenarios.engines.resolve` knows; the default is the reference engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scenarios.adapters.base import Adapter, EngineUnusable
from scenarios.loader import ScenarioError, bundled_dir, is_fixture, load_scenario
from scenarios.model import Scenario
from scenarios.runner import Result, Status, error_result, run_scenario

_ADAPTER = pytest.StashKey[Adapter | Exception]()
_IDS = pytest.StashKey[dict[str, Path]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("arbiter", "Arbiter scenarios")
    group.addoption(
        "--arbiter-engine",
        default=None,
        metavar="NAME",
        help="engine the scenario files run on (default: reference)",
    )
    parser.addini("arbiter_engine", "engine the scenario files run on", default="reference")
    parser.addini(
        "arbiter_scenarios",
        "folders of scenario files to collect (default: Arbiter's own bundled scenarios)",
        type="paths",
        default=[],
    )


def _roots(config: pytest.Config) -> list[Path]:
    configured = [Path(path).resolve() for path in config.getini("arbiter_scenarios")]
    return configured or [bundled_dir()]


def _fixture_root(path: Path, config: pytest.Config) -> Path | None:
    resolved = path.resolve()
    for root in _roots(config):
        if resolved.is_relative_to(root) and is_fixture(resolved.relative_to(root), root):
            return root
    return None


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.File | None:
    if _fixture_root(file_path, parent.config) is None:
        return None
    scenario_file: ScenarioFile = ScenarioFile.from_parent(parent, path=file_path)
    return scenario_file


class ScenarioFailure(Exception):
    """A scenario that did not pass; carries the runner's result for the report."""

    def __init__(self, result: Result) -> None:
        super().__init__(result.message)
        self.result = result


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        try:
            scenario = load_scenario(self.path)
        except ScenarioError as error:
            yield ScenarioItem.from_parent(self, name=self.path.stem, error=error_result(error))
            return
        owners = self.config.stash.setdefault(_IDS, {})
        first = owners.setdefault(scenario.id, self.path)
        if first != self.path:
            message = f"id: {scenario.id!r} is already used by {first}"
            duplicate = Result(
                scenario.id, str(self.path), Status.ERROR, message, line=scenario.line
            )
            yield ScenarioItem.from_parent(self, name=scenario.id, error=duplicate)
            return
        yield ScenarioItem.from_parent(self, name=scenario.id, scenario=scenario)


class ScenarioItem(pytest.Item):
    def __init__(
        self, *, scenario: Scenario | None = None, error: Result | None = None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario
        self.error = error
        for ruling in scenario.rulings if scenario else ():
            self.user_properties.append(("ruling", ruling))

    def runtest(self) -> None:
        if self.error is not None:
            raise ScenarioFailure(self.error)
        assert self.scenario is not None
        adapter = _adapter(self.config)
        if isinstance(adapter, Exception):
            raise ScenarioFailure(
                Result(
                    self.scenario.id,
                    str(self.path),
                    Status.ERROR,
                    f"the engine could not be started: {adapter}",
                )
            )
        try:
            result = run_scenario(self.scenario, adapter)
        except EngineUnusable as exc:  # remembered: the items after this one fail at once
            self.config.stash[_ADAPTER] = RuntimeError(str(exc))
            adapter.close()
            raise ScenarioFailure(
                Result(self.scenario.id, str(self.path), Status.ERROR, str(exc))
            ) from None
        if result.status is Status.SKIP:
            pytest.skip(result.message)
        if result.status is not Status.PASS:
            raise ScenarioFailure(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailure):
            result = excinfo.value.result
            where = (
                self.path.relative_to(self.config.rootpath)
                if self.path.is_relative_to(self.config.rootpath)
                else self.path
            )
            line = f":{result.line}" if result.line else ""
            return f"{result.status}: {where}{line}: {result.message}"
        return str(super().repr_failure(excinfo, style=style))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        line = self.scenario.line - 1 if self.scenario else None
        return self.path, line, f"scenario {self.name}"


def _adapter(config: pytest.Config) -> Adapter | Exception:
    """One adapter per session, made on first use; a failure to make it is remembered."""
    if _ADAPTER not in config.stash:
        name = config.getoption("arbiter_engine") or config.getini("arbiter_engine")
        from scenarios.engines import resolve

        try:
            config.stash[_ADAPTER] = resolve(str(name))()
        except Exception as exc:  # every item then reports it, the session goes on
            config.stash[_ADAPTER] = RuntimeError(f"{type(exc).__name__}: {exc}")
    return config.stash[_ADAPTER]


def pytest_unconfigure(config: pytest.Config) -> None:
    adapter = config.stash.get(_ADAPTER, None)
    if isinstance(adapter, Adapter):
        adapter.close()
