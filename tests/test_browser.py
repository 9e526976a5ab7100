"""The built site in a real browser: Debian's Chromium driven by Selenium, with the network
blocked (every host but 127.0.0.1 fails to resolve: the site and its engine work offline).

Loads the home page, a card page, a set's rulings FAQ, the cards table, the explorer and
the kingdom sheet; checks that no script logs an error, that the explorer draws every
card and filters, that a card page shows its scenarios as prose, that the tables and the
sheet work (an interaction under both its cards, a misspelt name answered with the closest
ones), and that a page prints without the site's navigation. The engine in the page:
a scenario's Run (the first and a later one, timed), an Edit that turns the pass into a
fail and one that makes the file malformed (the messages of ``arbiter check``, word for
word), the dispute page from cards named to a shared page, and a share page written by
``arbiter share`` opened from a file. Every page is saved as a screenshot (PNG; the FAQ
also as print shows it) in ``ARBITER_SCREENSHOTS`` (default ``docs/_build/screenshots``),
whose names are printed.

The site is ``ARBITER_SITE`` (CI builds it with ``arbiter docs --strict`` first) or
``docs/_build/html``. The browser is ``/usr/bin/chromium`` with ``/usr/bin/chromedriver``
(``apt-get install chromium chromium-driver``): Selenium is given both paths, so it never
downloads a driver or a browser. Without them, or without a built site, the test is
skipped with the reason, unless ``ARBITER_BROWSER_REQUIRED=1`` (set by CI) makes that a
failure.
"""

from __future__ import annotations

import base64
import functools
import http.server
import json
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SITE = Path(os.environ.get("ARBITER_SITE") or ROOT / "docs" / "_build" / "html")
SHOTS = Path(os.environ.get("ARBITER_SCREENSHOTS") or ROOT / "docs" / "_build" / "screenshots")
REQUIRED = os.environ.get("ARBITER_BROWSER_REQUIRED") == "1"


def _unavailable() -> str | None:
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        return (
            f"no browser: {CHROMIUM} and {CHROMEDRIVER} are needed "
            "(apt-get install -y --no-install-recommends chromium chromium-driver)"
        )
    if not (SITE / "index.html").exists():
        return f"no built site at {SITE}: run `arbiter docs` (or set ARBITER_SITE)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed: pip install -e '.[docs]'"
    return None


REASON = _unavailable()
if REASON and REQUIRED:
    raise RuntimeError(f"ARBITER_BROWSER_REQUIRED=1 but {REASON}")
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    # As a web server serves them: a module worker needs a JavaScript type, and a
    # WebAssembly module its own to be compiled while it downloads.
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        SERVED.append(self.path)
        super().do_GET()


