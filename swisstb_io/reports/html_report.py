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
The sections of a multi-section file make one page of their own (:func:`render_sections`:
a titled block each, every id of a block prefixed).  A team event's page
(:attr:`~._model.Report.teams`) shows the team part (:mod:`._team_html`) first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import repeat

from ._escape import html_text
from ._html_page import boxed, document, file_name, footer, nav
from ._html_why import why_data
from ._model import Cell, Report, Row
from ._numbers import decimal
from ._options import PrizeColumn, RatingColumn, ReportOptions
from ._svg import chart, legend
from ._team_html import team_header, team_rosters, team_sections
from ._team_model import TeamTable

CHART_PLAYERS = 10

_NOT_COMPUTED = ('<td class="num" data-sort="" title="not computed: the player was not tied '
                 'when it applied">-</td>')


def _e(text: object) -> str:
    return html_text(str(text))


class _Escaped(dict[str, str]):
    """``escaped[text]``: :func:`~._escape.html_text` once per distinct text (names, values
    and crosstable cells repeat across the tables of a report and from report to report:
    one table for the process, :data:`_ESCAPED`, of at most ``most`` texts)."""

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most

    def __missing__(self, key: str) -> str:
        value = html_text(key)
        if len(self) < self.most:
            self[key] = value
        return value


_ESCAPED = _Escaped(50_000)
"""Shared by the pages a process writes (season events: HTML 32.2 -> 30.4 M instructions
an event, the cells and names no longer escaped again for each page)."""


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


@dataclass(frozen=True)
class _Ids:
    """Where one event's block sits in its page: the start of its ids (``""`` on a page
    of one event, ``sec2-`` in the second section of a page of several), the level of its
    headings and its first tie-break column among the page's."""

    prefix: str = ""
    level: int = 2
    first_column: int = 0


_ONE = _Ids()
"""A page of one event."""


def _optional_fields(rows: tuple[Row, ...]) -> list[tuple[str, str]]:
    """``(field, header)`` of the Title and Fed columns, when any player has one."""
    return [(key, head) for key, head in (("title", "Title"), ("federation", "Fed"))
            if any(r.fields.get(key) for r in rows)]


def _standings(report: Report, rows: tuple[Row, ...], caption: str, table_id: str,
               links: Mapping[int, str], prizes: PrizeColumn | None = None,
               ids: _Ids | None = None, ratings: RatingColumn | None = None) -> list[str]:
    """The lines of a standings table (``links``: a page for some players' names;
    ``prizes``: a Prize column; ``ids``: the section of a page of several)."""
    ids = ids or _ONE
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
        for k, c in enumerate(report.columns, ids.first_column))
    if prizes is not None:
        th += '<th scope="col" data-type="text"><button type="button">Prize</button></th>'
    if ratings is not None:
        th += ('<th scope="col" data-type="num" data-first="desc" class="num"><button '
               f'type="button">{_e(ratings.label)}</button></th>')
    esc = _ESCAPED
    out = [f'<table class="standings sortable filterable" id="{ids.prefix}{table_id}">'
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
            f'<tr data-no="{ids.prefix}{r.start_no}"><td class="num place" data-sort="{r.place}">'
            f'{esc[r.place_text]}</td><th scope="row" class="name">{name}{mark}</th>'
            f'<td class="num">{r.start_no}</td>'
            + "".join(f"<td>{esc[r.fields.get(key, '')]}</td>" for key, _ in extra)
            + f'{rating}<td class="num">{esc[r.points_text]}</td>' + "".join(tds)
            + ("" if prizes is None else f"<td>{esc[prizes.cells.get(r.start_no, '')]}</td>")
            + ("" if ratings is None
               else f'<td class="num">{esc[ratings.cells.get(r.start_no, "")]}</td>')
            + "</tr>")
    out.append("</tbody></table>")
    return boxed(out, caption)


