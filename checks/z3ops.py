"""``engine.rules.Ops`` on z3 terms: the engine's rule functions, evaluated symbolically.

The engine writes its rules once over an ``ops`` argument (see ``engine/rules.py``);
with :data:`Z3` they build z3 formulas instead of computing ints, so ``checks.proofs``
proves the very functions the game calls, not a copy of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import z3  # type: ignore[import-untyped]

from engine.rules import Ops


def _bool(value: Any) -> Any:
    return z3.BoolVal(value) if isinstance(value, bool) else value


class Z3Ops(Ops):
    """``engine.rules.Ops`` on z3 terms: ``ite`` is ``z3.If``, ``any_`` is ``z3.Or`` ..."""

    def ite(self, condition: Any, then: Any, otherwise: Any) -> Any:
        # A condition already decided in Python (a concrete index, say) needs no If.
        if isinstance(condition, bool):
            return then if condition else otherwise
        return z3.If(condition, then, otherwise)

    def any_(self, conditions: Sequence[Any]) -> Any:
        terms = [_bool(condition) for condition in conditions]
        return z3.Or(*terms) if terms else z3.BoolVal(False)

    def all_(self, conditions: Sequence[Any]) -> Any:
        terms = [_bool(condition) for condition in conditions]
        return z3.And(*terms) if terms else z3.BoolVal(True)

    def implies(self, premise: Any, conclusion: Any) -> Any:
        return z3.Implies(_bool(premise), _bool(conclusion))

    def not_(self, condition: Any) -> Any:
        return z3.Not(_bool(condition))

    def count_zeros(self, values: Sequence[Any]) -> Any:
        return z3.Sum([self.ite(value == 0, 1, 0) for value in values])


Z3 = Z3Ops()
