"""The estimates as text, Markdown, CSV and HTML: one table (a row a player), the rules and
notes, and each player's explanation (text ``--explain``; HTML popovers).

The explanations go through the standings report's machinery: the text lines of
:func:`~swisstb_io.reports.text_report.explained_lines`, and the page's compact
explanation data (:mod:`swisstb_io.reports.html_why`) that the report's script opens as a
popover from a value's button, so a rating change opens like a tie-break value.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from ..reports import Cell, Column, file_name
from ..reports.html_kit import boxed, document, footer, html_text
from ..reports.html_why import why_data
from ..reports.md_report import esc as md_escape
from ..reports.text_report import explained_lines
from ..textsafe import shown, spreadsheet_safe
from . import numbers
from .explain import explanation
from .model import Formula, PlayerChange, RatingResult, RatingSystem

HEADERS = ("No", "Name", "Rtg", "K", "Gms", "Score", "Exp", "Change", "New", "Perf")
RIGHT = frozenset({0, 2, 3, 4, 5, 6, 7, 8, 9})


def title(result: RatingResult) -> str:
    name = result.event_name or "the event"
    return f"Rating changes ({result.system.label}): {name}"


def cells(p: PlayerChange, system: RatingSystem) -> tuple[str, ...]:
    """A player's row as the tables print it (``-`` for a value that does not exist)."""
    def text(value: str | int | None) -> str:
        return "-" if value is None else str(value)

    return (str(p.start_no), p.name, "unr" if p.rating is None else str(p.rating),
            text(numbers.k(p, system)), str(p.games), numbers.score(p.score),
            text(numbers.expected(p, system)), text(numbers.change(p, system, sign=True)),
            text(p.new_rating), text(p.performance))


def head_lines(result: RatingResult, source: str = "") -> list[str]:
    lines = [title(result)]
    if source:
        lines.append(f"File: {source}")
    lines.append(f"Rules: {result.rules.why}")
    lines += [f"  - {n}" for n in result.rules.notes]
    return lines


