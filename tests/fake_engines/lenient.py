"""Says hello properly, then answers ok (result null) to anything, even garbage."""

import json
import sys

for line in sys.stdin:
    try:
        request = json.loads(line)
    except ValueError:
        request = {}
    ident = request.get("id")
    result = None
    if request.get("op") == "hello":
        result = {"protocol": 1, "engine": "lenient", "cards": {}}
    sys.stdout.write(json.dumps({"id": ident, "status": "ok", "result": result}) + "\n")
    sys.stdout.flush()
