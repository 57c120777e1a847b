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
