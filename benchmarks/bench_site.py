"""The rulings site in figures: its size with and without the browser engine, how long a
scenario's Run takes in the page, and how many pages each set's FAQ prints to.

    python benchmarks/bench_site.py SITE [--loads N]

``SITE`` is a built site (``arbiter docs --strict --out SITE``; CI's). It prints:

* **size**: the published folder's bytes, the browser engine's part of them
  (``_static/engine``: Pyodide and the zip of the Python code) and the site without it,
  and the largest files;
* **Run**: in headless Chromium (Debian's, network blocked), on a card page, the time from
  pressing *Run* to the verdict shown, for the first Run after opening the page (the
  engine starts: Pyodide boots, the code is unpacked and imported) and for a later Run;
  ``--loads`` fresh browsers, each with an empty cache (the first visit of a reader), then
  once more in the same browser with the cache filled (a later visit);
* **print**: each set's rulings FAQ printed to PDF by Chromium (A4 and US Letter), its page
  count.

It asserts nothing (speed is not a test): every figure is wall time on a shared machine,
so the load average is printed beside them.
"""

from __future__ import annotations

import argparse
import base64
import functools
import http.server
import os
import re
import statistics
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
RUN_PAGE = "generated/cards/feast.html"
PAPERS = {"A4": (8.27, 11.69), "Letter": (8.5, 11.0)}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def served(site: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


@contextmanager
def chromium() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu"):
        options.add_argument(flag)
    options.add_argument("--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1")
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def sizes(site: Path) -> None:
    files = [p for p in site.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    engine = sum(p.stat().st_size for p in files if "engine" in p.relative_to(site).parts[:2])
    pages = sum(1 for p in files if p.suffix == ".html")
    print(f"size: {total / 1e6:.1f} MB in {len(files)} files ({pages} HTML pages)")
    print(f"  browser engine (_static/engine): {engine / 1e6:.1f} MB")
    print(f"  without the browser engine:      {(total - engine) / 1e6:.1f} MB")
    for path in sorted(files, key=lambda p: -p.stat().st_size)[:5]:
        print(f"  {path.stat().st_size / 1e6:6.2f} MB  {path.relative_to(site)}")


def timed_runs(driver: Any, url: str, count: int) -> list[float]:
    """Open the page, press the first scenario's Run ``count`` times: each time to the
    verdict, in seconds (window.arbiterRuns, measured in the page)."""
    driver.get(url)
    for number in range(1, count + 1):
        driver.execute_script(
            "document.querySelector('.arbiter-scenario button.arbiter-run').click();"
        )
        deadline = time.monotonic() + 300
        while driver.execute_script("return (window.arbiterRuns || []).length") < number:
            if time.monotonic() > deadline:
                raise RuntimeError("no verdict after 300 s")
            time.sleep(0.02)
    return [r["ms"] / 1000 for r in driver.execute_script("return window.arbiterRuns")]


def start_phases(driver: Any) -> dict[str, float]:
    """The engine's start, phase by phase (Pyodide, the code, the imports), in seconds."""
    phases = driver.execute_script("return window.arbiterRuns[0].phases") or {}
    return {name: ms / 1000 for name, ms in phases.items()}


def runs(site: Path, loads: int) -> None:
    with served(site) as base:
        url = f"{base}/{RUN_PAGE}"
        cold, later, phases = [], [], []
        for _ in range(loads):
            with chromium() as driver:
                first, *rest = timed_runs(driver, url, 3)
                phases.append(start_phases(driver))
                cold.append(first)
                later += rest
                warm = timed_runs(driver, url, 1)[0]  # the same browser: its cache is filled
        print(f"Run in the page ({RUN_PAGE}, {loads} fresh browsers):")
        print(f"  first Run, empty cache:  median {statistics.median(cold):.1f} s  {_all(cold)}")
        print(f"  first Run, cache filled: {warm:.1f} s (the last browser, the page reopened)")
        print(f"  later Runs:              median {statistics.median(later):.2f} s  {_all(later)}")
        for name in phases[0]:
            values = [p[name] for p in phases]
            median = statistics.median(values)
            print(f"  start, {name + ':':9}        median {median:.1f} s  {_all(values)}")


def _all(values: list[float]) -> str:
    return "(" + ", ".join(f"{v:.2f}" for v in values) + ")"


def printed_pages(site: Path) -> None:
    faqs = sorted((site / "generated" / "faq").glob("*.html"))
    faqs = [p for p in faqs if p.stem != "index"]
    print("print (Chromium's PDF of each rulings FAQ):")
    with chromium() as driver:
        for path in faqs:
            driver.get(path.as_uri())
            counts = []
            for paper, (width, height) in PAPERS.items():
                pdf = driver.execute_cdp_cmd(
                    "Page.printToPDF", {"paperWidth": width, "paperHeight": height}
                )["data"]
                pages = len(re.findall(rb"/Type\s*/Page[^s]", base64.b64decode(pdf)))
                counts.append(f"{pages} pages {paper}")
            print(f"  {path.stem:12} {', '.join(counts)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a built site (arbiter docs --out SITE)")
    parser.add_argument("--loads", type=int, default=3, help="fresh browsers for the Run times")
    args = parser.parse_args()
    print(f"load average: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    sizes(args.site)
    if (args.site / "_static" / "engine").is_dir():
        runs(args.site, args.loads)
    printed_pages(args.site)
    print(f"load average: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