SERVED: list[str] = []  # every path the test server was asked for, in order


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """The site served on a free port of 127.0.0.1 (scripts and fragments as on the web)."""
    handler = functools.partial(_Quiet, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(flag)
    # The network blocked: no host resolves but the site's own.
    options.add_argument("--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1")
    options.add_argument("--window-size=1280,1000")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


def load(browser: Any, url: str) -> None:
    browser.get(url)
    browser.get_log("browser")  # drop what an earlier page left


def errors(browser: Any) -> list[str]:
    """Console messages of level SEVERE since the page loaded (script errors, 404s)."""
    return [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def shot(browser: Any, name: str, full: bool = True) -> Path:
    """A screenshot of the page (``full``: the whole page, up to 4000 px tall), taken
    through the DevTools protocol: resizing a headless window leaves later shots blank."""
    path = SHOTS / f"{name}.png"
    options: dict[str, Any] = {"format": "png"}
    if full:
        size = browser.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
        width, height = size["width"], min(size["height"], 4000)
        options |= {
            "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
        }
    data = browser.execute_cdp_cmd("Page.captureScreenshot", options)["data"]
    path.write_bytes(base64.b64decode(data))
    print(f"screenshot: {path}")
    return path


def js(browser: Any, script: str, *args: Any) -> Any:
    return browser.execute_script(script, *args)


def click(browser: Any, element: Any) -> None:
    """Click as a reader would, with the element scrolled to the middle of the window (not
    under the theme's sticky header)."""
    js(browser, "arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
    element.click()


def wait_ready(browser: Any, selector: str, attribute: str = "data-ready") -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 20).until(
        lambda b: js(
            b,
            f"var e = document.querySelector({json.dumps(selector)});"
            f"return e && e.getAttribute({json.dumps(attribute)}) === 'true';",
        )
    )


def test_home_page(browser: Any, base_url: str) -> None:
    load(browser, f"{base_url}/index.html")
    assert "Arbiter" in browser.title
    assert errors(browser) == []
    shot(browser, "index")


@pytest.mark.parametrize(
    ("query", "page"),
    [
        ("Masquerade", "generated/cards/masquerade.html"),  # a card's name
        ("formerly", "generated/rules/stop-moving.html"),  # a word only a ruling's text has
    ],
)
def test_search_finds_cards_and_rulings(browser: Any, base_url: str, query: str, page: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    load(browser, f"{base_url}/search.html?q={query}")
    found = (
        "return Array.prototype.map.call(document.querySelectorAll('#search-results li a'),"
        " function (a) { return a.getAttribute('href'); });"
    )
    WebDriverWait(browser, 30).until(lambda b: js(b, found))
    assert errors(browser) == []
    links = js(browser, found)
    assert any(link.split("#")[0].split("?")[0].endswith(page) for link in links), links


def test_card_page_shows_scenarios_as_prose(browser: Any, base_url: str) -> None:
    load(browser, f"{base_url}/generated/cards/throne-room.html")
    assert errors(browser) == []
    scenarios = browser.find_elements("css selector", ".arbiter-scenario")
    assert len(scenarios) >= 3
    first = scenarios[0]
    assert first.is_displayed()
    text = first.text
    for part in ("Position.", "What happens.", "Result."):
        assert part in text, text
    assert first.find_elements("css selector", "ol li"), "the steps are a numbered list"
    # The scenario file is one click away and then shown whole.
    yaml = first.find_element("css selector", "details.arbiter-yaml")
    assert not yaml.find_element("css selector", "pre").is_displayed()
    click(browser, yaml.find_element("css selector", "summary"))
    pre = yaml.find_element("css selector", "pre")
    assert pre.is_displayed() and "id: base/throne-room/" in pre.text
    clipped = js(browser, "var p = arguments[0]; return p.scrollWidth > p.clientWidth + 1;", pre)
    assert not clipped, "a line of the scenario file is cut off"
    # The neighbourhood picture: drawn, every name a link to a page that exists.
    picture = browser.find_element("css selector", "svg.arbiter-neighbourhood")
    links = js(
        browser,
        "return Array.prototype.map.call(arguments[0].querySelectorAll('a'),"
        " function (a) { return a.getAttribute('href'); });",
        picture,
    )
    assert links
    for href in links:
        assert (SITE / "generated" / "cards" / href).exists(), href
    shot(browser, "card-throne-room")
    js(browser, "arguments[0].scrollIntoView({behavior: 'instant'})", picture)
    path = SHOTS / "card-throne-room-picture.png"
    picture.screenshot(str(path))
    print(f"screenshot: {path}")


def test_card_page_on_a_phone(browser: Any, base_url: str) -> None:
    phone = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", phone)
    try:
        load(browser, f"{base_url}/generated/cards/kings-court.html")
        overflow = js(browser, "return document.documentElement.scrollWidth - window.innerWidth;")
        assert overflow <= 1, f"the page is {overflow}px wider than a phone's screen"
        shot(browser, "card-kings-court-phone", full=False)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_set_faq_prints(browser: Any, base_url: str) -> None:
    load(browser, f"{base_url}/generated/faq/base.html")
    assert errors(browser) == []
    rulings = browser.find_elements("css selector", "li p.arbiter-meta")  # each ruling's source
    assert len(rulings) > 20
    assert not browser.find_elements("css selector", ".arbiter-scenario")  # proofs: one click away
    shot(browser, "faq-base", full=False)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        hidden = js(
            browser,
            "return ['.sidebar-drawer', '.toc-drawer', 'details.arbiter-yaml'].map(function (s) {"
            " var e = document.querySelector(s);"
            " return !e || getComputedStyle(e).display === 'none'; });",
        )
        assert all(hidden), f"navigation or scenario files in the print: {hidden}"
        shot(browser, "faq-base-print", full=False)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_each_set_faq_prints_to_fewer_than_30_pages(browser: Any) -> None:
    """A set's FAQ reads in minutes: printed on A4 by Chromium, under 30 pages."""
    faqs = [p for p in sorted((SITE / "generated" / "faq").glob("*.html")) if p.stem != "index"]
    assert len(faqs) >= 5
    for path in faqs:
        load(browser, path.as_uri())
        pdf = browser.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69})
        pages = len(re.findall(rb"/Type\s*/Page[^s]", base64.b64decode(pdf["data"])))
        print(f"{path.stem} FAQ: {pages} printed pages (A4)")
        assert 0 < pages < 30, (path.stem, pages)


def test_cards_table_filters_and_sorts(browser: Any, base_url: str) -> None:
    load(browser, f"{base_url}/generated/cards/index.html")
    wait_ready(browser, ".arbiter-cards")
    assert errors(browser) == []
    root = browser.find_element("css selector", ".arbiter-cards")
    total = int(root.get_attribute("data-count"))
    assert int(root.get_attribute("data-shown")) == total > 100
    root.find_element("css selector", "input.filter").send_keys("court")
    shown = int(root.get_attribute("data-shown"))
    assert 0 < shown < total
    names = [r.text for r in root.find_elements("css selector", "tbody tr:not([hidden]) td a")]
    assert "King's Court" in names and "Courtyard" in names
    root.find_element("css selector", "input.filter").clear()
    js(
        browser,
        "arguments[0].dispatchEvent(new Event('input'))",
        root.find_element("css selector", "input.filter"),
    )
    cost = root.find_elements("css selector", "th")[2]
    click(browser, cost)
    click(browser, cost)  # descending: the dearest card first
    first = root.find_element("css selector", "tbody tr td:nth-child(3)").text
    assert first.startswith(("$11", "$8")), first
    shot(browser, "cards-index", full=False)


def test_explorer_draws_every_card_and_filters(browser: Any, base_url: str) -> None:
    load(browser, f"{base_url}/generated/explorer.html")
    wait_ready(browser, "#arbiter-explorer")
    assert errors(browser) == []
    cards = js(browser, "return window.ARBITER_GRAPH.nodes.length")
    drawn = len(browser.find_elements("css selector", "#arbiter-explorer g.node"))
    assert drawn == cards > 100

    def visible(selector: str) -> int:
        return int(
            js(
                browser,
                "return Array.prototype.filter.call("
                f"document.querySelectorAll({json.dumps(selector)}),"
                "function (e) { return e.style.display !== 'none'; }).length;",
            )
        )

    # Laid out to fit: the cards are not piled along the canvas's border.
    at_edge = js(
        browser,
        "var box = document.querySelector('#arbiter-explorer svg.canvas').viewBox.baseVal;"
        "return Array.prototype.filter.call(document.querySelectorAll('#arbiter-explorer "
        "circle'), function (c) { var x = +c.getAttribute('cx'), y = +c.getAttribute('cy');"
        " return x < 21 || y < 16 || x > box.width - 61 || y > box.height - 16; }).length;",
    )
    assert at_edge <= cards * 0.05, f"{at_edge} of {cards} cards on the canvas's edge"
    lines = visible("#arbiter-explorer line.edge")
    assert lines > 0
    kind = browser.find_element("css selector", "#arbiter-explorer .kinds input")
    click(browser, kind)
    assert visible("#arbiter-explorer line.edge") < lines
    click(browser, kind)
    assert visible("#arbiter-explorer line.edge") == lines
    sets = browser.find_elements("css selector", "#arbiter-explorer .sets input")
    click(browser, sets[-1])
    assert visible("#arbiter-explorer g.node") < cards
    click(browser, sets[-1])
    search = browser.find_element("css selector", "#arbiter-explorer input[type=search]")
    search.send_keys("court")
    assert browser.find_elements("css selector", "#arbiter-explorer circle.match")
    shot(browser, "explorer", full=False)


def sheet_rows(browser: Any, root: Any) -> dict[str, set[str]]:
    return {
        section.get_attribute("data-card"): {
            li.get_attribute("data-other") for li in section.find_elements("css selector", "li")
        }
        for section in root.find_elements("css selector", "section")
    }


def test_kingdom_sheet(browser: Any, base_url: str) -> None:
    load(browser, f"{base_url}/generated/kingdom.html")
    wait_ready(browser, "#arbiter-kingdom")
    assert errors(browser) == []
    root = browser.find_element("css selector", "#arbiter-kingdom")
    assert int(root.get_attribute("data-cards-shown")) == 10
    assert int(root.get_attribute("data-interactions")) > 0
    shown = [s.get_attribute("data-card") for s in root.find_elements("css selector", "section")]
    assert "Throne Room" in shown and "Feast" in shown
    box = root.find_element("css selector", "textarea")
    box.clear()
    box.send_keys("Witch, Moat, Militia, Tresure Map, Nonesuch")
    click(browser, root.find_element("css selector", "button"))
    unknown = root.find_element("css selector", ".unknown").text
    assert "Tresure Map (did you mean Treasure Map or Treasury?)" in unknown, unknown
    assert "Nonesuch" in unknown
    assert int(root.get_attribute("data-cards-shown")) == 3
    # The issue's case: an interaction is listed under both its cards, never "No interaction".
    rows = sheet_rows(browser, root)
    assert "Moat" in rows["Witch"] and "Witch" in rows["Moat"]
    assert "Moat" in rows["Militia"] and "Militia" in rows["Moat"]
    assert "No interaction" not in root.text
    shot(browser, "kingdom-sheet-both-sides")
    box.clear()
    box.send_keys("Outpost, Throne Room, Smugglers, Village")
    click(browser, root.find_element("css selector", "button"))
    rows = sheet_rows(browser, root)
    assert "Outpost" in rows["Throne Room"] and "Throne Room" in rows["Outpost"]
    assert "Outpost" in rows["Smugglers"] and "Smugglers" in rows["Outpost"]
    box.clear()
    box.send_keys("Throne Room, Feast, Watchtower, Witch, Trade Route")
    click(browser, root.find_element("css selector", "button"))
    shot(browser, "kingdom-sheet")


# --- the engine in the page ----------------------------------------------------------------

FEAST = ROOT / "scenarios" / "base" / "feast" / "throne-room.yaml"
FIRST_RUN_SECONDS = 120  # a bound for a loaded machine; the benchmark prints the real times


def runs(browser: Any) -> list[dict[str, Any]]:
    return list(js(browser, "return window.arbiterRuns || [];"))


def wait_answers(browser: Any, count: int, seconds: float = FIRST_RUN_SECONDS) -> dict[str, Any]:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, seconds).until(lambda b: len(runs(b)) >= count)
    return runs(browser)[count - 1]


