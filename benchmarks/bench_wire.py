"""Throughput of the wire protocol: scenarios per second through it and in process.

    python benchmarks/bench_wire.py [--repeat N] [--engine reference|pyminion]

Loads the bundled scenarios once (loading is not measured), then runs them all on the
engine in process and through one ``python -m scenarios.wire_server ENGINE`` subprocess,
best of N runs each (the wire's time includes starting the subprocess), and checks that
both give the same results.
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scenarios.adapters.base import Adapter
from scenarios.adapters.wire import WireAdapter
from scenarios.engines import resolve
from scenarios.loader import bundled_dir, discover, load_many
from scenarios.runner import AdapterFactory, run_all


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--engine", default="reference")
    args = parser.parse_args()
    scenarios, _malformed = load_many(discover([bundled_dir()]))
    ran = 0
    timings: dict[str, float] = {}
    results = {}
    for label in ("in process", "wire"):
        best = float("inf")
        for _ in range(args.repeat):
            if label == "wire":
                wire: Adapter = WireAdapter(
                    [sys.executable, "-m", "scenarios.wire_server", args.engine], timeout=60
                )
                factory: AdapterFactory = partial(lambda adapter: adapter, wire)
            else:
                factory = resolve(args.engine, isolated=False)
            started = time.perf_counter()
            outcome = run_all(scenarios, factory)
            best = min(best, time.perf_counter() - started)
        timings[label] = best
        results[label] = [r.to_json() for r in outcome]
        ran = sum(r.status != "skip" for r in outcome)
    print(
        f"{len(scenarios)} scenarios ({ran} run, the rest skipped) on {args.engine}, "
        f"best of {args.repeat}:"
    )
    for label, seconds in timings.items():
        print(f"  {label:10}  {seconds:6.2f} s  {len(scenarios) / seconds:7.1f} scenarios/s")
    same = results["wire"] == results["in process"]
    # An engine's own exceptions come back through the wire with the last exchange added
    # to the message; the statuses must agree whatever the engine.
    statuses = [[(r["id"], r["status"]) for r in results[k]] for k in ("wire", "in process")]
    verdict = (
        "identical"
        if same
        else "same statuses, some messages differ"
        if statuses[0] == statuses[1]
        else "DIFFER"
    )
    print(f"  the wire costs {timings['wire'] / timings['in process']:.1f}x; results {verdict}")
    return 0 if statuses[0] == statuses[1] else 1


if __name__ == "__main__":
    sys.exit(main())
