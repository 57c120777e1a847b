"""The prize list as tables (awards, items, teams, players, not awarded, settings) and
their text, Markdown, CSV and HTML renderings.  One table model, four layouts."""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from ..errors import readable_path
from ..textsafe import shown
from .model import System
from .money import money, points_text
from .result import PrizeResult

Money = Callable[[Fraction], str]

_SYSTEM = {System.USCF: "US Chess 32B: tied players pool and share cash",
           System.FIDE: "by ranking (FIDE-style), shared as each group says"}


@dataclass(frozen=True)
class Table:
    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    right: frozenset[int] = frozenset()
    """Columns aligned right (amounts, numbers)."""


@dataclass(frozen=True)
class Document:
    title: str
    lines: tuple[str, ...]
    tables: tuple[Table, ...]
    explanations: tuple[str, ...]


def document(result: PrizeResult, source: str = "", chain: tuple[str, ...] = (),
             prize_name: str = "") -> Document:
    """The prize list as lines and tables; ``prize_name``: how it names the prize file
    (default: its path)."""
    pf = result.prize_file
    ev = pf.event
    prize_path = readable_path(prize_name or pf.path)
    source = readable_path(source)

    def cur(v: Fraction) -> str:
        return money(v, ev.currency, ev.unit)

    lines = []
    if source:
        lines.append(f"Standings: {source}" + (f" (tie-breaks {', '.join(chain)})"
                                               if chain else ""))
    lines.append(f"Prizes: {prize_path}; {_SYSTEM[ev.system]}; rounding {ev.rounding_mode.value}"
                 f" to {cur(ev.unit)}" + (f"; ratings: {ev.rating}" if ev.rating else "")
                 + (f" ({ev.rating_list})" if ev.rating_list else ""))
    lines.append(f"Fund: {result.scale.note}.")
    diff = result.paid - result.owed
    total = f"Total paid {cur(result.paid)} of {cur(result.owed)}"
    if result.owed != result.announced:
        total += f" (announced {cur(result.announced)})"
    if diff > 0:
        total += f" ({cur(diff)} over, from rounding up)"
    elif diff < 0:
        total += f" ({cur(-diff)} not paid: see Not awarded and the explanations)"
    lines.append(total + ".")
    tied = [e for e in result.entrants if any(x.place == e.place and x is not e
                                              for x in result.entrants)]
    if tied:
        lines.append("Players equal on every tie-break keep the standings' order (start "
                     "number) for items and rounding: " + ", ".join(e.name for e in tied)
                     + ". Give --playoff to order them.")
    tables = [_awards(result, cur), _items(result), _teams(result, cur),
              _players(result, cur), _unawarded(result, cur), _settings(result)]
    return Document(f"Prize list: {ev.name or source or prize_path}", tuple(lines),
                    tuple(t for t in tables if t.rows), result.explanations)


def _awards(result: PrizeResult, cur: Money) -> Table:
    rows = []
    for pool in result.pools:
        label = " + ".join(p.label for p in pool.prizes)
        pts = "" if pool.points is None else points_text(pool.points)
        for k, s in enumerate(pool.shares):
            flag = " (capped)" if s.capped else f" (gave up: {s.given_up})" if s.given_up \
                else ""
            rows.append((label if k == 0 else "", cur(pool.total) if k == 0 else "",
                         pts if k == 0 else "", f"{s.entrant.start_no} {s.entrant.name}",
                         cur(s.paid) + flag))
    return Table("Awards", ("Prize", "Pool", "Pts", "Player", "Share"), tuple(rows),
                 frozenset({1, 4}))


def _items(result: PrizeResult) -> Table:
    rows = tuple((a.prize.item, a.prize.label, f"{a.entrant.start_no} {a.entrant.name}")
                 for a in result.items)
    return Table("Items", ("Item", "Prize", "Player"), rows)


def _teams(result: PrizeResult, cur: Money) -> Table:
    rows = tuple((" + ".join(p.label for p in t.prizes), t.team, points_text(t.score),
                  ", ".join(m.name for m in t.members), cur(t.paid), t.item)
                 for t in result.teams)
    return Table("Teams", ("Prize", "Team", "Pts", "Counted", "Paid", "Item"), rows,
                 frozenset({4}))


def _players(result: PrizeResult, cur: Money) -> Table:
    rows = []
    for e in result.entrants:
        cash = result.cash(e.start_no)
        won = [" + ".join(p.label for p in pool.prizes) for pool, s in
               result.won(e.start_no) if not s.given_up]
        items = [a.prize.item for a in result.items_of(e.start_no)]
        notes = list(result.player_notes.get(e.start_no, ()))
        rows.append((str(e.rank), str(e.start_no), e.name, points_text(e.points),
                     cur(cash) if cash else "-",
                     "; ".join(won + items) or "-", "; ".join(notes)))
    return Table("Players", ("Rk", "No", "Name", "Pts", "Cash", "Won", "Why"), tuple(rows),
                 frozenset({0, 1, 4}))


