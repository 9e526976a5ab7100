"""The reference engine over the wire, reporting some values with the wrong JSON type:
``turn.extra`` as the number in ``$LOOSE_EXTRA`` (1 for true) and ``turn.coins`` as the
JSON value in ``$LOOSE_COINS`` (2.0, true). Python compares 1 == True and 2 == 2.0."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scenarios.adapters.reference import ReferenceAdapter
from scenarios.wire_server import serve


class LooseTypes(ReferenceAdapter):
    name = "loose-types"

    def observe(self) -> dict[str, Any]:
        state = super().observe()
        turn = dict(state["turn"])
        if "LOOSE_EXTRA" in os.environ:
            turn["extra"] = json.loads(os.environ["LOOSE_EXTRA"])
        if "LOOSE_COINS" in os.environ:
            turn["coins"] = json.loads(os.environ["LOOSE_COINS"])
        return {**state, "turn": turn}


if __name__ == "__main__":
    serve(LooseTypes())
