"""Issue 14's hazards for setups, commands, saved games and observed data, one by one.

Each bad value must be a BadPosition (a ValueError) naming its key, the same through
``Game(...)``, the scenario loader (located: file, line, key) and ``arbiter wire``'s
``load``; each bad command a typed engine error. The fuzz tests in test_fuzz_hostile.py
try random hostile inputs; these are the ones the issue lists.
"""

from __future__ import annotations

import io
import json
import os
import time
import tracemalloc
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from arbiter import cli, fuzz
from engine import setup_check
from engine.compiled import is_compiled
from engine.costs import parse_cost
from engine.errors import BadPosition, IllegalAnswer, IllegalMove
from engine.game import Game
from scenarios import yamlread
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.catalogue import catalogue_files
from scenarios.loader import (
    ScanError,
    ScenarioError,
    bundled_dir,
    discover,
    load_scenario,
    load_text,
)
from scenarios.runner import Status, run_scenario
from scenarios.wire_server import respond

HEAD = "id: base/test/case\ntitle: a test\n"

BAD_SETUPS: list[tuple[dict[str, Any], str]] = [
    ({"players": 2.7}, "players: must be a whole number from 2 to 6, not 2.7"),
    ({"players": True}, "players: must be a whole number from 2 to 6, not True"),
    ({"players": 7}, "players: must be a whole number from 2 to 6, not 7"),
    ({"supply": {"Copper": -3}}, "supply.Copper: must be a whole number from 0 to 50000, not -3"),
    ({"supply": {"Copper": True}}, "supply.Copper: must be a whole number from 0 to 50000"),
    ({"supply": {"Copper": 300_000_000}}, "supply.Copper: must be a whole number from 0 to"),
    ({"supply": {"Colony": 8}}, "supply.Colony: 'Colony' is not a pile of this game"),
    ({"turn": {"coins": -5}}, "turn.coins: must be a whole number from 0 to 1000000, not -5"),
    ({"turn": {"phase": "cleanup"}}, "turn.phase: must be action, buy or start, not 'cleanup'"),
    ({"turn": {"player": "p3"}}, "turn.player: unknown player 'p3'"),
    ({"editions": {"base": 3}}, "editions.base: edition must be 1 or 2, not 3"),
    ({"editions": {"atlantis": 1}}, "editions: unknown set 'atlantis'"),
    ({"kingdom": ["Copper"]}, "kingdom[1]: Copper is not a Kingdom card"),
    ({"kingdom": ["Smithy", "Smithy"]}, "kingdom[2]: Smithy is listed twice"),
    ({"kingdom": "Smithy"}, "kingdom: must be a list, not 'Smithy'"),
    ({"p1": {"hand": "Copper"}}, "p1.hand: must be a list, not 'Copper'"),
    ({"p1": {"hand": ["Coper"]}}, "p1.hand[1]: unknown card: 'Coper'"),
    ({"p1": {"hand": [3]}}, "p1.hand[1]: a card name is a string, not 3"),
    ({"p1": {"hnad": []}}, "p1: unknown key 'hnad'"),
    ({"p1": {"vp_tokens": 1.5}}, "p1.vp_tokens: must be a whole number"),
    ({"p3": {"hand": []}}, "p3: unknown player 'p3' (players are p1 to p2)"),
    ({"seed": [1]}, "seed: must be a whole number below 2**64 in size, not [1]"),
    ({"seed": 2**70}, "seed: must be a whole number below 2**64"),
    ({"colony": "yes"}, "colony: must be true or false, not 'yes'"),
    ({"trash": ["Copper"] * 50_001}, "trash: 50001 cards; at most 50000"),
    (
        {"p1": {"hand": ["Copper"] * 30_000}, "p2": {"hand": ["Copper"] * 30_000}},
        "p2.hand: the setup holds more than 50000 cards",
    ),
    ({"turns_taken": {"p1": -1}}, "turns_taken.p1: must be a whole number"),
    (
        {"trade_route": {"mat": 1, "piles": ["Smithy"]}},
        "trade_route.piles[1]: Smithy is not a pile",
    ),
    ({"hnad": []}, "unknown key 'hnad'"),
    (
        {"p2": {"in_play": ["Copper"]}},
        "p2.in_play: only the active player (p1) has cards played this turn"
        " (cards from an earlier turn go in durations)",
    ),
    ({"turn": 0}, "turn: must be a mapping, not 0"),
]


