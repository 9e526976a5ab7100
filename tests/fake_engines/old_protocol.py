"""Speaks only a protocol version that does not exist yet."""

import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    sys.stdout.write(
        json.dumps(
            {
                "id": request.get("id"),
                "status": "error",
                "message": "this engine speaks protocol 7 only",
            }
        )
        + "\n"
    )
    sys.stdout.flush()