def fetched(part: str) -> list[str]:
    """The paths the site's server was asked for (by the pages and their workers) that
    contain ``part``."""
    return [path for path in SERVED if part in path]


def test_the_published_folder_holds_only_the_site() -> None:
    """What a web server needs, nothing of Sphinx's own: no doctrees, page sources or
    build record; the engine is in it."""
    for own in (".doctrees", "_sources", ".buildinfo"):
        assert not (SITE / own).exists(), own
    assert (SITE / "_static" / "engine" / "pyodide" / "pyodide.asm.wasm").is_file()
    assert (SITE / "_static" / "engine" / "arbiter.zip").is_file()


def block_of(browser: Any, path: str) -> Any:
    return browser.find_element(
        "xpath",
        f"//details[@data-path='{path}']/ancestor::div[contains(@class, 'arbiter-scenario')]",
    )


def web_check(text: str, path: str, tmp_path: Path) -> dict[str, str]:
    """What arbiter.web gives in CPython for the same text and path."""
    import os

    from arbiter import web

    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        return dict(json.loads(web.check(text, path)))
    finally:
        os.chdir(here)


def test_run_and_edit_a_scenario_in_the_page(browser: Any, base_url: str, tmp_path: Path) -> None:
    """Run gives the verdict, the report and the play-by-play, computed in the page; an
    Edit turns the pass into a fail, another makes the file malformed: the page shows the
    lines arbiter check prints, word for word."""
    path = str(FEAST.relative_to(ROOT))
    SERVED.clear()
    load(browser, f"{base_url}/generated/cards/feast.html")
    assert js(browser, "return typeof Worker") == "function"
    assert runs(browser) == [] and fetched("_static/engine/") == []  # not until asked
    block = block_of(browser, path)
    output = block.find_element("css selector", ".arbiter-run-output")
    click(browser, block.find_element("css selector", "button.arbiter-run"))
    first = wait_answers(browser, 1)
    assert first["ok"] and first["first"], first
    assert block.get_attribute("data-run-status") == "pass"
    assert "PASS  base/feast/throne-room" in output.text
    assert "Play-by-play" in output.text and "base/feast/2 (cited)" in output.text
    click(browser, block.find_element("css selector", "button.arbiter-run"))
    later = wait_answers(browser, 2)
    assert later["ok"] and not later["first"] and later["ms"] < 1000, later
    # The engine came from the site itself (the network is blocked: nothing else could).
    assert "/_static/engine/pyodide/pyodide.asm.wasm" in fetched("_static/engine/")
    print(f"Run in the page: first {first['ms'] / 1000:.1f} s, later {later['ms'] / 1000:.2f} s")

    click(browser, block.find_element("css selector", "button.arbiter-edit"))
    editor = block.find_element("css selector", "textarea.arbiter-editor")
    text = FEAST.read_text()
    for edited, status in (
        (text.replace("supply: {Duchy: 6}", "supply: {Duchy: 7}"), "fail"),
        (text.replace("  trash: [Feast]", "  trsh: [Feast]"), "error"),
    ):
        assert edited != text
        js(browser, "arguments[0].value = arguments[1];", editor, edited)
        answered = len(runs(browser))
        click(browser, block.find_element("css selector", "button.arbiter-run"))
        wait_answers(browser, answered + 1, 30)
        assert block.get_attribute("data-run-status") == status
        report = output.find_element("css selector", "pre.arbiter-run-report").text
        assert report == web_check(edited, path, tmp_path)["report"], report
    assert "unknown key 'trsh' (did you mean 'trash'?)" in report
    assert errors(browser) == []
    shot(browser, "run-and-edit")


