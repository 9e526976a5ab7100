"""Loading scenario files: defaults, the typed result, and every kind of malformed input."""

from __future__ import annotations

import json
import os
import textwrap
import threading
from pathlib import Path

import jsonschema
import pytest
from fake_adapter import FAKE_CARDS

from engine.sets import DEFAULT_EDITIONS
from scenarios import yamlread
from scenarios.catalogue import catalogue, read_catalogue
from scenarios.loader import (
    SCHEMA_PATH,
    ScanError,
    ScenarioError,
    discover,
    load_many,
    load_scenario,
    load_text,
)
from scenarios.model import Scenario

RULINGS = {"base/chapel/1", "base/militia/2"}
HEAD = "id: base/test/case\ntitle: a test\n"


def load(body: str) -> Scenario:
    return load_text(HEAD + textwrap.dedent(body), "case.yaml", cards=FAKE_CARDS, rulings=RULINGS)


def problem(body: str) -> str:
    with pytest.raises(ScenarioError) as caught:
        load(body)
    return str(caught.value)


EXAMPLE = """
rulings: [base/chapel/1]
editions: {base: 1}
seed: 5
setup:
  players: 3
  p1:
    hand: [Chapel, Copper]
    deck: [Silver, Gold]
    shuffles: [[Copper, Estate]]
  p2: {vp_tokens: 2}
steps:
  - play: Chapel
  - choose: [Copper]
    source: Chapel
    player: p1
  - expect: {p1: {hand: []}}
  - play: [Copper, Silver]
  - choose: yes
  - buy: Workshop
    rejected: true
  - end: turn
expect:
  p3: {hand: [Moat]}
  events: [p1 plays Militia]
"""


def test_the_typed_scenario() -> None:
    scenario = load(EXAMPLE)
    assert (scenario.id, scenario.title, scenario.line) == ("base/test/case", "a test", 1)
    assert scenario.rulings == ("base/chapel/1",)
    assert scenario.editions == {**DEFAULT_EDITIONS, "base": 1}
    assert scenario.seed == 5
    assert scenario.set_name == "base"
    assert scenario.expect == {"p3": {"hand": ["Moat"]}, "events": ["p1 plays Militia"]}
    assert scenario.expect_line == 25
    steps = [
        (s.number, s.line, s.verb, s.arg, s.player, s.source, s.rejected) for s in scenario.steps
    ]
    assert steps == [
        (1, 15, "play", ["Chapel"], None, None, False),
        (2, 16, "choose", ["Copper"], "p1", "Chapel", False),
        (3, 19, "expect", {"p1": {"hand": []}}, None, None, False),
        (4, 20, "play", ["Copper", "Silver"], None, None, False),
        (5, 21, "choose", True, None, None, False),
        (6, 22, "buy", "Workshop", None, None, True),
        (7, 24, "end", "turn", None, None, False),
    ]


def test_kingdom_and_cards_default_to_every_kingdom_card_named_anywhere() -> None:
    scenario = load(EXAMPLE)
    # Chapel in a hand, Workshop in a step, Moat in expect, Militia in an event line.
    assert scenario.setup["kingdom"] == ["Chapel", "Workshop", "Moat", "Militia"]
    assert scenario.cards == ("Chapel", "Workshop", "Moat", "Militia")
    assert scenario.named[:4] == ("Chapel", "Copper", "Silver", "Gold")


def test_explicit_kingdom_and_cards_are_kept() -> None:
    scenario = load("cards: [Copper]\nsetup: {kingdom: [Pawn], p1: {hand: [Chapel]}}\n")
    assert scenario.setup["kingdom"] == ["Pawn"]
    assert scenario.cards == ("Copper",)


