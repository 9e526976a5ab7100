"""valgrind's count of the instructions a command runs: the firm figure of a benchmark on a
shared machine, where CPU time moves with the load of everyone else."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path


def instruction_count(
    argv: list[str], cwd: Path, environment: dict[str, str] | None = None
) -> int | None:
    """The instructions ``argv`` runs (user space, the whole process: cachegrind's ``I
    refs``), with ``PYTHONHASHSEED=0`` so that a count repeats; None without valgrind.
    SystemExit when the command fails under it."""
    if shutil.which("valgrind") is None:
        return None
    given = dict(os.environ if environment is None else environment)
    valgrind = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
    ]
    done = subprocess.run(
        [*valgrind, *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**given, "PYTHONHASHSEED": "0"},
        check=False,
    )
    refs = [line for line in done.stderr.splitlines() if "I   refs" in line]
    if done.returncode or not refs:
        raise SystemExit(f"valgrind failed on {' '.join(argv)}:\n{done.stderr}")
    return int(refs[-1].split()[-1].replace(",", ""))
