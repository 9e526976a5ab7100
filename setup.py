"""The optional compiled engine core (mypyc): pure Python unless it is asked for.

    ARBITER_COMPILE=1 pip install .          # the core compiled, when it can be
    pip install .  /  pip install -e .       # pure Python (everything else is pyproject.toml)

With ``ARBITER_COMPILE=1`` the modules in :data:`COMPILED` are compiled by mypyc (it
comes with mypy, which the build then installs) into C extension modules installed beside
their sources, which Python then loads instead. The sources stay in the install, and the
engine stays pure Python, when:

- the install is editable (``pip install -e``): compiled modules would sit beside the
  sources being edited and shadow them, so edits would silently not run;
- there is no C compiler, or compiling fails: a warning, and the pure-Python install.

``engine.compiled.is_compiled()`` says which one runs (the benchmarks print it). The
compiled modules are the same code and play the same games; CI runs the scenario suite and
the random-game tests on them too (.ci/run).
"""

from __future__ import annotations

import functools
import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# The engine's core: what every command, move and bot step runs through. The card modules
# stay Python: compiling them costs minutes and saves little (most of them run rarely).
COMPILED = [
    "engine/errors.py",
    "engine/state.py",
    "engine/decisions.py",
    "engine/model.py",
    "engine/context.py",
    "engine/rules.py",
    "engine/shapes.py",
    "engine/entries.py",
    "engine/setup_check.py",
    "engine/saved.py",
    "engine/position.py",
    "engine/indexes.py",
    "engine/table.py",
    "engine/verbs.py",
    "engine/lasting.py",
    "engine/triggers.py",
    "engine/turn.py",
    "engine/game.py",
    "engine/view.py",
    "engine/bots.py",
    "engine/cards/__init__.py",
]
# mypy (and with it mypyc) as the build uses it: the version the compiled core was tested with.
MYPY = "mypy==2.4.1"


def _warn(message: str) -> None:
    print(f"dominion-arbiter: {message}", file=sys.stderr)


def compile_requested() -> bool:
    return os.environ.get("ARBITER_COMPILE", "").strip().lower() in ("1", "yes", "true")


def compiled_extensions() -> list[Extension]:
    """A stand-in for the compiled modules when they are asked for: mypyc makes the real
    ones when the build runs (:class:`OptionalBuildExt`), not each time pip reads this file."""
    return [Extension("engine._compiled", sources=[])] if compile_requested() else []


@functools.cache  # the build finalizes build_ext more than once (egg_info asks too)
def _mypycify() -> list[Extension]:
    """mypyc's extension modules for :data:`COMPILED`, or none when mypyc fails."""
    try:
        from mypyc.build import mypycify

        # One C file per module, compiled side by side (build_ext's parallel).
        return list(mypycify(COMPILED, opt_level="3", multi_file=True))
    except (Exception, SystemExit) as failed:  # no mypyc, or mypyc refuses the code
        _warn(f"compiling the engine failed ({failed}): the engine stays Python")
        return []


class OptionalBuildExt(build_ext):
    """Compile :data:`COMPILED` with mypyc, unless the install is editable or compiling
    fails: then none of them (they depend on each other), and the engine stays Python."""

    def finalize_options(self) -> None:
        if self.distribution.ext_modules:  # the stand-in: compiling was asked for
            self.distribution.ext_modules = self._mypyc_extensions()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        super().finalize_options()

    def _mypyc_extensions(self) -> list[Extension]:
        if self.editable_mode or self.inplace:
            _warn("not compiled: an editable install runs its sources as they are edited")
            return []
        return _mypycify()

    def run(self) -> None:
        try:
            super().run()
        except Exception as failed:  # no C compiler, or it fails
            _warn(f"compiling the engine failed ({failed}): the engine stays Python")
            for built in self.get_outputs():
                if os.path.exists(built):
                    os.remove(built)
            self.extensions = []


setup(
    ext_modules=compiled_extensions(),
    cmdclass={"build_ext": OptionalBuildExt},
    # Read by the build front end (pip) before building: mypyc is needed only when asked.
    setup_requires=[MYPY] if compile_requested() else [],
)
