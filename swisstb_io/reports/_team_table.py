"""Building the team part of the report table (:class:`~._model.TeamTable`) from the team
standings.

Like :mod:`._table` for players, nothing is computed here: the values are those of the
:class:`~swisstb_io.teams.standings.TeamStandings` (with explanations if the caller computed
them); team values are printed as players' are (:func:`._table.column_cells`).
"""

from __future__ import annotations

from fractions import Fraction

from ..model import Color, Tournament
from ..numbers import exact, glyph, rule_decimal
from ..pairing_systems import pairing_system_name
from ..teams.kinds import Kind
from ..teams.matches import TeamRound
from ..teams.standings import TeamStandings
from ._labels import label_for, parse_labels
from ._model import BoardLine, Column, MatchCard, Row, TeamCrossRow, TeamRow, TeamTable, place_text
from ._options import View
from ._table import chain_source, column_cells, printed


def crosstable_cell(row: TeamRound) -> str:
    """A team's round in the crosstable: ``8w2½`` (opponent, colour, game points), ``+F`` /
    ``-F`` (forfeited match), ``PAB``, ``FPB``, ``HPB``, ``ZPB``, ``-`` (absent)."""
    if row.kind is Kind.PLAYED:
        colour = {Color.WHITE: "w", Color.BLACK: "b"}.get(row.color, "-")
        return f"{row.opponent_no}{colour}{glyph(row.gp)}"
    if row.kind is Kind.FORFEIT_WIN:
        return f"{row.opponent_no}+F"
    if row.kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
        return f"{row.opponent_no}-F"
    if row.kind is Kind.ABSENT:
        return "-"
    return str(row.kind.value)


def _board_result(points: Fraction, other: Fraction) -> str:
    return "1-0" if points > other else "0-1" if points < other else "½-½"


def _card(white: TeamRound, black: TeamRound | None) -> MatchCard:
    """One match (or bye: ``black`` ``None``) as a :class:`MatchCard`."""
    if black is None:
        return MatchCard(round=white.round, white_team=white.team_no, black_team=None,
                         kind=white.kind.value, result=None, mp=(rule_decimal(white.mp),),
                         gp=(rule_decimal(white.gp),), boards=())
    result = "W" if white.mp > black.mp else "L" if white.mp < black.mp else "D"
    boards = []
    for k, w in enumerate(white.boards):
        b = black.boards[k] if k < len(black.boards) else None
        boards.append(BoardLine(w.number, w.player, None if b is None else b.player,
                                _board_result(w.points, b.points if b else Fraction(0))))
    return MatchCard(round=white.round, white_team=white.team_no, black_team=black.team_no,
                     kind=white.kind.value, result=result,
                     mp=(rule_decimal(white.mp), rule_decimal(black.mp)),
                     gp=(rule_decimal(white.gp), rule_decimal(black.gp)), boards=tuple(boards))


def _white_side(row: TeamRound) -> bool:
    """Whether ``row`` is the white team of its match (the lower number when no colour)."""
    assert row.opponent_no is not None
    return row.color is Color.WHITE or (row.color is Color.NONE
                                        and row.team_no < row.opponent_no)


def _matches(ts: TeamStandings) -> tuple[tuple[MatchCard, ...], dict[tuple[int, int], str]]:
    """Every match round by round, and the key of each team's match by (round, team)."""
    ev = ts.event
    cards: list[MatchCard] = []
    keys: dict[tuple[int, int], str] = {}
    numbers = sorted(team.number for team in ev.teams)
    for rnd in range(1, ev.rounds + 1):
        for n in numbers:
            row = ev.rows[n][rnd - 1]
            if row.opponent_no is None:
                if row.kind is not Kind.ABSENT:
                    cards.append(_card(row, None))
                continue
            if _white_side(row):
                card = _card(row, ev.rows[row.opponent_no][rnd - 1])
                cards.append(card)
                keys[(rnd, n)] = keys[(rnd, row.opponent_no)] = card.key
    return tuple(cards), keys


