"""Answers ``play Smithy`` with status error (its own failure), and stays sane."""

import json

from _broken import serve, write


def fail(request: dict) -> None:
    write(
        json.dumps(
            {"id": request["id"], "status": "error", "message": "NotImplementedError: Smithy"}
        )
    )


serve(on_trigger=fail)
