"""The loader's shortcuts change no answer: ``_resolved`` is ``Path.resolve`` (the bundled
id of a file follows links), ``_has_float`` finds every float."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scenarios import loader


def test_every_bundled_file_resolves_as_path_resolve_does() -> None:
    files = loader.discover([loader.bundled_dir()])
    assert len(files) > 800
    assert [loader._resolved(path) for path in files] == [path.resolve() for path in files]


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
        elsewhere / "two.yaml",  # outside
    ]
    for path in paths:
        assert loader._resolved(path) == path.resolve(), path
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
