"""An in-process adapter that loops forever when asked to play a Smithy.

Run as ``--engine looping:LoopingAdapter`` with this folder on the Python path: the
harness runs it in a worker process, so the loop costs one timeout, not the run.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scenarios.adapters.reference import ReferenceAdapter


class LoopingAdapter(ReferenceAdapter):
    name = "looping"

    def command(self, verb: str, arg: Any) -> None:
        while arg == "Smithy":
            pass
        super().command(verb, arg)
