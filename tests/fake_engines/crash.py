"""Dies with a traceback on standard error when asked to play a Smithy."""

import os
import sys

from _broken import serve


def crash(_request: dict) -> None:
    sys.stderr.write("Traceback (most recent call last):\nKeyError: 'Smithy'\n")
    sys.stderr.flush()
    os._exit(3)


serve(on_trigger=crash)
