/* Arbiter kingdom sheet: the rulings to know for one game's table (plain JavaScript,
 * offline). Reads window.ARBITER_GRAPH (the explorer's data): for the Kingdom typed in
 * the box plus the basic cards, every interaction among those cards, listed under both of
 * its cards, with its reason and the rulings behind it, and the pairs a ruling says need
 * no special rule. The rows are those of `arbiter graph --kingdom` (checks/rulings_sheet.py):
 * tests/test_kingdom_sheet.py runs sheetRows() under Node and compares. A name that matches
 * no card gets the closest names, as the command line gives them (difflib's
 * get_close_matches, ported below). The URL fragment holds the Kingdom
 * (#Throne%20Room,Feast,...) so that a sheet can be linked to and printed.
 */
(function () {
  "use strict";

  var BASICS = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"];
  var PLATINUM_COLONY = ["Platinum", "Colony"];
  var NONE = "No interaction with the other cards on the table.";

  /* Card names as people type them (scenarios/names.py fold): case, spacing and
   * apostrophes forgiven. */
  function fold(name) {
    return name.replace(/['\u2019]/g, "").toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  }

  /* --- difflib.SequenceMatcher's ratio and get_close_matches (no junk: names are short) --- */

  function longestMatch(a, b, b2j, alo, ahi, blo, bhi) {
    var besti = alo, bestj = blo, bestsize = 0, j2len = {}, i, k, j, positions, newj2len;
    for (i = alo; i < ahi; i++) {
      newj2len = {};
      positions = b2j[a.charAt(i)] || [];
      for (var n = 0; n < positions.length; n++) {
        j = positions[n];
        if (j < blo) { continue; }
        if (j >= bhi) { break; }
        k = newj2len[j] = (j2len[j - 1] || 0) + 1;
        if (k > bestsize) { besti = i - k + 1; bestj = j - k + 1; bestsize = k; }
      }
      j2len = newj2len;
    }
    return [besti, bestj, bestsize];
  }

  function matchingCharacters(a, b) {
    var b2j = {};
    for (var j = 0; j < b.length; j++) { (b2j[b.charAt(j)] = b2j[b.charAt(j)] || []).push(j); }
    var queue = [[0, a.length, 0, b.length]], total = 0;
    while (queue.length) {
      var q = queue.pop(), m = longestMatch(a, b, b2j, q[0], q[1], q[2], q[3]);
      if (m[2]) {
        total += m[2];
        if (q[0] < m[0] && q[2] < m[1]) { queue.push([q[0], m[0], q[2], m[1]]); }
        if (m[0] + m[2] < q[1] && m[1] + m[2] < q[3]) {
          queue.push([m[0] + m[2], q[1], m[1] + m[2], q[3]]);
        }
      }
    }
    return total;
  }

  function ratio(a, b) {
    var length = a.length + b.length;
    return length ? 2 * matchingCharacters(a, b) / length : 1;
  }

  function quickRatio(a, b) {
    var counts = {}, matches = 0, i, c;
    for (i = 0; i < b.length; i++) { c = b.charAt(i); counts[c] = (counts[c] || 0) + 1; }
    for (i = 0; i < a.length; i++) {
      c = a.charAt(i);
      if (counts[c] > 0) { counts[c] -= 1; matches += 1; }
    }
    var length = a.length + b.length;
    return length ? 2 * matches / length : 1;
  }

  function closeMatches(word, possibilities, n, cutoff) {
    var found = [];
    possibilities.forEach(function (x) {
      var length = word.length + x.length;
      var realQuick = length ? 2 * Math.min(word.length, x.length) / length : 1;
      // SequenceMatcher(None, x, word): x is its first sequence, the word its second.
      if (realQuick >= cutoff && quickRatio(x, word) >= cutoff) {
        var score = ratio(x, word);
        if (score >= cutoff) { found.push([score, x]); }
      }
    });
    found.sort(function (p, q) { return q[0] - p[0] || (q[1] < p[1] ? -1 : q[1] > p[1] ? 1 : 0); });
    return found.slice(0, n).map(function (p) { return p[1]; });
  }

  /* The closest card names to one matching none (scenarios.names.did_you_mean). */
  function suggestions(name, names) {
    var folded = {};
    names.slice().sort().forEach(function (known) { folded[fold(known)] = known; });
    if (folded[fold(name)]) { return [folded[fold(name)]]; }
    return closeMatches(fold(name), Object.keys(folded), 3, 0.6).map(function (m) {
      return folded[m];
    });
  }

  /* --- the rows of a sheet: checks/rulings_sheet.kingdom_sheet, from the graph's data --- */

  function sheetRows(graph, kingdom, colony) {
    var inGame = {};
    graph.nodes.forEach(function (n) { inGame[n.id] = n; });
    var basics = BASICS.concat(colony ? PLATINUM_COLONY : []).filter(function (b) {
      return inGame[b];
    });
    var table = kingdom.concat(basics), onTable = {};
    table.forEach(function (c) { onTable[c] = true; });
    var kindOrder = {};
    graph.kinds.forEach(function (k, i) { kindOrder[k.id] = i; });
    var parts = [];
    table.forEach(function (card) {
      var rows = [], plain = [];
      graph.edges.forEach(function (e) {
        if (e.source !== card && e.target !== card) { return; }
        var other = e.source === card ? e.target : e.source;
        if (!onTable[other]) { return; }
        rows.push({other: other, kind: e.kind, out: e.source === card, reason: e.reason,
                   rulings: e.rulings.slice(), editions: e.editions});
      });
      (graph.non || []).forEach(function (n) {
        var at = n.cards.indexOf(card), other = n.cards[1 - at];
        if (at >= 0 && onTable[other]) {
          plain.push({other: other, ruling: n.ruling, reason: n.reason});
        }
      });
      rows.sort(function (p, q) {
        return (kindOrder[p.kind] - kindOrder[q.kind]) || (p.other < q.other ? -1 : p.other > q.other ? 1 : 0);
      });
      if (rows.length || plain.length || kingdom.indexOf(card) >= 0) {
        parts.push({card: card, kingdom: kingdom.indexOf(card) >= 0, rows: rows, plain: plain});
      }
    });
    return parts;
  }

  /* --- the page --- */

  function el(tag, attrs, parent, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) { node.textContent = text; }
    if (parent) { parent.appendChild(node); }
    return node;
  }

  function sentence(text) { return /[.!?][)"'\u201d\u2019]*$/.test(text) ? text : text + "."; }

  function setUp(root, graph) {
    var byKey = {}, kinds = {}, names = graph.nodes.map(function (n) { return n.id; });
    graph.nodes.forEach(function (n) { byKey[fold(n.id)] = n; });
    graph.kinds.forEach(function (k) { kinds[k.id] = k; });
    var box = root.querySelector("textarea"), button = root.querySelector("button");
    var colonyBox = root.querySelector("input.colony");
    var out = root.querySelector(".sheet"), base = root.getAttribute("data-cards") || "cards/";

    function link(name, parent) {
      return el("a", {href: base + byKey[fold(name)].slug + ".html"}, parent, name);
    }

    function rulingLink(id, parent, index) {  // base/feast/2 is stated on Feast's page
      if (index) { el("span", {}, parent, ", "); }
      var parts = id.split("/"), page = parts[0] === "rules" ? "rules/" + parts[1] : base + parts[1];
      el("a", {href: page + ".html#ruling-" + id.replace(/\//g, "-")}, parent, id);
    }

    function draw() {
      var typed = box.value.split(/[,\n]/).map(function (s) { return s.trim(); }).filter(Boolean);
      var kingdom = [], unknown = [];
      typed.forEach(function (name) {
        var node = byKey[fold(name)];
        if (node && node.kingdom) {
          if (kingdom.indexOf(node.id) < 0) { kingdom.push(node.id); }
        } else if (!node) {
          unknown.push(name);
        }
      });
      out.textContent = "";
      if (unknown.length) {
        var p = el("p", {"class": "unknown"}, out, "Not a card of these sets: ");
        unknown.forEach(function (name, i) {
          var close = suggestions(name, names);
          el("span", {}, p, (i ? "; " : "") + name +
             (close.length ? " (did you mean " + close.join(" or ") + "?)" : ""));
        });
      }
      var parts = sheetRows(graph, kingdom, colonyBox && colonyBox.checked), total = 0;
      parts.forEach(function (part) {
        var section = el("section", {"class": "card", "data-card": part.card}, out);
        var h = el("h3", {}, section); link(part.card, h);
        if (!part.rows.length && !part.plain.length) {
          el("p", {"class": "none"}, section, NONE);
          return;
        }
        var ul = el("ul", {}, section);
        part.rows.forEach(function (row) {
          var li = el("li", {"class": "interaction", "data-other": row.other,
                             "data-kind": row.kind, "data-rulings": row.rulings.join(" "),
                             title: (kinds[row.kind] || {}).title || row.kind}, ul);
          el("span", {}, li, (row.out ? "→ " : "← ") + (row.other === part.card ? "another " : ""));
          link(row.other, li);
          el("span", {}, li, ": " + sentence(row.reason || (kinds[row.kind] || {}).why || ""));
          if (row.rulings.length) {
            el("span", {}, li, " Rulings: ");
            row.rulings.forEach(function (r, i) { rulingLink(r, li, i); });
            el("span", {}, li, ".");
          }
          total += 1;
        });
        part.plain.forEach(function (n) {
          var li = el("li", {"class": "plain", "data-other": n.other, "data-ruling": n.ruling}, ul);
          el("span", {}, li, "No special rule with ");
          link(n.other, li);
          el("span", {}, li, ": " + sentence(n.reason) + " (");
          rulingLink(n.ruling, li, 0);
          el("span", {}, li, ")");
        });
      });
      root.setAttribute("data-interactions", String(total));
      root.setAttribute("data-cards-shown", String(kingdom.length));
      if (window.history && window.history.replaceState) {
        window.history.replaceState(null, "", "#" + encodeURIComponent(kingdom.join(",")));
      }
    }

    var fragment = "";
    try { fragment = decodeURIComponent(window.location.hash.replace(/^#/, "")); } catch (e) {
      fragment = "";  // a mangled address: start from the sample Kingdom
    }
    if (fragment) { box.value = fragment.split(",").join(", "); }
    button.addEventListener("click", draw);
    if (colonyBox) { colonyBox.addEventListener("change", draw); }
    draw();
    root.setAttribute("data-ready", "true");
  }

  if (typeof module !== "undefined" && module.exports) {  // Node: the tests
    module.exports = {sheetRows: sheetRows, suggestions: suggestions, closeMatches: closeMatches};
    return;
  }

  function start() {
    var root = document.getElementById("arbiter-kingdom");
    if (root && window.ARBITER_GRAPH) { setUp(root, window.ARBITER_GRAPH); }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
