"""Which engine a name means: the one resolution behind every ``--engine``.

``arbiter check --engine``, ``--compare``, ``arbiter wire --engine``, the pytest plugin's
``--arbiter-engine`` and ``arbiter fuzz`` all call :func:`resolve`. A name is one of:

``reference``
    the project's own engine, run in this process;
``pyminion``, ``evolvedominion``
    the built-in adapters of third-party engines (the ``pyminion`` and
    ``evolvedominion`` extras);
a registered name
    a package registers ``NAME = "module:attr"`` in the ``arbiter.engines`` entry-point
    group, so ``pip install my-engine-arbiter`` makes ``--engine my-engine`` work;
``module:Class`` or ``module:factory``
    an :class:`~scenarios.adapters.base.Adapter` subclass, or a callable returning an
    adapter, imported from the Python path (the current directory included);
``wire:COMMAND``
    a subprocess speaking the wire protocol (``docs/guides/wire-protocol.rst``).

Every engine but the reference runs **isolated**: in a worker process that serves the
adapter over the wire protocol (``python -m scenarios.wire_server module:attr``), so the
harness's timeouts, process-group kill and size limits apply to it as to any other
engine, and an adapter that loops forever costs one timeout, not the run. ``isolated=False``
runs it in this process instead (the worker itself does that; so may a caller that trusts
the adapter and wants speed).
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass

from scenarios.adapters.base import Adapter
from scenarios.runner import AdapterFactory

ENTRY_POINT_GROUP = "arbiter.engines"
REFERENCE = "reference"
WIRE_PREFIX = "wire:"

# The engines that ship with the project: name -> (target, module it needs, how to get it).
BUILT_IN: dict[str, tuple[str, str | None, str]] = {
    REFERENCE: ("scenarios.adapters.reference:ReferenceAdapter", None, ""),
    "pyminion": (
        "scenarios.adapters.pyminion_adapter:PyminionAdapter",
        "pyminion",
        "pip install 'dominion-arbiter[pyminion]'",
    ),
    "evolvedominion": (
        "scenarios.adapters.evolvedominion_adapter:EvolvedominionAdapter",
        "evolvedominion",
        "pip install 'dominion-arbiter[evolvedominion]'",
    ),
}


class EngineNotFound(ValueError):
    """The name does not resolve to an engine; the message says why and what exists."""


@dataclass(frozen=True)
class EngineInfo:
    """One engine ``--engine`` can name: where it comes from and what it loads."""

    name: str
    target: str  # "module:attr"
    origin: str  # "built in" or "entry point of DIST"
    needs: str | None = None  # a module that must be importable
    install: str = ""  # how to get it when it is not

    @property
    def installed(self) -> bool:
        if self.needs is None:
            return True
        import importlib.util

        return importlib.util.find_spec(self.needs) is not None


def available() -> list[EngineInfo]:
    """Every engine with a name: the built-in ones, then the registered ones, by name."""
    from importlib.metadata import entry_points  # reads every installed package's metadata

    engines = [
        EngineInfo(name, target, "built in", needs, install)
        for name, (target, needs, install) in BUILT_IN.items()
    ]
    registered = sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda point: point.name)
    for point in registered:
        if point.name in BUILT_IN:
            continue  # a package cannot take over a built-in name
        dist = point.dist.name if point.dist is not None else "an installed package"
        engines.append(EngineInfo(point.name, point.value, f"entry point of {dist}"))
    return engines


def _known() -> str:
    names = ", ".join(info.name for info in available())
    return f"known: {names}; or module:Class, module:factory, wire:COMMAND"


def _info(name: str) -> EngineInfo:
    if name in BUILT_IN:  # no registered engine can take a built-in name (see available)
        target, needs, install = BUILT_IN[name]
        return EngineInfo(name, target, "built in", needs, install)
    for info in available():
        if info.name == name:
            return info
    if ":" in name:
        return EngineInfo(name, name, "module")
    raise EngineNotFound(f"unknown engine {name!r} ({_known()})")


def _split_target(target: str) -> tuple[str, str]:
    """``module:attr`` as (module, attr); EngineNotFound when it is not written so."""
    module_name, _colon, attribute = target.partition(":")
    if not module_name or not attribute:
        raise EngineNotFound(f"engine {target!r}: write module:Class or module:factory")
    return module_name, attribute


def _find_module(target: str) -> None:
    """EngineNotFound unless the top package of ``target``'s module is on the path (the
    worker's: ours and the current directory), looked for without importing anything."""
    from importlib.machinery import PathFinder

    module_name, _attribute = _split_target(target)
    top = module_name.partition(".")[0]
    if top in sys.modules or top in sys.builtin_module_names:
        return
    if PathFinder.find_spec(top, [*sys.path, os.getcwd()]) is None:
        raise EngineNotFound(
            f"engine {target!r}: cannot import {module_name}: No module named {top!r}"
        )


