"""Says hello, then never reads its input again (a large request fills the pipe)."""

import json
import sys
import time

sys.stdin.readline()
hello = {"protocol": 1, "engine": "deaf", "cards": {}}
sys.stdout.write(json.dumps({"id": 1, "status": "ok", "result": hello}) + "\n")
sys.stdout.flush()
time.sleep(3600)