def test_the_setup_handed_to_the_adapter_has_every_default() -> None:
    setup = load(EXAMPLE).setup
    empty = {
        "hand": [],
        "deck": [],
        "discard": [],
        "in_play": [],
        "set_aside": [],
        "vp_tokens": 0,
        "shuffles": [],
    }
    assert setup == {
        "players": 3,
        "kingdom": ["Chapel", "Workshop", "Moat", "Militia"],
        "colony": False,
        "supply": {},
        "trash": [],
        "turn": {"player": "p1", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "turns_taken": {"p1": 0, "p2": 0, "p3": 0},
        "trade_route": None,
        "editions": {**DEFAULT_EDITIONS, "base": 1},
        "seed": 5,
        "p1": {
            **empty,
            "hand": ["Chapel", "Copper"],
            "deck": ["Silver", "Gold"],
            "shuffles": [["Copper", "Estate"]],
        },
        "p2": {**empty, "vp_tokens": 2},
        "p3": empty,
    }


def test_given_setup_values_override_defaults() -> None:
    setup = load("""
setup:
  colony: true
  supply: {Colony: 0, Chapel: 3}
  trash: [Curse]
  turn: {player: p2, coins: 4}
  turns_taken: {p1: 3}
""").setup
    assert setup["players"] == 2 and setup["colony"] is True
    assert setup["supply"] == {"Colony": 0, "Chapel": 3}
    assert setup["trash"] == ["Curse"]
    assert setup["turn"] == {"player": "p2", "phase": "action", "actions": 1, "buys": 1, "coins": 4}
    assert setup["turns_taken"] == {"p1": 3, "p2": 0}
    assert setup["kingdom"] == ["Chapel"]


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("yes", True),
        ("no", False),
        ("'yes'", True),
        ("'NO'", False),
        ("true", True),
        ("Copper", "Copper"),
        ("[]", []),
        ("+$1", "+$1"),
        ("[+1 card, +1 Buy]", ["+1 card", "+1 Buy"]),
    ],
)
def test_choose_values(written: str, value: object) -> None:
    step = load(f"setup: {{}}\nsteps:\n  - choose: {written}\n").steps[0]
    assert step.arg == value