def _crosstable(report: Report, ids: _Ids) -> list[str]:
    name = "US" if report.notation == "us" else "FIDE"
    heads = ('<th scope="col" class="num" data-type="num"><button type="button">No</button></th>'
             '<th scope="col" data-type="text"><button type="button">Name</button></th>'
             '<th scope="col" class="num" data-type="num" data-first="desc">'
             '<button type="button">Pts</button></th>'
             + "".join(f'<th scope="col">R{k}</th>'
                       for k in range(1, report.rounds + report.ahead_rounds + 1)))
    p = ids.prefix
    out = [f'<p class="legend-text">{_e(report.legend)}.</p>'
           f'<table class="crosstable sortable filterable" id="{p}crosstable">'
           f"<caption>Crosstable in {name} notation</caption>",
           f"<thead><tr>{heads}</tr></thead><tbody>"]
    esc = _ESCAPED
    for r, line in zip(report.rows, report.crosstable_rows(), strict=True):
        cells = []
        for cell, opponent in zip(line.cells, line.opponents, strict=True):
            text = esc[cell]
            if opponent is not None:
                cells.append(f'<td><a href="#{p}x{opponent}">{text}</a></td>')
            else:
                cells.append(f"<td>{text}</td>")
        cells += (f'<td title="entered ahead, counted nowhere">{esc[c]}</td>' if c
                  else "<td></td>" for c in line.ahead)
        out.append(f'<tr id="{p}x{r.start_no}"><td class="num">{r.start_no}</td>'
                   f'<th scope="row">{esc[r.name]}</th><td class="num">{esc[r.points_text]}</td>'
                   + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return [out[0], *boxed(out[1:], f"Crosstable in {name} notation")]


def _facts(report: Report) -> list[str]:
    """The event's facts, its tie-breaks in order and the report's notes."""
    items = list(report.header)
    if report.fide_rules:
        items.append(("FIDE tie-break rules", f"C.07, {report.fide_rules} edition"))
    out = ['<dl class="facts">']
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


def _heading(ids: _Ids, name: str, text: str, level: int = 0) -> str:
    """``<section aria-labelledby="s-NAME"><h2 id="s-NAME">TEXT</h2>`` (one level deeper
    on a page of several sections; ``level`` deeper still)."""
    h = ids.level + level
    return (f'<section aria-labelledby="{ids.prefix}{name}">'
            f'<h{h} id="{ids.prefix}{name}">{text}</h{h}>')


def _groups(report: Report, links: Mapping[int, str], ids: _Ids) -> list[str]:
    out = [_heading(ids, "s-groups", "Groups")]
    for n, group in enumerate(report.groups, 1):
        out.append(_heading(ids, f"g{n}", f"{_e(group.title)} "
                            "<small>(places counted inside the group)</small>", 1))
        out += _standings(report, group.rows, _e(group.title), f"group-{n}", links, ids=ids)
        out.append("</section>")
    out.append("</section>")
    return out


def _chart(report: Report, ids: _Ids) -> list[str]:
    shown = min(CHART_PLAYERS, len(report.rows))
    title = (f"Score after each round, the top {shown} of {len(report.rows)} players"
             if shown < len(report.rows) else "Score after each round")
    return [_heading(ids, "s-chart", "Score progression"),
            "<figure>",
            chart(report.rows, report.crosstable_rows(), report.rounds, title, CHART_PLAYERS,
                  f"{ids.prefix}chart-title"),
            legend(report.rows, CHART_PLAYERS),
            f"<figcaption>{_e(title)}.</figcaption></figure></section>"]


def _event(report: Report, options: ReportOptions, ids: _Ids) -> list[str]:
    """The standings, prize list, groups, crosstable and chart of one event (or one
    section of a page of several)."""
    links = options.player_links
    body = [_heading(ids, "s-standings", "Standings")]
    if ids is _ONE:
        body.append('<p class="hint">Sort by clicking a column header; open a tie-break '
                    "value to see how it was computed.</p>")
    body += [*_standings(report, report.rows, "Standings", "standings", links,
                         options.prizes, ids, options.ratings), "</section>"]
    if options.prizes is not None and options.prizes.html:
        h = ids.level
        html = options.prizes.html.replace("<h2>", f'<h{h} id="{ids.prefix}s-prizes">', 1)
        body += [f'<section aria-labelledby="{ids.prefix}s-prizes" class="prizes">',
                 *boxed([html.replace("</h2>", f"</h{h}>", 1)], "Prizes"), "</section>"]
    if report.groups:
        body += _groups(report, links, ids)
    body += [_heading(ids, "s-cross", "Crosstable"), *_crosstable(report, ids), "</section>"]
    if report.rounds:
        body += _chart(report, ids)
    return body


def _title(report: Report) -> str:
    return report.event_name or file_name(report.source) or "Standings"


def _team_page(report: Report, teams: TeamTable, options: ReportOptions) -> bytes:
    """A team event's page: the team part (its values' columns first in the explanation
    data, its rows keyed ``t<team number>``), then the board players with ``--view both``
    (else the team rosters)."""
    title = _title(report)
    body = ["<header>", *filter(None, [nav(options.site_links)]), *team_header(teams, title),
            "</header>", "<main>", *team_sections(teams)]
    parts = [("t", report._replace(rows=tuple(t.row for t in teams.rows),
                           columns=teams.columns))]
    if teams.individual:
        body += ['<section aria-labelledby="s-players"><h2 id="s-players">Board players</h2>',
                 *_facts(report), "</section>",
                 *_event(report, options, _Ids(first_column=len(teams.columns)))]
        parts.append(("", report))
    else:
        body += team_rosters(teams, report.rows, options.player_links)
    body += ["</main>", footer(report.source)]
    data = why_data(parts) if report.explained and teams.explained else ""
    return "\n".join(document(title, body, data, report.source)).encode()


def render(report: Report, options: ReportOptions) -> bytes:
    if report.teams is not None:
        return _team_page(report, report.teams, options)
    title = _title(report)
    body = ["<header>", *filter(None, [nav(options.site_links)]), f"<h1>{_e(title)}</h1>",
            *_facts(report), "</header>", "<main>", *_event(report, options, _ONE),
            "</main>", footer(report.source)]
    data = why_data([("", report)]) if report.explained else ""
    return "\n".join(document(title, body, data, report.source)).encode()


def render_sections(sections: Sequence[tuple[str, Report, ReportOptions]]) -> bytes:
    """One page for the sections of a file (``(name, report, options)`` each, in order):
    a list of them at the top, then one titled block each with its own facts, standings,
    crosstable and chart.  Every id of a block starts with ``secN-`` (``sec2-standings``,
    ``sec2-x12``), so none repeats; the search box filters every block, and the page's one
    explanation data holds every section's players (:mod:`._html_why`)."""
    first = sections[0][1]
    title = _title(first)
    n = len(sections)
    blocks = []
    items = []
    parts = []
    column = 0
    for i, (name, report, options) in enumerate(sections, 1):
        ids = _Ids(f"sec{i}-", 3, column)
        column += len(report.columns)
        heading = f"Section {i} of {n}: {name or '-'}"
        items.append(f'<li><a href="#sec{i}">{_e(heading)}</a></li>')
        blocks += [f'<section aria-labelledby="sec{i}"><h2 id="sec{i}">{_e(heading)}</h2>',
                   *_facts(report), *_event(report, options, ids), "</section>"]
        parts.append((ids.prefix, report))
    site = sections[0][2].site_links
    body = ["<header>", *filter(None, [nav(site)]), f"<h1>{_e(title)}</h1>",
            f'<nav aria-label="Sections"><ol>{"".join(items)}</ol></nav>',
            '<p class="hint">Sort by clicking a column header; open a tie-break value to see '
            "how it was computed.</p>", "</header>",
            "<main>", *blocks, "</main>", footer(first.source)]
    explained = all(report.explained for _, report, _ in sections)
    data = why_data(parts) if explained else ""
    return "\n".join(document(title, body, data, first.source)).encode()
