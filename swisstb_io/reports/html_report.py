"""One self-contained HTML page: header, standings with explanations, crosstable, chart.

No external assets (inline CSS, a few lines of vanilla JS for sorting, inline SVG), so it
works offline and prints well (``@media print``).  Real table markup: ``<caption>``,
``<th scope>``; sort buttons in the column headers set ``aria-sort``.  Every tie-break value
opens (``<details>``) to its explanation: the rule cited, each round's number, what was
dropped and why.  Every text from the input file is escaped.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import repeat

from .. import __version__
from ..tiebreaks import ExplainRow
from ._escape import html_text
from ._html_assets import CSS, JS
from ._model import Cell, Column, Group, Report, Row
from ._numbers import decimal
from ._options import PrizeColumn, ReportOptions
from ._svg import chart

CHART_PLAYERS = 10


def _e(text: object) -> str:
    return html_text(str(text))


class _Escaped(dict[str, str]):
    """``escaped[text]``: :func:`~._escape.html_text` once per distinct text (notes, results
    and names repeat across the rows of a report)."""

    def __missing__(self, key: str) -> str:
        value = self[key] = html_text(key)
        return value


_EXPLAIN_HEAD = ('<thead><tr><th scope="col">Rd</th><th scope="col">Result</th>'
                 '<th scope="col">Opponent</th><th scope="col" class="num">Value</th>'
                 '<th scope="col">Note</th></tr></thead><tbody>')


class _Cells:
    """Renders the tie-break cells of one report (notes, names and texts recur: each is
    escaped once)."""

    def __init__(self, names: dict[int, str] | None, esc: _Escaped) -> None:
        self.names = names or {}
        self.explain = names is not None
        self.esc = esc
        self.notes: dict[tuple[str, ...], str] = {}
        self.texts: dict[int, dict[tuple[int, int], str]] = {}
        """Number texts by digits, then by the value's ``(numerator, denominator)``."""

    def number(self, value: Fraction, digits: int) -> str:
        """``value`` as a number in the page (a Decimal prints as digits, '.', '-':
        nothing to escape); each distinct value is printed once."""
        texts = self.texts.get(digits)
        if texts is None:
            texts = self.texts[digits] = {}
        ratio = value.as_integer_ratio()
        text = texts.get(ratio)
        if text is None:
            text = texts[ratio] = str(decimal(value, digits))
        return text

    def column(self, col: Column, label: str, cells: list[Cell]) -> list[str]:
        """The ``<td>`` of each of ``cells`` (one column, top to bottom)."""
        esc = self.esc
        digits = col.digits
        row = self.row
        opening = (f'<table><caption class="sr">How {label} was computed</caption>'
                   f"{_EXPLAIN_HEAD}")
        out = []
        for cell in cells:
            value = cell.value
            sort = "" if value is None else self.number(value, 6)
            e = cell.explanation
            if e is not None and self.explain:
                text = esc[cell.text]
                body = (opening + "".join([row(r, digits) for r in e.rows])
                        + "</tbody></table>") if e.rows else ""
                notes = self.notes.get(e.notes)
                if notes is None:
                    notes = self.notes[e.notes] = (
                        "<ul>" + "".join(f"<li>{esc[n]}</li>" for n in e.notes) + "</ul>"
                        if e.notes else "")
                out.append(f'<td class="num tb" data-sort="{sort}"><details><summary>{text}'
                           f'</summary><div class="why"><p><strong>{label} = {text}</strong>: '
                           f"{esc[e.rule]}</p>{body}{notes}</div></details></td>")
            elif e is None and value is None:
                out.append(f'<td class="num tb" data-sort="{sort}" title="not computed: the '
                           'player was not tied when it applied">-</td>')
            else:
                out.append(f'<td class="num tb" data-sort="{sort}">{esc[cell.text]}</td>')
        return out

    def row(self, row: ExplainRow, digits: int) -> str:
        """The markup of one explanation row."""
        rnd, result, opponent, value, note, dropped = row
        esc = self.esc
        number = "" if value is None else self.number(value, digits)
        opp = "" if opponent is None else self.names.get(opponent)
        if opp is None:  # not a player of the table: the start number
            opp = esc[str(opponent)]
        note = esc[note]  # notes recur: the note of a game against one opponent
        if dropped:
            return (f'<tr class="dropped"><td>{rnd or ""}</td><td>{esc[result]}</td>'
                    f'<td>{opp}</td><td class="num">{number}</td>'
                    f'<td class="drop">{note} <span class="drop">(dropped: '
                    f"{esc[dropped]})</span></td></tr>")
        return (f"<tr><td>{rnd or ''}</td><td>{esc[result]}</td>"
                f'<td>{opp}</td><td class="num">{number}</td>'
                f'<td class="drop">{note}</td></tr>')