def _unawarded(result: PrizeResult, cur: Money) -> Table:
    rows = tuple((u.prize.label, u.prize.item if u.item else cur(u.prize.amount),
                  u.reason) for u in result.unawarded)
    return Table("Not awarded", ("Prize", "Cash or item", "Why"), rows)


def _settings(result: PrizeResult) -> Table:
    rows = tuple((o.name, o.value, "default" if o.default else "set in the file", o.about)
                 for o in result.options)
    return Table("Settings for points the rules leave open", ("Option", "Value", "", "About"),
                 rows)


# -- layouts ------------------------------------------------------------------------------

def to_text(doc: Document) -> str:
    """Fixed-width tables; names from the file with control characters shown as escapes
    (:func:`~swisstb_io.textsafe.shown`), so a name cannot start a line of its own."""
    out = [shown(doc.title), *map(shown, doc.lines)]
    for t in doc.tables:
        t = replace(t, rows=tuple(tuple(map(shown, r)) for r in t.rows))
        out += ["", t.title]
        widths = [max(len(r[i]) for r in (t.headers, *t.rows)) for i in range(len(t.headers))]

        def row(cells: tuple[str, ...], t: Table = t, widths: list[int] = widths) -> str:
            return "  ".join(c.rjust(w) if i in t.right else c.ljust(w)
                             for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()
        out.append(row(t.headers))
        out.append("-" * len(row(t.headers)))
        out += [row(r) for r in t.rows]
    out += ["", "Explanations", *(f"  {shown(line)}" for line in doc.explanations)]
    return "\n".join(out) + "\n"


def _md_cell(text: str) -> str:
    """A Markdown table cell (names come from the event file: escaped as ``report`` does)."""
    from ..reports.md_report import esc

    return esc(text)


def to_md(doc: Document) -> str:
    out = [f"# {_md_cell(doc.title)}", "", *(f"- {_md_cell(line)}" for line in doc.lines)]
    for t in doc.tables:
        out += ["", f"## {_md_cell(t.title)}", "",
                "| " + " | ".join(map(_md_cell, t.headers)) + " |",
                "|" + "|".join("---:" if i in t.right else "---"
                               for i in range(len(t.headers))) + "|"]
        out += ["| " + " | ".join(map(_md_cell, r)) + " |" for r in t.rows]
    out += ["", "## Explanations", "", *(f"1. {_md_cell(line)}" for line in doc.explanations)]
    return "\n".join(out) + "\n"


def to_csv(result: PrizeResult) -> str:
    """One row per share: the award table, flat (a name a spreadsheet would run as a
    formula gets a leading ``'``, as in ``report``)."""
    from ..textsafe import report_cell as safe

    ev = result.prize_file.event
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(["prizes", "pool", "points", "rule", "start_no", "name", "exact", "paid",
                "capped", "given_up"])
    for pool in result.pools:
        for s in pool.shares:
            w.writerow([" + ".join(p.label for p in pool.prizes),
                        money(pool.total, "", ev.unit, grouped=False),
                        "" if pool.points is None else points_text(pool.points), pool.rule,
                        s.entrant.start_no, safe(s.entrant.name), str(s.exact),
                        money(s.paid, "", ev.unit, grouped=False),
                        "yes" if s.capped else "", s.given_up])
    return buf.getvalue()


def html_tables(doc: Document) -> str:
    """The tables and explanations as an HTML fragment (for a page of its own or a
    section of another report)."""
    e = html.escape
    out = [f"<h2>{e(doc.title)}</h2>", *(f"<p>{e(line)}</p>" for line in doc.lines)]
    for t in doc.tables:
        out.append(f"<h3>{e(t.title)}</h3>\n<table>")
        out.append("<tr>" + "".join(f"<th>{e(h)}</th>" for h in t.headers) + "</tr>")
        for r in t.rows:
            out.append("<tr>" + "".join(
                f'<td class="num">{e(c)}</td>' if i in t.right else f"<td>{e(c)}</td>"
                for i, c in enumerate(r)) + "</tr>")
        out.append("</table>")
    out.append("<h3>Explanations</h3>\n<ol>")
    out += [f"<li>{e(line)}</li>" for line in doc.explanations]
    out.append("</ol>")
    return "\n".join(out)


def to_html(doc: Document) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{html.escape(doc.title)}</title>\n<style>\n"
            "body{font-family:system-ui,sans-serif;margin:2em}"
            "table{border-collapse:collapse;margin-bottom:1em}"
            "td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}"
            "td.num{text-align:right;font-variant-numeric:tabular-nums}\n"
            "</style>\n</head>\n<body>\n" + html_tables(doc) + "\n</body>\n</html>\n")
