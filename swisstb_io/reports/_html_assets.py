"""The one stylesheet and script of every swisstb_io page (event pages, the season index,
player pages): inline in each page, no external asset, so a page works offline.

The script (vanilla, no framework) does four things, all by event delegation so a page of
thousands of rows attaches a handful of listeners:

* sorting: every table of the page's ``<main>`` sorts by a click on a column header (the
  script makes each header a button where the markup has none, and a header row of a
  table without ``<thead>``, such as a prize list's, its ``<thead>``); the first click on
  a column marked ``data-first="desc"`` (points, ratings, tie-breaks) puts the best first,
  on any other (place, names) the lowest first; a second click reverses.  A column
  compares as numbers when marked ``data-type="num"``, as text when ``"text"``, and when
  unmarked as numbers if every value in it is one.  A tbody whose first row heads it
  (``scope="rowgroup"``: the games of one event) sorts on its own, its heading on top;
* searching: one search box at the top of the page's ``<main>`` hides the rows of every
  table there that do not contain the typed text (case and accents ignored); a
  tbody's heading row shows while any of its rows does, and a match in it shows them all;
* explanations: a ``button.why-open`` in a tie-break cell opens a popover with how the
  value was computed, built from the page's compact ``#why-data`` (see
  :mod:`._html_why`); Escape or a click elsewhere closes it;
* phones: the width of a standings table's first column is set as ``--place-w`` so the
  place and name columns stay visible while the table scrolls sideways in its box;
* season sites: a link to a player's key in the season index (``index.html#k-...``, from
  an event page, :mod:`swisstb_io.batch.site_links`) goes on to the player's page.
"""

from __future__ import annotations

