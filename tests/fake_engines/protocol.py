"""Breaks the protocol when asked to play a Smithy.

``python protocol.py wrong_id|bad_status|no_result|not_object``
"""

import json
import sys

from _broken import serve, write

HOW = sys.argv[1] if len(sys.argv) > 1 else "wrong_id"


def violate(request: dict) -> None:
    ident = request["id"]
    response = {
        "wrong_id": {"id": ident + 1000, "status": "ok", "result": None},
        "bad_status": {"id": ident, "status": "maybe"},
        "no_result": {"id": ident, "status": "ok"},
        "not_object": ["ok", ident],
    }[HOW]
    write(json.dumps(response))


serve(on_trigger=violate)
