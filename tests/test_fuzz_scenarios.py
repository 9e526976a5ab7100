"""Hostile scenario files: every one ends in a clean error naming file, line and key.

hypothesis builds malformed scenarios from a valid one (wrong types, unknown keys and
cards, impossible shuffles, missing keys) and corrupts their text (YAML tags, anchors
and aliases, duplicate keys, tabs, control characters, deep nesting, huge documents).
Each is loaded with the scenario loader and, if it loads, run on the reference engine
by the runner. Nothing may raise anything but ``ScenarioError``, every problem must name
the file, a line inside it and a key, a run that errors must say where, and nothing may
take longer than :data:`LIMIT_SECONDS` (a hang).
"""

from __future__ import annotations

import copy
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenarios.adapters.reference import ReferenceAdapter
from scenarios.loader import ScenarioError, load_scenario, load_text
from scenarios.runner import Status, run_scenario

FILE = "fuzz/hostile.yaml"
LIMIT_SECONDS = 30

VALID: dict[str, Any] = {
    "id": "base/throne-room/fuzz",
    "title": "Throne Room plays Smithy twice",
    "editions": {"base": 2},
    "seed": 3,
    "setup": {
        "players": 2,
        "kingdom": ["Throne Room", "Smithy", "Village"],
        "supply": {"Smithy": 4},
        "turns_taken": {"p2": 1},
        "p1": {
            "hand": ["Throne Room", "Smithy", "Village"],
            "deck": ["Copper", "Copper", "Estate", "Copper", "Copper", "Copper", "Silver"],
            "discard": ["Estate", "Copper"],
        },
        "p2": {"hand": ["Copper"], "vp_tokens": 1},
    },
    "steps": [
        {"play": "Throne Room"},
        {"choose": "Smithy", "source": "Throne Room", "player": "p1"},
        {"expect": {"p1": {"hand_count": 7}}},
        {"buy": "Gold", "rejected": True},
        {"end": "turn"},
    ],
    "expect": {
        "p1": {"in_play": [], "deck_count": 7},
        "turn": {"player": "p2"},
        "game_over": False,
        "trash": [],
    },
}

CARD_LIKE = [
    "Copper",
    "copper",
    "Coper",
    "Thron Room",
    "Platinum",
    "Colony",
    "Curse",
    "Moat",
    "Witch",
    "Nobody",
    "",
    " ",
    "p1",
    "Throne  Room",
    "Smithy\n",
]
KEY_LIKE = [
    "id",
    "title",
    "setup",
    "steps",
    "expect",
    "players",
    "kingdom",
    "colony",
    "supply",
    "trash",
    "turn",
    "p1",
    "p2",
    "p7",
    "p0",
    "hand",
    "deck",
    "discard",
    "in_play",
    "set_aside",
    "shuffles",
    "vp_tokens",
    "play",
    "buy",
    "end",
    "choose",
    "rejected",
    "source",
    "player",
    "pending",
    "events",
    "no_events",
    "winners",
    "seed",
    "editions",
    "base",
    "rulings",
    "cards",
    "note",
    "<<",
    "?",
    "- x",
]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(CARD_LIKE + KEY_LIKE + ["yes", "no", "~", "1e999", ".nan", "-1", "0x10"]),
)
hostile_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(KEY_LIKE) | st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


ALL_PATHS = list(_paths(VALID))[1:]


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


MAPPING_PATHS = [()] + [p for p in ALL_PATHS if isinstance(_get(VALID, p), dict)]
STRING_PATHS = [p for p in ALL_PATHS if isinstance(_get(VALID, p), str)]


@st.composite
def hostile_documents(draw: st.DrawFn) -> Any:
    """The valid scenario with one to four structural mutations."""
    doc = copy.deepcopy(VALID)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["replace", "add", "delete", "card", "shuffles"]))
        if kind == "replace":
            path = draw(st.sampled_from(ALL_PATHS))
            with suppress(KeyError, IndexError, TypeError):
                _get(doc, path[:-1])[path[-1]] = draw(hostile_values)
        elif kind == "add":
            path = draw(st.sampled_from(MAPPING_PATHS))
            try:
                target = _get(doc, path)
            except (KeyError, IndexError, TypeError):
                continue
            if isinstance(target, dict):
                key = draw(st.sampled_from(KEY_LIKE) | st.text(max_size=8))
                target[key] = draw(hostile_values)
        elif kind == "delete":
            path = draw(st.sampled_from(ALL_PATHS))
            with suppress(KeyError, IndexError, TypeError):
                del _get(doc, path[:-1])[path[-1]]
        elif kind == "card":
            path = draw(st.sampled_from(STRING_PATHS))
            with suppress(KeyError, IndexError, TypeError):
                _get(doc, path[:-1])[path[-1]] = draw(
                    st.sampled_from(CARD_LIKE) | st.text(max_size=10)
                )
        else:
            player = draw(st.sampled_from(["p1", "p2", "p3"]))
            orders = draw(
                st.lists(st.lists(st.sampled_from(CARD_LIKE[:8]), max_size=12), max_size=3)
            )
            setup = doc.get("setup")
            if isinstance(setup, dict):
                zones = setup.setdefault(player, {})
                if isinstance(zones, dict):
                    zones["shuffles"] = orders
    return doc


TEXT_CORRUPTIONS = [
    "!!python/object/apply:os.system ['true'] ",
    "!!binary aGVsbG8= ",
    "!!set ",
    "!custom ",
    "!!omap ",
    "&anchor ",
    "*missing ",
    "<<: *anchor\n",
    "\t",
    "\x00",
    "\x1b[31m",
    "\ufeff",
    "{",
    "]",
    "---\n",
    "...\n",
    "? complex\n: key\n",
    "%YAML 1.1\n",
    "'",
    '"\\x',
]


