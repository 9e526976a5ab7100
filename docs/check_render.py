"""Look at the built site as a user would: headless Chromium opens card pages and the explorer.

    python docs/check_render.py [--build] [--site DIR] [--out DIR] [--card NAME ...] [--serve]

For each page it takes a screenshot (PNG, to look at) and the DOM after scripts ran, and
checks that what a reader needs is there:

* a card page: the neighbourhood picture (an inline SVG with its nodes), every link in it
  leads to a page that exists, the rulings section;
* the explorer: the script ran (``data-ready``), one SVG node per card of the data, edges
  drawn, a card selected through the URL fragment lists its neighbours with links to pages
  that exist.

Needs Debian's ``chromium`` (``apt-get install -y chromium``); not part of CI. Exit 0 when
every check holds, 1 when one fails, 2 when Chromium or the site is missing.
"""

from __future__ import annotations

import argparse
import functools
import html
import http.server
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import unquote, urlparse

HERE = Path(__file__).resolve().parent
DEFAULT_SITE = HERE / "_build" / "html"
DEFAULT_CARDS = ("Throne Room", "Witch", "Moat")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def run_browser(binary: str, url: str, extra: list[str], profile: Path) -> str:
    command = [
        binary,
        *FLAGS,
        f"--user-data-dir={profile}",
        "--window-size=1400,1100",
        "--virtual-time-budget=15000",
        *extra,
        url,
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)
    return done.stdout


def slug(name: str) -> str:
    text = name.lower().replace("'", "")
    return "".join(c if c.isalnum() else "-" for c in text).strip("-")


def links_resolve(page: Path, dom: str, pattern: str) -> tuple[int, list[str]]:
    """How many links match ``pattern`` in the DOM, and which of them lead nowhere."""
    found = re.findall(pattern, dom)
    missing = []
    for href in found:
        target = unquote(urlparse(html.unescape(href)).path)
        if not (page.parent / target).resolve().exists():
            missing.append(href)
    return len(found), missing


class Checker:
    def __init__(self, binary: str, site: Path, out: Path, base_url: str) -> None:
        self.binary, self.site, self.out, self.base_url = binary, site, out, base_url
        self.failures: list[str] = []
        self.profile = Path(tempfile.mkdtemp(prefix="arbiter-chromium-"))

    def check(self, condition: bool, what: str) -> None:
        print(f"  {'ok  ' if condition else 'FAIL'} {what}")
        if not condition:
            self.failures.append(what)

    def open(self, relative: str, fragment: str = "") -> tuple[Path, str]:
        page = self.site / relative
        url = f"{self.base_url}/{relative}" + (f"#{fragment}" if fragment else "")
        shot = self.out / (relative.replace("/", "_").replace(".html", "") + ".png")
        run_browser(self.binary, url, [f"--screenshot={shot}"], self.profile)
        dom = run_browser(self.binary, url, ["--dump-dom"], self.profile)
        print(f"{relative}{'#' + fragment if fragment else ''}  screenshot: {shot}")
        self.check(shot.exists() and shot.stat().st_size > 10_000, "screenshot taken")
        self.check(len(dom) > 1000, f"page rendered ({len(dom)} characters of DOM)")
        return page, dom

    def picture(self, relative: str, svg: str) -> None:
        """A screenshot of the page's picture alone, as Chromium draws it (the picture sits
        below the rulings, out of the first screenshot's view)."""
        stem = relative.replace("/", "_").replace(".html", "")
        holder = self.out / f"{stem}-picture.html"
        holder.write_text(f"<!doctype html><body style='margin:0'>{svg}</body>", "utf-8")
        shot = self.out / f"{stem}-picture.png"
        size = re.search(r'width="(\d+)" height="(\d+)"', svg)
        width, height = (int(size.group(1)), int(size.group(2))) if size else (720, 580)
        run_browser(
            self.binary,
            holder.as_uri(),
            [f"--screenshot={shot}", f"--window-size={width},{height}"],
            self.profile,
        )
        holder.unlink()
        print(f"  picture alone: {shot}")
        self.check(shot.exists() and shot.stat().st_size > 5_000, "picture drawn")

    def card_page(self, name: str) -> None:
        relative = f"generated/cards/{slug(name)}.html"
        if not (self.site / relative).exists():
            self.check(False, f"{relative} exists")
            return
        page, dom = self.open(relative)
        self.check(f">{html.escape(name, quote=False)}<" in dom or name in dom, "card name shown")
        svg = re.search(r'<svg[^>]*class="arbiter-neighbourhood".*?</svg>', dom, re.S)
        self.check(svg is not None, "neighbourhood picture present")
        if svg:
            circles = svg.group(0).count("<circle")
            self.check(circles >= 1, f"picture has {circles} node(s)")
            self.picture(relative, svg.group(0))
            count, missing = links_resolve(page, svg.group(0), r'<a href="([^"]+)"')
            self.check(not missing, f"{count} picture link(s) lead to pages ({missing[:3]})")
        self.check('id="rulings"' in dom, "rulings section present")
        count, missing = links_resolve(page, dom, r'href="((?:\.\./)*[\w/-]+\.html)[^"]*"')
        self.check(not missing, f"{count} page link(s) all resolve ({missing[:3]})")

    def explorer(self, select: str) -> None:
        relative = "generated/explorer.html"
        page, dom = self.open(relative, slug_free(select))
        self.check('data-ready="true"' in dom, "explorer script ran")
        expected = re.search(r'data-node-count="(\d+)"', dom)
        nodes = len(re.findall(r'<g class="node[^"]*" data-name=', dom))
        self.check(
            expected is not None and nodes == int(expected.group(1)) and nodes > 0,
            f"{nodes} card nodes drawn (data has {expected.group(1) if expected else '?'})",
        )
        edges = len(re.findall(r'<line [^>]*class="edge', dom))
        self.check(edges > 0, f"{edges} interaction lines drawn")
        panel = re.search(r'<div class="panel">(.*?)</div>\s*</div>', dom, re.S)
        self.check(panel is not None and select in panel.group(1), f"{select} selected in panel")
        count, missing = links_resolve(page, dom, r'href="(cards/[^"]+\.html)"')
        self.check(count > 1 and not missing, f"{count} links from the panel to card pages")

    def explorer_filters(self) -> None:
        """Drive the explorer's controls in a page of our own and read what they did."""
        static = self.site / "_static"
        holder = self.out / "explorer-filters.html"
        holder.write_text(
            f"""<!doctype html><html><body><div id="arbiter-explorer"></div>
<script src="{(static / "arbiter-graph-data.js").as_uri()}"></script>
<script src="{(static / "explorer.js").as_uri()}"></script>
<script>{FILTER_SCRIPT}</script></body></html>""",
            "utf-8",
        )
        dom = run_browser(self.binary, holder.as_uri(), ["--dump-dom"], self.profile)
        holder.unlink()
        found = re.search(r'<pre id="report">(.*?)</pre>', dom, re.S)
        print("explorer controls (filters, search, click)")
        if not found:
            self.check(False, "filter script ran")
            return
        report = dict(line.split("=", 1) for line in found.group(1).split(";") if "=" in line)
        for key, value in sorted(report.items()):
            self.check(value.startswith("ok"), f"{key}: {value}")