def test_settle_a_dispute_in_the_page(browser: Any, base_url: str, tmp_path: Path) -> None:
    """Cards named, a skeleton with each card to a sensible player, filled in, run, shared:
    the shared page is the one arbiter share writes."""
    from arbiter.share import share_file

    load(browser, f"{base_url}/generated/dispute.html")
    wait_ready(browser, ".arbiter-dispute-widget", "data-run-ready")
    root = browser.find_element("css selector", ".arbiter-dispute-widget")
    assert not root.find_element("css selector", ".arbiter-no-engine").is_displayed()
    names = root.find_element("css selector", "input.cards")
    names.clear()
    names.send_keys("Masquerade, moat")
    click(browser, root.find_element("css selector", "button.start"))
    wait_answers(browser, 1)
    editor = root.find_element("css selector", "textarea.arbiter-editor")
    skeleton = editor.get_attribute("value")
    assert "p1:\n    hand: [Masquerade]" in skeleton and "p2:\n    hand: [Moat]" in skeleton
    filled = (
        skeleton.replace("hand: [Masquerade]", "hand: [Masquerade, Copper]")
        .replace("hand: [Moat]", "hand: [Moat, Estate]")
        .replace(
            "steps: []",
            "steps:\n  - play: Masquerade\n  - choose: Moat\n    player: p2\n    source: Moat\n",
        )
    )
    js(browser, "arguments[0].value = arguments[1];", editor, filled)
    click(browser, root.find_element("css selector", "button.arbiter-run"))
    wait_answers(browser, 2)
    output = root.find_element("css selector", ".arbiter-run-output")
    assert root.get_attribute("data-run-status") == "fail"
    assert "Why: Moat was not offered: it reacts when another player plays an Attack" in output.text
    assert "intrigue/masquerade/6: Masquerade is not an Attack" in output.text
    shot(browser, "dispute")
    click(browser, root.find_element("css selector", "button.arbiter-share"))
    wait_answers(browser, 3)
    shared = js(browser, "return window.arbiterShared;")
    scenario = tmp_path / "dispute.yaml"
    scenario.write_text(filled)
    import os

    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        page, _ = share_file(Path("dispute.yaml"))
    finally:
        os.chdir(here)
    assert shared == page
    assert errors(browser) == []


def test_a_share_page_opened_from_a_file(browser: Any, tmp_path: Path) -> None:
    from arbiter import cli

    scenario = tmp_path / "moat.yaml"
    scenario.write_text(
        "id: mine/masquerade/moat\ntitle: Moat against Masquerade\nsetup:\n"
        "  kingdom: [Masquerade, Moat]\n  p1: {hand: [Masquerade, Copper]}\n"
        "  p2: {hand: [Moat, Estate]}\nsteps:\n  - play: Masquerade\n"
        "  - choose: Moat\n    player: p2\n    source: Moat\n"
    )
    assert cli.main(["share", str(scenario)]) == 0
    load(browser, (tmp_path / "moat.html").as_uri())
    assert browser.title == "Moat against Masquerade"
    verdict = browser.find_element("css selector", ".verdict")
    assert verdict.get_attribute("data-status") == "fail"
    assert "Why: Moat was not offered" in verdict.text
    assert "Masquerade is not an Attack, so Moat" in browser.find_element("tag name", "ul").text
    assert errors(browser) == []
    shot(browser, "share-page")
