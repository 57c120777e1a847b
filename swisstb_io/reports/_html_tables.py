"""The tables of the HTML page (:mod:`.html_report`): the players' standings and
crosstable, the team standings, team crosstable, match cards and rosters, and the prize
list's tables.  Every text from the input file is escaped.

A table's rows carry the keys of the page's explanation data (:mod:`.html_why`): a
player's row is ``data-no="<prefix><start number>"``, a team's ``data-no="t<team
number>"``; a tie-break column's ``data-col`` is its place among the page's columns (the
team columns first, the players' after them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import repeat

from ..numbers import fixed
from ._model import Cell, Column, MatchCard, PrizeList, RatingChanges, Report, Row, TeamTable
from .html_kit import boxed, html_text


def _e(text: object) -> str:
    return html_text(str(text))


_NOT_COMPUTED = ('<td class="num" data-sort="" title="not computed: the player was not tied '
                 'when it applied">-</td>')


def _column(cells: list[Cell]) -> list[str]:
    """The ``<td>`` of each of ``cells`` (one tie-break column, top to bottom).  A value
    that is not a multiple of 1/4 is printed rounded: it sorts by its exact value."""
    out = []
    for cell in cells:
        value = cell.value
        if value is None:
            out.append(_NOT_COMPUTED if cell.explanation is None
                       else '<td class="num" data-sort="">-</td>')
            continue
        sort = "" if 4 % value.denominator == 0 else f' data-sort="{fixed(value, 6)}"'
        text = _e(cell.text)
        if cell.explanation is not None:
            out.append(f'<td class="num"{sort}><button class="why-open">{text}</button></td>')
        else:
            out.append(f'<td class="num"{sort}>{text}</td>')
    return out


@dataclass(frozen=True)
class Ids:
    """Where one event's block sits in its page: the start of its ids (``""`` on a page
    of one event, ``sec2-`` in the second section of a page of several), the level of its
    headings and its first tie-break column among the page's."""

    prefix: str = ""
    level: int = 2
    first_column: int = 0


ONE = Ids()
"""A page of one event."""


def _optional_fields(rows: tuple[Row, ...]) -> list[tuple[str, str]]:
    """``(field, header)`` of the Title and Fed columns, when any player has one."""
    return [(key, head) for key, head in (("title", "Title"), ("federation", "Fed"))
            if any(r.fields.get(key) for r in rows)]


def standings(report: Report, rows: tuple[Row, ...], caption: str, table_id: str,
              links: Mapping[int, str], prizes: PrizeList | None = None,
              ids: Ids | None = None, ratings: RatingChanges | None = None) -> list[str]:
    """The lines of a standings table (``links``: a page for some players' names;
    ``prizes``: a Prize column; ``ids``: the section of a page of several; ``ratings``: a
    column of the rating changes)."""
    ids = ids or ONE
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
    th += "".join(_tiebreak_th(k, c) for k, c in enumerate(report.columns, ids.first_column))
    if prizes is not None:
        th += '<th scope="col" data-type="text"><button type="button">Prize</button></th>'
    if ratings is not None:  # its values open their explanations, if it has them
        col = (f' data-col="{ids.first_column + len(report.columns)}"'
               if ratings.explanations else "")
        th += (f'<th scope="col" data-type="num" data-first="desc"{col} class="num"><button '
               f'type="button" title="{_e(ratings.name)}, {_e(ratings.rule)}">'
               f"{_e(ratings.label)}</button></th>")
    out = [f'<table class="standings sortable filterable" id="{ids.prefix}{table_id}">'
           f'<caption class="sr">{caption}</caption>', f"<thead><tr>{th}</tr></thead><tbody>"]
    starred = report.actual_play_rule
    by_column = [_column([r.cells[k] for r in rows]) for k in range(len(report.columns))]
    for r, tds in zip(rows, zip(*by_column, strict=True) if by_column else repeat(()),
                      strict=False):
        mark = "*" if starred and not r.scored_in_play else ""
        name = _e(r.name)
        href = links.get(r.start_no)
        if href is not None:
            name = f'<a href="{_e(href)}">{name}</a>'
        rating = ('<td class="num" data-sort="">unr</td>' if r.rating is None
                  else f'<td class="num">{r.rating}</td>')
        out.append(
            f'<tr data-no="{ids.prefix}{r.start_no}"><td class="num place" data-sort="{r.place}">'
            f'{_e(r.place_text)}</td><th scope="row" class="name">{name}{mark}</th>'
            f'<td class="num">{r.start_no}</td>'
            + "".join(f"<td>{_e(r.fields.get(key, ''))}</td>" for key, _ in extra)
            + f'{rating}<td class="num">{_e(r.points_text)}</td>' + "".join(tds)
            + ("" if prizes is None else f"<td>{_e(prizes.won.get(r.start_no, ''))}</td>")
            + ("" if ratings is None else _rating_cell(ratings, r.start_no))
            + "</tr>")
    out.append("</tbody></table>")
    return boxed(out, caption)