@pytest.mark.parametrize(("setup", "message"), BAD_SETUPS)
def test_a_bad_setup_is_a_bad_position_naming_key_and_value(
    setup: dict[str, Any], message: str
) -> None:
    with pytest.raises(BadPosition) as caught:
        Game(setup)
    assert str(caught.value).startswith(message)
    assert isinstance(caught.value, ValueError)


def test_game_new_is_checked_the_same_way() -> None:
    # The compiled engine checks a typed parameter's type on entry, before the setup
    # check (docs/guides/performance.rst, "The compiled engine").
    if is_compiled():
        with pytest.raises(TypeError, match="int object expected"):
            Game.new(players=2.7)  # type: ignore[arg-type]
        return
    with pytest.raises(BadPosition, match="players: must be a whole number"):
        Game.new(players=2.7)  # type: ignore[arg-type]


def test_a_setup_that_is_not_a_mapping_is_a_bad_position() -> None:
    with pytest.raises(BadPosition, match="a setup is a mapping, not 'p1'"):
        Game("p1")  # type: ignore[arg-type]


def test_the_limits_allow_what_they_say() -> None:
    """At the limits a setup is accepted: the bounds are not off by one."""
    half = setup_check.MAX_CARDS // 2
    setup_check.check_setup(
        {
            "supply": {pile: 0 for pile in setup_check.BASIC_PILES},
            "p1": {"hand": ["Copper"] * half},
            "p2": {"deck": ["Estate"] * half},
        }
    )
    setup_check.check_setup({"players": 6, "turn": {"coins": setup_check.MAX_COUNT}})


def test_a_sixty_byte_file_asking_for_300_million_coppers_fails_fast() -> None:
    text = HEAD + "setup: {supply: {Copper: 300000000}}\n"
    tracemalloc.start()
    started = time.perf_counter()
    with pytest.raises(ScenarioError) as caught:
        load_text(text, "huge.yaml")
    seconds = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert str(caught.value).startswith(
        "huge.yaml:3: setup.supply.Copper: must be a whole number from 0 to 50000, not 300000000"
    )
    # Generous bounds: before the limit it took 16 GB (and about a minute) to fail.
    assert peak < 50_000_000 and seconds < 10


