"""checks/mutation-survivors.yaml, the classification of the mutation sample's survivors
(docs/guides/checks.rst, "Mutation testing"): well formed, its caught-after entries name
what catches them, and a mutation classified differently at two sites is told apart by
its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from checks.mutation_sample import (
    CLASSIFIED,
    SurvivorsError,
    class_of,
    classified,
    run_with_change,
)
from scenarios.yamlread import read_yaml_file

ROOT = Path(__file__).resolve().parent.parent
DIFF = "--- a\n+++ b\n@@ -1 +1 @@\n-            continue\n+            break\n"


def _write(tmp_path: Path, *entries: str) -> Path:
    path = tmp_path / "survivors.yaml"
    path.write_text("survivors:\n" + "".join(f"  - {entry}\n" for entry in entries))
    return path


def test_the_project_classification_reads() -> None:
    assert "equivalent" in classified().values()


def test_a_caught_survivor_names_an_existing_scenario_or_the_declaration_check() -> None:
    entries = read_yaml_file(CLASSIFIED).data["survivors"]
    caught = [entry["note"] for entry in entries if entry["class"] == "caught-after"]
    assert caught
    for note in caught:
        assert note.startswith("declarations") or (ROOT / note.split()[0]).is_file(), note


def test_the_same_change_at_two_sites_is_told_apart_by_line(tmp_path: Path) -> None:
    site = "file: f, operator: o, change: '-  continue / +  break'"
    classes = classified(
        _write(
            tmp_path,
            f"{{{site}, line: 5, class: caught-after}}",
            f"{{{site}, line: 9, class: equivalent}}",
        )
    )
    assert class_of(classes, "f", "o", 5, DIFF) == "caught-after"
    assert class_of(classes, "f", "o", 9, DIFF) == "equivalent"
    assert class_of(classes, "f", "o", 7, DIFF) == "unclassified"


def test_one_class_for_a_change_holds_at_any_line(tmp_path: Path) -> None:
    site = "file: f, operator: o, change: '-   continue / +  break'"
    classes = classified(_write(tmp_path, f"{{{site}, line: 5, class: equivalent}}"))
    assert class_of(classes, "f", "o", 40, DIFF) == "equivalent"


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("{file: f, line: 1, operator: o, change: c, class: equivalnt}", "class 'equivalnt' is"),
        ("{file: f, operator: o, change: c, class: prompt}", "an entry needs file, line"),
        ("{file: f, line: 1, operator: o, change: [c], class: prompt}", "an entry needs"),
    ],
)
def test_a_wrong_entry_is_one_error_naming_its_line(
    tmp_path: Path, entry: str, message: str
) -> None:
    path = _write(tmp_path, "{file: f, line: 1, operator: o, change: c, class: prompt}", entry)
    with pytest.raises(SurvivorsError, match=message) as error:
        classified(path)
    assert str(error.value).startswith(f"{path}:3: ")


def _tree(tmp_path: Path) -> Path:
    """A tree whose ``python -m arbiter check`` fails when ``f.py`` says ``broken`` and
    never ends when it says ``hang``."""
    (tmp_path / "arbiter").mkdir()
    (tmp_path / "arbiter" / "__init__.py").write_text("")
    (tmp_path / "arbiter" / "__main__.py").write_text(
        "import sys, time\n"
        "if 'hang' in open('f.py').read():\n"
        "    time.sleep(30)\n"
        "broken = 'broken' in open('f.py').read()\n"
        "print('FAIL x: wrong' if broken else 'all passed')\n"
        "sys.exit(1 if broken else 0)\n"
    )
    (tmp_path / "f.py").write_text("a = 1\nif a:\n    ok = 1\n")
    return tmp_path


@pytest.mark.parametrize(
    ("change", "outcome"),
    [
        ("-        ok = 1 / +    ok = broken", "killed by expectations"),
        ("-    ok = 1 / +    ok = 2", "survived"),
        ("-    ok = 3 / +    ok = broken", "gone"),
    ],
)
def test_recheck_applies_a_survivor_by_its_text_and_restores_the_file(
    tmp_path: Path, change: str, outcome: str
) -> None:
    tree = _tree(tmp_path)
    before = (tree / "f.py").read_text()
    assert run_with_change(tree, "f.py", 9, change) == outcome
    assert (tree / "f.py").read_text() == before


def test_recheck_counts_a_mutant_that_never_ends_as_killed(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    before = (tree / "f.py").read_text()
    assert (
        run_with_change(tree, "f.py", 3, "-    ok = 1 / +    ok = hang", 1) == "killed by timeout"
    )
    assert (tree / "f.py").read_text() == before
