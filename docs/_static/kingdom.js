/* Arbiter kingdom sheet: the rulings to know for one game's table (plain JavaScript,
 * offline). Reads window.ARBITER_GRAPH (the explorer's data): for the Kingdom typed in
 * the box plus the basic cards, every interaction among those cards with its kind and
 * reason and the rulings behind it, grouped by card. The URL fragment holds the Kingdom
 * (#Throne%20Room,Feast,...) so that a sheet can be linked to and printed.
 */
(function () {
  "use strict";

  function el(tag, attrs, parent, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) { node.textContent = text; }
    if (parent) { parent.appendChild(node); }
    return node;
  }

  function normal(name) { return name.toLowerCase().replace(/[^a-z0-9]/g, ""); }

  function setUp(root, graph) {
    var byKey = {}, kinds = {};
    graph.nodes.forEach(function (n) { byKey[normal(n.id)] = n; });
    graph.kinds.forEach(function (k) { kinds[k.id] = k; });
    var box = root.querySelector("textarea"), button = root.querySelector("button");
    var out = root.querySelector(".sheet"), base = root.getAttribute("data-cards") || "cards/";

    function link(name, parent) {
      var node = byKey[normal(name)];
      return el("a", {href: base + node.slug + ".html"}, parent, node.id);
    }

    function rulingLink(id, parent, index) {  // base/feast/2 is stated on Feast's page
      if (index) { el("span", {}, parent, ", "); }
      var parts = id.split("/"), page = parts[0] === "rules" ? "rules/" + parts[1] : base + parts[1];
      el("a", {href: page + ".html#ruling-" + id.replace(/\//g, "-")}, parent, id);
    }

    function draw() {
      var names = box.value.split(/[,\n]/).map(function (s) { return s.trim(); })
        .filter(Boolean);
      var table = {}, unknown = [];
      names.forEach(function (name) {
        var node = byKey[normal(name)];
        if (node) { table[node.id] = node; } else { unknown.push(name); }
      });
      var colony = Object.keys(table).some(function (n) { return table[n].set === "prosperity"; });
      graph.nodes.forEach(function (n) {
        if (!n.kingdom && (colony || (n.id !== "Platinum" && n.id !== "Colony"))) {
          table[n.id] = n;
        }
      });
      out.textContent = "";
      if (unknown.length) {
        el("p", {"class": "unknown"}, out, "Not a card of these sets: " + unknown.join(", "));
      }
      var rows = {};
      graph.edges.forEach(function (e) {
        if (table[e.source] && table[e.target] &&
            (table[e.source].kingdom || table[e.target].kingdom)) {
          var card = table[e.source].kingdom ? e.source : e.target;
          (rows[card] = rows[card] || []).push(e);
        }
      });
      var kingdom = Object.keys(table).filter(function (n) { return table[n].kingdom; }).sort();
      var total = 0;
      kingdom.forEach(function (card) {
        var section = el("section", {"class": "card", "data-card": card}, out);
        var h = el("h3", {}, section); link(card, h);
        var list = rows[card] || [];
        if (!list.length) { el("p", {}, section, "No interaction with the other cards on the table."); return; }
        var ul = el("ul", {}, section), pairs = {};
        list.forEach(function (e) {  // one line per other card, all its kinds in it
          var other = e.source === card ? e.target : e.source;
          (pairs[other] = pairs[other] || []).push(e);
        });
        Object.keys(pairs).sort().forEach(function (other) {
          var li = el("li", {"class": "interaction"}, ul), seen = {};
          el("span", {}, li, pairs[other][0].source === card ? "→ " : "← ");
          link(other, li);
          pairs[other].forEach(function (e, i) {
            el("span", {}, li, (i ? "; " : ": ") + e.kind + " – " +
               (e.reason || (kinds[e.kind] || {}).why || ""));
            e.rulings.forEach(function (r) { seen[r] = true; });
          });
          var rulings = Object.keys(seen).sort();
          if (rulings.length) {
            el("span", {}, li, ". Rulings: ");
            rulings.forEach(function (r, i) { rulingLink(r, li, i); });
          }
          el("span", {}, li, ".");
          total += 1;
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
    draw();
    root.setAttribute("data-ready", "true");
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