# --- malformed files: every message names file, line, key and reason ----------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        # unknown keys, with a suggestion when one is close
        (
            "setup: {}\nexpcet: {}\n",
            "case.yaml:4: expcet: unknown key 'expcet' (did you mean 'expect'?)",
        ),
        ("setup:\n  p1:\n    hnad: [Copper]\n", "case.yaml:5: setup.p1.hnad: unknown key 'hnad'"),
        ("setup: {colonies: true}\n", "case.yaml:3: setup.colonies: unknown key 'colonies'"),
        ("setup: {p7: {}}\n", "case.yaml:3: setup.p7: p7 is not a player in this game"),
        (
            "setup: {}\nsteps:\n  - play: Copper\n    who: p1\n",
            "case.yaml:6: steps[1].who: unknown key",
        ),
        (
            "setup: {}\nexpect: {p1: {hand_size: 3}}\n",
            "case.yaml:4: expect.p1.hand_size: unknown key",
        ),
        (
            "setup: {}\nexpect: {pending: {who: p1}}\n",
            "case.yaml:4: expect.pending.who: unknown key",
        ),
        # unknown cards, wherever a card is expected
        (
            "setup: {p1: {hand: [Copper, Coper]}}\n",
            "case.yaml:3: setup.p1.hand[2]: unknown card 'Coper' (did you mean 'Copper'?)",
        ),
        ("setup: {kingdom: [Chapell]}\n", "case.yaml:3: setup.kingdom[1]: unknown card 'Chapell'"),
        ("setup: {supply: {Gould: 3}}\n", "case.yaml:3: setup.supply.Gould: unknown card 'Gould'"),
        ("setup: {trash: [X]}\n", "case.yaml:3: setup.trash[1]: unknown card 'X'"),
        (
            "setup:\n  p1:\n    shuffles: [[Copper], [Y]]\n",
            "case.yaml:5: setup.p1.shuffles[2][1]: unknown card 'Y'",
        ),
        (
            "setup: {trade_route: {mat: 0, piles: [Z]}}\n",
            "case.yaml:3: setup.trade_route.piles[1]: unknown card 'Z'",
        ),
        ("cards: [Q]\nsetup: {}\n", "case.yaml:3: cards[1]: unknown card 'Q'"),
        (
            "setup: {}\nsteps:\n  - play: Vilage\n",
            "case.yaml:5: steps[1].play: unknown card 'Vilage'",
        ),
        (
            "setup: {}\nsteps:\n  - play: [Copper, Q]\n",
            "case.yaml:5: steps[1].play[2]: unknown card",
        ),
        ("setup: {}\nsteps:\n  - buy: Q\n", "case.yaml:5: steps[1].buy: unknown card 'Q'"),
        (
            "setup: {}\nsteps:\n  - choose: Q\n    source: R\n",
            "line 6: steps[1].source: unknown card 'R'",
        ),
        (
            "setup: {}\nsteps:\n  - choose: Dutchy\n",
            "case.yaml:5: steps[1].choose: 'Dutchy' is neither a card nor an option label",
        ),
        (
            "setup: {}\nsteps:\n  - choose: [Duchy, +2 Cards]\n",
            "case.yaml:5: steps[1].choose[2]: '+2 Cards' is neither a card nor an option label",
        ),
        (
            "setup: {}\nexpect: {p1: {discard_top: Q}}\n",
            "case.yaml:4: expect.p1.discard_top: unknown",
        ),
        (
            "setup: {}\nexpect: {pending: {source: Q}}\n",
            "case.yaml:4: expect.pending.source: unknown",
        ),
        (
            "setup: {}\nexpect: {events: [p1 gains Q]}\n",
            "case.yaml:4: expect.events[1]: unknown card",
        ),
        (
            "setup: {}\nsteps:\n  - expect: {trash: [Q]}\n",
            "case.yaml:5: steps[1].expect.trash[1]: unknown card 'Q'",
        ),
        # wrong types and values
        (
            "setup: {players: two}\n",
            "case.yaml:3: setup.players: expected a whole number, found 'two'",
        ),
        ("setup: {players: 7}\n", "case.yaml:3: setup.players: 7 is greater than the maximum of 6"),
        (
            "setup: {p1: {hand: Copper}}\n",
            "case.yaml:3: setup.p1.hand: expected a list of card names, found 'Copper'",
        ),
        ("setup: {colony: 1}\n", "case.yaml:3: setup.colony: expected true or false, found 1"),
        ("setup: {turn: {phase: cleanup}}\n", "case.yaml:3: setup.turn.phase: expected one of"),
        (
            "editions: {base: 3}\nsetup: {}\n",
            "case.yaml:3: editions.base: expected one of 1, 2, found 3",
        ),
        ("seed: x\nsetup: {}\n", "case.yaml:3: seed: expected a whole number"),
        ("setup: {}\nsteps:\n  - end: game\n", "case.yaml:5: steps[1].end: expected one of"),
        (
            "setup: {}\nsteps:\n  - choose: 2.5\n",
            "case.yaml:5: steps[1].choose: expected text or true",
        ),
        (
            "setup: {}\nsteps: {play: Copper}\n",
            "case.yaml:4: steps: expected a list, found a mapping",
        ),
        ("setup: {}\nexpect: {turn: {player: 1}}\n", "case.yaml:4: expect.turn.player: expected"),
        (
            "setup: {}\nexpect: {winners: [q1]}\n",
            "case.yaml:4: expect.winners[1]: 'q1' is not a player",
        ),
        ("setup: {turns_taken: {q1: 1}}\n", "case.yaml:3: setup.turns_taken: 'q1' is not a player"),
        (
            "setup: {}\nsteps:\n  - play: []\n",
            "case.yaml:5: steps[1].play: expected at least 1 item, found an empty list",
        ),
        # structure of steps
        (
            "setup: {}\nsteps:\n  - play: Copper\n    buy: Silver\n",
            "case.yaml:5: steps[1]: a step needs exactly one of play, buy, end, spend, choose, "
            "expect (found play, buy)",
        ),
        ("setup: {}\nsteps:\n  - player: p1\n", "steps[1]: a step needs exactly one of"),
        (
            "setup: {}\nsteps:\n  - play: Copper\n    source: Copper\n",
            "case.yaml:6: steps[1].source: 'source' does not apply to a play step",
        ),
        (
            "setup: {}\nsteps:\n  - expect: {}\n    rejected: true\n",
            "case.yaml:6: steps[1].rejected: 'rejected' does not apply to a expect step",
        ),
        (
            "setup: {}\nsteps:\n  - play: [Copper, Copper]\n    rejected: true\n",
            "case.yaml:6: steps[1].rejected: write a rejected play as its own step",
        ),
        # players out of range
        (
            "setup: {p3: {}}\n",
            "case.yaml:3: setup.p3: p3 is not a player in this game (p1 to p2: setup.players is 2)",
        ),
        (
            "setup: {turn: {player: p3}}\n",
            "case.yaml:3: setup.turn.player: p3 is not a player in this game",
        ),
        (
            "setup: {}\nsteps:\n  - end: turn\n    player: p4\n",
            "case.yaml:6: steps[1].player: p4 is",
        ),
        ("setup: {}\nexpect: {winners: [p1, p3]}\n", "case.yaml:4: expect.winners[2]: p3 is not"),
        ("setup: {}\nexpect: {events: [p1 passes Copper to p3]}\n", "expect.events[1]: p3 is not"),
        # kingdom, supply, rulings, events, id, title
        (
            "setup: {kingdom: [Copper]}\n",
            "case.yaml:3: setup.kingdom[1]: Copper is not a kingdom card",
        ),
        (
            "setup: {supply: {Colony: 0}}\n",
            "case.yaml:3: setup.supply.Colony: Colony is not a Supply pile in this game "
            "(set setup.colony: true)",
        ),
        (
            "setup: {kingdom: [Chapel]}\nexpect: {supply: {Moat: 9}}\n",
            "case.yaml:4: expect.supply.Moat: Moat is not a Supply pile in this game",
        ),
        (
            "rulings: [base/chapel/9]\nsetup: {}\n",
            "case.yaml:3: rulings[1]: unknown ruling 'base/chapel/9' "
            "(did you mean 'base/chapel/1'?)",
        ),
        ("rulings: [chapel]\nsetup: {}\n", "case.yaml:3: rulings[1]: 'chapel' is not a ruling id"),
        (
            "setup: {}\nexpect: {events: [p1 eats Copper]}\n",
            "case.yaml:4: expect.events[1]: 'p1 eats Copper' is not an event line",
        ),
        (
            "setup: {}\nexpect: {no_events: [p1 shuffles, game ends, p9 shuffles]}\n",
            "case.yaml:4: expect.no_events[3]: p9 is not a player in this game",
        ),
    ],
)
def test_malformed_scenarios(body: str, message: str) -> None:
    assert message in problem(body)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("id: Base/X\ntitle: t\nsetup: {}\n", "case.yaml:1: id: 'Base/X' is not an id like"),
        ("title: t\nsetup: {}\n", "case.yaml:1: (top level): missing required key 'id'"),
        ("id: base/a/b\ntitle: t\n", "case.yaml:1: (top level): missing required key 'setup'"),
        ('id: base/a/b\ntitle: "two\\nlines"\nsetup: {}\n', "title: 'two\\nlines' is not a single"),
        ("", "case.yaml:1: (top level): expected a mapping, an empty file"),
        ("- id: base/a/b\n", "case.yaml:1: (top level): expected a mapping, a list"),
        # YAML-level problems
        (
            HEAD + "setup: {}\nsetup: {}\n",
            "case.yaml:4: setup: duplicate key 'setup' (first on line 3)",
        ),
        (
            HEAD + "setup:\n  p1: {hand: [Copper]}\n  p1: {}\n",
            "case.yaml:5: setup.p1: duplicate key",
        ),
        (HEAD + "setup: !!python/object:os.system {}\n", "case.yaml:3: setup: tag "),
        (HEAD + "setup: !custom {}\n", "setup: tag !custom not allowed"),
        (
            HEAD + "base: &b {}\nsetup:\n  <<: *b\n",
            "case.yaml:5: setup: merge keys (<<) not allowed",
        ),
        (HEAD + "setup: {p1: {hand: [Copper}\n", "case.yaml:3: (top level): not valid YAML"),
        # An input that ends mid-node: YAML places the error past the end; we name the last line.
        (HEAD + "setup: [", "case.yaml:3: (top level): not valid YAML"),
        (HEAD + "setup: [\n", "case.yaml:3: (top level): not valid YAML"),
        (HEAD + "setup: {}\n---\nid: x\n", "not valid YAML: expected a single document"),
    ],
)
def test_malformed_documents(text: str, message: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        load_text(text, "case.yaml", cards=FAKE_CARDS, rulings=RULINGS)
    assert message in str(caught.value)


def test_an_alias_bomb_is_refused_quickly() -> None:
    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 9)]
    with pytest.raises(ScenarioError, match=f"more than {yamlread.MAX_NODES} values"):
        load_text("\n".join(lines) + "\n", "bomb.yaml", cards=FAKE_CARDS, rulings=RULINGS)


