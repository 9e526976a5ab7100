// Compile the site's Python zip to bytecode with the very Pyodide the site ships, so that a
// reader's first Run does not spend seconds compiling the engine's sources in the browser.
//   node compile.mjs PYODIDE_DIR IN.zip OUT.zip
// OUT.zip is IN.zip plus __pycache__/*.pyc beside every module, in "unchecked hash" mode
// (PEP 552: Python uses them without looking at the sources' times, which a zip does not
// keep); the same input gives the same output. Run by docs/_ext/browser_engine.py.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, input, output] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(input)), "zip", { extractDir: "/code" });
pyodide.runPython(`
import compileall, os, py_compile, sys, zipfile
if not compileall.compile_dir("/code", quiet=1, workers=1,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("a module of the site's zip does not compile")
files = sorted(os.path.join(root, name) for root, _, names in os.walk("/code") for name in names)
with zipfile.ZipFile("/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
    for name in files:
        info = zipfile.ZipInfo(os.path.relpath(name, "/code"), (1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        with open(name, "rb") as handle:
            archive.writestr(info, handle.read())
`);
fs.writeFileSync(output, pyodide.FS.readFile("/out.zip"));
