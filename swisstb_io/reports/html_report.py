"""One self-contained HTML page: header, standings with explanations, groups, crosstable,
chart.

No external assets (the stylesheet and script of :mod:`.html_kit`, inline SVG), so it
works offline.  Real table markup: ``<caption>``, ``<th scope>``; sort buttons in the column
headers set ``aria-sort``; a search box filters each table.  Every tie-break value, in the
standings and in the group tables, opens a popover with its explanation (the rule cited,
each round's number, what was dropped and why), built from the page's compact explanation
data (:mod:`.html_why`).  Every table scrolls sideways inside a box of its own when it is
wider than the page (on a phone, with the place and name columns kept in view); printed,
table headers repeat on every page, and the header says how to print and offers the
compact print view (:func:`.html_kit.print_choice`: the standings and the crosstable, the
groups, chart, prize list, matches and rosters left out).  Every
text from the input file is escaped; the footer names the input file, never its folder.
The sections of a multi-section file make one page of their own (:func:`render_sections`:
a titled block each, every id of a block prefixed).  A team event's page
(:attr:`~._model.Report.teams`) shows the team part first: the team standings (each value
opens its explanation), the team crosstable (each cell links to its match) and every match
board by board.  A prize list (:attr:`~._model.Report.prizes`) is a Prize column and a
section after the standings.  The tables themselves are in :mod:`._html_tables`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ._html_tables import (
    ONE,
    Ids,
    crosstable,
    match_card,
    prize_head,
    prize_html,
    prize_tables,
    standings,
    team_crosstable,
    team_rosters,
    team_standings,
)
from ._model import Cell, Column, PrizeList, Report, TeamTable, file_name
from ._options import ReportOptions
from .charts import chart, legend
from .html_kit import document, footer, html_text, nav, print_choice
from .html_why import why_data

CHART_PLAYERS = 10


def _e(text: object) -> str:
    return html_text(str(text))


def _facts(report: Report) -> list[str]:
    """The event's facts, its tie-breaks in order and the report's notes."""
    items = list(report.header)
    if report.fide_rules:
        items.append(("FIDE tie-break rules", f"C.07, {report.fide_rules} edition"))
    out = ['<dl class="facts">']
    out.extend(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in items)
    out.append("</dl>")
    if report.chain is not None:
        out.extend(_chain(report.chain.lines))
    out.extend(_tiebreak_list(report.columns, "Tie-breaks in order"))
    if report.notes:
        out.append('<ul class="notes">' + "".join(f"<li>{_e(n)}</li>" for n in report.notes)
                   + "</ul>")
    return out


COMPACT = "the standings and the crosstable"
"""What an event page's compact print view prints (:func:`.html_kit.print_choice`)."""

TEAM_COMPACT = "the standings and the crosstables"
"""What a team event page's compact print view prints."""


def _chain(lines: tuple[str, ...]) -> list[str]:
    """Where the chain came from (and a hint), one paragraph each."""
    return [f'<p class="chain">{_e(line)}.</p>' for line in lines]


def _tiebreak_list(columns: tuple[Column, ...], label: str) -> list[str]:
    """The tie-breaks in order: label, name, rule (and ``lower ranks higher`` where the
    lower value is the better)."""
    if not columns:
        return []
    return [f'<ol class="tiebreaks" aria-label="{_e(label)}">',
            *(f"<li><strong>{_e(c.label)}</strong>: {_e(c.name)} ({_e(c.rule)}"
              + (f"; {_e(c.order_note)}" if c.order_note else "") + ")</li>"
              for c in columns),
            "</ol>"]


def _heading(ids: Ids, name: str, text: str, level: int = 0, detail: bool = False) -> str:
    """``<section aria-labelledby="s-NAME"><h2 id="s-NAME">TEXT</h2>`` (one level deeper
    on a page of several sections; ``level`` deeper still); ``detail``: a part the compact
    print view leaves out."""
    h = ids.level + level
    cls = ' class="detail"' if detail else ""
    return (f'<section aria-labelledby="{ids.prefix}{name}"{cls}>'
            f'<h{h} id="{ids.prefix}{name}">{text}</h{h}>')


