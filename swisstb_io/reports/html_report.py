"""One self-contained HTML page: header, standings with explanations, groups, crosstable,
chart.

No external assets (the stylesheet and script of :mod:`._html_assets`, inline SVG), so it
works offline.  Real table markup: ``<caption>``, ``<th scope>``; sort buttons in the column
headers set ``aria-sort``; a search box filters each table.  Every tie-break value, in the
standings and in the group tables, opens a popover with its explanation (the rule cited,
each round's number, what was dropped and why), built from the page's compact explanation
data (:mod:`._html_why`).  Tables scroll sideways inside their box on a phone, with the
place and name columns kept in view; printed, table headers repeat on every page.  Every
text from the input file is escaped; the footer names the input file, never its folder.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import repeat

from ._escape import html_text
from ._html_page import boxed, document, file_name, footer, nav
from ._html_why import why_data
from ._model import Cell, Report, Row
from ._numbers import decimal
from ._options import PrizeColumn, ReportOptions
from ._svg import chart, legend

CHART_PLAYERS = 10

_NOT_COMPUTED = ('<td class="num" data-sort="" title="not computed: the player was not tied '
                 'when it applied">-</td>')


def _e(text: object) -> str:
    return html_text(str(text))


class _Escaped(dict[str, str]):
    """``escaped[text]``: :func:`~._escape.html_text` once per distinct text (names and
    values repeat across the tables of a report)."""

    def __missing__(self, key: str) -> str:
        value = self[key] = html_text(key)
        return value


def _number(value: Fraction, digits: int) -> str:
    """A value as a number in the page (a Decimal prints as digits, '.', '-': nothing to
    escape)."""
    return str(decimal(value, digits))


def _column(cells: list[Cell], esc: _Escaped) -> list[str]:
    """The ``<td>`` of each of ``cells`` (one tie-break column, top to bottom).  A value
    that is not a multiple of 1/4 is printed rounded: it sorts by its exact value."""
    out = []
    for cell in cells:
        value = cell.value
        if value is None:
            out.append(_NOT_COMPUTED if cell.explanation is None
                       else '<td class="num" data-sort="">-</td>')
            continue
        sort = "" if 4 % value.denominator == 0 else f' data-sort="{_number(value, 6)}"'
        text = esc[cell.text]
        if cell.explanation is not None:
            out.append(f'<td class="num"{sort}><button class="why-open">{text}</button></td>')
        else:
            out.append(f'<td class="num"{sort}>{text}</td>')
    return out


def _optional_fields(rows: tuple[Row, ...]) -> list[tuple[str, str]]:
    """``(field, header)`` of the Title and Fed columns, when any player has one."""
    return [(key, head) for key, head in (("title", "Title"), ("federation", "Fed"))
            if any(r.fields.get(key) for r in rows)]


def _standings(report: Report, rows: tuple[Row, ...], caption: str, table_id: str,
               links: Mapping[int, str], prizes: PrizeColumn | None = None) -> list[str]:
    """The lines of a standings table (``links``: a page for some players' names;
    ``prizes``: a Prize column)."""
    extra = _optional_fields(report.rows)
    heads = [("Place", "num", "", "place"), ("Name", "text", "", "name"),
             ("No", "num", "", ""),
             *((h, "text", "", "") for _, h in extra),
             ("Rating", "num", "desc", ""), ("Points", "num", "desc", "")]
    th = "".join(
        f'<th scope="col" data-type="{t}"'
        + (f' data-first="{first}"' if first else "")
        + (f' class="{cls}"' if cls else ' class="num"' if t == "num" else "")
        + f'><button type="button">{h}</button></th>' for h, t, first, cls in heads)
    th += "".join(
        f'<th scope="col" data-type="num" data-first="desc" data-col="{k}" class="num">'
        f'<button type="button" title="{_e(c.name)}, {_e(c.rule)}">{_e(c.label)}</button></th>'
        for k, c in enumerate(report.columns))
    if prizes is not None:
        th += '<th scope="col" data-type="text"><button type="button">Prize</button></th>'
    esc = _Escaped()
    out = [f'<table class="standings sortable filterable" id="{table_id}">'
           f'<caption class="sr">{caption}</caption>', f"<thead><tr>{th}</tr></thead><tbody>"]
    starred = report.actual_play_rule
    by_column = [_column([r.cells[k] for r in rows], esc) for k in range(len(report.columns))]
    for r, tds in zip(rows, zip(*by_column, strict=True) if by_column else repeat(()),
                      strict=False):
        mark = "*" if starred and not r.scored_in_play else ""
        name = esc[r.name]
        href = links.get(r.start_no)
        if href is not None:
            name = f'<a href="{_e(href)}">{name}</a>'
        rating = ('<td class="num" data-sort="">unr</td>' if r.rating is None
                  else f'<td class="num">{r.rating}</td>')
        out.append(
            f'<tr data-no="{r.start_no}"><td class="num place" data-sort="{r.place}">'
            f'{esc[r.place_text]}</td><th scope="row" class="name">{name}{mark}</th>'
            f'<td class="num">{r.start_no}</td>'
            + "".join(f"<td>{esc[r.fields.get(key, '')]}</td>" for key, _ in extra)
            + f'{rating}<td class="num">{esc[r.points_text]}</td>' + "".join(tds)
            + ("" if prizes is None else f"<td>{esc[prizes.cells.get(r.start_no, '')]}</td>")
            + "</tr>")
    out.append("</tbody></table>")
    return boxed(out, caption)


def _crosstable(report: Report) -> list[str]:
    name = "US" if report.notation == "us" else "FIDE"
    heads = ('<th scope="col" class="num" data-type="num"><button type="button">No</button></th>'
             '<th scope="col" data-type="text"><button type="button">Name</button></th>'
             '<th scope="col" class="num" data-type="num" data-first="desc">'
             '<button type="button">Pts</button></th>'
             + "".join(f'<th scope="col">R{k}</th>' for k in range(1, report.rounds + 1)))
    out = [f'<p class="legend-text">{_e(report.legend)}.</p>'
           '<table class="crosstable sortable filterable" id="crosstable">'
           f"<caption>Crosstable in {name} notation</caption>",
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
                   f'<th scope="row">{esc[r.name]}</th><td class="num">{esc[r.points_text]}</td>'
                   + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return [out[0], *boxed(out[1:], f"Crosstable in {name} notation")]


def _header(report: Report, title: str) -> list[str]:
    items = list(report.header)
    if report.fide_rules:
        items.append(("FIDE tie-break rules", f"C.07, {report.fide_rules} edition"))
    out = [f"<h1>{_e(title)}</h1>", '<dl class="facts">']
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
    return out


def _groups(report: Report, links: Mapping[int, str]) -> list[str]:
    out = ['<section aria-labelledby="s-groups"><h2 id="s-groups">Groups</h2>']
    for n, group in enumerate(report.groups, 1):
        out.append(f'<section aria-labelledby="g{n}"><h3 id="g{n}">{_e(group.title)} '
                   "<small>(places counted inside the group)</small></h3>")
        out += _standings(report, group.rows, _e(group.title), f"group-{n}", links)
        out.append("</section>")
    out.append("</section>")
    return out


def _chart(report: Report) -> list[str]:
    shown = min(CHART_PLAYERS, len(report.rows))
    title = (f"Score after each round, the top {shown} of {len(report.rows)} players"
             if shown < len(report.rows) else "Score after each round")
    return ['<section aria-labelledby="s-chart"><h2 id="s-chart">Score progression</h2>',
            "<figure>",
            chart(report.rows, report.crosstable_rows(), report.rounds, title, CHART_PLAYERS),
            legend(report.rows, CHART_PLAYERS),
            f"<figcaption>{_e(title)}.</figcaption></figure></section>"]


def render(report: Report, options: ReportOptions) -> bytes:
    title = report.event_name or file_name(report.source) or "Standings"
    links = options.player_links
    body = ["<header>", *filter(None, [nav(options.site_links)]), *_header(report, title),
            "</header>",
            "<main>", '<section aria-labelledby="s-standings"><h2 id="s-standings">'
            "Standings</h2>",
            '<p class="hint">Sort by clicking a column header; open a tie-break value to see '
            "how it was computed.</p>",
            *_standings(report, report.rows, "Standings", "standings", links, options.prizes),
            "</section>"]
    if options.prizes is not None and options.prizes.html:
        body += ['<section aria-labelledby="s-prizes" class="prizes">',
                 *boxed([options.prizes.html.replace("<h2>", '<h2 id="s-prizes">', 1)],
                        "Prizes"), "</section>"]
    if report.groups:
        body += _groups(report, links)
    body += ['<section aria-labelledby="s-cross"><h2 id="s-cross">Crosstable</h2>',
             *_crosstable(report), "</section>"]
    if report.rounds:
        body += _chart(report)
    body += ["</main>", footer(report.source)]
    data = why_data(report, report.rows) if report.explained else ""
    return "\n".join(document(title, body, data, report.source)).encode()
