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


def test_the_kit_is_not_sent_a_position_in_format_additions_it_does_not_declare(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Basic cards only, so the kit could play it, but its hello declares no format
    # additions: it would take the turn about to start for an Action phase.
    scenario = tmp_path / "start.yaml"
    scenario.write_text(
        "id: mine/start/plain\n"
        "title: A turn about to start, with nothing to do at its start\n"
        "setup: {kingdom: [], turn: {phase: start}, p1: {hand: [Copper]}}\n"
        "steps: [{play: Copper}]\n"
        "expect: {turn: {coins: 1}}\n"
    )
    report = tmp_path / "kit.json"
    assert cli.main(["check", str(scenario), "--engine", ENGINE, "--json", str(report)]) == 0
    capsys.readouterr()
    (result,) = json.loads(report.read_text())["results"]
    assert (result["status"], result["message"]) == (
        "skip",
        "wire:javascript-starter does not declare the format additions start_of_turn",
    )
    assert cli.main(["check", str(scenario)]) == 0  # the reference engine plays it


SEASIDE_ADDITIONS = {
    "gained": (
        "setup: {kingdom: [], turn: {player: p2}, p1: {gained_last_turn: [Silver]},"
        " p2: {hand: [Copper]}}\nsteps: [{play: Copper}]\nexpect: {turn: {coins: 1}}\n",
        "wire:javascript-starter does not declare the format additions gained_last_turn",
    ),
    "turns": (
        "setup: {kingdom: [], p1: {hand: [Copper]}}\nsteps: [{end: turn}]\n"
        "expect: {turns_taken: {p1: 1}}\n",
        "wire:javascript-starter does not report the turns taken (turns_taken)",
    ),
    "extra": (
        "setup: {kingdom: [], p1: {hand: [Copper]}}\nsteps: [{end: turn}]\n"
        "expect: {turn: {player: p2, extra: false}}\n",
        "wire:javascript-starter does not report whether a turn is an extra turn (turn.extra)",
    ),
    # Alchemy's additions, with basic cards only.
    "potions": (
        "setup: {kingdom: [], turn: {potions: 1}, p1: {hand: [Copper]}}\n"
        "steps: [{play: Copper}]\nexpect: {turn: {coins: 1}}\n",
        "wire:javascript-starter does not declare the format additions potions",
    ),
    "potions-left": (
        "setup: {kingdom: [], p1: {hand: [Copper]}}\nsteps: [{play: Copper}]\n"
        "expect: {turn: {potions: 0}}\n",
        "wire:javascript-starter does not report the Potions to spend (turn.potions)",
    ),
    "costs": (
        "setup: {kingdom: []}\nexpect: {cost: {Silver: 3}}\n",
        "wire:javascript-starter does not report the cards' current costs (costs)",
    ),
    "controller": (
        "setup: {kingdom: [], turn: {player: p2, controller: p1}}\nexpect: {turn: {player: p2}}\n",
        "wire:javascript-starter does not declare the format additions controlled_turn",
    ),
}


@pytest.mark.parametrize("name", sorted(SEASIDE_ADDITIONS))
def test_the_kit_skips_seaside_additions_it_neither_declares_nor_reports(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Basic cards only, so the kit could play them; but the setup gives a player's last
    # turn's gains (a format addition its hello does not declare), or the expectation
    # reads what its observe does not report: skipped with the reason, never passed.
    body, reason = SEASIDE_ADDITIONS[name]
    scenario = tmp_path / f"{name}.yaml"
    scenario.write_text(f"id: mine/seaside/{name}\ntitle: Seaside addition {name}\n{body}")
    report = tmp_path / "kit.json"
    assert cli.main(["check", str(scenario), "--engine", ENGINE, "--json", str(report)]) == 0
    capsys.readouterr()
    (result,) = json.loads(report.read_text())["results"]
    assert (result["status"], result["message"]) == ("skip", reason)
    assert cli.main(["check", str(scenario)]) == 0  # the reference engine plays it


CG_ADDITIONS = {
    "coffers": (
        "setup: {kingdom: [], p1: {hand: [Copper], coffers: 1}}\nsteps: [{play: Copper}]\n"
        "expect: {turn: {coins: 1}}\n",
        "wire:javascript-starter does not declare the format additions coffers",
    ),
    "reported": (
        "setup: {kingdom: [], p1: {hand: [Copper]}}\nsteps: [{play: Copper}]\n"
        "expect: {p1: {coffers: 0}}\n",
        "wire:javascript-starter does not report the tokens coffers",
    ),
}


@pytest.mark.parametrize("name", sorted(CG_ADDITIONS))
def test_the_kit_skips_coffers_it_neither_declares_nor_reports(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Cornucopia & Guilds' Coffers with basic cards only: a setup giving a player Coffers
    # (an addition the kit does not declare), or an expectation of them (which its
    # observe does not report), is skipped with the reason.
    body, reason = CG_ADDITIONS[name]
    scenario = tmp_path / f"{name}.yaml"
    scenario.write_text(f"id: mine/coffers/{name}\ntitle: Coffers addition {name}\n{body}")
    report = tmp_path / "kit.json"
    assert cli.main(["check", str(scenario), "--engine", ENGINE, "--json", str(report)]) == 0
    capsys.readouterr()
    (result,) = json.loads(report.read_text())["results"]
    assert (result["status"], result["message"]) == ("skip", reason)
    assert cli.main(["check", str(scenario)]) == 0  # the reference engine plays it