# Runs after explorer.js in a harness page: each line is name=ok/FAIL and the numbers seen.
FILTER_SCRIPT = r"""
document.addEventListener("DOMContentLoaded", function () {
  var root = document.getElementById("arbiter-explorer"), out = [];
  function shown(sel) {
    return Array.prototype.filter.call(root.querySelectorAll(sel),
      function (e) { return e.style.display !== "none"; }).length;
  }
  function change(input) { input.dispatchEvent(new Event("change")); }
  function say(name, good, detail) { out.push(name + "=" + (good ? "ok " : "FAIL ") + detail); }
  var lines0 = shown("line.edge"), nodes0 = shown("g.node");
  var kinds = root.querySelectorAll(".kinds input"), first = kinds[0];
  first.checked = false; change(first);
  var lines1 = shown("line.edge");
  say("kind filter", lines1 < lines0, first.value + " off: " + lines0 + " to " + lines1 + " lines");
  first.checked = true; change(first);
  var sets = root.querySelectorAll(".sets input"), last = sets[sets.length - 1];
  last.checked = false; change(last);
  var nodes1 = shown("g.node");
  say("set filter", nodes1 < nodes0, last.value + " off: " + nodes0 + " to " + nodes1 + " cards");
  last.checked = true; change(last);
  var edition = root.querySelector("select");
  edition.value = "1"; change(edition);
  var nodes2 = shown("g.node");
  say("edition filter", nodes2 < nodes0, "first edition: " + nodes0 + " to " + nodes2 + " cards");
  edition.value = "all"; change(edition);
  var search = root.querySelector("input[type=search]");
  search.value = "court"; search.dispatchEvent(new Event("input"));
  var hits = root.querySelectorAll("circle.match").length;
  say("search", hits > 0, hits + " cards match 'court'");
  var circle = root.querySelector("g.node circle");
  circle.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  var panel = root.querySelector(".panel"), links = panel.querySelectorAll("a[href]").length;
  say("click", links > 0, circle.parentNode.getAttribute("data-name") + ": " + links + " links");
  var pre = document.createElement("pre"); pre.id = "report"; pre.textContent = out.join(";");
  document.body.appendChild(pre);
});
"""


def slug_free(name: str) -> str:
    return name.replace(" ", "%20")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve the site on a free port of 127.0.0.1 (stopped by the caller)."""
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=DEFAULT_SITE, help="the built HTML site")
    parser.add_argument("--out", type=Path, default=HERE / "_build" / "screenshots")
    parser.add_argument("--build", action="store_true", help="build the site first")
    parser.add_argument("--card", action="append", help="card pages to open (repeatable)")
    parser.add_argument("--serve", action="store_true", help="over http://127.0.0.1, not file://")
    args = parser.parse_args(argv)
    binary = chromium()
    if binary is None:
        print("check_render: chromium not found (apt-get install -y chromium)", file=sys.stderr)
        return 2
    if args.build:
        from sphinx.cmd.build import build_main

        if build_main(["-W", "-q", "-b", "html", str(HERE), str(args.site)]) != 0:
            return 1
    if not (args.site / "index.html").exists():
        print(f"check_render: no site at {args.site} (use --build)", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    server = None
    if args.serve:
        server, base = serve(args.site)
    else:
        base = args.site.resolve().as_uri()
    checker = Checker(binary, args.site.resolve(), args.out.resolve(), base)
    cards = args.card or list(DEFAULT_CARDS)
    try:
        for name in cards:
            checker.card_page(name)
        checker.explorer(cards[0])
        checker.explorer_filters()
    finally:
        if server is not None:
            server.shutdown()
        shutil.rmtree(checker.profile, ignore_errors=True)
    print(f"{len(checker.failures)} check(s) failed" if checker.failures else "all checks hold")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
