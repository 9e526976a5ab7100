"""The cache of loaded scenarios (scenarios/cache.py) gives exactly what loading without it
gives: for every bundled scenario, a changed file, a changed fingerprint, a damaged entry,
an invalid file, and through ``arbiter check``. About 1.5 s (the bundled scenarios are
loaded three times)."""

from __future__ import annotations

import marshal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arbiter import cli
from engine import setup_check
from scenarios import cache as scenario_cache
from scenarios.cache import ScenarioCache, fingerprint
from scenarios.loader import ScenarioError, bundled_dir, discover, load_many, load_scenario
from scenarios.model import Scenario

MISTAKES = Path(__file__).parent / "mistakes"
VALID = """id: base/copper/coin
title: Copper makes a coin
setup: {p1: {hand: [Copper]}}
steps:
  - play: Copper
expect: {turn: {coins: 1}}
"""


@pytest.fixture(autouse=True)
def fresh_generation() -> Iterator[None]:
    """The setup check's generation as in a fresh process (a mutant test earlier in the
    session changes it), changed in place as checks.mutants does, and put back after."""
    before = setup_check._generation[0]
    setup_check._generation[0] = 0
    yield
    setup_check._generation[0] = before


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ScenarioCache:
    monkeypatch.delenv("ARBITER_NO_CACHE", raising=False)
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cache"))
    found = ScenarioCache.for_user()
    assert found is not None
    return found


def typed(value: Any) -> Any:
    """``value`` with the type of every part written beside it: a tuple that came back a
    list, or True that came back 1, compares unequal."""
    if isinstance(value, dict):
        return ("dict", [(typed(k), typed(v)) for k, v in value.items()])
    if isinstance(value, list | tuple):
        return (type(value).__name__, [typed(item) for item in value])
    return (type(value).__name__, value)


def whole(scenario: Scenario) -> Any:
    """Everything a Scenario holds, with types, the fields equality skips included."""
    fields = {name: getattr(scenario, name) for name in scenario.__dataclass_fields__}
    acceptance = fields.pop("acceptance")
    assert acceptance is not None and acceptance.setup is scenario.setup
    fields["steps"] = [vars(step) for step in scenario.steps]
    fields["lines"] = dict(scenario.lines)  # a cached scenario's unpacked on demand
    fields["file"] = str(scenario.file)
    return typed(fields), acceptance.holds()


def read_pack(store: ScenarioCache) -> dict[str, Any]:
    return scenario_cache._read_pack(store.pack)


def fresh_view(store: ScenarioCache) -> ScenarioCache:
    """The cache as the next run sees it: what ``store`` wrote (saved first)."""
    store.save()
    return ScenarioCache(store.pack.parent.parent)


def loaded(store: ScenarioCache, path: Path) -> Any:
    """The outcome of loading ``path`` through ``store``, which then writes its pack."""
    try:
        return outcome(store.load, path)
    finally:
        store.save()


def outcome(load: Any, path: Path) -> Any:
    try:
        return whole(load(path))
    except ScenarioError as error:
        return str(error)


def test_every_bundled_scenario_comes_back_the_same(store: ScenarioCache) -> None:
    files = discover([bundled_dir()])
    fresh, failures = load_many(files)
    assert not failures
    written, _ = load_many(files, cache=store)  # every entry made
    assert len(read_pack(store)) == len(files)
    read, _ = load_many(files, cache=fresh_view(store))  # every entry read
    for scenario, first, second in zip(fresh, written, read, strict=True):
        assert whole(first) == whole(scenario)
        assert whole(second) == whole(scenario), scenario.file


def test_a_changed_file_is_loaded_again(store: ScenarioCache, tmp_path: Path) -> None:
    path = tmp_path / "coin.yaml"
    path.write_text(VALID)
    assert loaded(store, path) == outcome(load_scenario, path)
    path.write_text(VALID.replace("makes a coin", "makes one coin"))
    store = fresh_view(store)
    assert loaded(store, path) == outcome(load_scenario, path)
    assert fresh_view(store).load(path).title == "Copper makes one coin"


def test_an_invalid_file_is_never_kept_and_says_the_same(
    store: ScenarioCache, tmp_path: Path
) -> None:
    invalid = 0
    mistakes = sorted(MISTAKES.glob("*.yaml"))
    for path in mistakes:  # some are valid files that fail a run
        expected = outcome(load_scenario, path)
        invalid += isinstance(expected, str)
        assert loaded(store, path) == expected
        assert loaded(fresh_view(store), path) == expected
    kept = read_pack(store)
    assert invalid > 20 and len(kept) == len(mistakes) - invalid
    # A file that was valid (and kept), then made invalid, is refused as without a cache.
    path = tmp_path / "coin.yaml"
    path.write_text(VALID)
    loaded(store, path)
    path.write_text(VALID.replace("hand:", "hnad:"))
    assert loaded(fresh_view(store), path) == outcome(load_scenario, path)
    assert "unknown key 'hnad'" in loaded(fresh_view(store), path)