def test_small_aliases_are_fine() -> None:
    scenario = load("setup:\n  p1: {hand: &h [Copper, Silver]}\n  p2: {hand: *h}\n")
    assert scenario.setup["p2"]["hand"] == ["Copper", "Silver"]


def test_files_over_the_size_limit_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(HEAD + "note: " + "x" * yamlread.MAX_BYTES + "\nsetup: {}\n")
    with pytest.raises(ScenarioError, match=r"big.yaml:1: \(top level\): file is \d+ bytes"):
        load_scenario(path, FAKE_CARDS, RULINGS)


@pytest.mark.parametrize("size", [0, 1, 4095, 4096, 70_000, yamlread.MAX_BYTES])
def test_a_file_is_read_whole(tmp_path: Path, size: int) -> None:
    path = tmp_path / "f.yaml"
    data = bytes(range(256)) * (size // 256) + b"x" * (size % 256)
    path.write_bytes(data)
    assert yamlread.read_file_bytes(path) == data == path.read_bytes()


def test_a_pipe_is_read_to_its_end(tmp_path: Path) -> None:
    """Not a regular file: its size says nothing, so it is read until it ends."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    data = b"id: x\n" * 20_000
    writer = threading.Thread(target=fifo.write_bytes, args=(data,))
    writer.start()
    try:
        assert yamlread.read_file_bytes(fifo) == data
    finally:
        writer.join()


def test_a_directory_is_an_unreadable_file(tmp_path: Path) -> None:
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    with pytest.raises(ScenarioError, match=r"folder\.yaml:1: \(file\): Is a directory$"):
        load_scenario(folder, FAKE_CARDS, RULINGS)


def test_files_that_are_not_utf8_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes(HEAD.encode() + "note: caf\xe9\nsetup: {}\n".encode("latin-1"))
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load_scenario(path, FAKE_CARDS, RULINGS)


def test_a_missing_file_is_a_scenario_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"missing\.yaml:1"):
        load_scenario(tmp_path / "missing.yaml", FAKE_CARDS, RULINGS)


def test_several_problems_are_all_reported_in_line_order() -> None:
    message = problem("setup:\n  p1: {hand: [Q]}\n  p2: {hand: [R]}\n")
    assert message == (
        "case.yaml:4: setup.p1.hand[1]: unknown card 'Q'; "
        "line 5: setup.p2.hand[1]: unknown card 'R'"
    )


def test_unquoted_dates_are_text() -> None:
    assert load("source: 2016-05-01\nsetup: {}\n").source == "2016-05-01"


# --- many files ---------------------------------------------------------------------------


def write(path: Path, scenario_id: str, body: str = "setup: {}\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"id: {scenario_id}\ntitle: t\n{body}")
    return path


def test_ids_must_be_unique_across_a_run(tmp_path: Path) -> None:
    first = write(tmp_path / "a.yaml", "base/x/same")
    second = write(tmp_path / "b.yaml", "base/x/same")
    loaded, failures = load_many([first, second], FAKE_CARDS, RULINGS)
    assert [s.file for s in loaded] == [first]
    assert str(failures[0]) == f"{second}:1: id: id 'base/x/same' is already used by {first}"


def test_discover_skips_the_catalogue_the_schema_and_hidden_files(tmp_path: Path) -> None:
    root = tmp_path / "scenarios"
    wanted = [
        write(root / "base/chapel/a.yaml", "base/chapel/a"),
        write(root / "rules/turn/b.yml", "rules/turn/b"),
    ]
    for skipped in ("rulings/base.yaml", "schema/x.yaml", ".hidden/c.yaml", "base/notes.txt"):
        write(root / skipped, "base/x/y")
    assert discover([root]) == wanted
    assert discover([root / "rulings"]) == []
    assert discover([root / "rulings" / "base.yaml"]) == [root / "rulings" / "base.yaml"]


def test_discover_takes_files_and_links_to_files_only(tmp_path: Path) -> None:
    """What rglob finds that is_file accepts: a link to a file is one, a directory named
    like a YAML file is not (its files are found)."""
    root = tmp_path / "scenarios"
    real = write(root / "base/chapel/a.yaml", "base/chapel/a")
    inside = write(root / "base/odd.yaml/b.yaml", "base/odd.yaml/b")
    (root / "base/chapel/linked.yaml").symlink_to(real)
    found = discover([root])
    assert found == sorted(p for p in root.rglob("*") if p.is_file())
    assert found == [real, root / "base/chapel/linked.yaml", inside]


@pytest.mark.parametrize(
    ("target", "reason"),
    [("nowhere.yaml", "a symbolic link to nothing"), ("loop.yaml", "a loop of symbolic links")],
)
def test_discover_names_a_link_it_cannot_follow(tmp_path: Path, target: str, reason: str) -> None:
    """rglob passes a dangling link and a loop over without a word (issue 34)."""
    root = tmp_path / "scenarios"
    write(root / "base/chapel/a.yaml", "base/chapel/a")
    (root / "base/chapel/loop.yaml").symlink_to(root / f"base/chapel/{target}")
    with pytest.raises(ScanError, match=f"^{root}/base/chapel/loop.yaml: {reason}$"):
        discover([root])


def test_discover_refuses_a_missing_path(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no such file or directory"):
        discover([tmp_path / "nope"])


# --- the shipped schema and catalogue -----------------------------------------------------


def test_the_schema_is_valid_draft_2020_12() -> None:
    schema = json.loads(SCHEMA_PATH.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_the_rulings_catalogue_reads() -> None:
    rulings = catalogue()
    assert "rules/setup/1" in rulings and "base/bureaucrat/1" in rulings
    assert rulings["base/bureaucrat/1"].card == "Bureaucrat"
    assert rulings["rules/setup/1"].topic == "setup"


def test_a_duplicated_ruling_id_is_refused(tmp_path: Path) -> None:
    entry = "  - {id: base/x/1, card: X, text: t, source: s}\n"
    for name in ("base", "intrigue", "prosperity", "rules"):
        (tmp_path / f"{name}.yaml").write_text(f"set: {name}\nrulings:\n{entry}")
    with pytest.raises(Exception, match="base/x/1 appears twice"):
        read_catalogue(tmp_path)
