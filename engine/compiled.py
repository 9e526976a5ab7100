"""Whether the engine runs compiled, and the one mark the compiler reads.

The engine is pure Python. An install may compile its core with mypyc instead
(``ARBITER_COMPILE=1 pip install .``; ``setup.py`` lists the modules and says when it
does not: an editable install, no compiler): the same code, the same games, faster
(docs/guides/performance.rst). :func:`is_compiled` says which one is running.

:func:`mypyc_attr` marks the classes that code outside the compiled core subclasses
(``Game``, the bots): mypyc must allow that of a compiled class. It is mypy_extensions'
decorator to the type checker and the compiler, and does nothing when the engine runs as
Python, so the engine needs nothing beyond the standard library either way.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    _Class = TypeVar("_Class")

    def mypyc_attr(*attrs: str, **settings: bool) -> Callable[[_Class], _Class]:
        """mypyc's class mark, which Python ignores."""

        def unchanged(cls: _Class) -> _Class:
            return cls

        return unchanged


def is_compiled() -> bool:
    """Whether the engine's core runs compiled (its modules are mypyc extension modules)."""
    from engine import game  # a module of the compiled core (not at import: it imports this)

    return str(game.__file__).endswith(tuple(EXTENSION_SUFFIXES))