@pytest.mark.parametrize(
    ("body", "where"),
    [
        (
            "setup: {p1: {hand: [Smithy]}}\neditions: {base: 1}\nseed: 99999999999999999999999\n",
            "huge.yaml:5: seed: ",
        ),
        (
            "setup:\n  p1:\n    hand: [Copper]\n    vp_tokens: 2000000\n",
            "huge.yaml:6: setup.p1.vp_tokens: must be a whole number from 0 to 1000000",
        ),
    ],
)
def test_the_loader_locates_the_engine_s_findings(body: str, where: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        load_text(HEAD + body, "huge.yaml")
    assert str(caught.value).startswith(where), str(caught.value)


def wire_load(setup: Any) -> dict[str, Any]:
    request = json.dumps({"id": 1, "op": "load", "setup": setup})
    response, _done = respond(ReferenceAdapter(), request)
    return response


def test_wire_load_is_checked_the_same_way() -> None:
    response = wire_load({"supply": {"Copper": 300_000_000}})
    assert response["status"] == "error"
    assert response["message"].startswith("load: setup.supply.Copper: must be a whole number")
    assert wire_load({"players": True})["message"].startswith("load: setup.players:")
    assert wire_load({"p1": {"hand": ["Copper"]}})["status"] == "ok"


# --- commands and saved games -------------------------------------------------------------


@pytest.mark.parametrize(
    ("verb", "arg"), [("buy", ["Copper"]), ("play", None), (None, "Copper"), ("play", 3)]
)
def test_a_command_of_the_wrong_type_is_an_illegal_move(verb: Any, arg: Any) -> None:
    game = Game({"p1": {"hand": ["Copper"]}})
    before = game.snapshot()
    with pytest.raises(IllegalMove, match="a command is a verb and a card name or phase"):
        game.command(verb, arg)
    assert game.snapshot() == before and game.inputs == []


@pytest.mark.parametrize("answer", [{"a": 1}, 3.5, [1, 2], ["Copper", None]])
def test_an_answer_of_the_wrong_type_is_an_illegal_answer(answer: Any) -> None:
    game = Game({"p1": {"hand": ["Chapel", "Copper"]}, "kingdom": ["Chapel"]})
    game.command("play", "Chapel")
    assert game.pending is not None
    with pytest.raises(IllegalAnswer):
        game.answer(answer)


def saved() -> dict[str, Any]:
    game = Game({"p1": {"hand": ["Copper"]}})
    game.command("play", "Copper")
    return game.to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": 99}, "version: this engine reads saved games of version 1, not 99"),
        ({"version": True}, "version: this engine reads saved games of version 1, not True"),
        ({"inputs": "play"}, "inputs: must be a list, not 'play'"),
        ({"inputs": [["command", "play"]]}, "inputs[1][2]: must be a list"),
        ({"inputs": [["shout", 1]]}, "inputs[1]: must be [command, [verb, arg]]"),
        ({"inputs": [["command", ["buy", "Province"]]]}, "the saved game does not replay"),
        ({"events": [1]}, "events: must be a list of event lines"),
        ({"setup": {"players": 9}}, "players: must be a whole number from 2 to 6"),
    ],
)
def test_from_json_checks_version_and_shape(change: dict[str, Any], message: str) -> None:
    with pytest.raises(BadPosition) as caught:
        Game.from_json({**saved(), **change})
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("data", [{}, {"version": 1}, 5, None, []])
def test_from_json_of_something_that_is_not_a_saved_game(data: Any) -> None:
    with pytest.raises(BadPosition):
        Game.from_json(data)


def test_from_json_still_reads_a_good_save() -> None:
    assert Game.from_json(json.loads(json.dumps(saved()))).snapshot()["turn"]["coins"] == 1


# --- observed data from an engine under test ----------------------------------------------


class TurnIsText(ReferenceAdapter):
    def observe(self) -> dict[str, Any]:
        return {**super().observe(), "turn": "x"}


class HandIsANumber(ReferenceAdapter):
    def observe(self) -> dict[str, Any]:
        state = super().observe()
        state["players"]["p1"]["hand"] = 5
        return state


@pytest.mark.parametrize(
    ("adapter", "expect", "message"),
    [
        (TurnIsText(), "{turn: {coins: 1}}", "observe() gave turn as x, not a mapping"),
        (HandIsANumber(), "{p1: {hand: []}}", "observe() gave p1.hand as 5, not a list"),
    ],
)
def test_malformed_observed_data_is_an_adapter_error(
    adapter: ReferenceAdapter, expect: str, message: str
) -> None:
    scenario = load_text(HEAD + f"setup: {{p1: {{hand: [Copper]}}}}\nexpect: {expect}\n")
    result = run_scenario(scenario, adapter)
    assert result.status is Status.ERROR
    assert message in result.message


# --- setups within the limits run in seconds (issue 34) ----------------------------------


def run_text(body: str) -> Status:
    return run_scenario(load_text(HEAD + body, "big.yaml"), ReferenceAdapter()).status