CSS = """
:root { --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --band: #f6f8fa; --accent: #0b5cad;
  --paper: #fff; --stripe: #fbfcfd; --mark: #fff3bf; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; scroll-padding-top: 3.5rem; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: var(--paper); margin: 1.5rem auto; max-width: 76rem;
  padding: 0 1rem; overflow-wrap: anywhere; }
a { color: var(--accent); }
nav.site { font-size: .9rem; margin: 0 0 .75rem; display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
h1 { font-size: 1.6rem; line-height: 1.2; margin: 0 0 .5rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); }
h3 small, h2 small { font-weight: 400; color: var(--muted); font-size: .8rem; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .25rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; margin: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
ol.tiebreaks, ul.notes { margin: .5rem 0; color: var(--muted); padding-left: 1.5rem; }
.box { overflow-x: auto; max-width: 100%; margin: .25rem 0 1rem; }
.box:focus { outline: 2px solid var(--accent); }
table { border-collapse: collapse; overflow-wrap: normal; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; caption-side: top; }
caption small { font-weight: 400; color: var(--muted); }
th, td { border-bottom: 1px solid var(--line); padding: .2rem .5rem; vertical-align: top; }
thead th { background: var(--band); text-align: left; white-space: nowrap; }
tbody th { text-align: left; font-weight: 400; }
td.num, th.num, table.games td:nth-child(1), table.games td:nth-child(4),
table.events td:nth-child(n+3) {
  text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tbody tr:nth-child(even) { background: var(--stripe); }
tr.failed { background: #fde8e8 !important; }
th button { font: inherit; font-weight: 600; border: 0; background: none; padding: 0;
  cursor: pointer; color: inherit; text-align: inherit; }
th button::after { content: " \\2195"; color: var(--muted); font-weight: 400; }
th[aria-sort=ascending] button::after { content: " \\2191"; }
th[aria-sort=descending] button::after { content: " \\2193"; }
button.why-open { font: inherit; color: var(--accent); background: none; border: 0; padding: 0;
  cursor: pointer; text-decoration: underline dotted; text-underline-offset: 2px; }
button:focus-visible, input:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
input.filter { font: inherit; padding: .25rem .5rem; border: 1px solid var(--line);
  border-radius: 4px; width: 18rem; max-width: 100%; }
.filter-row { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; padding: .4rem 0;
  margin: .5rem 0 0; position: sticky; top: 0; z-index: 3; background: var(--paper); }
.filter-row output { color: var(--muted); font-size: .85rem; }
.why { position: absolute; z-index: 5; width: 34rem; max-width: calc(100vw - 1rem);
  background: var(--paper); border: 1px solid var(--line); border-radius: 4px;
  box-shadow: 0 4px 16px rgba(0,0,0,.18); padding: .5rem .75rem; font-size: .85rem; }
.why:focus { outline: 2px solid var(--accent); }
.why p { margin: 0 1.5rem .4rem 0; }
.why .box { margin: 0; }
.why table { width: 100%; }
.why tr.dropped td { color: var(--muted); text-decoration: line-through; }
.why tr.dropped td.drop { text-decoration: none; }
.why ul { margin: .4rem 0 0; padding-left: 1.2rem; }
.why .close { position: absolute; top: .2rem; right: .3rem; font: inherit; font-size: 1.1rem;
  border: 0; background: none; cursor: pointer; color: var(--muted); }
.crosstable td { white-space: nowrap; font-variant-numeric: tabular-nums; }
.crosstable a { color: inherit; text-decoration: none; }
.crosstable a:hover, tr:target { background: var(--mark) !important; }
main > section + section { content-visibility: auto; contain-intrinsic-size: auto 40rem; }
figure { margin: .5rem 0; }
.chart { max-width: 100%; height: auto; display: block; }
.chart text { font: 11px system-ui, sans-serif; fill: var(--ink); }
.chart .grid { stroke: var(--line); stroke-width: 1; }
.chart polyline { fill: none; stroke-width: 2; }
.chart path.dots { fill: none; stroke-width: 6; stroke-linecap: round; }
ol.legend { list-style: none; padding: 0; margin: .25rem 0; display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .1rem 1rem;
  font-size: .85rem; }
ol.legend svg { vertical-align: middle; margin-right: .4rem; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
p.legend-text, p.hint { color: var(--muted); font-size: .85rem; margin: .25rem 0; }
footer { color: var(--muted); font-size: .8rem; margin-top: 2rem; }
p.no-script { border-left: 3px solid var(--accent); background: var(--band); padding: .4rem .6rem;
  font-size: .9rem; }
td.date, table.events td:first-child { white-space: nowrap; }
@media screen and (max-width: 50rem) {
  body { margin: .75rem auto; padding: 0 .6rem; font-size: 14px; }
  h1 { font-size: 1.3rem; }
  .standings td.place, .standings th.place { position: sticky; left: 0; z-index: 1;
    background: var(--paper); }
  .standings .name { position: sticky; left: var(--place-w, 3.5rem); z-index: 1;
    background: var(--paper); min-width: 8rem; max-width: 11rem; white-space: normal; }
  .standings thead th.place, .standings thead th.name { background: var(--band); }
  .standings .name { box-shadow: 1px 0 0 var(--line); }
}
@media print {
  @page { margin: 12mm 10mm; }
  body { margin: 0; max-width: none; font-size: 9pt; padding: 0; background: none; }
  nav.site, .filter-row, .why, footer, p.hint, p.no-script { display: none; }
  main > section + section { content-visibility: visible; }
  th button::after { content: ""; }
  th button { display: contents; }  /* Chromium repeats no header row that holds a button */
  button.why-open { color: inherit; text-decoration: none; }
  .box { overflow: visible; }
  thead { display: table-header-group; }
  thead th { background: none; border-bottom: 1.5px solid var(--ink); }
  h2, h3, caption { break-after: avoid; }
  tr, .chart, figure { break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
  tbody tr:nth-child(even) { background: none; }
  th, td { padding: .05rem .25rem; }
  .crosstable { font-size: 7.5pt; width: 100%; }
  .crosstable td, .crosstable th { padding: 0 .15rem; }
  .crosstable tbody th { white-space: normal; }
}
"""