def to_text(result: RatingResult, source: str = "", explain: bool = False) -> str:
    """Fixed-width text; names from the file with control characters shown as escapes."""
    system = result.system
    rows = [tuple(map(shown, cells(p, system))) for p in result.players]
    widths = [max(len(r[i]) for r in (HEADERS, *rows)) for i in range(len(HEADERS))]
    widths[1] = min(widths[1], 30)

    def line(row: Sequence[str]) -> str:
        return "  ".join((c.rjust(w) if i in RIGHT else c[:w].ljust(w))
                         for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    out = [*map(shown, head_lines(result, source)), "", line(HEADERS)]
    out.append("-" * len(out[-1]))
    out += [line(r) for r in rows]
    out += ["", "Notes"]
    for p in result.players:
        out += [f"{p.start_no} {shown(p.name)}:", *(f"  {shown(n)}" for n in p.notes)]
    if explain:
        out += ["", "Explanations"]
        for p in result.players:
            label, value = _explained_value(p, system)
            out.append(f"{p.start_no} {shown(p.name)}: " + _facts(p, system))
            out += [shown(x) for x in explained_lines(
                label, value, explanation(p, result), numbers.digits(p, system))]
    return "\n".join(out) + "\n"


_FORMULA = {Formula.CHANGE: "", Formula.INITIAL: "initial rating (§8.2)",
            Formula.STANDARD: "standard formula", Formula.SPECIAL: "special formula",
            Formula.NONE: "no game counted"}


def _facts(p: PlayerChange, system: RatingSystem) -> str:
    """``1850, K 20`` / ``unrated, special formula``: the line above an explanation."""
    parts = ["unrated" if p.rating is None else str(p.rating)]
    k = numbers.k(p, system)
    if k is not None:
        parts.append(f"K {k}")
    if _FORMULA[p.formula]:
        parts.append(_FORMULA[p.formula])
    return ", ".join(parts)


def _explained_value(p: PlayerChange, system: RatingSystem) -> tuple[str, str]:
    if p.change is not None:
        return "Change", numbers.change(p, system, sign=True) or "-"
    return "New rating", "-" if p.new_rating is None else str(p.new_rating)


def to_md(result: RatingResult, source: str = "") -> str:
    system = result.system
    lines = head_lines(result, source)
    out = [f"# {md_escape(lines[0])}", "", *(f"- {md_escape(x.lstrip(' -'))}"
                                             for x in lines[1:]), "",
           "| " + " | ".join(HEADERS) + " |",
           "|" + "|".join("---:" if i in RIGHT else "---" for i in range(len(HEADERS))) + "|"]
    out += ["| " + " | ".join(map(md_escape, cells(p, system))) + " |" for p in result.players]
    out += ["", "## Notes", ""]
    for p in result.players:
        out.append(f"- **{p.start_no} {md_escape(p.name)}**: "
                   + "; ".join(md_escape(n) for n in p.notes))
    return "\n".join(out) + "\n"


def to_csv(result: RatingResult) -> str:
    """One row a player (the JSON's fields; notes joined with ``; ``)."""
    system = result.system
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(["start_no", "name", "rating", "k", "games", "score", "expected", "change",
                "new_rating", "performance", "notes"])
    for p in result.players:
        w.writerow([p.start_no, spreadsheet_safe(p.name), p.rating or "",
                    numbers.k(p, system) or "", p.games, numbers.score(p.score),
                    numbers.expected(p, system) or "", numbers.change(p, system) or "",
                    p.new_rating or "", p.performance or "",
                    spreadsheet_safe("; ".join(p.notes))])
    return buf.getvalue()


class _Row(NamedTuple):
    """A player's row for the page's explanation data: the Change and New cells."""

    start_no: int
    name: str
    cells: tuple[Cell, Cell]


class _Table(NamedTuple):
    columns: tuple[Column, ...]
    rows: tuple[_Row, ...]


def _table(result: RatingResult) -> _Table:
    system = result.system
    rule = "FIDE B.02" if system is RatingSystem.FIDE else "US Chess rating system"
    change_digits = 2 if system is RatingSystem.FIDE else 3
    columns = (Column("change", "Change", "Rating change", rule, change_digits),
               Column("new", "New rating", "New rating", rule,
                      0 if system is RatingSystem.FIDE else 3))
    rows = []
    for p in result.players:
        e = explanation(p, result)
        change = numbers.change(p, system, sign=True)
        rated = p.change is not None
        new = str(p.new_rating) if p.new_rating is not None else "-" if rated else "not rated"
        rows.append(_Row(p.start_no, p.name, (
            Cell(None if p.change is None else Fraction(p.change), change or "-",
                 p.change, e if rated else None),
            Cell(None if p.new_rating is None else Fraction(p.new_rating), new,
                 None if p.new_rating is None else Decimal(p.new_rating),
                 None if rated else e))))
    return _Table(columns, tuple(rows))


def _td(cell: Cell) -> str:
    """A Change or New cell: a button that opens the explanation, when it has one."""
    text = html_text(cell.text)
    if cell.explanation is not None:
        return f'<td class="num"><button class="why-open">{text}</button></td>'
    return f'<td class="num">{text}</td>'


_EXPLAINED = {"Change": ' data-col="0"', "New": ' data-col="1"'}
"""The columns whose values open an explanation, and their column in the page's data."""


_BEST_FIRST = frozenset({"Rtg", "Score", "Exp", "Change", "New", "Perf"})
"""Columns that sort highest first on the first click."""


def _th(i: int, head: str) -> str:
    kind = ' class="num" data-type="num"' if i in RIGHT else ' data-type="text"'
    first = ' data-first="desc"' if head in _BEST_FIRST else ""
    return (f'<th scope="col"{kind}{first}{_EXPLAINED.get(head, "")}><button type="button">'
            f"{head}</button></th>")


def to_html(result: RatingResult, source: str = "") -> str:
    """One self-contained page (the report's look and script): the table, where each
    change (an unrated player's new rating) opens its explanation, then the notes."""
    system = result.system
    table = _table(result)
    head = "".join(_th(i, h) for i, h in enumerate(HEADERS))
    rows = []
    for p, row in zip(result.players, table.rows, strict=True):
        c = cells(p, system)
        plain = "".join(f'<td class="num">{html_text(x)}</td>' for x in c[2:7])
        rows.append(f'<tr data-no="{p.start_no}"><td class="num">{p.start_no}</td>'
                    f'<th scope="row" class="name">{html_text(p.name)}</th>{plain}'
                    f"{_td(row.cells[0])}{_td(row.cells[1])}"
                    f'<td class="num">{html_text(c[9])}</td></tr>')
    lines = ['<table class="sortable filterable" id="ratings"><caption class="sr">'
             "Rating changes</caption>", f"<thead><tr>{head}</tr></thead><tbody>", *rows,
             "</tbody></table>"]
    name = title(result)
    facts = head_lines(result, file_name(source) if source else "")[1:]
    notes = ['<section aria-labelledby="s-notes"><h2 id="s-notes">Notes</h2><dl>']
    for p in result.players:
        notes.append(f"<dt>{p.start_no} {html_text(p.name)}</dt>"
                     + "".join(f"<dd>{html_text(n)}</dd>" for n in p.notes))
    notes.append("</dl></section>")
    body = ["<header>", f"<h1>{html_text(name)}</h1>", '<ul class="notes">',
            *(f"<li>{html_text(x.lstrip(' -'))}</li>" for x in facts), "</ul>", "</header>",
            "<main>", '<section aria-labelledby="s-ratings"><h2 id="s-ratings">Ratings</h2>',
            '<p class="hint">Open a change to see it game by game.</p>',
            *boxed(lines, "Rating changes"), "</section>", *notes, "</main>",
            footer(source)]
    data = why_data([("", table)])
    return "\n".join(document(name, body, data, source, f"ratings --system {system.value}",
                              "rating changes"))