def _groups(report: Report, links: Mapping[int, str], ids: Ids) -> list[str]:
    out = [_heading(ids, "s-groups", "Groups", detail=True)]
    for n, group in enumerate(report.groups, 1):
        out.append(_heading(ids, f"g{n}", f"{_e(group.title)} "
                            "<small>(places counted inside the group)</small>", 1))
        out += standings(report, group.rows, _e(group.title), f"group-{n}", links, ids=ids)
        out.append("</section>")
    out.append("</section>")
    return out


def _chart(report: Report, ids: Ids) -> list[str]:
    shown = min(CHART_PLAYERS, len(report.rows))
    title = (f"Score after each round, the top {shown} of {len(report.rows)} players"
             if shown < len(report.rows) else "Score after each round")
    return [_heading(ids, "s-chart", "Score progression", detail=True),
            "<figure>",
            chart(report.rows, report.crosstable_rows(), report.rounds, title, CHART_PLAYERS,
                  f"{ids.prefix}chart-title"),
            legend(report.rows, CHART_PLAYERS),
            f"<figcaption>{_e(title)}.</figcaption></figure></section>"]


def _event(report: Report, options: ReportOptions, ids: Ids) -> list[str]:
    """The standings, prize list, groups, crosstable and chart of one event (or one
    section of a page of several)."""
    links = options.player_links
    body = [_heading(ids, "s-standings", f"Standings{_e(report.stage)}")]
    if ids is ONE:
        body.append('<p class="hint">Sort by clicking a column header; open a tie-break '
                    "value to see how it was computed.</p>")
    body += [*standings(report, report.rows, "Standings", "standings", links,
                        report.prizes, ids, report.ratings), "</section>"]
    if report.prizes is not None:
        h = ids.level
        html = prize_html(report.prizes, True, f'<h{h} id="{ids.prefix}s-prizes">', f"</h{h}>")
        body += [f'<section aria-labelledby="{ids.prefix}s-prizes" class="prizes detail">',
                 html,
                 "</section>"]
    if report.groups:
        body += _groups(report, links, ids)
    body += [_heading(ids, "s-cross", "Crosstable"), *crosstable(report, ids), "</section>"]
    if report.rounds:
        body += _chart(report, ids)
    return body


def _explained(report: Report) -> Report:
    """``report`` as the page's explanation data sees it: its tie-break columns, then the
    rating change's when its values are explained (their ``data-col`` follows the
    tie-breaks', :func:`._html_tables.standings`)."""
    ratings = report.ratings
    if ratings is None or not ratings.explanations:
        return report
    column = Column("ratings", ratings.label, ratings.name, ratings.rule, ratings.digits)
    rows = tuple(r._replace(cells=(*r.cells, Cell(None, ratings.explained_value(r.start_no),
                                                  None, ratings.explanations.get(r.start_no))))
                 for r in report.rows)
    return report._replace(columns=(*report.columns, column), rows=rows)


def _title(report: Report) -> str:
    return report.event_name or file_name(report.source) or "Standings"


def _team_header(teams: TeamTable, title: str, dates: str) -> list[str]:
    """The page header of a team event: facts (the event's ``dates`` first), the team
    chain, the notes."""
    out = [f"<h1>{_e(title)}</h1>", '<dl class="facts">']
    facts = (("Dates", dates), *teams.header) if dates else teams.header
    out.extend(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in facts)
    out.append("</dl>")
    out.extend(_chain(teams.chain.lines))
    out.extend(_tiebreak_list(teams.columns, "Team tie-breaks in order"))
    notes = (*teams.reasons, *teams.notes)
    out.append('<ul class="notes">' + "".join(f"<li>{_e(n)}</li>" for n in notes) + "</ul>")
    return out


