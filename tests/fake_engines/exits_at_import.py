"""An adapter module that exits while it is imported (issue 34: the run exited 0, silent)."""

import sys

sys.exit("needs somelib: pip install it")