@st.composite
def hostile_texts(draw: st.DrawFn) -> str:
    """A mutated scenario as YAML text, then corrupted at the text level."""
    doc = draw(hostile_documents())
    try:
        text = yaml.safe_dump(doc, sort_keys=draw(st.booleans()), allow_unicode=True)
    except yaml.YAMLError:
        text = repr(doc)
    lines = text.splitlines(keepends=True)
    for _ in range(draw(st.integers(0, 3))):
        if not lines:
            break
        index = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["insert", "duplicate", "drop", "indent"]))
        if how == "insert":
            piece = draw(st.sampled_from(TEXT_CORRUPTIONS) | st.text(max_size=6))
            line = lines[index]
            at = draw(st.integers(0, len(line)))
            lines[index] = line[:at] + piece + line[at:]
        elif how == "duplicate":
            lines.insert(index, lines[index])
        elif how == "drop":
            del lines[index]
        else:
            lines[index] = "  " + lines[index]
    return "".join(lines)


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Fail instead of hanging (SIGALRM; the tests run in the main thread)."""

    def expired(_signum: int, _frame: Any) -> None:
        raise TimeoutError(f"took longer than {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# A runner error that carries a Python exception's name is a crash in the engine or the
# runner, not a clean complaint about the scenario.
CRASH = re.compile(r"\b[A-Z]\w*(Error|Exception)\b: |Traceback")


def assert_clean(text: str) -> None:
    """Loading and running ``text`` ends in a clean, located error or a verdict."""
    lines = max(1, len(text.splitlines()))
    with time_limit(LIMIT_SECONDS):
        try:
            scenario = load_text(text, FILE)
        except ScenarioError as error:
            assert error.problems
            for problem in error.problems:
                assert problem.file == FILE
                assert 1 <= problem.line <= lines, (problem, lines)
                assert problem.key and problem.reason
            assert str(error).startswith(f"{FILE}:{error.line}: ")
            return
        result = run_scenario(scenario, ReferenceAdapter())
    if result.status is Status.ERROR:
        assert not CRASH.search(result.message), result.message
        assert result.line is not None and 1 <= result.line <= lines, result
        assert result.message


FUZZ = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def test_the_unmutated_scenario_passes() -> None:
    scenario = load_text(yaml.safe_dump(VALID), FILE)
    assert run_scenario(scenario, ReferenceAdapter()).status is Status.PASS


@FUZZ
@given(hostile_documents())
def test_malformed_documents_end_in_clean_errors(doc: Any) -> None:
    assert_clean(yaml.safe_dump(doc, allow_unicode=True))


@FUZZ
@given(hostile_texts())
def test_corrupted_texts_end_in_clean_errors(text: str) -> None:
    assert_clean(text)


@FUZZ
@given(st.text(max_size=300))
def test_arbitrary_text_ends_in_a_clean_error(text: str) -> None:
    assert_clean(text)


@FUZZ
@given(depth=st.integers(60, 20_000), opener=st.sampled_from(["[", "{a: ", "- ", "k:\n"]))
def test_deep_nesting_ends_in_a_clean_error(depth: int, opener: str) -> None:
    if opener == "k:\n":
        text = "".join("  " * i + "k:\n" for i in range(min(depth, 3000)))
    elif opener == "- ":
        text = "".join("  " * i + "- \n" for i in range(min(depth, 3000)))
    else:
        closer = "]" if opener == "[" else "}"
        text = "setup: " + opener * depth + "1" + closer * depth
    assert_clean(text)


ALIAS_BOMB = "\n".join(
    [
        "a: &a [x, x, x, x, x, x, x, x, x, x]",
        *[
            f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 10)}]"
            for i in range(8)
        ],
    ]
)


@pytest.mark.parametrize(
    "text",
    [
        ALIAS_BOMB,
        "a: &a [*a]",
        "steps: [" + ", ".join(["{end: turn}"] * 60_000) + "]",
        "title: '" + "x" * 900_000 + "'",
        "id: x\n" * 3,
        "setup: !!python/object/new:os.system [true]",
        "id: !!python/name:os.system",
        "? [a, b]\n: c",
        "- just\n- a list",
        "",
        "# only a comment",
        "...",
    ],
    ids=[
        "alias-bomb",
        "self-alias",
        "60000-steps",
        "900kB-string",
        "duplicate-keys",
        "python-object",
        "python-name",
        "complex-key",
        "top-level-list",
        "empty",
        "comment",
        "document-end",
    ],
)
def test_hostile_texts_end_in_clean_errors(text: str) -> None:
    assert_clean(text)


def test_files_that_are_not_yaml_text(tmp_path: Path) -> None:
    cases = {
        "latin1.yaml": "id: caf\xe9\n".encode("latin-1"),
        "huge.yaml": b"title: " + b"x" * 1_100_000 + b"\n",
        "bom.yaml": "\ufeffid: x\n".encode(),
        "nul.yaml": b"id: a\x00b\n",
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(ScenarioError) as raised:
            load_scenario(path)
        assert raised.value.file == str(path)
        assert raised.value.line >= 1 and raised.value.problems[0].key
    with pytest.raises(ScenarioError) as raised:
        load_scenario(tmp_path / "missing.yaml")
    assert raised.value.file == str(tmp_path / "missing.yaml")
    with pytest.raises(ScenarioError):
        load_scenario(tmp_path)  # a directory
