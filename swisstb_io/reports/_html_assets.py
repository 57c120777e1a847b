"""The HTML report's inline stylesheet and script (no external assets, works offline)."""

from __future__ import annotations

CSS = """
:root { --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --band: #f6f8fa; --accent: #0b5cad; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); margin: 1.5rem auto; max-width: 76rem; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); }
dl.event { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; margin: 0; }
dl.event dt { color: var(--muted); }
dl.event dd { margin: 0; }
ol.tiebreaks, ul.notes { margin: .5rem 0; color: var(--muted); }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; caption-side: top; }
caption small { font-weight: 400; color: var(--muted); }
th, td { border-bottom: 1px solid var(--line); padding: .2rem .5rem; vertical-align: top; }
thead th { background: var(--band); text-align: left; white-space: nowrap; }
tbody th { text-align: left; font-weight: 400; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tbody tr:nth-child(even) { background: #fbfcfd; }
th button { font: inherit; font-weight: 600; border: 0; background: none; padding: 0;
  cursor: pointer; color: inherit; }
th button::after { content: " \\2195"; color: var(--muted); font-weight: 400; }
th[aria-sort=ascending] button::after { content: " \\2191"; }
th[aria-sort=descending] button::after { content: " \\2193"; }
td.tb { position: relative; }
details summary { cursor: pointer; color: var(--accent); list-style: none; }
details summary::-webkit-details-marker { display: none; }
details summary:focus { outline: 2px solid var(--accent); }
.why { position: absolute; right: 0; z-index: 2; width: 34rem; max-width: 90vw;
  background: #fff; border: 1px solid var(--line); box-shadow: 0 4px 16px rgba(0,0,0,.15);
  padding: .5rem .75rem; text-align: left; font-size: .85rem; white-space: normal; }
.why p { margin: 0 0 .4rem; }
.why table { margin: 0; width: 100%; }
.why tr.dropped td { color: var(--muted); text-decoration: line-through; }
.why tr.dropped td.drop { text-decoration: none; }
.why ul { margin: .4rem 0 0; padding-left: 1.2rem; }
.crosstable td { white-space: nowrap; font-variant-numeric: tabular-nums; }
.crosstable a { color: inherit; text-decoration: none; }
.crosstable a:hover, .crosstable tr:target { background: #fff3bf; }
.chart { max-width: 100%; height: auto; }
.chart text { font: 11px system-ui, sans-serif; fill: var(--ink); }
.chart .grid { stroke: var(--line); stroke-width: 1; }
.chart polyline { fill: none; stroke-width: 2; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
footer { color: var(--muted); font-size: .8rem; margin-top: 2rem; }
@media print {
  body { margin: 0; max-width: none; font-size: 9.5pt; }
  th button::after, details summary::marker { content: ""; }
  details summary { color: inherit; }
  .why { display: none; }
  h2 { break-after: avoid; }
  table, .chart { break-inside: auto; }
  tr, .chart { break-inside: avoid; }
  a { color: inherit; }
  footer { display: none; }
}
"""

JS = """
(function () {
  "use strict";
  function key(cell, numeric) {
    var v = cell.getAttribute("data-sort");
    if (v === null) { v = cell.textContent.trim(); }
    if (!numeric) { return v.toLowerCase(); }
    return v === "" ? null : Number(v);
  }
  function sortBy(table, th, col) {
    var numeric = th.getAttribute("data-type") === "num";
    var asc = th.getAttribute("aria-sort") !== "ascending";
    var heads = table.tHead.rows[0].cells;
    for (var h = 0; h < heads.length; h++) { heads[h].removeAttribute("aria-sort"); }
    th.setAttribute("aria-sort", asc ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = key(a.cells[col], numeric), y = key(b.cells[col], numeric);
      if (x === y) { return 0; }
      if (x === null) { return 1; }
      if (y === null) { return -1; }
      return (x < y ? -1 : 1) * (asc ? 1 : -1);
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  var tables = document.querySelectorAll("table.sortable");
  Array.prototype.forEach.call(tables, function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, col) {
      var button = th.querySelector("button");
      if (button) { button.addEventListener("click", function () { sortBy(table, th, col); }); }
    });
  });
})();
"""
