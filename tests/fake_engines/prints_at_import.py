"""An adapter module that prints while imported (and writes to descriptor 1 directly),
then serves the reference engine: neither may reach the protocol or --json -."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scenarios.adapters.reference import ReferenceAdapter

print("hello from the module")
os.write(1, b"and straight to descriptor 1\n")


class PrintingAdapter(ReferenceAdapter):
    name = "printing"
