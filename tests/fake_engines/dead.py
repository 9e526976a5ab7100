"""Exits at once, before saying hello."""

import sys

sys.stderr.write("cannot open engine.dll\n")
sys.exit(1)
