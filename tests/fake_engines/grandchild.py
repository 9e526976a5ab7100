"""When asked to play a Smithy, starts a child that keeps standard output open and hangs.

Killing only this process would leave the child holding the pipe: the harness must kill
the whole process group.
"""

import subprocess
import time

from _broken import serve


def leave_a_child(_request: object) -> None:
    subprocess.Popen(["sleep", "1000"])  # inherits stdout and stderr
    time.sleep(3600)


serve(on_trigger=leave_a_child)
