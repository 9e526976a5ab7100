"""Which engine the tests run: the install's, compiled or not, never another by mistake.

CI runs the suite twice: on the editable install (pure Python) and on a compiled install
(``ARBITER_COMPILE=1 pip install .``, setup.py), with ``ARBITER_EXPECT_COMPILED`` saying
which it is. Tests that ran on the sources while CI meant the compiled modules (or the
other way round) would check the wrong engine and pass for the wrong reason.
"""

from __future__ import annotations

import os

import pytest

from engine.compiled import is_compiled


def test_the_engine_is_the_one_the_run_expects() -> None:
    expected = os.environ.get("ARBITER_EXPECT_COMPILED")
    if expected is None:
        pytest.skip(
            "ARBITER_EXPECT_COMPILED is not set: either engine will do (.ci/run sets it, and "
            "runs the compiled engine, built by ARBITER_COMPILE=1 pip install .)"
        )
    assert is_compiled() == (expected == "1"), f"ARBITER_EXPECT_COMPILED={expected}"