JS = r"""
(function () {
  "use strict";
  var doc = document, data = null, pop = null, opener = null;
  var collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

  function plain(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function each(list, f) { Array.prototype.forEach.call(list, f); }

  function groupHead(body) {  // a tbody's heading row (scope=rowgroup) stays on its top
    var first = body.rows[0], cell = first && first.cells[0];
    return cell && cell.getAttribute("scope") === "rowgroup" ? first : null;
  }

  function headRow(table) {
    // a table without <thead> whose first row is all header cells (a fragment made
    // elsewhere, such as a prize list) gets one: it then sorts, and repeats in print
    if (table.tHead) { return table.tHead.rows[0] || null; }
    var first = table.rows[0];
    if (!first || Array.prototype.some.call(first.cells, function (c) {
      return c.tagName !== "TH";
    })) { return null; }
    table.createTHead().appendChild(first);
    return first;
  }

  function sortable(table) {
    // every column header becomes a sort button (the pages' own tables have them already)
    var row = headRow(table);
    if (row === null) { return false; }
    each(row.cells, function (th) {
      if (th.querySelector("button") !== null) { return; }
      var b = doc.createElement("button");
      b.type = "button";
      while (th.firstChild) { b.appendChild(th.firstChild); }
      th.appendChild(b);
    });
    table.classList.add("sortable", "filterable");
    return true;
  }

  function number(text) {
    // a number as the pages print it ("17\u00bd" is 17.5: team game points, prize
    // lists); null for "" and "-" (no value) and for a text that is not a number
    var v = Number(text.replace("\u00bd", ".5"));
    return text === "" || text === "-" || isNaN(v) ? null : v;
  }

  function sortKey(cell) {
    if (!cell) { return ""; }
    var v = cell.getAttribute("data-sort");
    return v === null ? cell.textContent.trim() : v;
  }

  function sortBy(th) {
    // data-type="num" or "text" says how a column compares; a column without one is
    // numeric when every value in it is a number
    var table = th.closest("table"), col = th.cellIndex, type = th.getAttribute("data-type");
    var now = th.getAttribute("aria-sort");
    var asc = now ? now !== "ascending" : th.getAttribute("data-first") !== "desc";
    each(th.parentNode.cells, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", asc ? "ascending" : "descending");
    var groups = Array.prototype.map.call(table.tBodies, function (body) {
      var head = groupHead(body), keyed = [];
      each(body.rows, function (r, i) {
        if (r !== head) { keyed.push([sortKey(r.cells[col]), i, r]); }
      });
      return [body, head, keyed];
    });
    var numeric = type === "num" || (type === null && groups.every(function (g) {
      return g[2].every(function (k) {
        return k[0] === "" || k[0] === "-" || number(k[0]) !== null;
      });
    }));
    groups.forEach(function (g) {
      var keyed = g[2], rows = doc.createDocumentFragment();
      keyed.forEach(function (k) {
        if (numeric) { k[0] = number(k[0]); }
      });
      keyed.sort(function (a, b) {
        var x = a[0], y = b[0], c;
        if (x === null || y === null) {  // no value: last, whichever the direction
          c = x === y ? 0 : (x === null ? 1 : -1);
          return c || a[1] - b[1];
        }
        c = numeric ? x - y : collator.compare(x, y);
        return (asc ? c : -c) || a[1] - b[1];
      });
      if (g[1] !== null) { rows.appendChild(g[1]); }
      keyed.forEach(function (k) { rows.appendChild(k[2]); });
      g[0].appendChild(rows);
    });
  }

  function addSearch(tables) {
    // a row is shown when its text holds the query; in a tbody with a heading row
    // (the games of one event), the heading is shown with any of its rows, and a query
    // found in the heading shows them all
    var bar = doc.createElement("div"), box = doc.createElement("input");
    var count = doc.createElement("output"), texts = new Map();
    bar.className = "filter-row";
    bar.setAttribute("role", "search");
    box.type = "search";
    box.className = "filter";
    box.placeholder = "Search: name, number\u2026";
    box.setAttribute("aria-label", "Search the tables of this page");
    bar.appendChild(box);
    bar.appendChild(count);
    function has(r, q) {
      var t = texts.get(r);
      if (t === undefined) { t = plain(r.textContent); texts.set(r, t); }
      return t.indexOf(q) >= 0;
    }
    box.addEventListener("input", function () {
      var q = plain(box.value.trim()), shown = 0, total = 0;
      tables.forEach(function (table) {
        each(table.tBodies, function (body) {
          var head = groupHead(body), all = q === "" || (head !== null && has(head, q));
          var any = false;
          each(body.rows, function (r) {
            if (r === head) { return; }
            r.hidden = !all && !has(r, q);
            any = any || !r.hidden;
            if (table === tables[0]) { total += 1; shown += r.hidden ? 0 : 1; }
          });
          if (head !== null) { head.hidden = !all && !any; }
        });
      });
      count.textContent = q === "" ? "" : shown + " of " + total + " rows shown in the first table";
    });
    var main = doc.querySelector("main") || doc.body;
    main.insertBefore(bar, main.firstChild);
  }

  function el(tag, text, cls) {
    var e = doc.createElement(tag);
    if (text !== undefined && text !== null) { e.textContent = text; }
    if (cls) { e.className = cls; }
    return e;
  }

  function closePop(refocus) {
    if (pop === null) { return; }
    pop.remove();
    pop = null;
    opener.setAttribute("aria-expanded", "false");
    if (refocus) { opener.focus(); }
    opener = null;
  }

  function explanation(button) {
    if (data === null) { data = JSON.parse(doc.getElementById("why-data").textContent); }
    var td = button.closest("td"), tr = td.parentNode, table = tr.closest("table");
    var k = Number(table.tHead.rows[0].cells[td.cellIndex].getAttribute("data-col"));
    return { label: data.c[k], cell: data.p[tr.getAttribute("data-no")][k] };
  }

  function openPop(button) {
    var s, w = explanation(button), e = w.cell, p = el("p"), rows = e[1], notes = e[2] || [];
    s = data.s;
    pop = el("div", null, "why");
    pop.setAttribute("role", "dialog");
    pop.setAttribute("aria-label", "How " + w.label + " was computed");
    pop.tabIndex = -1;
    p.appendChild(el("strong", w.label + " = " + button.textContent));
    p.appendChild(doc.createTextNode(": " + s[e[0]]));
    pop.appendChild(p);
    if (rows.length) {
      var table = el("table"), head = el("tr"), body = el("tbody"), box = el("div", null, "box");
      ["Rd", "Result", "Opponent", "Value", "Note"].forEach(function (h, i) {
        var th = el("th", h, i === 3 ? "num" : "");
        th.scope = "col";
        head.appendChild(th);
      });
      table.createTHead().appendChild(head);
      rows.forEach(function (r) {
        var tr = el("tr"), note = el("td", s[r[4] || 0], "drop"), opp = r[2];
        tr.appendChild(el("td", r[0] ? String(r[0]) : ""));
        tr.appendChild(el("td", s[r[1]]));
        tr.appendChild(el("td", opp === null ? "" : (data.n[opp] || String(opp))));
        tr.appendChild(el("td", r[3] === null ? "" : r[3], "num"));
        if (r[5]) {
          tr.className = "dropped";
          note.appendChild(doc.createTextNode(" "));
          note.appendChild(el("span", "(dropped: " + s[r[5]] + ")", "drop"));
        }
        tr.appendChild(note);
        body.appendChild(tr);
      });
      table.appendChild(body);
      box.appendChild(table);
      pop.appendChild(box);
    }
    if (notes.length) {
      var ul = el("ul");
      notes.forEach(function (n) { ul.appendChild(el("li", s[n])); });
      pop.appendChild(ul);
    }
    var close = el("button", "\u00d7", "close");
    close.type = "button";
    close.setAttribute("aria-label", "Close");
    pop.appendChild(close);
    doc.body.appendChild(pop);
    var r = button.getBoundingClientRect(), width = doc.documentElement.clientWidth;
    var left = Math.max(4, Math.min(r.right - pop.offsetWidth, width - pop.offsetWidth - 4));
    pop.style.left = (left + window.scrollX) + "px";
    pop.style.top = (r.bottom + window.scrollY + 4) + "px";
    opener = button;
    button.setAttribute("aria-expanded", "true");
    pop.focus();
  }

  doc.addEventListener("click", function (ev) {
    var t = ev.target, b;
    if (pop !== null && pop.contains(t)) {
      if (t.closest("button.close")) { closePop(true); }
      return;
    }
    b = t.closest("button.why-open");
    if (b !== null) {
      var again = b === opener;
      closePop(false);
      if (!again) { openPop(b); }
      return;
    }
    closePop(false);
    b = t.closest("table.sortable > thead th > button");
    if (b !== null) { sortBy(b.parentNode); }
  });
  doc.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { closePop(true); }
  });
  var tables = Array.prototype.filter.call(doc.querySelectorAll("main table"), sortable);
  if (tables.length) { addSearch(tables); }
  if (location.hash.indexOf("#k-") === 0) {  // a player's key in a season index
    var anchor = doc.getElementById(decodeURIComponent(location.hash.slice(1)));
    var row = anchor && anchor.closest("tr"), link = row && row.querySelector("a[href]");
    if (link) { location.replace(link.href); }
  }
  if (window.matchMedia("(max-width: 50rem)").matches) {
    Array.prototype.forEach.call(doc.querySelectorAll("table.standings"), function (t) {
      var first = t.tHead.rows[0].cells[0];
      t.style.setProperty("--place-w", first.getBoundingClientRect().width + "px");
    });
  }
})();
"""
