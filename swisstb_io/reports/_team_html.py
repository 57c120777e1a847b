"""The team part of the HTML page: the team standings (each tie-break value opens its
explanation, the popover of the players' values), the team crosstable (each cell links to
its match) and every match board by board (:mod:`.html_report` adds the board players with
``--view both``).

A team table's rows are ``data-no="t<team number>"``: the explanation data keys teams so
(:mod:`._html_why`, the prefix ``t``), apart from the players; the team columns come first
in the page's columns (``data-col`` 0, 1…), the players' after them.
"""

from __future__ import annotations

from collections.abc import Mapping

from ._model import Cell, Row
from ._team_model import MatchCard, TeamTable
from .html_kit import boxed, html_text


def _e(text: object) -> str:
    return html_text(str(text))


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


def team_header(teams: TeamTable, title: str) -> list[str]:
    """The page header of a team event: facts, the team chain, the notes."""
    out = [f"<h1>{_e(title)}</h1>", '<dl class="facts">']
    out.extend(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in teams.header)
    out.append("</dl>")
    if teams.columns:
        out.append(f'<ol class="tiebreaks" aria-label="Team tie-breaks in order '
                   f'({_e(teams.chain_origin)})">')
        out.extend(f"<li><strong>{_e(c.label)}</strong>: {_e(c.name)} ({_e(c.rule)})</li>"
                   for c in teams.columns)
        out.append("</ol>")
    notes = (*teams.reasons, *teams.notes)
    out.append('<ul class="notes">' + "".join(f"<li>{_e(n)}</li>" for n in notes) + "</ul>")
    return out


def _standings(teams: TeamTable) -> list[str]:
    th = ('<th scope="col" data-type="num" class="place"><button type="button">Place'
          '</button></th><th scope="col" data-type="text" class="name"><button type="button">'
          "Team</button></th>"
          + _th("No", "num") + _th("MP", "num", ' data-first="desc"')
          + _th("GP", "num", ' data-first="desc"'))
    th += "".join(
        f'<th scope="col" data-type="num" data-first="desc" data-col="{k}" '
        f'class="num"><button type="button" title="{_e(c.name)}, {_e(c.rule)}">'
        f"{_e(c.label)}</button></th>" for k, c in enumerate(teams.columns))
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


def _crosstable(teams: TeamTable) -> list[str]:
    heads = (_th("No", "num") + _th("Team", "text")
             + "".join(f'<th scope="col">R{k}</th>' for k in range(1, teams.rounds + 1))
             + _th("MP", "num", ' data-first="desc"') + _th("GP", "num", ' data-first="desc"'))
    out = ['<p class="legend-text">Opponent, colour (w/b) and game points; +F/-F forfeited '
           "match won/lost; PAB pairing-allocated bye, FPB/HPB/ZPB full-, half-, zero-point "
           "bye; - absent. A cell opens its match.</p>"
           '<table class="crosstable sortable filterable" id="team-crosstable">'
           "<caption>Team crosstable</caption>", f"<thead><tr>{heads}</tr></thead><tbody>"]
    for x in teams.crosstable_rows():
        cells = "".join(f'<td><a href="#{key}">{_e(c)}</a></td>' if key else f"<td>{_e(c)}</td>"
                        for c, key in zip(x.cells, x.matches, strict=True))
        out.append(f'<tr id="tx{x.team_no}"><td class="num">{x.team_no}</td>'
                   f'<th scope="row">{_e(x.name)}</th>{cells}<td class="num">{_e(x.mp_text)}'
                   f'</td><td class="num">{_e(x.gp_text)}</td></tr>')
    out.append("</tbody></table>")
    return [out[0], *boxed(out[1:], "Team crosstable")]


def _player(teams: TeamTable, start_no: int | None) -> str:
    if start_no is None:
        return "(empty board)"
    return f"{start_no} {_e(teams.players.get(start_no, ''))}"


def _card(teams: TeamTable, card: MatchCard) -> list[str]:
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


def team_sections(teams: TeamTable) -> list[str]:
    """The team standings, crosstable and matches sections."""
    out = ['<section aria-labelledby="s-teams"><h2 id="s-teams">Team standings</h2>',
           '<p class="hint">Sort by clicking a column header; open a tie-break value to see '
           "how it was computed.</p>", *_standings(teams), "</section>",
           '<section aria-labelledby="s-team-cross"><h2 id="s-team-cross">Team crosstable'
           "</h2>", *_crosstable(teams), "</section>",
           '<section aria-labelledby="s-matches"><h2 id="s-matches">Matches</h2>']
    for rnd in range(1, teams.rounds + 1):
        out.append(f'<h3 id="round-{rnd}">Round {rnd}</h3>')
        for card in teams.matches:
            if card.round == rnd:
                out.extend(_card(teams, card))
    out.append("</section>")
    return out


def team_rosters(teams: TeamTable, players: tuple[Row, ...],
                 links: Mapping[int, str]) -> list[str]:
    """Each team's players in board order (310) with their rating and points: every
    player's row is ``#x<start number>`` (where a season's player pages link), and a name
    links to the player's page (``links``)."""
    rows = {r.start_no: r for r in players}
    out = ['<section aria-labelledby="s-rosters"><h2 id="s-rosters">Team rosters</h2>',
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
