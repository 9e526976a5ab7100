"""The Adapter guide's minimal adapter runs the whole bundled suite as `--engine
basic_adapter:BasicAdapter`: what it supports passes, the rest is skipped with a reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenarios.engines import resolve
from scenarios.loader import bundled_dir, discover, load_many
from scenarios.runner import Status, run_all

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "guides" / "examples"


def test_the_minimal_adapter_passes_what_it_supports_and_skips_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(EXAMPLES)  # as the guide says: run from the folder holding the file
    scenarios, malformed = load_many(discover([bundled_dir()]))
    assert not malformed
    results = run_all(scenarios, resolve("basic_adapter:BasicAdapter", isolated=False))
    by_status = {status: [r for r in results if r.status is status] for status in Status}
    assert by_status[Status.FAIL] == by_status[Status.ERROR] == []
    assert by_status[Status.PASS], "the basic cards alone must pass some scenarios"
    for skipped in by_status[Status.SKIP]:
        assert skipped.message.startswith("basic lacks ") or "players" in skipped.message
