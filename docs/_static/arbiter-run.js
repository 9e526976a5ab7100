/* Run, Edit and Share for every scenario on the page, and the dispute page's widget: the
 * reference engine runs in this page (a worker with Pyodide, arbiter-worker.mjs), started
 * only when the reader first presses Run, Share or Start. What a run shows is what the
 * command line prints: the verdict, the lines `arbiter check FILE` gives about it, and the
 * play-by-play of `arbiter check FILE --trace` (with the rulings that apply and why a
 * question never came). Every answer is kept in window.arbiterRuns: {op, ms (from the
 * request to the answer), first (the engine was still starting)}; the browser test and
 * benchmarks/bench_site.py read it. Plain JavaScript, offline.
 */
(function () {
  "use strict";

  var here = document.currentScript ? document.currentScript.src : window.location.href;
  var worker = null, waiting = {}, counter = 0;
  window.arbiterRuns = [];

  function el(tag, attrs, parent, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) { node.textContent = text; }
    if (parent) { parent.appendChild(node); }
    return node;
  }

  /* The worker, started on first need: a Run, a Share, or an Edit (whoever edits a
   * scenario is about to run it, so the engine starts loading while they type). */
  function engine() {
    if (worker === null) {
      worker = new Worker(new URL("arbiter-worker.mjs", here), {type: "module"});
      worker.onmessage = function (event) {
        var reply = event.data, done = waiting[reply.id];
        if (!done) { return; }  // the start request: nobody waits for it
        delete waiting[reply.id];
        // waited: from the request to the answer, as the reader waits for it.
        reply.waited = performance.now() - done.asked;
        window.arbiterRuns.push({op: done.op, ms: reply.waited, first: reply.first, ok: reply.ok,
                                 phases: reply.phases});
        if (reply.ok) { done.resolve(reply); } else { done.reject(new Error(reply.error)); }
      };
      worker.onerror = function (event) {
        Object.keys(waiting).forEach(function (id) {
          waiting[id].reject(new Error(event.message || "the engine could not start"));
          delete waiting[id];
        });
      };
      worker.postMessage({id: 0, op: "start"});
    }
    return worker;
  }

  function ask(op, text, path) {
    engine();
    counter += 1;
    var id = counter;
    return new Promise(function (resolve, reject) {
      waiting[id] = {op: op, resolve: resolve, reject: reject, asked: performance.now()};
      worker.postMessage({id: id, op: op, text: text, path: path});
    });
  }

  function busy(output, what) {
    output.textContent = "";
    var first = window.arbiterRuns.length === 0;
    el("p", {"class": "arbiter-run-busy"}, output,
       first ? what + ": starting the engine in your browser (the first run takes a few seconds)…"
             : what + "…");
  }

  function failed(output, error) {
    output.textContent = "";
    el("p", {"class": "arbiter-run-status error"}, output,
       "The engine could not run here: " + error.message);
  }

  function showRun(root, output, reply) {
    var answer = reply.answer;
    output.textContent = "";
    root.setAttribute("data-run-status", answer.status);
    var head = el("p", {"class": "arbiter-run-status " + answer.status}, output);
    el("strong", {}, head, answer.status.toUpperCase());
    el("span", {}, head, (answer.status === "error" ? ": the file cannot be played as written"
                          : " on the reference engine") + ", computed in this page in " +
       (reply.waited / 1000).toFixed(reply.waited < 1000 ? 2 : 1) + " s.");
    el("pre", {"class": "arbiter-run-report"}, output, answer.report);
    if (answer.trace) {
      var details = el("details", {"class": "arbiter-run-trace", open: "open"}, output);
      el("summary", {}, details, "Play-by-play");
      el("pre", {}, details, answer.trace);
    }
  }

  function download(name, page) {
    var link = el("a", {href: URL.createObjectURL(new Blob([page], {type: "text/html"})),
                        download: name}, document.body);
    link.click();
    setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
  }

  /* Run and Share buttons over a scenario's text (text() gives it as it is now). */
  function controls(root, bar, output, text, path) {
    var run = el("button", {type: "button", "class": "arbiter-run"}, bar, "Run");
    var share = el("button", {type: "button", "class": "arbiter-share",
                              title: "a page with the verdict, the play-by-play and the " +
                                     "rulings, to send to the other player"}, bar, "Share");
    run.addEventListener("click", function () {
      busy(output, "Running");
      ask("check", text(), path()).then(function (reply) { showRun(root, output, reply); },
                                        function (error) { failed(output, error); });
    });
    share.addEventListener("click", function () {
      busy(output, "Writing the page to share");
      ask("share", text(), path()).then(function (reply) {
        if (reply.answer.page) {
          output.textContent = "";
          root.setAttribute("data-shared", "true");
          window.arbiterShared = reply.answer.page;
          el("p", {}, output, "The page is downloaded: send it to the other player (it " +
             "opens in any browser, offline).");
          download(path().split("/").pop().replace(/\.ya?ml$/, "") + ".html", reply.answer.page);
        } else {
          output.textContent = "";
          el("p", {"class": "arbiter-run-status error"}, output, "ERROR");
          el("pre", {"class": "arbiter-run-report"}, output, reply.answer.report);
        }
      }, function (error) { failed(output, error); });
    });
  }

  /* A scenario told on the page: Run, Edit (the file in a text box), Share. */
  function decorate(block) {
    var details = block.querySelector("details.arbiter-yaml");
    var shown = details && details.querySelector("pre");
    if (!shown) { return; }
    var original = shown.textContent.replace(/\n$/, ""), editor = null;
    var bar = el("div", {"class": "arbiter-run-bar"});
    details.parentNode.insertBefore(bar, details.nextSibling);
    var output = el("div", {"class": "arbiter-run-output", "aria-live": "polite"});
    bar.parentNode.insertBefore(output, bar.nextSibling);
    controls(block, bar, output,
             function () { return editor ? editor.value : original; },
             function () { return details.getAttribute("data-path") || "scenario.yaml"; });
    var edit = el("button", {type: "button", "class": "arbiter-edit"}, bar, "Edit");
    edit.addEventListener("click", function () {
      engine();
      details.open = true;
      if (editor === null) {
        editor = el("textarea", {"class": "arbiter-editor", spellcheck: "false",
                                 "aria-label": "the scenario file, to edit"});
        editor.value = original;
        editor.rows = Math.min(original.split("\n").length + 1, 40);
        shown.closest("div.highlight-yaml, div.highlight").style.display = "none";
        details.appendChild(editor);
        edit.textContent = "Reset";
        editor.focus();
      } else {
        editor.value = original;
      }
    });
    block.setAttribute("data-run-ready", "true");
  }

  /* The dispute page: cards named -> a scenario skeleton to fill in, run and share. */
  function dispute(root) {
    var absent = root.querySelector(".arbiter-no-engine");
    if (absent) { absent.hidden = true; }
    var names = root.querySelector("input.cards"), start = root.querySelector("button.start");
    var area = root.querySelector(".arbiter-dispute-work");
    var editor = null, output = null;
    start.addEventListener("click", function () {
      area.textContent = "";
      var note = el("div", {"class": "arbiter-run-output"}, area);
      busy(note, "Writing the skeleton");
      ask("skeleton", names.value, "").then(function (reply) {
        area.textContent = "";
        if (reply.answer.error) {
          el("p", {"class": "arbiter-run-status error"}, area, reply.answer.error);
          return;
        }
        editor = el("textarea", {"class": "arbiter-editor", spellcheck: "false",
                                 "aria-label": "the scenario, to fill in"}, area);
        editor.value = reply.answer.text;
        editor.rows = Math.min(reply.answer.text.split("\n").length + 1, 44);
        var bar = el("div", {"class": "arbiter-run-bar"}, area);
        output = el("div", {"class": "arbiter-run-output", "aria-live": "polite"}, area);
        controls(root, bar, output, function () { return editor.value; },
                 function () { return "dispute.yaml"; });
        root.setAttribute("data-skeleton", "true");
      }, function (error) { area.textContent = ""; failed(area, error); });
    });
    names.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { start.click(); }
    });
    root.setAttribute("data-run-ready", "true");
  }

  function setUp() {
    Array.prototype.forEach.call(document.querySelectorAll(".arbiter-scenario"), decorate);
    var root = document.querySelector(".arbiter-dispute-widget");
    if (root) { dispute(root); }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
