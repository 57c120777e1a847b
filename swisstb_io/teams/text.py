"""The text report of a team event: team standings, then a team crosstable."""

from __future__ import annotations

from fractions import Fraction

from ..model import Color
from ..tiebreaks.values import format_fixed, num
from .matches import Kind, TeamRound
from .standings import TeamStandings


def _points(x: Fraction) -> str:
    """``2.5`` -> ``2½`` (crosstable cells)."""
    whole = x.numerator // x.denominator
    rest = x - whole
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return ("" if whole == 0 else str(int(whole))) + "½"
    return num(x)


def _value(v: Fraction | None, decimals: int) -> str:
    if v is None:
        return "-"
    if (v * 4).denominator == 1:
        return num(v)
    return format_fixed(v, decimals)


def cell(row: TeamRound) -> str:
    """A team's round in the crosstable: ``8w2½`` (opponent, colour, game points), ``+F`` /
    ``-F`` (forfeited match), ``PAB``, ``FPB``, ``HPB``, ``ZPB``, ``-`` (absent)."""
    if row.kind is Kind.PLAYED:
        colour = {Color.WHITE: "w", Color.BLACK: "b"}.get(row.color, "-")
        return f"{row.opponent_no}{colour}{_points(row.gp)}"
    if row.kind is Kind.FORFEIT_WIN:
        return f"{row.opponent_no}+F"
    if row.kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
        return f"{row.opponent_no}-F"
    if row.kind is Kind.ABSENT:
        return "-"
    return str(row.kind.value)


def render_text(ts: TeamStandings, title: str = "") -> str:
    """Team standings and the team crosstable, as plain text."""
    ev = ts.event
    ctx = ts.context
    rules = ctx.fide_rules()
    mpts = ev.match_points
    lines = [title or ctx.tournament.name or "Team event", ""]
    lines.append(f"{len(ev.teams)} teams, {ev.boards} boards, {ev.rounds} rounds; "
                 f"{ts.primary_reason}; match points TW {num(mpts.win)} TD {num(mpts.draw)} "
                 f"TL {num(mpts.loss)}")
    lines.append(rules.edition_reason + "; " + rules.system_reason)
    lines.append(f"tie-breaks ({ts.chain_origin}): {ts.chain_text}")
    lines.extend(ev.notes)
    lines.append("")
    specs = ts.result.chain
    head = ["Pl", "No", "Team", "MP", "GP", *(s.key for s in specs)]
    mp, gp = ctx.mp, ctx.gp
    body = []
    for s in ts.result.rows:
        i = ctx.index[s.start_no]
        body.append([str(s.place), str(s.start_no), s.name, num(mp.frac(mp.points[i])),
                     num(gp.frac(gp.points[i])),
                     *(_value(s.values[spec.key].value, spec.system.decimals)
                       for spec in specs)])
    lines.extend(_table(head, body, left={2}))
    lines.append("")
    lines.append("Team crosstable (opponent, colour, game points; +F/-F forfeited match)")
    head = ["No", "Team", *(str(r) for r in range(1, ev.rounds + 1)), "MP", "GP"]
    body = []
    for team in sorted(ev.teams, key=lambda t: t.number):
        rows = ev.rows[team.number]
        body.append([str(team.number), team.name, *(cell(r) for r in rows),
                     _points(sum((r.mp for r in rows), Fraction(0))),
                     _points(sum((r.gp for r in rows), Fraction(0)))])
    lines.extend(_table(head, body, left={1}))
    return "\n".join(lines) + "\n"


def _table(head: list[str], body: list[list[str]], left: set[int]) -> list[str]:
    widths = [max(len(row[k]) for row in (head, *body)) for k in range(len(head))]

    def fmt(row: list[str]) -> str:
        return "  ".join(c.ljust(w) if k in left else c.rjust(w)
                         for k, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    return [fmt(head), *(fmt(row) for row in body)]