def _header(ts: TeamStandings) -> tuple[tuple[str, str], ...]:
    ev = ts.event
    mpts = ev.match_points
    system = pairing_system_name(ts.context.tournament.pairing_system)
    return (("Teams", str(len(ev.teams))), ("Boards", str(ev.boards)),
            ("Rounds", str(ev.rounds)),
            *((("Pairing system", system),) if system else ()),
            ("Primary score", ts.primary_reason),
            ("Match points", f"TW {exact(mpts.win)}, TD {exact(mpts.draw)}, TL {exact(mpts.loss)}"))


def build_teams(ts: TeamStandings, individual: Tournament, *, view: View = View.TEAM,
                labels: str | None = None, crosstable: bool = True,
                input_format: str = "") -> TeamTable:
    """The team part of the report of ``ts`` (``individual``: the event, for the board
    players' names; ``crosstable=False``: without the team crosstable, which the JSON and
    CSV reports do not print; ``input_format``: the format read, whose words name where the
    file declares its chain)."""
    ev, ctx = ts.event, ts.context
    specs = ts.result.chain
    overrides = parse_labels(labels)
    columns = tuple(Column(s.key, label_for(s, overrides), s.system.name, s.system.rule,
                           s.system.decimals, s.system.direction) for s in specs)
    standings = ts.result.rows
    by_column = [column_cells([r.values[s.key] for r in standings], s.system.decimals)
                 for s in specs]
    cells = list(zip(*by_column, strict=True)) if by_column else [()] * len(standings)
    mp, gp = ctx.mp, ctx.gp
    idx = [ctx.index[r.start_no] for r in standings]
    mps = [mp.frac(mp.points[i]) for i in idx]
    gps = [gp.frac(gp.points[i]) for i in idx]
    points, mp_printed, gp_printed = (printed([r.points for r in standings], 2),
                                      printed(mps, 2), printed(gps, 2))
    members = {team.number: team.members for team in ev.teams}
    rows = []
    for r, row_cells, m, g in zip(standings, cells, mps, gps, strict=True):
        _, points_text, points_decimal = points[r.points.as_integer_ratio()]
        row = Row(place=r.place, place_text=place_text(r.place, r.last_place),
                  start_no=r.start_no, name=r.name, rating=None, points=r.points,
                  points_text=points_text, points_decimal=points_decimal, cells=row_cells,
                  last_place=r.last_place, scored_in_play=True, fields={})
        _, mp_text, mp_decimal = mp_printed[m.as_integer_ratio()]
        _, gp_text, gp_decimal = gp_printed[g.as_integer_ratio()]
        rows.append(TeamRow(row=row, match_points=mp_decimal, mp_text=mp_text,
                            game_points=gp_decimal, gp_text=gp_text, members=members[r.start_no]))
    cards, keys = _matches(ts)
    cross = []
    for team in sorted(ev.teams, key=lambda t: t.number) if crosstable else ():
        rounds = ev.rows[team.number]
        cross.append(TeamCrossRow(
            team_no=team.number, name=team.name, cells=tuple(crosstable_cell(r) for r in rounds),
            matches=tuple(keys.get((r.round, team.number)) for r in rounds),
            mp_text=glyph(sum((r.mp for r in rounds), Fraction(0))),
            gp_text=glyph(sum((r.gp for r in rounds), Fraction(0)))))
    rules = ctx.fide_rules()
    mpts = ev.match_points
    summary = (f"{len(ev.teams)} teams, {ev.boards} boards, {ev.rounds} rounds; "
               f"{ts.primary_reason}; match points TW {exact(mpts.win)} TD {exact(mpts.draw)} "
               f"TL {exact(mpts.loss)}")
    return TeamTable(
        view=view, header=_header(ts), summary=summary,
        reasons=(rules.edition_reason, rules.system_reason),
        chain=chain_source(ts.choice, input_format, "Team tie-break order"), notes=ev.notes,
        columns=columns, rows=tuple(rows),
        crosstable=tuple(cross) if crosstable else None, matches=cards,
        rounds=ev.rounds, boards=ev.boards, primary=ts.primary,
        primary_reason=ts.primary_reason,
        names={team.number: team.name for team in ev.teams},
        players={p.start_no: p.name for p in individual.players},
        explained=ctx.explain, result=ts.result)