def _standings(report: Report, rows: tuple[Row, ...], caption: str, explain: bool,
               table_id: str, prizes: PrizeColumn | None = None) -> list[str]:
    """The lines of a standings table (the page is joined once, at the end: it can be
    megabytes, and each join copies it)."""
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
    if prizes is not None:
        th += '<th scope="col" data-type="text"><button type="button">Prize</button></th>'
    esc = _Escaped()
    # names escaped once (an explanation row names its opponent)
    names = {r.start_no: esc[r.name] for r in report.rows} if explain else None
    cells = _Cells(names, esc)
    columns = [(c, esc[c.label]) for c in report.columns]
    out = [f'<table class="standings sortable" id="{table_id}"><caption>{caption}</caption>',
           f"<thead><tr>{th}</tr></thead><tbody>"]
    starred = report.actual_play_rule
    by_column = [cells.column(c, label, [r.cells[k] for r in rows])
                 for k, (c, label) in enumerate(columns)]
    for r, tds in zip(rows, zip(*by_column, strict=True) if by_column else repeat(()),
                      strict=False):
        mark = "*" if starred and not r.scored_in_play else ""
        rating = "unr" if r.rating is None else str(r.rating)
        points = cells.number(r.points, 6)
        out.append(
            f'<tr><td class="num" data-sort="{r.place}">{esc[r.place_text]}</td>'
            f'<td class="num">{r.start_no}</td>'
            f'<th scope="row">{esc[r.name]}{mark}</th>'
            f'<td class="num" data-sort="{"" if r.rating is None else r.rating}">{rating}</td>'
            f'<td class="num" data-sort="{points}">{esc[r.points_text]}</td>'
            + "".join(tds)
            + ("" if prizes is None else f"<td>{esc[prizes.cells.get(r.start_no, '')]}</td>")
            + "</tr>"
        )
    out.append("</tbody></table>")
    return out


def _crosstable(report: Report) -> list[str]:
    name = "US" if report.notation == "us" else "FIDE"
    heads = ('<th scope="col" class="num">No</th><th scope="col">Name</th>'
             '<th scope="col" class="num">Pts</th>'
             + "".join(f'<th scope="col">R{k}</th>' for k in range(1, report.rounds + 1)))
    out = [f'<table class="crosstable"><caption>Crosstable in {name} notation '
           f"<small>({_e(report.legend)})</small></caption>",
           f"<thead><tr>{heads}</tr></thead><tbody>"]
    esc = _Escaped()
    for r, line in zip(report.rows, report.crosstable_rows(), strict=True):
        cells = []
        for cell, opponent in zip(line.cells, line.opponents, strict=True):
            text = esc[cell]
            if opponent is not None:
                cells.append(f'<td><a href="#x{opponent}">{text}</a></td>')
            else:
                cells.append(f"<td>{text}</td>")
        out.append(f'<tr id="x{r.start_no}"><td class="num">{r.start_no}</td>'
                   f'<th scope="row">{_e(r.name)}</th><td class="num">{_e(r.points_text)}</td>'
                   + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return out


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


def _group(report: Report, n: int, group: Group) -> list[str]:
    caption = f"{_e(group.title)} <small>(places counted inside the group)</small>"
    lines = _standings(report, group.rows, caption, False, f"group-{n}")
    lines[0] = f'<section aria-labelledby="g{n}"><h3 id="g{n}">{_e(group.title)}</h3>\n{lines[0]}'
    lines[-1] += "</section>"
    return lines


def render(report: Report, options: ReportOptions) -> bytes:
    shown = min(CHART_PLAYERS, len(report.rows))
    chart_title = (f"Score after each round, the top {shown} of {len(report.rows)} players"
                   if shown < len(report.rows) else "Score after each round")
    caption = ("Standings <small>(sort by clicking a column header; open a tie-break value "
               "to see how it was computed)</small>")
    body = [
        "<header>", _header(report), "</header>", "<main>",
        '<section aria-labelledby="s-standings"><h2 id="s-standings">Standings</h2>',
        *_standings(report, report.rows, caption, True, "standings", options.prizes),
        "</section>",
    ]
    if options.prizes is not None and options.prizes.html:
        body += ['<section aria-labelledby="s-prizes" class="prizes">',
                 options.prizes.html.replace("<h2>", '<h2 id="s-prizes">', 1), "</section>"]
    if report.groups:
        body.append('<section aria-labelledby="s-groups"><h2 id="s-groups">Groups</h2>')
        for n, g in enumerate(report.groups, 1):
            body += _group(report, n, g)
        body.append("</section>")
    body += [
        '<section aria-labelledby="s-cross"><h2 id="s-cross">Crosstable</h2>',
        *_crosstable(report), "</section>",
    ]
    if report.rounds:
        body += ['<section aria-labelledby="s-chart"><h2 id="s-chart">Score progression</h2>',
                 '<figure>',
                 chart(report.rows, report.crosstable_rows(), report.rounds, chart_title,
                       CHART_PLAYERS),
                 f"<figcaption>{_e(chart_title)}.</figcaption></figure></section>"]
    body += ["</main>",
             f"<footer>Generated by swisstb_io {_e(__version__)}"
             + (f" from {_e(report.source)}" if report.source else "") + ".</footer>"]
    head = ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_e(report.title)}</title>\n<style>{CSS}</style>\n</head>\n<body>")
    return "\n".join([head, *body, f"<script>{JS}</script>\n</body>\n</html>\n"]).encode()
