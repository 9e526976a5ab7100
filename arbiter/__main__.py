"""``python -m arbiter``: the same as the ``arbiter`` command."""

import sys

from arbiter.cli import run

sys.exit(run())