def _team_sections(teams: TeamTable, stage: str) -> list[str]:
    """The team standings (``stage``: `` after round 3 of 9``, :attr:`~._model.Report.stage`),
    crosstable and matches sections."""
    out = ['<section aria-labelledby="s-teams"><h2 id="s-teams">Team standings'
           f"{_e(stage)}</h2>",
           '<p class="hint">Sort by clicking a column header; open a tie-break value to see '
           "how it was computed.</p>", *team_standings(teams), "</section>",
           '<section aria-labelledby="s-team-cross"><h2 id="s-team-cross">Team crosstable'
           "</h2>", *team_crosstable(teams), "</section>",
           '<section aria-labelledby="s-matches" class="detail"><h2 id="s-matches">Matches'
           "</h2>"]
    for rnd in range(1, teams.rounds + 1):
        out.append(f'<h3 id="round-{rnd}">Round {rnd}</h3>')
        for card in teams.matches:
            if card.round == rnd:
                out.extend(match_card(teams, card))
    out.append("</section>")
    return out


def _team_page(report: Report, teams: TeamTable, options: ReportOptions) -> bytes:
    """A team event's page: the team part (its values' columns first in the explanation
    data, its rows keyed ``t<team number>``), then the board players with ``--view both``
    (else the team rosters)."""
    title = _title(report)
    body = ["<header>", *filter(None, [nav(options.site_links)]),
            *_team_header(teams, title, report.dates), print_choice(TEAM_COMPACT), "</header>",
            "<main>", *_team_sections(teams, report.stage)]
    parts = [("t", report._replace(rows=tuple(t.row for t in teams.rows),
                           columns=teams.columns))]
    if teams.individual:
        body += ['<section aria-labelledby="s-players"><h2 id="s-players">Board players</h2>',
                 *_facts(report), "</section>",
                 *_event(report, options, Ids(first_column=len(teams.columns)))]
        parts.append(("", _explained(report)))
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
            *_facts(report), print_choice(COMPACT), "</header>", "<main>",
            *_event(report, options, ONE),
            "</main>", footer(report.source)]
    data = why_data([("", _explained(report))]) if report.explained else ""
    return "\n".join(document(title, body, data, report.source)).encode()


def render_sections(sections: Sequence[tuple[str, Report, ReportOptions]]) -> bytes:
    """One page for the sections of a file (``(name, report, options)`` each, in order):
    a list of them at the top, then one titled block each with its own facts, standings,
    crosstable and chart.  Every id of a block starts with ``secN-`` (``sec2-standings``,
    ``sec2-x12``), so none repeats; the search box filters every block, and the page's one
    explanation data holds every section's players (:mod:`.html_why`)."""
    first = sections[0][1]
    title = _title(first)
    n = len(sections)
    blocks = []
    items = []
    parts = []
    column = 0
    for i, (name, report, options) in enumerate(sections, 1):
        ids = Ids(f"sec{i}-", 3, column)
        table = _explained(report)
        column += len(table.columns)
        heading = f"Section {i} of {n}: {name or '-'}"
        items.append(f'<li><a href="#sec{i}">{_e(heading)}</a></li>')
        blocks += [f'<section aria-labelledby="sec{i}"><h2 id="sec{i}">{_e(heading)}</h2>',
                   *_facts(report), *_event(report, options, ids), "</section>"]
        parts.append((ids.prefix, table))
    site = sections[0][2].site_links
    body = ["<header>", *filter(None, [nav(site)]), f"<h1>{_e(title)}</h1>",
            f'<nav aria-label="Sections"><ol>{"".join(items)}</ol></nav>',
            '<p class="hint">Sort by clicking a column header; open a tie-break value to see '
            "how it was computed.</p>", print_choice(COMPACT), "</header>",
            "<main>", *blocks, "</main>", footer(first.source)]
    explained = all(report.explained for _, report, _ in sections)
    data = why_data(parts) if explained else ""
    return "\n".join(document(title, body, data, first.source)).encode()


def prize_page(prizes: PrizeList) -> str:
    """The prize list alone as a page (``swisstb prizes --format html``): the event pages'
    look, stylesheet and script (sortable tables, the search box, readable on a phone),
    its heading and lines in the header, the tables in the main part."""
    title = prizes.title()
    body = ["<header>", *prize_head(prizes, False, "<h1>", "</h1>"), "</header>", "<main>",
            '<section aria-labelledby="s-prizes"><h2 id="s-prizes">Prizes</h2>',
            *prize_tables(prizes), "</section>", "</main>", footer(prizes.source)]
    return "\n".join(document(title, body, source=prizes.source))