def test_a_million_embargo_tokens_cost_only_the_curses_there_are() -> None:
    """A gain was tried per token, Curses or none: with 1,000,000 tokens (within the
    limits) each buy took 0.4 s, and a 160 KB file of such buys about an hour."""
    buys = 200
    body = (
        "setup:\n  kingdom: [Embargo]\n  embargo: {Silver: 1000000}\n"
        f"  supply: {{Curse: 3, Silver: {buys}}}\n"
        f"  turn: {{phase: buy, coins: {3 * buys}, buys: {buys}}}\n"
        "steps:\n" + "  - buy: Silver\n" * buys + "expect:\n"
        f"  supply: {{Curse: 0, Silver: 0}}\n  p1: {{discard_count: {buys + 3}}}\n"
    )
    started = time.perf_counter()
    assert run_text(body) is Status.PASS
    assert time.perf_counter() - started < 10  # 80 s before


def test_start_of_turn_durations_are_not_quadratic() -> None:
    """Every Duration's start-of-turn part listed all of them again, each time with a
    question of as many choices taken alone: 4,000 Wharfs took 15 s and 1.07 GB."""
    wharfs = 4000
    body = (
        "setup:\n  kingdom: [Wharf]\n  supply: {Wharf: 0}\n  turn: {phase: start}\n"
        f"  p1: {{durations: [{', '.join(['Wharf'] * wharfs)}]}}\n"
        f"expect:\n  turn: {{buys: {wharfs + 1}}}\n"
    )
    tracemalloc.start()
    started = time.perf_counter()
    status = run_text(body)
    seconds = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert status is Status.PASS
    assert peak < 100_000_000 and seconds < 10


def test_many_alike_triggers_in_play_are_not_cubic() -> None:
    """Each of 1,500 Talismans looked for every other in play, after each copy gained:
    about a minute (2,000 took 157 s); each copy's gain also copied the whole pile."""
    talismans = 1500
    body = (
        f"setup:\n  kingdom: [Talisman]\n  supply: {{Silver: {talismans}}}\n"
        "  turn: {phase: buy, coins: 3}\n"
        f"  p1: {{in_play: [{', '.join(['Talisman'] * talismans)}]}}\n"
        f"steps:\n  - buy: Silver\nexpect:\n  supply: {{Silver: 0}}\n"
    )
    started = time.perf_counter()
    assert run_text(body) is Status.PASS
    assert time.perf_counter() - started < 10


@pytest.mark.parametrize(
    ("card", "in_play", "plays", "coins"),
    [("Conspirator", 0, 12_000, 24_000), ("Fool's Gold", 24_000, 12_000, 48_000)],
)
def test_many_plays_of_one_card_are_not_quadratic(
    card: str, in_play: int, plays: int, coins: int
) -> None:
    """Each Conspirator counted the turn's Action plays, each Fool's Gold (Merchant,
    Crossroads, Outpost alike) its own plays, at every play: 12,000 Conspirators took about
    20 s, 12,000 Fool's Golds after 24,000 in play about 8 s."""

    def names(count: int) -> str:
        return ", ".join([card] * count)

    body = (
        f"setup:\n  kingdom: [{card}]\n  turn: {{actions: {plays}}}\n"
        f"  p1: {{in_play: [{names(in_play)}], hand: [{names(plays)}]}}\n"
        f"steps:\n  - play: [{names(plays)}]\nexpect:\n  turn: {{coins: {coins}}}\n"
    )
    started = time.perf_counter()
    assert run_text(body) is Status.PASS
    assert time.perf_counter() - started < 5


def test_a_listener_that_comes_while_alike_abilities_resolve_is_offered() -> None:
    """Alike start-of-turn abilities resolve without a question, but a Clerk the first
    Wharf draws may be played before the other Wharfs resolve: the player is asked."""
    game = Game(
        {
            "kingdom": ["Wharf", "Clerk"],
            "editions": {"prosperity": 2},
            "turn": {"phase": "start"},
            "p1": {"durations": ["Wharf"] * 3, "deck": ["Clerk"] + ["Copper"] * 7},
        }
    )
    assert game.pending is not None
    assert (game.pending.kind, game.pending.labels()) == ("trigger", ["Clerk", "Wharf", "Wharf"])


