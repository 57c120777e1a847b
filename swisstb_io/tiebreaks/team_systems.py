"""FIDE C.07 team tie-breaks (§11-§13) and US Chess 34G2, on the team contexts.

Every system here reads a :class:`~.team_context.TeamContext` (a team is a competitor; MP
and GP are two score tables of the same teams) and uses the engine's Article 16 rules
(:mod:`.unplayed`) on the score it names.  The individual systems (BH, FB, SB, PS, WIN, STD,
DE, ...) run on a team score through a ``:MP`` / ``:GP`` suffix and need nothing here.

This module: the scores (MPTS, GPTS, MPVGP), SSSC and USAT; :mod:`.team_esb` holds the
Extended Sonneborn-Berger systems, :mod:`.team_encounters` the board criteria (BC, TBR,
BBE) and the Extended Direct Encounter.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import TiebreakError
from ..numbers import round_half_up
from .buchholz import explain_opponent_scores, opponent_scores
from .context import Context
from .registry import EDITION_FLAGS, tiebreak
from .spec import Spec, parse_spec
from .team_context import TeamContext, team_context
from .values import ExplainRow, Explanation, num

# --------------------------------------------------------------------------- scores


def _score_name(tctx: TeamContext, spec: Spec) -> str:
    return {"MPTS": "MP", "GPTS": "GP"}.get(spec.code, tctx.secondary)


def explain_team_score(ctx: Context, spec: Spec, i: int) -> Explanation:
    """One row per round (the team's points in that score) and one per 299 bonus line."""
    tctx = team_context(ctx, spec)
    name = _score_name(tctx, spec)
    on = tctx.score(name)
    table = on.table
    rows = [on.explain_row(table, i, r + 1, on.frac(table.pts[i * table.rounds + r]),
                           f"{name} of the round")
            for r in range(table.rounds)]
    for rnd, mp, gp in tctx.event.bonus.get(tctx.start_nos[i], ()):
        value = mp if name == "MP" else gp
        if value and (rnd is None or rnd <= table.rounds):
            rows.append(ExplainRow(0, "", None, value, "299 bonus / penalty" +
                                   (f" from round {rnd}" if rnd else "")))
    notes = (f"primary score: {tctx.primary_reason}",) if spec.code == "MPVGP" else ()
    return Explanation(tctx.fide_rules(spec).rule_text(spec.system), tuple(rows), notes)


@tiebreak("MPTS", "Match Points", "FIDE C.07 §11.1.1", family="FIDE", team_only=True, decimals=1,
          explain=explain_team_score, summary="the team's match points")
@tiebreak("GPTS", "Game Points", "FIDE C.07 §11.1.2", family="FIDE", team_only=True, decimals=1,
          explain=explain_team_score, summary="the team's game points")
@tiebreak("MPVGP", "Secondary score", "FIDE C.07 §13.1", family="FIDE", team_only=True, decimals=1,
          aliases=("MPvGP",), explain=explain_team_score,
          summary="the secondary score (GP when MP is primary, and so on)")
def team_score(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """MPTS / GPTS: one score; MPVGP: the secondary score (with the 299 bonus lines)."""
    tctx = team_context(ctx, spec)
    on = tctx.score(_score_name(tctx, spec))
    return [on.frac(p) for p in on.points]


# --------------------------------------------------------------------------- SSSC


def _sssc_buchholz(spec: Spec) -> Spec:
    """The Buchholz SSSC adds: BH of the primary score, FB with ``/F``, with the spec's
    cut, ``/P`` and edition flags."""
    mods = [f"C{spec.cut}"] if spec.cut else []
    mods += sorted(f for f in spec.flags if f == "P" or f in EDITION_FLAGS)
    return parse_spec("/".join(["FB" if spec.fore else "BH", *mods]))


def _sssc_factor(tctx: TeamContext, spec: Spec) -> tuple[int, str]:
    """F and how it was found (§13.4)."""
    if spec.factor is not None:
        if spec.factor <= 0:
            raise TiebreakError(f"{spec.key}: the factor /K must be a positive whole number")
        return spec.factor, f"F = {spec.factor} (/K{spec.factor})"
    sec = tctx.score(tctx.secondary)
    rounds = tctx.fide_table.rounds
    most = tctx.frac(tctx.win) * rounds
    one_match = sec.frac(sec.win)
    factor = max(int(most // one_match), 1)
    return factor, (f"F = ⌊highest achievable {tctx.primary} {num(most)} ({rounds} rounds) / "
                    f"highest {tctx.secondary} of one match {num(one_match)}⌋ = {factor}")


def _sssc_parts(tctx: TeamContext, spec: Spec) -> tuple[list[Fraction], list[Fraction],
                                                        int, str]:
    sec = tctx.score(tctx.secondary)
    bh = [b or Fraction(0) for b in opponent_scores(tctx, _sssc_buchholz(spec))]
    factor, why = _sssc_factor(tctx, spec)
    return [sec.frac(s) for s in sec.points], bh, factor, why


def explain_sssc(ctx: Context, spec: Spec, i: int) -> Explanation:
    """The rows of the Buchholz added; the notes give the formula with its inputs."""
    tctx = team_context(ctx, spec)
    secondary, bh, factor, why = _sssc_parts(tctx, spec)
    base = _sssc_buchholz(spec)
    rows = explain_opponent_scores(tctx, base, i).rows
    exact = secondary[i] + bh[i] / factor
    value = round_half_up(exact, 2)
    notes = (f"primary score: {tctx.primary_reason}", why,
             f"SSSC = {tctx.secondary} {num(secondary[i])} + {base.key}:{tctx.primary} "
             f"{num(bh[i])} / {factor} = {exact}, rounded half up to 2 decimals: "
             f"{num(value)}")
    return Explanation(tctx.fide_rules(spec).rule_text(spec.system), rows, notes)


@tiebreak("SSSC", "Sonneborn-Berger Secondary Score Combined", "FIDE C.07 §13.4",
          family="FIDE", team_only=True, decimals=2, modifiers=frozenset("CKPF"),
          explain=explain_sssc,
          summary="secondary score + BH of the primary score / F (/K<n>: F given; /F: Fore "
                  "Buchholz; /C<n>: cut the Buchholz)")
def secondary_score_combined(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """SSSC: secondary + BH(primary) / F, F = ⌊highest achievable primary score / highest
    secondary score of one match⌋ or ``/K<n>``; 2 decimals half up."""
    secondary, bh, factor, _ = _sssc_parts(team_context(ctx, spec), spec)
    return [round_half_up(s + b / factor, 2) for s, b in zip(secondary, bh, strict=True)]


# --------------------------------------------------------------------------- USAT


def _us_match_points(tctx: TeamContext) -> list[Fraction]:
    """Each team's final match points on the 1-½-0 scale (34G2), no adjustment."""
    mp = tctx.mp
    return [Fraction(mp.game_points[i], mp.win) for i in range(len(mp.table))]


def explain_usat(ctx: Context, spec: Spec, i: int) -> Explanation:
    tctx = team_context(ctx, spec)
    mp, gp = tctx.mp, tctx.gp
    table = mp.table
    scale = _us_match_points(tctx)
    rows = []
    for r in range(table.rounds):
        k = i * table.rounds + r
        o = table.opp[k]
        own = gp.frac(gp.table.pts[k])
        if o >= 0:
            rows.append(mp.explain_row(table, i, r + 1, scale[o] * own,
                                       f"{tctx.match_text(table.start_nos[i], r + 1)}: "
                                       f"opponent's final MP (1-½-0) {num(scale[o])} x GP "
                                       f"{num(own)}", table.start_nos[o]))
        else:
            rows.append(mp.explain_row(table, i, r + 1, Fraction(0),
                                       "no opponent (a bye): counts 0 (34G2 names none; "
                                       "our reading)"))
    return Explanation(tctx.fide_rules(spec).rule_text(spec.system), tuple(rows),
                       ("no discards, no adjustment for unplayed rounds (34G2)",))


# family "FIDE": the US Chess 34E actual-play pre-sort is for individual scores, not teams
@tiebreak("USAT", "US Amateur Team (Barry system)", "US Chess 34G2", aliases=("34G2",),
          family="FIDE", team_only=True, decimals=1, explain=explain_usat,
          summary="Σ opponent's final match points (1-½-0) x game points scored against it")
def us_amateur_team(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """34G2: Σ over the matches of the opponent team's final match points on the 1-½-0
    scale x the game points scored against it; no discards, no adjustment for unplayed
    rounds; byes count 0 (teams.md ambiguity 13)."""
    tctx = team_context(ctx, spec)
    mp, gp = tctx.mp, tctx.gp
    table = mp.table
    scale = _us_match_points(tctx)
    out: list[Fraction | None] = []
    for k in table.row_starts():
        total = Fraction(0)
        for r in range(table.rounds):
            o = table.opp[k + r]
            if o >= 0:
                total += scale[o] * gp.frac(gp.table.pts[k + r])
        out.append(total)
    return out
