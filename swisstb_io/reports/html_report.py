"""One self-contained HTML page: header, standings with explanations, crosstable, chart.

No external assets (inline CSS, a few lines of vanilla JS for sorting, inline SVG), so it
works offline and prints well (``@media print``).  Real table markup: ``<caption>``,
``<th scope>``; sort buttons in the column headers set ``aria-sort``.  Every tie-break value
opens (``<details>``) to its explanation: the rule cited, each round's number, what was
dropped and why.  Every text from the input file is escaped.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

from .. import __version__
from ..tiebreaks import ExplainRow, Explanation
from ..tiebreaks.report import decimal
from ._html_assets import CSS, JS
from ._options import ReportOptions
from ._svg import chart
from ._table import Cell, Column, Group, Report, Row

CHART_PLAYERS = 10


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _sort_value(value: Fraction | None) -> str:
    """A machine-readable sort key for the script (exact to 6 decimals; empty = undefined)."""
    return "" if value is None else str(decimal(value, 6))


class _Escaped(dict[str, str]):
    """``escaped[text]``: :func:`html.escape` once per distinct text (notes, results and
    names repeat across the rows of a report).

    ``rows`` keeps the markup of explanation rows by ``(id(row), digits)``: systems share
    row objects between values (BH and BH/C1, MM and SOLK), and every row stays alive
    (held by the report) while the page is rendered, so an id names one row.
    """

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[tuple[int, int], str] = {}

    def __missing__(self, key: str) -> str:
        value = self[key] = escape(key, quote=True)
        return value


_EXPLAIN_HEAD = ('<thead><tr><th scope="col">Rd</th><th scope="col">Result</th>'
                 '<th scope="col">Opponent</th><th scope="col" class="num">Value</th>'
                 '<th scope="col">Note</th></tr></thead><tbody>')


def _explanation(col: Column, cell: Cell, e: Explanation, names: dict[int, str],
                 esc: _Escaped) -> str:
    label = esc[col.label]
    parts = [f'<div class="why"><p><strong>{label} = {esc[cell.text]}</strong>: '
             f"{esc[e.rule]}</p>"]
    if e.rows:
        parts.append(f'<table><caption class="sr">How {label} was computed</caption>'
                     + _EXPLAIN_HEAD)
        digits = col.digits
        done = esc.rows
        for row in e.rows:
            key = (id(row), digits)
            markup = done.get(key)
            if markup is None:
                markup = done[key] = _explain_row(row, digits, names, esc)
            parts.append(markup)
        parts.append("</tbody></table>")
    if e.notes:
        parts.append("<ul>" + "".join(f"<li>{esc[n]}</li>" for n in e.notes) + "</ul>")
    parts.append("</div>")
    return "".join(parts)


def _explain_row(row: ExplainRow, digits: int, names: dict[int, str], esc: _Escaped) -> str:
    rnd, result, opponent, value, note, dropped = row
    # a Decimal prints as digits, '.', '-': nothing to escape
    number = "" if value is None else str(decimal(value, digits))
    opp = names.get(opponent) if opponent is not None else ""
    if opp is None:  # not a player of the table: the start number
        opp = esc[str(opponent)]
    if dropped:
        return (f'<tr class="dropped"><td>{rnd or ""}</td><td>{esc[result]}</td>'
                f'<td>{opp}</td><td class="num">{number}</td>'
                f'<td class="drop">{esc[note]} <span class="drop">(dropped: '
                f"{esc[dropped]})</span></td></tr>")
    return (f"<tr><td>{rnd or ''}</td><td>{esc[result]}</td>"
            f'<td>{opp}</td><td class="num">{number}</td>'
            f'<td class="drop">{esc[note]}</td></tr>')


def _value_cell(col: Column, cell: Cell, names: dict[int, str] | None, esc: _Escaped) -> str:
    attrs = f'class="num tb" data-sort="{_sort_value(cell.value)}"'
    if names is not None and cell.explanation is not None:
        return (f"<td {attrs}><details><summary>{esc[cell.text]}</summary>"
                f"{_explanation(col, cell, cell.explanation, names, esc)}</details></td>")
    if cell.explanation is None and cell.value is None:
        return f'<td {attrs} title="not computed: the player was not tied when it applied">-</td>'
    return f"<td {attrs}>{esc[cell.text]}</td>"


def _standings(report: Report, rows: tuple[Row, ...], caption: str, explain: bool,
               table_id: str) -> str:
    heads = [("Place", "num"), ("No", "num"), ("Name", "text"), ("Rating", "num"),
             ("Points", "num")]
    num = ' class="num"'
    th = "".join(
        f'<th scope="col" data-type="{t}"{num if t == "num" else ""}>'
        f'<button type="button">{_e(h)}</button></th>' for h, t in heads
    )
    th += "".join(
        f'<th scope="col" data-type="num" class="num"><button type="button" '
        f'title="{_e(c.name)}, {_e(c.rule)}">{_e(c.label)}</button></th>'
        for c in report.columns
    )
    esc = _Escaped()
    # names escaped once (an explanation row names its opponent)
    names = {r.start_no: esc[r.name] for r in report.rows} if explain else None
    out = [f'<table class="standings sortable" id="{table_id}"><caption>{caption}</caption>',
           f"<thead><tr>{th}</tr></thead><tbody>"]
    for r in rows:
        mark = ("*" if not r.scored_in_play and report.result.actual_play_rule else "")
        rating = "unr" if r.rating is None else str(r.rating)
        out.append(
            f'<tr><td class="num" data-sort="{r.place}">{_e(r.place_text)}</td>'
            f'<td class="num">{r.start_no}</td>'
            f'<th scope="row">{_e(r.name)}{mark}</th>'
            f'<td class="num" data-sort="{"" if r.rating is None else r.rating}">{rating}</td>'
            f'<td class="num" data-sort="{_sort_value(r.points)}">{_e(r.points_text)}</td>'
            + "".join(_value_cell(c, cell, names, esc)
                      for c, cell in zip(report.columns, r.cells, strict=True))
            + "</tr>"
        )
    out.append("</tbody></table>")
    return "\n".join(out)


def _crosstable(report: Report) -> str:
    name = "US" if report.notation == "us" else "FIDE"
    heads = ('<th scope="col" class="num">No</th><th scope="col">Name</th>'
             '<th scope="col" class="num">Pts</th>'
             + "".join(f'<th scope="col">R{k}</th>' for k in range(1, report.rounds + 1)))
    out = [f'<table class="crosstable"><caption>Crosstable in {name} notation '
           f"<small>({_e(report.legend)})</small></caption>",
           f"<thead><tr>{heads}</tr></thead><tbody>"]
    esc = _Escaped()
    fide = report.notation == "fide"
    for r in report.rows:
        cells = []
        for c in r.rounds:
            text = esc[c.fide if fide else c.us]
            if c.opponent is not None:
                cells.append(f'<td><a href="#x{c.opponent}">{text}</a></td>')
            else:
                cells.append(f"<td>{text}</td>")
        out.append(f'<tr id="x{r.start_no}"><td class="num">{r.start_no}</td>'
                   f'<th scope="row">{_e(r.name)}</th><td class="num">{_e(r.points_text)}</td>'
                   + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def _header(report: Report) -> str:
    items = list(report.header)
    if report.fide_rules:
        items.append(("FIDE tie-break rules", f"C.07, {report.fide_rules} edition"))
    out = [f"<h1>{_e(report.title)}</h1>", '<dl class="event">']
    out.extend(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in items)
    out.append("</dl>")
    if report.columns:
        out.append('<ol class="tiebreaks" aria-label="Tie-breaks in order">')
        out.extend(f"<li><strong>{_e(c.label)}</strong>: {_e(c.name)} ({_e(c.rule)})</li>"
                   for c in report.columns)
        out.append("</ol>")
    if report.notes:
        out.append('<ul class="notes">' + "".join(f"<li>{_e(n)}</li>" for n in report.notes)
                   + "</ul>")
    return "\n".join(out)


def _group(report: Report, n: int, group: Group) -> str:
    caption = f"{_e(group.title)} <small>(places counted inside the group)</small>"
    return (f'<section aria-labelledby="g{n}"><h3 id="g{n}">{_e(group.title)}</h3>\n'
            + _standings(report, group.rows, caption, False, f"group-{n}") + "</section>")


def render(report: Report, options: ReportOptions) -> bytes:
    shown = min(CHART_PLAYERS, len(report.rows))
    chart_title = (f"Score after each round, the top {shown} of {len(report.rows)} players"
                   if shown < len(report.rows) else "Score after each round")
    caption = ("Standings <small>(sort by clicking a column header; open a tie-break value "
               "to see how it was computed)</small>")
    body = [
        "<header>", _header(report), "</header>", "<main>",
        '<section aria-labelledby="s-standings"><h2 id="s-standings">Standings</h2>',
        _standings(report, report.rows, caption, True, "standings"), "</section>",
    ]
    if report.groups:
        body.append('<section aria-labelledby="s-groups"><h2 id="s-groups">Groups</h2>')
        body.extend(_group(report, n, g) for n, g in enumerate(report.groups, 1))
        body.append("</section>")
    body += [
        '<section aria-labelledby="s-cross"><h2 id="s-cross">Crosstable</h2>',
        _crosstable(report), "</section>",
    ]
    if report.rounds:
        body += ['<section aria-labelledby="s-chart"><h2 id="s-chart">Score progression</h2>',
                 '<figure>', chart(report.rows, report.rounds, chart_title, CHART_PLAYERS),
                 f"<figcaption>{_e(chart_title)}.</figcaption></figure></section>"]
    body += ["</main>",
             f"<footer>Generated by swisstb_io {_e(__version__)}"
             + (f" from {_e(report.source)}" if report.source else "") + ".</footer>"]
    page = (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e(report.title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + f"\n<script>{JS}</script>\n</body>\n</html>\n"
    )
    return page.encode("utf-8")