# --- scenario files and trees (issue 34) ---------------------------------------------------


@pytest.mark.parametrize(
    "where", ["setup.supply", "setup.embargo", "expect.supply", "expect.embargo", "expect.cost"]
)
def test_two_keys_naming_one_card_are_refused_not_merged(where: str) -> None:
    """Respelt to one key, the first value was dropped: ``{King's Court: 3, Kings Court:
    10}`` passed (``expect.cost``, new with Alchemy, too)."""
    section, key = where.split(".")
    kingdom = "  kingdom: [King's Court, Embargo]\n"
    body = f"{section}:\n" + (kingdom if section == "setup" else "")
    body += f"  {key}: {{King's Court: 3, Kings Court: 10}}\n"
    if section == "expect":
        body = "setup:\n" + kingdom + body
    with pytest.raises(ScenarioError) as caught:
        load_text(HEAD + body, "dup.yaml")
    assert f"{where}.Kings Court: 'Kings Court' and \"King's Court\" name the same card" in str(
        caught.value
    )


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("9" * 5000, "a number of 5000 characters, more than 100"),
        ("-" + "9" * 200, "a number of 201 characters, more than 100"),
        (
            "1:30",
            "1:30 is a base-60 number to YAML 1.1 (1:30 means 90): write the number, or"
            " quote it if it is text",
        ),
    ],
)
def test_numbers_no_one_means_are_located_errors(value: str, message: str) -> None:
    """A 5,000-digit number stopped the whole run with no file or line (Python reads at
    most 4,300 digits); ``1:30`` was read as 90."""
    with pytest.raises(ScenarioError) as caught:
        load_text(HEAD + f"setup:\n  turn: {{coins: {value}}}\n", "n.yaml")
    assert str(caught.value) == f"n.yaml:4: setup.turn.coins: {message}"


def test_a_cost_written_with_a_number_too_long_is_a_located_error() -> None:
    """``expect.cost`` (Alchemy's ``$3P``) is text holding numbers: ``$`` and 5,000 digits
    passed the format and stopped at the comparison with Python's own message."""
    body = "setup:\n  kingdom: [Golem]\nexpect:\n  cost: {Golem: $" + "9" * 5000 + "P}\n"
    with pytest.raises(ScenarioError) as caught:
        load_text(HEAD + body, "cost.yaml")
    assert (
        str(caught.value)
        == "cost.yaml:6: expect.cost.Golem: a number of 5000 characters, more than 100"
    )
    assert parse_cost("$" + "9" * 5000) is None  # what an engine over the wire reports


@pytest.mark.parametrize(
    ("step", "found"),
    [("choose: [Chapel, 1]", "1"), ("play: [Chapel, 3]", "3"), ("play: [[Chapel]]", "a list")],
)
def test_a_list_of_the_wrong_things_says_what_it_holds(step: str, found: str) -> None:
    """ "expected ... a list of text, found a list" was a riddle: it is the item that is
    wrong (an amount given as a list, with Cornucopia & Guilds' questions of a number)."""
    with pytest.raises(ScenarioError) as caught:
        load_text(HEAD + f"setup:\n  kingdom: [Chapel]\nsteps:\n  - {step}\n", "l.yaml")
    verb = step.partition(":")[0]
    message = str(caught.value)
    assert message.startswith(f"l.yaml:6: steps[1].{verb}: expected "), message
    assert message.endswith(f", found a list holding {found}"), message


def test_a_card_that_plays_cards_cannot_be_played_by_one_in_one_entry() -> None:
    """The format reference says a Throne Room that played a Throne Room is reached by
    playing the cards in steps; ``{card: Throne Room, by: Throne Room}`` was accepted."""
    body = "setup:\n  kingdom: [Throne Room]\n"
    body += "  p1: {in_play: [{card: Throne Room, by: Throne Room}]}\n"
    with pytest.raises(ScenarioError, match="Throne Room playing Throne Room is more than one"):
        load_text(HEAD + body, "tr.yaml")


