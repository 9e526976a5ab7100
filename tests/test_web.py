"""What the site's pages run in the reader's browser (arbiter/web.py on the zip the site
ships, docs/_ext/browser_engine.py), and ``arbiter share``.

The zip is run in a bare Python (no site-packages: ``python -S -I``) as Pyodide runs it,
with the pure-Python ``rpds`` in place of rpds-py: every malformed fixture gives the lines
``arbiter check`` prints for it, word for word, and a scenario passes or fails as on the
command line. tests/test_browser.py runs the same in Pyodide itself.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import browser_engine  # type: ignore[import-not-found]  # noqa: E402

from arbiter import cli, web  # noqa: E402

MISTAKES = sorted((ROOT / "tests" / "mistakes").glob("*.yaml"))
FEAST = ROOT / "scenarios" / "base" / "feast" / "throne-room.yaml"

BARE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from arbiter import web
import rpds
assert rpds.__file__.startswith(sys.argv[1]), rpds.__file__
jobs = json.load(sys.stdin)
print(json.dumps([json.loads(web.check(text, path)) for path, text in jobs]))
"""


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bundle")
    archive = folder / "arbiter.zip"
    archive.write_bytes(browser_engine.bundle_bytes())
    with zipfile.ZipFile(archive) as opened:
        opened.extractall(folder / "code")
    return folder / "code"


