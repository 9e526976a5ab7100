"""The packages stand in layers, each importing only those below it: the engine at the
bottom, then the scenarios (format, loader, runner, adapters), the checks, the command
line, and the docs' extensions on top. An import upward (the scenarios importing a
check, a check importing the command line) ties a lower layer to what is built on it; an
import of another module's private name ties it to that module's insides. Both are
found by reading every import, a function's own included."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("engine", "scenarios", "checks", "arbiter", "docs/_ext")
# The modules of docs/_ext import each other by their bare names.
DOCS_MODULES = {path.stem for path in (ROOT / "docs" / "_ext").glob("*.py")}


def _layer_of(module: str) -> int | None:
    top = module.split(".")[0]
    if top in DOCS_MODULES:
        return LAYERS.index("docs/_ext")
    return LAYERS.index(top) if top in LAYERS else None


def _imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, module, names imported from it) for every import of the file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module, [alias.name for alias in node.names]))
    return found


def _sources() -> list[tuple[int, Path]]:
    return [
        (layer, path)
        for layer, package in enumerate(LAYERS)
        for path in sorted((ROOT / package).rglob("*.py"))
    ]


def test_no_package_imports_a_layer_above_it() -> None:
    upward = [
        f"{path.relative_to(ROOT)}:{line}: {LAYERS[layer]} imports {module}"
        for layer, path in _sources()
        for line, module, _ in _imports(path)
        if (above := _layer_of(module)) is not None and above > layer
    ]
    assert upward == []


def test_no_module_imports_another_modules_private_name() -> None:
    private = [
        f"{path.relative_to(ROOT)}:{line}: from {module} import {name}"
        for _, path in _sources()
        for line, module, names in _imports(path)
        if _layer_of(module) is not None
        for name in names
        if name.startswith("_") and not name.startswith("__")
    ]
    assert private == []


def test_the_checks_see_an_upward_import(tmp_path: Path) -> None:
    # The test reads what a real file says: an upward import written into an engine
    # module is found, with its file and line.
    module = tmp_path / "probe.py"
    module.write_text("import os\n\n\ndef f():\n    from checks import graph\n")
    assert [(line, name) for line, name, _ in _imports(module)] == [(1, "os"), (5, "checks")]
    assert _layer_of("checks.graph") == LAYERS.index("checks") > LAYERS.index("engine")
    assert _layer_of("markup") == LAYERS.index("docs/_ext")


def _private_reads(path: Path) -> list[tuple[int, str]]:
    """(line, expression) for every private attribute the file reads of something other
    than ``self`` or ``cls``: another object's insides."""
    return [
        (node.lineno, ast.unparse(node))
        for node in ast.walk(ast.parse(path.read_text(), str(path)))
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
    ]


def test_the_engines_parts_read_each_other_only_by_public_names() -> None:
    # The driver, the turn, the verbs, the listeners and the table are parts that hold
    # each other (engine/game.py): each reads the others' public names only.
    private = [
        f"{path.relative_to(ROOT)}:{line}: {expression}"
        for path in sorted((ROOT / "engine").rglob("*.py"))
        for line, expression in _private_reads(path)
    ]
    assert private == []


def test_the_check_sees_a_private_read(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    module.write_text("def f(game):\n    return game.table._zones, self._own\n")
    assert _private_reads(module) == [(2, "game.table._zones")]