def test_what_a_file_holds_is_quoted_short(tmp_path: Path) -> None:
    """All of a file read by mistake (``/etc/passwd``) went into one error line."""
    path = tmp_path / "long.yaml"
    path.write_text("x" * 5000 + "\n")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert len(str(caught.value)) < len(str(path)) + 200


def test_a_link_out_of_the_scanned_tree_is_refused_unread(tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n")
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "evil.yaml").symlink_to(secret)
    with pytest.raises(ScanError, match=r"evil\.yaml: a link out of the scanned directory"):
        discover([tree])
    # inside the tree a link is a file like any other
    (tree / "evil.yaml").unlink()
    (tree / "real.yml").write_text(HEAD)
    (tree / "evil.yaml").symlink_to(tree / "real.yml")
    assert discover([tree]) == [tree / "evil.yaml", tree / "real.yml"]


def test_an_unreadable_subdirectory_is_named_not_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(An unreadable file was an error; an unreadable directory was passed over.) Made
    unreadable by refusing its listing: the tests may run as root, who reads anything."""
    (tmp_path / "locked").mkdir()
    (tmp_path / "a.yaml").write_text(HEAD)
    listing = os.scandir

    def scandir(path: str) -> Any:
        if path.endswith("locked"):
            raise PermissionError(13, "Permission denied", path)
        return listing(path)

    monkeypatch.setattr(os, "scandir", scandir)
    with pytest.raises(ScanError, match=r"locked: a directory that cannot be read \(perm"):
        discover([tmp_path])


def test_a_yaml_file_in_capitals_is_a_scenario_file(tmp_path: Path) -> None:
    (tmp_path / "A.YAML").write_text(HEAD)
    (tmp_path / "b.Yml").write_text(HEAD)
    (tmp_path / "notes.txt").write_text("")
    assert discover([tmp_path]) == [tmp_path / "A.YAML", tmp_path / "b.Yml"]


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/dev/null", "expected a mapping, an empty file"),
        ("/dev/zero", "file is more than the 1000000 bytes allowed"),
        ("fifo", "nothing to read for 0.2 s (a FIFO no one writes to?)"),
    ],
)
def test_a_device_or_fifo_as_a_path_is_a_located_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: str, message: str
) -> None:
    """Each crashed the run (scanned as a directory); read, /dev/zero would fill the memory
    and a FIFO nobody writes to would wait for ever."""
    monkeypatch.setattr(yamlread, "QUIET_SECONDS", 0.2)
    if path == "fifo":
        path = str(tmp_path / "fifo.yaml")
        os.mkfifo(path)
    assert discover([path]) == [Path(path)]
    with pytest.raises(ScenarioError) as caught:
        load_scenario(Path(path))
    assert str(caught.value) == f"{path}:1: (top level): {message}"


# --- messages (issue 34) ------------------------------------------------------------------

WRONG = HEAD + "setup: {p1: {hand: [Silver]}}\nexpect: {p1: {hand: [Copper]}}\n"


def odd_name(directory: Path) -> Path:
    """A failing scenario whose file name holds a terminal escape and a byte that is not
    UTF-8."""
    path = Path(os.fsdecode(bytes(directory) + b"/bad\x1b[2Jname\xff.yaml"))
    path.write_text(WRONG)
    return path


def test_github_annotations_escape_a_file_name(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    """``--format github`` wrote the escape characters of a file name raw."""
    odd_name(tmp_path)
    assert cli.main(["check", str(tmp_path), "--format", "github"]) == 1
    out = capsysbinary.readouterr().out
    assert b"\x1b" not in out and b"\xff" not in out
    assert b"bad\\x1b[2Jname\\udcff.yaml" in out


def test_a_json_report_over_a_file_name_that_is_not_utf8_is_written(tmp_path: Path) -> None:
    """It was an internal error (exit 3): the name cannot be encoded as UTF-8."""
    (tmp_path / "in").mkdir()
    odd_name(tmp_path / "in")
    report = tmp_path / "report.json"
    assert cli.main(["check", str(tmp_path / "in"), "--json", str(report)]) == 1
    [result] = json.loads(report.read_text(encoding="utf-8"))["results"]
    assert result["status"] == "fail" and result["file"].endswith("name\ufffd.yaml")


def test_arbiter_debug_0_shows_no_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``ARBITER_DEBUG=0`` showed the traceback, as 1 does (ARBITER_NO_CACHE=0 is off)."""
    monkeypatch.setenv("ARBITER_DEBUG", "0")

    def broken(_argv: list[str]) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr(cli, "_dispatch", broken)
    assert cli.main(["check"]) == 3
    assert capsys.readouterr().err.startswith("arbiter: internal error: RuntimeError: a bug")
    monkeypatch.setenv("ARBITER_DEBUG", "1")
    with pytest.raises(RuntimeError, match="a bug"):
        cli.main(["check"])


