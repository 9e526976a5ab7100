"""Sphinx extension: the reference engine in the reader's browser, offline.

The site ships Pyodide (CPython compiled to WebAssembly) from the npm registry's
``pyodide`` package, at the version ``docs/browser/package-lock.json`` pins (with its
integrity hash), and a zip of the pure-Python code a scenario run needs: the project's
packages and the pure-Python libraries the loader uses, taken from the environment that
builds the site. Nothing is fetched from a CDN when a reader opens a page, and nothing
runs until a reader presses *Run* (``_static/arbiter-run.js`` starts the worker
``_static/arbiter-worker.mjs``, which loads these files).

Layout in the built site::

    _static/engine/pyodide/   pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
                              python_stdlib.zip, pyodide-lock.json
    _static/engine/arbiter.zip   the code, with its bytecode compiled by that Pyodide

jsonschema 4.18+ keeps its registries in ``rpds``, a compiled extension Pyodide's npm
package lacks: the zip carries ``arbiter/web_rpds.py`` as ``rpds``, so the validator of
record words the same messages as ``arbiter check`` (tests/test_web.py compares them).

``arbiter docs --no-browser-engine`` (``-D arbiter_browser_engine=0``) leaves all of this
out: the scenarios then have no Run or Edit.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
if str(ROOT) not in sys.path:  # building from a checkout without installing
    sys.path.insert(0, str(ROOT))
LOCK_DIR = HERE.parent / "browser"  # package.json and package-lock.json
WORK_DIR = HERE.parent / "_build" / "browser-engine"  # npm installs here
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The project's code a run needs in the browser (its Python modules, the schema and the
# rulings catalogue; not the bundled scenario files: the page holds the one it runs).
PROJECT_PACKAGES = ("engine", "scenarios", "checks", "arbiter")
PROJECT_DATA = ("scenarios/schema/*.json", "scenarios/rulings/*.yaml")
# Pure-Python distributions the loader imports (PyYAML's own Python code runs without its
# C extension; fastjsonschema is the schema pre-check; jsonschema words the messages).
THIRD_PARTY = (
    "yaml",
    "jsonschema",
    "jsonschema_specifications",
    "referencing",
    "attr",
    "attrs",
    "fastjsonschema",
    "typing_extensions",
)
SKIPPED = frozenset({"__pycache__", "tests", "_tests", "test"})
COMPILED = (".so", ".pyd", ".pyc", ".dylib", ".dll")
# A fixed time for every zip entry: an unchanged tree gives an unchanged zip.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class BrowserEngineError(Exception):
    """The browser engine cannot be built (npm missing, a library not installed...)."""


# --- Pyodide from the npm registry ----------------------------------------------------------


def locked_version() -> str:
    lock = json.loads((LOCK_DIR / "package-lock.json").read_text(encoding="utf-8"))
    return str(lock["packages"]["node_modules/pyodide"]["version"])


def install_pyodide(work: Path = WORK_DIR) -> Path:
    """The ``pyodide`` package at the locked version, installed with ``npm ci`` into
    ``work`` (nothing is run when that version is already there); its folder."""
    package = work / "node_modules" / "pyodide"
    wanted = locked_version()
    installed = package / "package.json"
    if installed.is_file() and json.loads(installed.read_text())["version"] == wanted:
        return package
    npm = shutil.which("npm")
    if npm is None:
        raise BrowserEngineError(
            "the browser engine needs npm (Node.js) to install Pyodide from the npm registry; "
            "install it, or build with `arbiter docs --no-browser-engine`"
        )
    work.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(LOCK_DIR / name, work / name)
    done = subprocess.run(
        [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=work,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0 or not installed.is_file():
        raise BrowserEngineError(f"npm ci failed in {work}: {done.stderr.strip()[-2000:]}")
    return package


# --- the Python code, as one zip -------------------------------------------------------------


def _tree(root: Path, arcname: str, keep: tuple[str, ...] | None) -> Iterator[tuple[Path, str]]:
    for path in sorted(root.rglob("*")):
        parts = path.relative_to(root).parts
        if not path.is_file() or SKIPPED & set(parts) or path.name.endswith(COMPILED):
            continue
        if keep is not None and path.suffix not in keep:
            continue
        yield path, "/".join((arcname, *parts))


def _third_party(name: str) -> Iterator[tuple[Path, str]]:
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise BrowserEngineError(
            f"the browser engine needs {name} installed where the site is built"
        )
    if spec.submodule_search_locations:  # a package: its folder
        yield from _tree(Path(spec.origin).parent, name, None)
    else:  # a module: its file
        yield Path(spec.origin), Path(spec.origin).name


def bundle_entries(root: Path = ROOT) -> list[tuple[Path, str]]:
    """Every file of the zip and its name in it."""
    entries = [e for package in PROJECT_PACKAGES for e in _tree(root / package, package, (".py",))]
    for pattern in PROJECT_DATA:
        entries += [(p, p.relative_to(root).as_posix()) for p in sorted(root.glob(pattern))]
    for name in THIRD_PARTY:
        entries += list(_third_party(name))
    entries.append((root / "arbiter" / "web_rpds.py", "rpds/__init__.py"))
    return entries


def bundle_bytes(root: Path = ROOT) -> bytes:
    """The zip of :func:`bundle_entries`, the same bytes for the same files, with the
    rulings catalogue's files also as JSON (``scenarios.catalogue.read_catalogue_file``:
    reading its YAML would take the browser seconds)."""
    from scenarios.catalogue import catalogue_files, parsed_twin, parsed_twin_text

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:

        def add(name: str, data: bytes) -> None:
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)

        for path, name in bundle_entries(root):
            add(name, path.read_bytes())
        for path in catalogue_files(root / "scenarios" / "rulings"):
            twin = parsed_twin(path).relative_to(root).as_posix()
            add(twin, parsed_twin_text(path).encode("utf-8"))
    return buffer.getvalue()


def compiled_bundle(source: bytes, package: Path, work: Path = WORK_DIR) -> bytes:
    """``source`` (the zip) with the bytecode of every module, compiled by the Pyodide in
    ``package`` under Node (``docs/browser/compile.mjs``): in the browser, compiling the
    sources took most of the first Run after Pyodide's own start. Kept in ``work`` by the
    hash of the zip and the Pyodide version, so an unchanged build compiles nothing."""
    key = hashlib.sha256(source + locked_version().encode()).hexdigest()[:16]
    cached = work / f"arbiter-{key}.zip"
    if cached.is_file():
        return cached.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise BrowserEngineError("the browser engine needs Node.js to compile its zip")
    plain = work / f"arbiter-{key}.source.zip"
    plain.write_bytes(source)
    done = subprocess.run(
        [node, str(LOCK_DIR / "compile.mjs"), str(package), str(plain), str(cached)],
        capture_output=True,
        text=True,
        check=False,
    )
    plain.unlink()
    if done.returncode != 0 or not cached.is_file():
        cached.unlink(missing_ok=True)
        raise BrowserEngineError(f"compiling the zip failed: {done.stderr.strip()[-2000:]}")
    for old in work.glob("arbiter-*.zip"):  # earlier builds' zips
        if old != cached:
            old.unlink()
    return cached.read_bytes()


def _copy_if_changed(data: bytes, target: Path) -> None:
    if not target.is_file() or target.read_bytes() != data:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def publish(outdir: Path, work: Path = WORK_DIR) -> dict[str, Any]:
    """Put Pyodide and the zip under ``outdir/_static/engine/``; what was published."""
    package = install_pyodide(work)
    engine = outdir / "_static" / "engine"
    for name in PYODIDE_FILES:
        source = package / name
        target = engine / "pyodide" / name
        if not target.is_file() or target.stat().st_size != source.stat().st_size:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    bundle = compiled_bundle(bundle_bytes(), package, work)
    _copy_if_changed(bundle, engine / "arbiter.zip")
    return {
        "pyodide": locked_version(),
        "bundle_sha256": hashlib.sha256(bundle).hexdigest(),
        "bytes": sum(p.stat().st_size for p in engine.rglob("*") if p.is_file()),
    }


# --- Sphinx ------------------------------------------------------------------------------------

# Pages that get Run and Edit: any page with a scenario told in full, and the dispute page.
RUN_SCRIPT = "arbiter-run.js"


def enabled(app: Sphinx) -> bool:
    return str(app.config.arbiter_browser_engine) not in ("", "0", "False", "false")


def _has_scenarios(doctree: Any) -> bool:
    from docutils import nodes

    return any(
        "arbiter-scenario" in node.get("classes", [])
        or "arbiter-dispute" in node.get("classes", [])
        for node in doctree.findall(nodes.Element)
    )


def _on_page(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if doctree is not None and enabled(app) and _has_scenarios(doctree):
        app.add_js_file(RUN_SCRIPT)


def _on_finished(app: Sphinx, exception: Exception | None) -> None:
    from sphinx.errors import ExtensionError
    from sphinx.util import logging

    if exception is not None or app.builder.format != "html" or not enabled(app):
        return
    try:
        published = publish(Path(app.outdir))
    except BrowserEngineError as exc:
        raise ExtensionError(str(exc)) from None
    logging.getLogger(__name__).info(
        f"arbiter: browser engine (Pyodide {published['pyodide']}) "
        f"{published['bytes'] / 1e6:.1f} MB in _static/engine"
    )


def setup(app: Sphinx) -> dict[str, Any]:
    # `arbiter docs --no-browser-engine` (-D arbiter_browser_engine=0): no Pyodide in the site.
    app.add_config_value("arbiter_browser_engine", True, "html", types=(bool, str, int))
    app.connect("html-page-context", _on_page)
    app.connect("build-finished", _on_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":  # python docs/_ext/browser_engine.py SITE: publish into a built site
    print(json.dumps(publish(Path(sys.argv[1])), indent=2))