def run_bare(bundle: Path, jobs: list[tuple[str, str]], cwd: Path) -> list[dict[str, str]]:
    """web.check in a Python that sees only the standard library and the zip."""
    done = subprocess.run(
        [sys.executable, "-S", "-I", "-c", BARE, str(bundle)],
        input=json.dumps(jobs),
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    answers: list[dict[str, str]] = json.loads(done.stdout)
    return answers


def check_output(path: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "arbiter", "check", str(path.relative_to(ROOT))],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    return done.stdout


def test_the_zip_holds_the_code_and_no_compiled_extension(bundle: Path) -> None:
    names = {p.relative_to(bundle).as_posix() for p in bundle.rglob("*") if p.is_file()}
    for needed in (
        "arbiter/web.py",
        "engine/game.py",
        "scenarios/loader.py",
        "scenarios/schema/scenario.schema.json",
        "scenarios/rulings/base.yaml",
        "yaml/__init__.py",
        "jsonschema/validators.py",
        "rpds/__init__.py",
    ):
        assert needed in names, needed
    assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc"))]
    assert not [n for n in names if n.startswith("scenarios/base/")]  # no bundled scenario
    assert browser_engine.bundle_bytes() == browser_engine.bundle_bytes()  # reproducible


def test_the_catalogue_twins_hold_the_yaml_data_and_only_that(tmp_path: Path) -> None:
    """The zip carries each rulings file also as JSON (the browser reads YAML slowly); a
    twin is read only when it was made from the very bytes beside it."""
    from scenarios.catalogue import (
        RULINGS_DIR,
        catalogue_files,
        parsed_twin,
        parsed_twin_text,
        read_catalogue,
        read_catalogue_file,
    )
    from scenarios.yamlread import read_yaml_file

    with zipfile.ZipFile(io.BytesIO(browser_engine.bundle_bytes())) as archive:
        names = set(archive.namelist())
    for path in catalogue_files():
        assert f"scenarios/rulings/{path.name}.json" in names
        assert json.loads(parsed_twin_text(path))["data"] == read_yaml_file(path).data
    for path in catalogue_files():
        copy = tmp_path / path.name
        copy.write_bytes(path.read_bytes())
        parsed_twin(copy).write_text(parsed_twin_text(path))
    assert read_catalogue(tmp_path) == read_catalogue(RULINGS_DIR)
    base = tmp_path / "base.yaml"
    made = json.loads(parsed_twin(base).read_text())
    made["data"]["rulings"] = []  # a twin that says something else ...
    parsed_twin(base).write_text(json.dumps(made))
    assert read_catalogue_file(base)["rulings"] == []  # ... is read when its bytes match,
    base.write_text(base.read_text() + "\n# edited\n")
    assert read_catalogue_file(base)["rulings"]  # and not once the YAML changed


def test_the_browser_gives_the_messages_of_arbiter_check(bundle: Path, tmp_path: Path) -> None:
    """Every malformed fixture: the same lines, word for word, as ``arbiter check FILE``
    (the schema's messages come from jsonschema, run on the pure-Python rpds)."""
    jobs = [(str(p.relative_to(ROOT)), p.read_text()) for p in MISTAKES]
    answers = run_bare(bundle, jobs, tmp_path)
    schema_messages = 0
    for path, answer in zip(MISTAKES, answers, strict=True):
        expected = check_output(path)
        assert answer["status"] in ("fail", "error"), path.name
        assert "\n\n" + answer["report"] + "\n" in expected, (path.name, answer["report"])
        schema_messages += "expected " in answer["report"] or "unknown key" in answer["report"]
    assert schema_messages >= 4  # the jsonschema path was taken, not only the loader's own


def test_a_scenario_passes_and_an_edit_fails_as_on_the_command_line(
    bundle: Path, tmp_path: Path
) -> None:
    text = FEAST.read_text()
    wrong = text.replace("supply: {Duchy: 6}", "supply: {Duchy: 7}")
    assert wrong != text
    path = str(FEAST.relative_to(ROOT))
    passed, failed = run_bare(bundle, [(path, text), (path, wrong)], tmp_path)
    assert passed["status"] == "pass" and passed["report"] == "PASS  base/feast/throne-room"
    assert "Verdict: pass" in passed["trace"] and "base/feast/2 (cited)" in passed["trace"]
    assert failed["status"] == "fail"
    assert "supply.Duchy expected 7 found 6" in failed["report"]
    assert failed["report"].startswith(f"FAIL  base/feast/throne-room\n      {path}:")


def test_web_entry_points_in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    made = json.loads(web.skeleton("masquerade,\nMoat"))
    assert "p2:\n    hand: [Moat]" in made["text"]
    assert json.loads(web.check(made["text"], "dispute.yaml"))["status"] == "pass"
    unknown = json.loads(web.skeleton("Tresure Map"))
    assert (
        unknown["error"]
        == "unknown card 'Tresure Map' (did you mean 'Treasure Map' or 'Treasury'?)"
    )
    assert json.loads(web.skeleton(" , "))["error"] == "name at least one card"
    page = json.loads(web.share(FEAST.read_text(), "../outside.yaml"))["page"]
    assert page.startswith("<!DOCTYPE html>") and not (tmp_path.parent / "outside.yaml").exists()
    assert (tmp_path / web.DEFAULT_PATH).is_file()  # a path outside the folder is not used
    broken = json.loads(web.share("id: x\n", "broken.yaml"))
    assert "broken.yaml" in broken["report"] and "page" not in broken


# --- arbiter share -------------------------------------------------------------------------

MOAT = """\
id: mine/masquerade/moat
title: Moat against Masquerade
setup:
  kingdom: [Masquerade, Moat]
  p1: {hand: [Masquerade, Copper]}
  p2: {hand: [Moat, Estate]}
steps:
  - play: Masquerade
  - choose: Moat
    player: p2
    source: Moat
"""


def test_share_writes_one_page_to_send(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = tmp_path / "dispute.yaml"
    scenario.write_text(MOAT)
    assert cli.main(["share", str(scenario)]) == 0
    page = (tmp_path / "dispute.html").read_text()
    for part in (
        "<title>Moat against Masquerade</title>",
        'class="verdict fail"',
        "<strong>Why:</strong> Moat was not offered: it reacts when another player plays an "
        "Attack, and Masquerade is not an Attack.",
        "<h2>The position</h2>",
        "<p>p2 has Moat, Estate in hand.</p>",
        "<li>p1 plays Masquerade. Asked: Masquerade asks p2: pass a card to p1",
        "Masquerade is not an Attack, so Moat, Secret Chamber, Diplomat",
        'intrigue/masquerade/6; source: <a href="https://wiki.dominionstrategy.com/',
        "<pre>id: mine/masquerade/moat",
    ):
        assert part in page, part
    assert "<script" not in page and "src=" not in page  # nothing runs, nothing is fetched
    # Never replaces a file; Markdown on request; standard output with -.
    assert cli.main(["share", str(scenario)]) == 2
    assert "that file exists, and is kept" in capsys.readouterr().err
    assert cli.main(["share", str(scenario), "--format", "markdown"]) == 0
    markdown = (tmp_path / "dispute.md").read_text()
    assert markdown.startswith("# Moat against Masquerade\n") and "**Why:** Moat" in markdown
    capsys.readouterr()
    assert cli.main(["share", str(scenario), "--out", "-"]) == 0
    assert capsys.readouterr().out.startswith("<!DOCTYPE html>")


def test_share_refuses_a_file_that_cannot_be_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(textwrap.dedent(MOAT).replace("hand: [Moat, Estate]", "hand: [Moot]"))
    assert cli.main(["share", str(broken)]) == 1
    err = capsys.readouterr().err
    assert "unknown card 'Moot' (did you mean 'Moat'?)" in err
    assert not (tmp_path / "broken.html").exists()
    assert cli.main(["share", str(tmp_path / "missing.yaml")]) == 2


def test_a_source_is_a_link_only_when_it_is_a_web_address() -> None:
    from arbiter.share import _link

    assert _link("https://wiki.dominionstrategy.com/index.php/Moat").startswith("<a href=")
    assert _link("javascript:alert(1)") == "javascript:alert(1)"
    assert _link('https://x" onmouseover="y') == "https://x&quot; onmouseover=&quot;y"


PYODIDE = browser_engine.WORK_DIR / "node_modules" / "pyodide"


@pytest.mark.skipif(
    not (PYODIDE / "pyodide.mjs").is_file(),
    reason="Pyodide is installed by the site build (arbiter docs): none here yet",
)
def test_the_site_ships_the_bytecode_of_every_module(tmp_path: Path) -> None:
    """Compiled by the Pyodide the site ships (its Python's magic number), beside each
    module, in unchecked-hash mode: the browser uses it without compiling the source."""
    shipped = browser_engine.compiled_bundle(browser_engine.bundle_bytes(), PYODIDE, tmp_path)
    with zipfile.ZipFile(io.BytesIO(shipped)) as archive:
        names = set(archive.namelist())
        modules = sorted(n for n in names if n.endswith(".py"))
        compiled = {n for n in names if n.endswith(".pyc")}
        assert len(modules) > 150 and len(compiled) == len(modules)
        one = next(n for n in compiled if n.startswith("arbiter/__pycache__/web."))
        header = archive.read(one)[:8]
    assert int.from_bytes(header[4:8], "little") == 0b01  # a hash, not checked against the source
    for module in modules:
        folder, _, name = module.rpartition("/")
        cache = f"{folder}/__pycache__/" if folder else "__pycache__/"
        wanted = f"{cache}{name.removesuffix('.py')}.cpython-3"
        assert any(c.startswith(wanted) for c in compiled), module
    assert (
        browser_engine.compiled_bundle(browser_engine.bundle_bytes(), PYODIDE, tmp_path) == shipped
    )
