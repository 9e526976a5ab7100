"""The loader's shortcuts change no answer: ``bundled_id`` is what resolving the path
gives (the bundled id of a file follows links), ``_has_float`` finds every float, and so
does the YAML reader (``Document.has_float``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scenarios import loader
from scenarios.yamlread import read_yaml, read_yaml_file


def _resolved_bundled_id(path: Path) -> str | None:
    """``loader.bundled_id`` the slow way: the resolved path below the bundled directory."""
    base = loader.bundled_dir()
    try:
        relative = path.resolve().relative_to(base)
    except ValueError:
        return None
    return relative.with_suffix("").as_posix() if loader.is_fixture(relative, base) else None


def test_every_bundled_file_has_the_id_its_resolved_path_gives() -> None:
    files = loader.discover([loader.bundled_dir()])
    assert len(files) > 800
    assert [loader.bundled_id(path) for path in files] == [
        _resolved_bundled_id(path) for path in files
    ]


def test_links_below_the_bundled_directory_are_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = tmp_path / "scenarios"
    (base / "base" / "moat").mkdir(parents=True)
    (base / "base" / "moat" / "one.yaml").write_text("id: x\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "two.yaml").write_text("id: y\n")
    os.symlink(elsewhere, base / "base" / "linked")
    os.symlink(elsewhere / "two.yaml", base / "base" / "moat" / "two.yaml")
    monkeypatch.setattr(loader, "bundled_dir", lambda: base)
    paths = [
        base / "base" / "moat" / "one.yaml",
        base / "base" / "moat" / "two.yaml",  # a linked file
        base / "base" / "linked" / "two.yaml",  # in a linked directory
        Path(f"{base}/base/moat/../moat/one.yaml"),
        base / "base" / "moat" / "missing.yaml",
        base / "base" / "moat" / ".yaml",
        base / "base" / "moat" / "a.b.yml",
        base / "rulings" / "base.yaml",
        base / ".hidden" / "three.yaml",
        elsewhere / "two.yaml",  # outside
    ]
    for path in paths:
        assert loader.bundled_id(path) == _resolved_bundled_id(path), path
    assert loader.bundled_id(base / "base" / "moat" / "a.b.yml") == "base/moat/a.b"
    assert loader.bundled_id(base / "base" / "moat" / "one.yaml") == "base/moat/one"
    assert loader.bundled_id(base / "base" / "moat" / "two.yaml") is None


@pytest.mark.parametrize(
    ("value", "found"),
    [
        ({"a": [1, {"b": 2.0}]}, True),
        ([[[0.5]]], True),
        (1.0, True),
        ({"a": [1, {"b": 2}], "c": None, "d": True}, False),
        ([], False),
        ("2.0", False),
    ],
)
def test_every_float_is_found(value: object, found: bool) -> None:
    assert loader._has_float(value) is found


@pytest.mark.parametrize(
    "text",
    [
        "a: [1, {b: 2.0}]",
        "a: .inf",
        "a: !!float 3",
        "a: &x 1.5\nb: *x",
        "a: [1, {b: 2}]\nc: null\nd: yes\ne: 2016-05-01\nf: '2.0'",
        "",
    ],
)
def test_the_reader_knows_where_a_float_is(text: str) -> None:
    document = read_yaml(text)
    assert document.has_float is loader._has_float(document.data)


def test_the_reader_finds_no_float_in_the_bundled_files() -> None:
    for path in loader.discover([loader.bundled_dir()]):
        document = read_yaml_file(path)
        assert document.has_float is loader._has_float(document.data) is False, path
