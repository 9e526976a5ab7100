"""Hypothesis profiles for the test suite.

``ci`` (the default) keeps property tests small and free of deadlines so that they pass
on slow shared runners; ``deep`` explores far more examples for a nightly or local run.
Pick one with ``HYPOTHESIS_PROFILE=deep pytest``.
"""

from __future__ import annotations

import os

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
