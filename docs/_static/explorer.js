/* Arbiter interaction explorer: plain JavaScript and SVG, no library, works offline.
 *
 * Reads window.ARBITER_GRAPH (written at build time into arbiter-graph-data.js):
 *   {nodes: [{id, slug, set, cost, types, editions, kingdom}],
 *    edges: [{source, target, kind, editions, rulings}],
 *    kinds: [{id, colour, why}], sets: [{id, title}]}
 * Lays the graph out once with a small deterministic force simulation, then filters by
 * showing and hiding. Clicking a card selects it: its neighbours are listed by kind with
 * a link to its page.
 */
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var SET_COLOURS = {basic: "#9e9e9e", base: "#3b7dd8", intrigue: "#c0392b",
                     prosperity: "#d4a017"};

  function el(tag, attrs, parent) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") { node.textContent = attrs[k]; } else { node.setAttribute(k, attrs[k]); }
    });
    if (parent) { parent.appendChild(node); }
    return node;
  }
  function svg(tag, attrs, parent) {
    var node = document.createElementNS(SVGNS, tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (parent) { parent.appendChild(node); }
    return node;
  }
  function hash(text) {  // a seed per card, so the layout is the same on every load
    var h = 2166136261;
    for (var i = 0; i < text.length; i++) { h = Math.imul(h ^ text.charCodeAt(i), 16777619); }
    return (h >>> 0) / 4294967296;
  }

  function layout(nodes, pairs, width, height) {
    var n = nodes.length, k = Math.sqrt(width * height / Math.max(n, 1)) * 0.75;
    nodes.forEach(function (d, i) {
      var angle = 2 * Math.PI * hash(d.id), r = 0.45 * Math.min(width, height) * Math.sqrt(hash(d.id + "r"));
      d.x = width / 2 + r * Math.cos(angle); d.y = height / 2 + r * Math.sin(angle);
    });
    var temperature = width / 8;
    for (var step = 0; step < 320; step++) {
      var i, j, dx, dy, dist, force;
      nodes.forEach(function (d) { d.dx = 0; d.dy = 0; });
      for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
          dx = nodes[i].x - nodes[j].x; dy = nodes[i].y - nodes[j].y;
          dist = Math.max(Math.sqrt(dx * dx + dy * dy), 0.01);
          force = k * k / dist;
          nodes[i].dx += dx / dist * force; nodes[i].dy += dy / dist * force;
          nodes[j].dx -= dx / dist * force; nodes[j].dy -= dy / dist * force;
        }
      }
      pairs.forEach(function (p) {
        dx = p.a.x - p.b.x; dy = p.a.y - p.b.y;
        dist = Math.max(Math.sqrt(dx * dx + dy * dy), 0.01);
        // Springs weaken with the degree of their ends, or the hubs (Throne Room meets
        // every Action) would pull the whole graph into one ball.
        force = dist * dist / k * Math.min(p.weight, 3) * 1.5 / Math.sqrt(p.a.degree * p.b.degree);
        p.a.dx -= dx / dist * force; p.a.dy -= dy / dist * force;
        p.b.dx += dx / dist * force; p.b.dy += dy / dist * force;
      });
      nodes.forEach(function (d) {
        d.dx += (width / 2 - d.x) * 0.05 * k / 10; d.dy += (height / 2 - d.y) * 0.05 * k / 10;
        var len = Math.sqrt(d.dx * d.dx + d.dy * d.dy) || 1;
        d.x += d.dx / len * Math.min(len, temperature);
        d.y += d.dy / len * Math.min(len, temperature);
      });
      temperature = Math.max(temperature * 0.985, 0.5);
    }
    // A card that meets no other has no spring: the repulsion sends it far away. Put those
    // on a ring just around the others, then fit the whole layout to the canvas, keeping
    // its shape (clamping each card to the edge as it moved piled them along the border).
    var joined = nodes.filter(function (d) { return d.degree > 1; });
    if (joined.length) {
      var jx = joined.map(function (d) { return d.x; }), jy = joined.map(function (d) { return d.y; });
      var cx = (Math.min.apply(null, jx) + Math.max.apply(null, jx)) / 2;
      var cy = (Math.min.apply(null, jy) + Math.max.apply(null, jy)) / 2;
      var ring = 1.08 * Math.max(Math.max.apply(null, jx) - cx, Math.max.apply(null, jy) - cy);
      nodes.forEach(function (d) {
        if (d.degree > 1) { return; }
        var dx = d.x - cx, dy = d.y - cy, len = Math.sqrt(dx * dx + dy * dy) || 1;
        d.x = cx + dx / len * ring; d.y = cy + dy / len * ring;
      });
    }
    var xs = nodes.map(function (d) { return d.x; }), ys = nodes.map(function (d) { return d.y; });
    var minX = Math.min.apply(null, xs), minY = Math.min.apply(null, ys);
    var spanX = Math.max.apply(null, xs) - minX || 1, spanY = Math.max.apply(null, ys) - minY || 1;
    var scale = Math.min((width - 80) / spanX, (height - 30) / spanY);
    var left = 20 + (width - 80 - spanX * scale) / 2, top = 15 + (height - 30 - spanY * scale) / 2;
    nodes.forEach(function (d) {
      d.x = left + (d.x - minX) * scale;
      d.y = top + (d.y - minY) * scale;
    });
  }

  function start(root, data) {
    var byId = {}, kindColour = {}, kindWhy = {};
    data.nodes.forEach(function (d) { byId[d.id] = d; d.links = []; });
    data.kinds.forEach(function (k) { kindColour[k.id] = k.colour; kindWhy[k.id] = k.why; });
    var pairMap = {};
    // A card with itself (Throne Room on a Throne Room) is a row of the sheet, not a line.
    data.edges = data.edges.filter(function (e) { return e.source !== e.target; });
    data.edges.forEach(function (e) {
      e.a = byId[e.source]; e.b = byId[e.target];
      e.a.links.push({other: e.b, edge: e, out: true});
      e.b.links.push({other: e.a, edge: e, out: false});
      var key = [e.source, e.target].sort().join("\u0000");
      (pairMap[key] = pairMap[key] || {a: e.a, b: e.b, weight: 0}).weight += 1;
    });
    var pairs = Object.keys(pairMap).map(function (k) { return pairMap[k]; });
    data.nodes.forEach(function (d) { d.degree = 1; });
    pairs.forEach(function (p) { p.a.degree += 1; p.b.degree += 1; });

    // --- controls ---
    var controls = el("div", {"class": "controls"}, root);
    var search = el("input", {type: "search", placeholder: "Search a card…",
                              list: "arbiter-card-names", "aria-label": "search a card"}, controls);
    var names = el("datalist", {id: "arbiter-card-names"}, controls);
    data.nodes.forEach(function (d) { el("option", {value: d.id}, names); });
    var sets = el("fieldset", {"class": "sets"}, controls);
    el("legend", {text: "Sets"}, sets);
    var setBoxes = {};
    data.sets.forEach(function (s) {
      var label = el("label", {}, sets);
      setBoxes[s.id] = el("input", {type: "checkbox", checked: "checked", value: s.id}, label);
      el("span", {"class": "swatch", style: "background:" + (SET_COLOURS[s.id] || "#555")}, label);
      label.appendChild(document.createTextNode(s.title));
    });
    var editions = el("fieldset", {}, controls);
    el("legend", {text: "Edition"}, editions);
    var edition = el("select", {"aria-label": "edition"}, editions);
    [["all", "both"], ["1", "first"], ["2", "second"]].forEach(function (o) {
      el("option", {value: o[0], text: o[1]}, edition);
    });
    var kinds = el("fieldset", {"class": "kinds"}, controls);
    el("legend", {text: "Kinds of interaction"}, kinds);
    var kindBoxes = {};
    data.kinds.forEach(function (k) {
      var label = el("label", {title: k.why}, kinds);
      kindBoxes[k.id] = el("input", {type: "checkbox", checked: "checked", value: k.id}, label);
      el("span", {"class": "swatch", style: "background:" + k.colour}, label);
      label.appendChild(document.createTextNode(k.id));
    });
    var isolatedLabel = el("label", {}, controls);
    var hideIsolated = el("input", {type: "checkbox"}, isolatedLabel);
    isolatedLabel.appendChild(document.createTextNode("hide cards with no shown interaction"));

    // --- drawing ---
    var canvas = svg("svg", {"class": "canvas", "data-node-count": data.nodes.length,
                             "data-edge-count": data.edges.length}, root);
    var W = Math.max(canvas.clientWidth || 0, 400), H = Math.max(canvas.clientHeight || 0, 400);
    canvas.setAttribute("viewBox", "0 0 " + W + " " + H);
    layout(data.nodes, pairs, W, H);
    var panel = el("div", {"class": "panel"}, root);
    var edgeLayer = svg("g", {"class": "edges"}, canvas);
    var nodeLayer = svg("g", {"class": "nodes"}, canvas);
    data.edges.forEach(function (e) {
      e.line = svg("line", {x1: e.a.x.toFixed(1), y1: e.a.y.toFixed(1), x2: e.b.x.toFixed(1),
                            y2: e.b.y.toFixed(1), stroke: kindColour[e.kind] || "#999",
                            "stroke-width": e.kind === "ruling" || e.kind === "scenario" ? 1.6 : 0.8,
                            "stroke-opacity": 0.55, "class": "edge"}, edgeLayer);
    });
    data.nodes.forEach(function (d) {
      var g = svg("g", {"class": "node", "data-name": d.id}, nodeLayer);
      d.circle = svg("circle", {cx: d.x.toFixed(1), cy: d.y.toFixed(1),
                                r: (4 + Math.sqrt(d.links.length) * 1.3).toFixed(1),
                                fill: SET_COLOURS[d.set] || "#555"}, g);
      var title = svg("title", {}, d.circle);
      title.textContent = d.id + " (" + d.set + ", " + d.cost + ")";
      d.label = svg("text", {x: (d.x + 7).toFixed(1), y: (d.y + 3).toFixed(1)}, g);
      d.label.textContent = d.id;
      d.group = g;
      d.circle.addEventListener("click", function (ev) { ev.stopPropagation(); select(d); });
      d.circle.addEventListener("mouseenter", function () { d.label.style.display = ""; });
      d.circle.addEventListener("mouseleave", function () { refresh(); });
    });

    var degrees = data.nodes.map(function (d) { return d.degree; }).sort(function (a, b) { return b - a; });
    var hubDegree = degrees[Math.min(24, degrees.length - 1)] || 0;
    var selected = null;
    function wantedEdition() { return edition.value === "all" ? null : Number(edition.value); }
    function nodeShown(d) {
      var ed = wantedEdition();
      return setBoxes[d.set] && setBoxes[d.set].checked && (ed === null || d.editions.indexOf(ed) >= 0);
    }
    function edgeShown(e) {
      var ed = wantedEdition();
      return kindBoxes[e.kind].checked && nodeShown(e.a) && nodeShown(e.b) &&
             (ed === null || e.editions.indexOf(ed) >= 0);
    }
    function refresh() {
      var query = search.value.trim().toLowerCase();
      var near = {};
      if (selected) {
        near[selected.id] = true;
        selected.links.forEach(function (l) { if (edgeShown(l.edge)) { near[l.other.id] = true; } });
      }
      data.edges.forEach(function (e) {
        var show = edgeShown(e);
        e.line.style.display = show ? "" : "none";
        e.line.setAttribute("class", "edge" + (selected && e.a !== selected && e.b !== selected ? " dim" : ""));
      });
      data.nodes.forEach(function (d) {
        var visible = nodeShown(d) && !(hideIsolated.checked &&
          !d.links.some(function (l) { return edgeShown(l.edge); }));
        d.group.style.display = visible ? "" : "none";
        d.group.setAttribute("class", "node" + (selected && !near[d.id] ? " dim" : ""));
        var matched = query && d.id.toLowerCase().indexOf(query) >= 0;
        var cls = d === selected ? "selected" : (matched ? "match" : "");
        d.circle.setAttribute("class", cls);
        // Labels only where they help: the selection and its neighbours, search hits, and
        // the best connected cards when nothing is selected; hovering shows any name.
        var labelled = selected ? !!near[d.id] : (matched || d.degree >= hubDegree);
        d.label.style.display = labelled ? "" : "none";
      });
    }
    function pageOf(d) { return "cards/" + d.slug + ".html"; }
    function select(d) {
      selected = d;
      panel.innerHTML = "";
      if (!d) { el("p", {text: "Click a card to see its neighbours."}, panel); refresh(); return; }
      el("h3", {text: d.id}, panel);
      var p = el("p", {}, panel);
      p.appendChild(document.createTextNode((d.set) + ", " + d.cost + ", " + d.types.join(" – ") +
        "; editions " + d.editions.join(", ") + ". "));
      el("a", {href: pageOf(d), "class": "card-page", text: "Open its page →"}, p);
      var groups = {}, seen = {};
      d.links.forEach(function (l) {
        if (!edgeShown(l.edge) || l.other === d) { return; }
        var key = l.edge.kind + "\u0000" + l.other.id;
        if (seen[key]) {  // both directions: one line, marked both ways
          seen[key].both = true;
          seen[key].rulings = seen[key].rulings.concat(l.edge.rulings);
          return;
        }
        seen[key] = {other: l.other, out: l.out, both: false, rulings: l.edge.rulings.slice()};
        (groups[l.edge.kind] = groups[l.edge.kind] || []).push(seen[key]);
      });
      var kindsShown = Object.keys(groups).sort();
      if (!kindsShown.length) { el("p", {text: "No interaction shown with the current filters."}, panel); }
      kindsShown.forEach(function (kind) {
        var head = el("div", {title: kindWhy[kind] || ""}, panel);
        el("span", {"class": "swatch", style: "background:" + kindColour[kind]}, head);
        el("strong", {text: kind + " (" + groups[kind].length + ")"}, head);
        var ul = el("ul", {}, panel);
        groups[kind].sort(function (x, y) { return x.other.id < y.other.id ? -1 : 1; });
        groups[kind].forEach(function (l) {
          var li = el("li", {}, ul);
          li.appendChild(document.createTextNode(l.both ? "↔ " : l.out ? "→ " : "← "));
          var pick = el("a", {"class": "pick", text: l.other.id, title: "select"}, li);
          pick.addEventListener("click", function () { select(l.other); });
          li.appendChild(document.createTextNode(" "));
          el("a", {href: pageOf(l.other), text: "page"}, li);
          if (l.rulings.length) { li.appendChild(document.createTextNode(" " + l.rulings.join(", "))); }
        });
      });
      refresh();
    }

    // --- pan and zoom on the viewBox ---
    var view = {x: 0, y: 0, w: W, h: H}, drag = null, dragged = false;
    function applyView() { canvas.setAttribute("viewBox", [view.x, view.y, view.w, view.h].join(" ")); }
    canvas.addEventListener("wheel", function (ev) {
      ev.preventDefault();
      var rect = canvas.getBoundingClientRect(), f = ev.deltaY > 0 ? 1.15 : 1 / 1.15;
      var mx = view.x + (ev.clientX - rect.left) / rect.width * view.w;
      var my = view.y + (ev.clientY - rect.top) / rect.height * view.h;
      view.x = mx - (mx - view.x) * f; view.y = my - (my - view.y) * f; view.w *= f; view.h *= f;
      applyView();
    }, {passive: false});
    canvas.addEventListener("pointerdown", function (ev) { drag = {x: ev.clientX, y: ev.clientY, moved: false}; });
    window.addEventListener("pointermove", function (ev) {
      if (!drag) { return; }
      var rect = canvas.getBoundingClientRect();
      view.x -= (ev.clientX - drag.x) / rect.width * view.w;
      view.y -= (ev.clientY - drag.y) / rect.height * view.h;
      drag.moved = drag.moved || Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 2;
      drag.x = ev.clientX; drag.y = ev.clientY;
      applyView();
    });
    window.addEventListener("pointerup", function () { dragged = !!(drag && drag.moved); drag = null; });
    canvas.addEventListener("click", function () { if (selected && !dragged) { select(null); } });

    // --- wiring ---
    search.addEventListener("input", refresh);
    search.addEventListener("keydown", function (ev) {
      if (ev.key !== "Enter") { return; }
      var q = search.value.trim().toLowerCase();
      var hit = data.nodes.filter(function (d) { return d.id.toLowerCase() === q; })[0] ||
                data.nodes.filter(function (d) { return d.id.toLowerCase().indexOf(q) >= 0; })[0];
      if (hit) { select(hit); }
    });
    search.addEventListener("change", function () {
      var hit = byId[search.value];
      if (hit) { select(hit); }
    });
    [edition, hideIsolated].concat(Object.keys(setBoxes).map(function (k) { return setBoxes[k]; }))
      .concat(Object.keys(kindBoxes).map(function (k) { return kindBoxes[k]; }))
      .forEach(function (input) { input.addEventListener("change", function () { select(selected); }); });

    var wanted = decodeURIComponent((window.location.hash || "").slice(1));
    select(byId[wanted] || null);
    root.setAttribute("data-ready", "true");
  }

  function boot() {
    var root = document.getElementById("arbiter-explorer");
    if (!root || !window.ARBITER_GRAPH) { return; }
    start(root, window.ARBITER_GRAPH);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", boot);
  } else { boot(); }
})();
