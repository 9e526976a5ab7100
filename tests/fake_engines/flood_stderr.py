"""When asked to play a Smithy, writes to standard error forever without a newline."""

import os

from _broken import serve


def flood(_request: object) -> None:
    chunk = b"e" * 65536
    while True:
        os.write(2, chunk)


serve(on_trigger=flood)
