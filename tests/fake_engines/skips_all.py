"""An in-process adapter that plays nothing: every scenario is skipped."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scenarios.adapters.reference import ReferenceAdapter


class SkipsAll(ReferenceAdapter):
    name = "skips-all"

    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        return "plays nothing"
