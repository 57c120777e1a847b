"""The ``swisstb-report/2`` document of a team event: the individual document (its
``standings[]`` stays the list of board players) with the team parts added
(``formats/report-json.md``, "Team events"): ``event.kind`` / ``boards`` / ``primary``,
``team_standings[]`` and ``matches[]``."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from ..model import Color
from ..reports import ReportOptions, build
from ..reports._json_text import dumps
from ..reports._numbers import decimal
from ..reports.json_report import document
from ..tiebreaks.core import JSON
from ..tiebreaks.ranking import StandingsResult
from .matches import Kind, TeamRound
from .standings import TeamStandings


def _num(value: Fraction | None, digits: int = 2) -> Decimal | None:
    return None if value is None else decimal(value, digits)


def _board_result(points: Fraction, other: Fraction) -> str:
    return "1-0" if points > other else "0-1" if points < other else "½-½"


def _match(white: TeamRound, black: TeamRound | None) -> dict[str, JSON]:
    """One match (or bye: ``black_team`` null) of ``matches[]``."""
    out: dict[str, JSON] = {"round": white.round, "white_team": white.team_no,
                            "black_team": None if black is None else black.team_no,
                            "kind": white.kind.value}
    if black is None:
        out.update(mp=[_num(white.mp)], gp=[_num(white.gp)], boards=[])
        return out
    result = "W" if white.mp > black.mp else "L" if white.mp < black.mp else "D"
    out.update(result=result, mp=[_num(white.mp), _num(black.mp)],
               gp=[_num(white.gp), _num(black.gp)])
    boards: list[JSON] = []
    for k, w in enumerate(white.boards):
        b = black.boards[k] if k < len(black.boards) else None
        boards.append({"board": w.number, "white": w.player,
                       "black": None if b is None else b.player,
                       "result": _board_result(w.points, b.points if b else Fraction(0))})
    out["boards"] = boards
    return out


def team_document(ts: TeamStandings, individual: StandingsResult,
                  options: ReportOptions) -> dict[str, JSON]:
    """The document (Decimal numbers: write it with :func:`team_json`)."""
    doc = document(build(individual, options, crosstable=False))
    ev, ctx = ts.event, ts.context
    event = doc["event"]
    event.update(kind="team", boards=ev.boards, primary=ts.primary)
    specs = ts.result.chain
    doc["team_tiebreaks"] = [{"code": s.key, "name": s.system.name, "rule": s.system.rule}
                             for s in specs]
    doc["team_decisions"] = {"primary": ts.primary_reason, "chain": ts.chain_text,
                             "chain_origin": ts.chain_origin, "notes": list(ev.notes)}
    rows: list[JSON] = []
    for s in ts.result.rows:
        i = ctx.index[s.start_no]
        rows.append({
            "place": s.place, "last_place": s.last_place, "team_no": s.start_no, "name": s.name,
            "points": _num(s.points),
            "match_points": _num(ctx.mp.frac(ctx.mp.points[i])),
            "game_points": _num(ctx.gp.frac(ctx.gp.points[i])),
            "tiebreaks": {spec.key: _num(s.values[spec.key].value, spec.system.decimals)
                          for spec in specs},
        })
    doc["team_standings"] = rows
    matches: list[JSON] = []
    for rnd in range(1, ev.rounds + 1):
        for team in sorted(ev.teams, key=lambda t: t.number):
            row = ev.rows[team.number][rnd - 1]
            if row.opponent_no is None:
                if row.kind is not Kind.ABSENT:
                    matches.append(_match(row, None))
                continue
            other = ev.rows[row.opponent_no][rnd - 1]
            white_first = row.color is Color.WHITE or (
                row.color is Color.NONE and row.team_no < row.opponent_no)
            if white_first:
                matches.append(_match(row, other))
    doc["matches"] = matches
    return doc


def team_json(ts: TeamStandings, individual: StandingsResult, options: ReportOptions) -> bytes:
    return dumps(team_document(ts, individual, options)).encode("utf-8")