def load_target(target: str) -> AdapterFactory:
    """The factory ``module:attr`` names, imported here; EngineNotFound says what failed.

    Importing runs the module's code in this process: an engine's module is imported
    only by the reference's run and by a worker (:func:`resolve`), never by the harness
    of an isolated engine (an exit, a loop, a print or a huge allocation at import)."""
    module_name, attribute = _split_target(target)
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.append(cwd)  # `--engine my_adapter:MyAdapter` next to the scenarios
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise EngineNotFound(f"engine {target!r}: cannot import {module_name}: {exc}") from None
    except SystemExit as exc:  # sys.exit("needs X: pip install it") while imported
        raise EngineNotFound(
            f"engine {target!r}: importing {module_name} exited: {exc.code}"
        ) from None
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # the module's own code failed while importing
        raise EngineNotFound(
            f"engine {target!r}: importing {module_name} failed: {type(exc).__name__}: {exc}"
        ) from None
    found: object = module
    for part in attribute.split("."):
        found = getattr(found, part, None)
        if found is None:
            raise EngineNotFound(f"engine {target!r}: {module_name} has no {attribute}")
    if not callable(found):
        raise EngineNotFound(f"engine {target!r}: {attribute} is not a class or a function")
    factory = found

    def make() -> Adapter:
        adapter = factory()
        if not isinstance(adapter, Adapter):
            raise TypeError(
                f"{target} made a {type(adapter).__name__}, not a scenarios.adapters.base.Adapter"
            )
        return adapter

    return make


def worker_command(target: str) -> list[str]:
    """The command of a worker serving the engine ``target`` (a name or ``module:attr``).
    ``-P``: ``python -m`` would put the current directory first on the worker's path, and
    a ``json.py`` there (a checked-out scenario repository) would run inside it; the
    directory is on its path after the standard library instead (:func:`load_target`)."""
    return [sys.executable, "-P", "-m", "scenarios.wire_server", target]


def worker_environment() -> dict[str, str]:
    """The environment of a worker process: ours, with our import path (so it imports
    exactly what this process can, the current directory included)."""
    paths = [entry or os.getcwd() for entry in sys.path]
    paths.append(os.getcwd())
    inherited = os.environ.get("PYTHONPATH")
    if inherited:
        paths.append(inherited)
    return {**os.environ, "PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}


def resolve(
    name: str,
    *,
    isolated: bool = True,
    timeout: float | None = None,
    deadline: float | None = None,
) -> AdapterFactory:
    """The factory of the engine ``name`` (see the module docstring); EngineNotFound if none.

    ``timeout`` (seconds per request) and ``deadline`` (a :func:`time.monotonic` instant)
    apply to engines in another process; None means ``ARBITER_WIRE_TIMEOUT`` or 10 s.
    """
    # The wire harness is imported only for an engine in another process: the reference
    # engine's run (every plain `arbiter check`) need not load it.
    if name.startswith(WIRE_PREFIX):
        from scenarios.adapters.wire import WireAdapter

        command = name.removeprefix(WIRE_PREFIX)
        if not command.strip():
            raise EngineNotFound('wire: needs a command, as in --engine wire:"arbiter wire"')
        return lambda: WireAdapter(command, timeout, deadline=deadline)
    info = _info(name)
    if not info.installed:
        raise EngineNotFound(f"the {info.name} engine needs {info.needs}: {info.install}")
    if not isolated:
        return load_target(info.target)  # import errors surface here, before any run
    if name == REFERENCE:
        return _bounded(load_target(info.target), timeout, deadline)
    # The worker imports the module; what goes wrong there stops the run at its first
    # request with the worker's last words (an import error, an exit). A module that is
    # nowhere is said here, found without running any of its code.
    _find_module(info.target)
    from scenarios.adapters.wire import WireAdapter

    argv = worker_command(info.target)
    environment = worker_environment()
    return lambda: WireAdapter(argv, timeout, deadline=deadline, env=environment, label=name)


def _bounded(
    factory: AdapterFactory, timeout: float | None, deadline: float | None
) -> AdapterFactory:
    """``factory``'s adapters, each scenario on them bounded by the runner: ``timeout``
    seconds (None: ``ARBITER_WIRE_TIMEOUT`` or 10 s) and ``deadline``, as the requests of
    an engine in another process are."""
    from scenarios.adapters.limits import timeout_from_env

    limit = timeout if timeout is not None else timeout_from_env()

    def make() -> Adapter:
        adapter = factory()
        adapter.time_limit, adapter.deadline_at = limit, deadline
        return adapter

    return make


def describe(info: EngineInfo) -> str:
    """One line of ``arbiter engines``."""
    state = "" if info.installed else f" (not installed: {info.install})"
    where = "in process" if info.name == REFERENCE else "worker process"
    return f"{info.name}: {info.target} [{info.origin}, {where}]{state}"