def _rating_cell(ratings: RatingChanges, start_no: int) -> str:
    """A player's rating change: a button that opens its explanation, when it has one
    (``not rated`` for a player without a value: why)."""
    if start_no in ratings.explanations:
        text = _e(ratings.explained_value(start_no))
        return f'<td class="num"><button class="why-open">{text}</button></td>'
    return f'<td class="num">{_e(ratings.cells.get(start_no, ""))}</td>'


def crosstable(report: Report, ids: Ids) -> list[str]:
    name = "US" if report.notation == "us" else "FIDE"
    heads = ('<th scope="col" class="num" data-type="num"><button type="button">No</button></th>'
             '<th scope="col" data-type="text"><button type="button">Name</button></th>'
             '<th scope="col" class="num" data-type="num" data-first="desc">'
             '<button type="button">Pts</button></th>'
             + "".join(f'<th scope="col">R{k}</th>'
                       for k in range(1, report.rounds + report.ahead_rounds + 1)))
    p = ids.prefix
    legend = f'<p class="legend-text">{_e(report.legend)}.</p>'
    out = [f'<table class="crosstable sortable filterable" id="{p}crosstable">'
           f"<caption>Crosstable in {name} notation</caption>",
           f"<thead><tr>{heads}</tr></thead><tbody>"]
    for r, line in zip(report.rows, report.crosstable_rows(), strict=True):
        cells = []
        for cell, opponent in zip(line.cells, line.opponents, strict=True):
            text = _e(cell)
            if opponent is not None:
                cells.append(f'<td><a href="#{p}x{opponent}">{text}</a></td>')
            else:
                cells.append(f"<td>{text}</td>")
        cells += (f'<td title="entered ahead, counted nowhere">{_e(c)}</td>' if c
                  else "<td></td>" for c in line.ahead)
        out.append(f'<tr id="{p}x{r.start_no}"><td class="num">{r.start_no}</td>'
                   f'<th scope="row">{_e(r.name)}</th><td class="num">{_e(r.points_text)}</td>'
                   + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return [legend, *boxed(out, f"Crosstable in {name} notation")]


def _value(cell: Cell) -> str:
    if cell.value is None:
        return '<td class="num" data-sort="">-</td>'
    sort = "" if 4 % cell.value.denominator == 0 else f' data-sort="{cell.decimal}"'
    if cell.explanation is not None:
        return (f'<td class="num"{sort}><button class="why-open">{_e(cell.text)}</button>'
                "</td>")
    return f'<td class="num"{sort}>{_e(cell.text)}</td>'


def _th(label: str, kind: str, extra: str = "") -> str:
    cls = ' class="num"' if kind == "num" else ""
    return (f'<th scope="col" data-type="{kind}"{extra}{cls}><button type="button">{label}'
            "</button></th>")


def _tiebreak_th(k: int, c: Column) -> str:
    """A tie-break column's header: the better values first when sorted (the higher, or
    the lower for a system whose lower value ranks higher), its name, rule and order in
    the title."""
    first = "" if c.order_note else ' data-first="desc"'
    title = ", ".join(filter(None, (c.name, c.rule, c.order_note)))
    return (f'<th scope="col" data-type="num"{first} data-col="{k}" class="num">'
            f'<button type="button" title="{_e(title)}">{_e(c.label)}</button></th>')


def team_standings(teams: TeamTable) -> list[str]:
    th = ('<th scope="col" data-type="num" class="place"><button type="button">Place'
          '</button></th><th scope="col" data-type="text" class="name"><button type="button">'
          "Team</button></th>"
          + _th("No", "num") + _th("MP", "num", ' data-first="desc"')
          + _th("GP", "num", ' data-first="desc"'))
    th += "".join(_tiebreak_th(k, c) for k, c in enumerate(teams.columns))
    out = ['<table class="standings sortable filterable" id="team-standings">'
           '<caption class="sr">Team standings</caption>', f"<thead><tr>{th}</tr></thead><tbody>"]
    for t in teams.rows:
        r = t.row
        out.append(f'<tr data-no="t{r.start_no}"><td class="num place" data-sort="{r.place}">'
                   f'{_e(r.place_text)}</td><th scope="row" class="name">'
                   f'<a href="#tx{r.start_no}">{_e(r.name)}</a></th>'
                   f'<td class="num">{r.start_no}</td><td class="num">{_e(t.mp_text)}</td>'
                   f'<td class="num">{_e(t.gp_text)}</td>'
                   + "".join(_value(c) for c in r.cells) + "</tr>")
    out.append("</tbody></table>")
    return boxed(out, "Team standings")


def team_crosstable(teams: TeamTable) -> list[str]:
    heads = (_th("No", "num") + _th("Team", "text")
             + "".join(f'<th scope="col">R{k}</th>' for k in range(1, teams.rounds + 1))
             + _th("MP", "num", ' data-first="desc"') + _th("GP", "num", ' data-first="desc"'))
    legend = ('<p class="legend-text">Opponent, colour (w/b) and game points; +F/-F '
              "forfeited match won/lost; PAB pairing-allocated bye, FPB/HPB/ZPB full-, half-, "
              "zero-point bye; - absent. A cell opens its match.</p>")
    out = ['<table class="crosstable sortable filterable" id="team-crosstable">'
           "<caption>Team crosstable</caption>", f"<thead><tr>{heads}</tr></thead><tbody>"]
    for x in teams.crosstable_rows():
        cells = "".join(f'<td><a href="#{key}">{_e(c)}</a></td>' if key else f"<td>{_e(c)}</td>"
                        for c, key in zip(x.cells, x.matches, strict=True))
        out.append(f'<tr id="tx{x.team_no}"><td class="num">{x.team_no}</td>'
                   f'<th scope="row">{_e(x.name)}</th>{cells}<td class="num">{_e(x.mp_text)}'
                   f'</td><td class="num">{_e(x.gp_text)}</td></tr>')
    out.append("</tbody></table>")
    return [legend, *boxed(out, "Team crosstable")]


def _player(teams: TeamTable, start_no: int | None) -> str:
    if start_no is None:
        return "(empty board)"
    return f"{start_no} {_e(teams.players.get(start_no, ''))}"


def match_card(teams: TeamTable, card: MatchCard) -> list[str]:
    white = f"{card.white_team} {_e(teams.names.get(card.white_team, ''))}"
    if card.black_team is None:
        return [f'<p id="{card.key}">{white}: {_e(card.kind)} ({card.mp[0]} MP, '
                f"{card.gp[0]} GP)</p>"]
    black = f"{card.black_team} {_e(teams.names.get(card.black_team, ''))}"
    kind = "" if card.kind == "played" else f" ({_e(card.kind)})"
    caption = f"{white} {card.gp[0]}-{card.gp[1]} {black}{kind}"
    out = [f'<table class="match" id="{card.key}"><caption>{caption}</caption>'
           '<thead><tr><th scope="col" class="num">Board</th><th scope="col">White team</th>'
           '<th scope="col">Result</th><th scope="col">Black team</th></tr></thead><tbody>']
    out.extend(f'<tr><td class="num">{b.board}</td><td>{_player(teams, b.white)}</td>'
               f"<td>{_e(b.result)}</td><td>{_player(teams, b.black)}</td></tr>"
               for b in card.boards)
    out.append("</tbody></table>")
    return boxed(out, f"Round {card.round}: {caption}")


def team_rosters(teams: TeamTable, players: tuple[Row, ...],
                 links: Mapping[int, str]) -> list[str]:
    """Each team's players in board order (310) with their rating and points: every
    player's row is ``#x<start number>`` (where a season's player pages link), and a name
    links to the player's page (``links``)."""
    rows = {r.start_no: r for r in players}
    out = ['<section aria-labelledby="s-rosters" class="detail"><h2 id="s-rosters">Team '
           "rosters</h2>",
           '<table class="sortable filterable" id="rosters"><caption class="sr">Team rosters'
           "</caption><thead><tr>" + _th("Team", "text") + _th("Board", "num")
           + _th("No", "num") + _th("Name", "text") + _th("Rating", "num", ' data-first="desc"')
           + _th("Points", "num", ' data-first="desc"') + "</tr></thead><tbody>"]
    for x in teams.crosstable_rows():
        members = next(t.members for t in teams.rows if t.row.start_no == x.team_no)
        for board, sn in enumerate(members, 1):
            r = rows.get(sn)
            name = _e(teams.players.get(sn, ""))
            href = links.get(sn)
            if href is not None:
                name = f'<a href="{_e(href)}">{name}</a>'
            rating = "" if r is None or r.rating is None else str(r.rating)
            points = "" if r is None else _e(r.points_text)
            out.append(f'<tr id="x{sn}"><td>{_e(x.name)}</td><td class="num">{board}</td>'
                       f'<td class="num">{sn}</td><th scope="row">{name}</th>'
                       f'<td class="num">{rating}</td><td class="num">{points}</td></tr>')
    out.append("</tbody></table>")
    return [out[0], *boxed(out[1:], "Team rosters"), "</section>"]


def prize_html(prizes: PrizeList, published: bool, heading: str = "<h2>",
               heading_end: str = "</h2>") -> str:
    """The prize list: its heading (``heading``, ``heading_end``: the tags around its
    title), lines, tables and explanations; ``published``: its files named without their
    folders (a page that may be published)."""
    return "\n".join([*prize_head(prizes, published, heading, heading_end),
                      *prize_tables(prizes)])


def prize_head(prizes: PrizeList, published: bool, heading: str = "<h2>",
               heading_end: str = "</h2>") -> list[str]:
    """The prize list's heading and its lines (where the standings and the prizes come
    from, the fund, the ties)."""
    return [f"{heading}{_e(prizes.title(published))}{heading_end}",
            *(f"<p>{_e(line)}</p>" for line in prizes.head(published))]


def prize_tables(prizes: PrizeList) -> list[str]:
    """The prize list's tables, each titled and in a box of its own, then its
    explanations."""
    out = []
    for t in prizes.tables:
        table = ["<table>",
                 "<tr>" + "".join(f"<th>{_e(h)}</th>" for h in t.headers) + "</tr>"]
        table += ["<tr>" + "".join(f'<td class="num">{_e(c)}</td>' if i in t.right
                                   else f"<td>{_e(c)}</td>" for i, c in enumerate(r)) + "</tr>"
                  for r in t.rows]
        table.append("</table>")
        out += [f"<h3>{_e(t.title)}</h3>", *boxed(table, t.title)]
    out.append("<h3>Explanations</h3>\n<ol>")
    out += [f"<li>{_e(line)}</li>" for line in prizes.explanations]
    out.append("</ol>")
    return out
