/* Arbiter's reference engine in the reader's browser: a module worker that loads Pyodide
 * (shipped with the site under _static/engine/pyodide/, from the npm registry's pyodide
 * package) and the project's Python code (_static/engine/arbiter.zip) the first time a page
 * asks, then answers each request with arbiter.web's JSON:
 *   {id, op: "start" | "check" | "share" | "skeleton", text, path}
 *   -> {id, ok, answer, ms, first, phases} or {id, ok: false, error, ms, first}
 * Nothing here reaches the network beyond the site's own files.
 */
import { loadPyodide } from "./engine/pyodide/pyodide.mjs";

const here = new URL(".", import.meta.url);
let ready = null, started = false;

// How long the start took, in milliseconds: Pyodide's own, the code's download and
// unpacking, the imports (sent with every answer; benchmarks/bench_site.py prints them).
const phases = {};

async function start() {
  let mark = performance.now();
  const lap = (name) => { const now = performance.now(); phases[name] = now - mark; mark = now; };
  const pyodide = await loadPyodide({ indexURL: new URL("engine/pyodide/", here).href });
  lap("pyodide");
  const zip = await fetch(new URL("engine/arbiter.zip", here));
  if (!zip.ok) {
    throw new Error("the engine's code (_static/engine/arbiter.zip) could not be loaded");
  }
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/arbiter" });
  lap("code");
  pyodide.runPython([
    "import os, sys",
    "sys.path.insert(0, '/arbiter')",
    "os.makedirs('/home/pyodide/scenarios-run', exist_ok=True)",
    "os.chdir('/home/pyodide/scenarios-run')",
    "import arbiter.web, arbiter.share, scenarios.runner, scenarios.trace",
  ].join("\n"));
  lap("imports");
  return pyodide.pyimport("arbiter.web");
}

const OPERATIONS = {
  start: () => JSON.stringify({ started: true }),
  check: (web, data) => web.check(data.text, data.path || ""),
  share: (web, data) => web.share(data.text, data.path || ""),
  skeleton: (web, data) => web.skeleton(data.text),
};

self.onmessage = async (event) => {
  // first: the engine was not ready when this request came (its time includes the start).
  const data = event.data, begun = performance.now(), first = !started;
  try {
    ready = ready || start().then((web) => { started = true; return web; });
    const web = await ready;
    const answer = JSON.parse(OPERATIONS[data.op](web, data));
    self.postMessage({ id: data.id, ok: true, answer, ms: performance.now() - begun, first,
                       phases });
  } catch (error) {
    if (!started) { ready = null; }  // a failed start is tried again on the next request
    self.postMessage({ id: data.id, ok: false, error: String(error && error.message || error),
                       ms: performance.now() - begun, first });
  }
};