# --- options and outputs of fuzz, simulate and graph (issue 34) ----------------------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["fuzz", "--engine", "reference", "--seconds", "nan"], "positive, finite number"),
        (["simulate", "--games", "1000000000000"], "--games must be from 1 to 1,000,000"),
        (["fuzz", "--engine", "reference", "--out", "/etc/passwd/found"], "cannot be made"),
        (["fuzz", "--engine", "reference", "--out", "/etc/passwd"], "is not a directory"),
    ],
)
def test_options_that_ran_for_ever_or_failed_late_are_refused_at_once(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--seconds nan`` ran for ever; ``--games 10^12`` built its task list and died of
    memory; a bad ``--out`` was found at the first finding, after the work."""
    started = time.perf_counter()
    assert cli.main(argv) == 2
    assert says in capsys.readouterr().err
    assert time.perf_counter() - started < 10


@pytest.mark.parametrize(
    "argv",
    [
        ["graph", "--out", "RULINGS"],
        ["simulate", "--games", "1", "--json", "RULINGS"],
        ["fuzz", "--engine", "reference", "--games", "1", "--json", "RULINGS"],
        ["fuzz", "--engine", "reference", "--games", "1", "--json", "SCENARIO"],
    ],
)
def test_no_output_replaces_the_catalogue_or_a_scenario(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Each wrote over it and exited 0, after which every command exited 3."""
    rulings = str(catalogue_files()[0])
    scenario = str(next(iter(discover([bundled_dir() / "base" / "chapel"]))))
    before = Path(rulings).read_bytes(), Path(scenario).read_bytes()
    argv = [{"RULINGS": rulings, "SCENARIO": scenario}.get(word, word) for word in argv]
    assert cli.main(argv) == 2
    assert "that is an input of this run" in capsys.readouterr().err
    assert (Path(rulings).read_bytes(), Path(scenario).read_bytes()) == before


class FullDisk:
    """A file being written on a full disk: created, but every write fails."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle

    def __enter__(self) -> FullDisk:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.handle.close()

    def write(self, _data: bytes) -> int:
        raise OSError(28, "No space left on device")


def test_a_finding_that_cannot_be_written_leaves_no_file_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a full disk fuzz --out left a 0-byte finding and ended with exit 3, losing the
    rest: now no file is left, the scenario is shown, and the next one is written."""
    opened = Path.open

    def open_on_a_full_disk(self: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        handle = opened(self, mode, *args, **kwargs)
        return FullDisk(handle) if "x" in mode and "first" in self.name else handle

    monkeypatch.setattr(Path, "open", open_on_a_full_disk)
    stream = io.StringIO()
    console = fuzz.Console(tmp_path, stream)
    for name in ("first", "second"):
        finding = SimpleNamespace(
            problem=None, document={"id": f"base/fuzz/{name}", "title": name}, text="id: x\n"
        )
        console.finding(finding)  # type: ignore[arg-type]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["base-fuzz-second.yaml"]
    assert console.unwritten == 1
    assert "No space left on device); the scenario:\nid: x\n" in stream.getvalue()
