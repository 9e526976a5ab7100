"""``python -m arbiter``: the same as the ``arbiter`` command."""

import sys

from arbiter.cli import main

sys.exit(main())
