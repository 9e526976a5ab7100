"""The per-request timeout of engines in another process (``--timeout``,
``ARBITER_WIRE_TIMEOUT``).

Its own small module: every ``arbiter check`` reads the variable (a bad value is a usage
error whatever the engine), and the run on the in-process reference engine should not
pay for importing the wire harness (subprocess, selectors) to do it.
"""

from __future__ import annotations

import math
import os

DEFAULT_TIMEOUT = 10.0
TIMEOUT_VARIABLE = "ARBITER_WIRE_TIMEOUT"


# The longest a timeout may be (11 days and more): a timer or a wait of more seconds than
# the system's clocks hold is an OverflowError, in every scenario (1e11).
MAX_SECONDS = 1_000_000.0


def parse_timeout(text: str, what: str = "--timeout") -> float:
    """``text`` as a number of seconds: positive, finite and at most :data:`MAX_SECONDS`,
    else ValueError naming ``what``."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{what} must be a number of seconds, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{what} must be a positive, finite number of seconds, not {text!r}")
    if value > MAX_SECONDS:
        raise ValueError(f"{what} must be at most {MAX_SECONDS:,.0f} seconds, not {text!r}")
    return value


def timeout_from_env() -> float:
    """The per-request timeout: ``ARBITER_WIRE_TIMEOUT`` if set, else 10 s."""
    raw = os.environ.get(TIMEOUT_VARIABLE, "").strip()
    return parse_timeout(raw, TIMEOUT_VARIABLE) if raw else DEFAULT_TIMEOUT
