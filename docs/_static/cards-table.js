/* Arbiter cards index: filter and sort the cards table in the page (plain JavaScript,
 * offline). The table is ordinary HTML written at build time, so it reads and prints
 * without this script; the script adds the filter box, the set and type menus and
 * sorting by a click on a column heading (numbers sort by each cell's data-sort).
 */
(function () {
  "use strict";

  function cellKey(row, column, numeric) {
    var cell = row.cells[column];
    var key = cell.getAttribute("data-sort");
    if (key === null) { key = cell.textContent.trim().toLowerCase(); }
    return numeric ? parseFloat(key) : key;
  }

  function setUp(root) {
    var table = root.querySelector("table"), body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var filter = root.querySelector("input.filter"), set = root.querySelector("select.set");
    var type = root.querySelector("select.type"), shown = root.querySelector(".shown");
    var headers = table.tHead.rows[0].cells;

    function apply() {
      var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean), count = 0;
      rows.forEach(function (row) {
        var text = row.textContent.toLowerCase();
        var ok = words.every(function (w) { return text.indexOf(w) >= 0; }) &&
          (!set.value || row.getAttribute("data-set") === set.value) &&
          (!type.value || row.getAttribute("data-types").split(" ").indexOf(type.value) >= 0);
        row.hidden = !ok;
        if (ok) { count += 1; }
      });
      shown.textContent = count + " of " + rows.length + " cards";
      root.setAttribute("data-shown", String(count));
    }

    function sortBy(column) {
      var header = headers[column], numeric = header.getAttribute("data-type") === "number";
      var ascending = header.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(headers, function (h) { h.removeAttribute("aria-sort"); });
      header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      rows.sort(function (a, b) {
        var x = cellKey(a, column, numeric), y = cellKey(b, column, numeric);
        var order = x < y ? -1 : x > y ? 1 : 0;
        if (order === 0) { order = cellKey(a, 0, false) < cellKey(b, 0, false) ? -1 : 1; }
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    }

    Array.prototype.forEach.call(headers, function (header, column) {
      header.setAttribute("tabindex", "0");
      header.title = "Sort by this column";
      header.addEventListener("click", function () { sortBy(column); });
      header.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); sortBy(column); }
      });
    });
    filter.addEventListener("input", apply);
    set.addEventListener("change", apply);
    type.addEventListener("change", apply);
    apply();
    root.setAttribute("data-ready", "true");
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll(".arbiter-cards"), setUp);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