def test_a_damaged_pack_or_entry_is_ignored_and_written_again(
    store: ScenarioCache, tmp_path: Path
) -> None:
    path = tmp_path / "coin.yaml"
    path.write_text(VALID)
    expected = outcome(load_scenario, path)
    loaded(store, path)
    good, entries = store.pack.read_bytes(), read_pack(store)
    damages = [b"", b"\x00" * 10, good[:-7], good[:25] + b"x" + good[26:], good + b"\x01"]
    for damaged in damages:
        store.pack.write_bytes(damaged)
        assert loaded(fresh_view(store), path) == expected
        assert read_pack(store) == entries  # written again
    # An entry that does not decode, in a pack that checks out: made again all the same.
    ((name, (key, _encoded)),) = entries.items()
    payload = marshal.dumps({name: (key, b"\x00not marshal")})
    store.pack.write_bytes(scenario_cache._digest(payload) + payload)
    assert loaded(fresh_view(store), path) == expected
    assert read_pack(store) == entries
    store.pack.unlink()
    store.pack.mkdir()  # not even a file: no entry, and none can be written
    assert loaded(fresh_view(store), path) == expected


def test_an_unwritable_cache_is_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.delenv("ARBITER_NO_CACHE", raising=False)
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(blocker / "cache"))
    path = tmp_path / "coin.yaml"
    path.write_text(VALID)
    store = ScenarioCache.for_user()
    assert store is not None
    assert loaded(store, path) == outcome(load_scenario, path)
    assert not blocker.is_dir()


def test_the_fingerprint_follows_the_schema_and_the_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "scenarios"
    (package / "schema").mkdir(parents=True)
    (package / "rulings").mkdir()
    (package / "loader.py").write_text("# the loader\n")
    (package / "schema" / "scenario.schema.json").write_text("{}")
    (package / "rulings" / "base.yaml").write_text("[]")
    monkeypatch.setattr(scenario_cache, "PACKAGE_DIR", package)
    seen = []
    for change in (
        lambda: None,
        lambda: (package / "schema" / "scenario.schema.json").write_text('{"type": "object"}'),
        lambda: (package / "loader.py").write_text("# the loader, changed\n"),
        lambda: (package / "rulings" / "base.yaml").write_text("[{}]"),
    ):
        change()
        fingerprint.cache_clear()
        seen.append(fingerprint())
    fingerprint.cache_clear()
    assert len(set(seen)) == len(seen)


def test_a_new_fingerprint_is_a_new_pack(
    store: ScenarioCache, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "coin.yaml"
    path.write_text(VALID)
    loaded(store, path)
    monkeypatch.setattr(scenario_cache, "fingerprint", lambda: "another-version")
    other = ScenarioCache.for_user()
    assert other is not None and other.pack != store.pack
    assert not other.pack.exists()
    assert loaded(other, path) == outcome(load_scenario, path)
    assert len(read_pack(other)) == 1 and store.pack.exists()


def test_nothing_is_kept_once_the_engine_was_changed_in_place(
    store: ScenarioCache, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "coin.yaml"
    path.write_text(VALID)
    setup_check._generation[0] = 1  # a mutant was applied in this process
    assert loaded(store, path) == outcome(load_scenario, path)
    assert not store.pack.exists()


def test_arbiter_check_says_the_same_with_and_without_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "coin.yaml").write_text(VALID)
    (scenarios / "typo.yaml").write_text(VALID.replace("hand:", "hnad:"))
    (scenarios / "damaged.yaml").write_bytes(b"id: [\xff")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ARBITER_NO_CACHE", raising=False)

    def check(*options: str) -> tuple[int, str, str]:
        code = cli.main(["check", str(scenarios), *options])
        out, err = capsys.readouterr()
        return code, out, err

    without = check("--no-cache")
    assert not (tmp_path / "cache").exists()
    assert check() == without  # entries made
    (pack,) = (tmp_path / "cache" / "scenarios").glob("*.pack")
    assert len(scenario_cache._read_pack(pack)) == 1
    assert check() == without  # entries read
    monkeypatch.setenv("ARBITER_NO_CACHE", "1")
    assert check() == without
    assert "unknown key 'hnad'" in without[1] and without[0] == 1


def test_packed_lines_unpack_on_demand_and_never_fail() -> None:
    lines = {("id",): 1, ("setup", "p1", "hand", 0): 7}
    packed = scenario_cache.PackedLines(marshal.dumps(lines))
    assert dict(packed) == lines and packed.get(("setup",)) is None and len(packed) == 2
    assert dict(scenario_cache.PackedLines(b"\x00not marshal")) == {}
    assert dict(scenario_cache.PackedLines(marshal.dumps([1, 2]))) == {}
