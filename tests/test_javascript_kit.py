"""The JavaScript starter kit (kits/javascript, Node 20) runs the whole bundled suite:
what it supports passes, everything else is skipped with its reason. CI runs it too."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from arbiter import cli
from scenarios.loader import bundled_dir, discover, load_many

KIT = Path(__file__).resolve().parent.parent / "kits" / "javascript"
BASIC = {"Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"}
ENGINE = f"wire:node {KIT / 'main.js'}"


@pytest.fixture(autouse=True)
def node() -> None:
    if shutil.which("node") is None:
        pytest.fail("the JavaScript kit needs Node 20 (node) on the PATH")


def test_the_kit_passes_the_protocol_checks(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["wire-test", f"node {KIT / 'main.js'}"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "8 of 8 checks passed"


def test_the_kit_passes_what_it_supports_and_skips_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "kit.json"
    code = cli.main(["check", "--engine", ENGINE, "--json", str(report)])
    out = capsys.readouterr().out
    assert code == 0, out
    results = json.loads(report.read_text())["results"]
    loaded, _malformed = load_many(discover([bundled_dir()]))
    basic_only = {s.id for s in loaded if set(s.named) <= BASIC}
    passed = {r["id"] for r in results if r["status"] == "pass"}
    assert passed == basic_only and len(passed) >= 10
    skipped = [r for r in results if r["status"] == "skip"]
    assert len(skipped) == len(results) - len(passed)
    assert all(r["message"].startswith("javascript-starter lacks ") for r in skipped)
