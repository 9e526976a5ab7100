"""An in-process adapter that, asked to play a Smithy, starts a child in a session of its
own (out of the worker's process group, as a daemon does), writes its pid to the file
``$DAEMON_PID_FILE``, and hangs: killing the group alone would leave the child running."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scenarios.adapters.reference import ReferenceAdapter


class DaemonAdapter(ReferenceAdapter):
    name = "daemon"

    def command(self, verb: str, arg: Any) -> None:
        if arg == "Smithy":
            child = subprocess.Popen(["sleep", "1000"], start_new_session=True)
            Path(os.environ["DAEMON_PID_FILE"]).write_text(str(child.pid))
            time.sleep(3600)
        super().command(verb, arg)
