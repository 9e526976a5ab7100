"""When asked to play a Smithy, writes to standard output forever without a newline."""

import os

from _broken import serve


def flood(_request: object) -> None:
    chunk = b"x" * 65536
    while True:
        os.write(1, chunk)


serve(on_trigger=flood)
