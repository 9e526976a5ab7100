"""Hangs (never answers) when asked to play a Smithy."""

import time

from _broken import serve

serve(on_trigger=lambda _request: time.sleep(3600))
