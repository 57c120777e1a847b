"""Progressive-score systems: the sum of a player's running score after each round.

US Chess Cumulative CUM (34E3) and Cumulative of Opposition OPPCUM (34E4); FIDE C.07
Progressive Scores PS (§7.5).  Both count round ``r`` (0-based) of ``n`` in the running
scores of rounds ``r`` to the last: ``n - r`` times.  34E3 then subtracts the points of
each unplayed result once (A3: 1 for a forfeit win, full-point or pairing bye, ½ for a
half-point bye, as SwissSys 11; ``full-only`` subtracts the one-point results only, as the
34E3 text names them), with a running-score term for every round (A4); OPPCUM sums the
Cumulative of the opponents met over the board (A5).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate
from operator import mul

from ..model import Outcome
from .context import Context
from .registry import Option, tiebreak
from .spec import Spec
from .table import ScoreTable
from .values import ExplainRow, Explanation


def explain_progressive(ctx: Context, spec: Spec, i: int) -> Explanation:
    rules = ctx.fide_rules(spec)
    table = ctx.fide_table
    cut = min(spec.cut_low, table.rounds)
    start = i * table.rounds
    running = accumulate(table.pts[start:start + table.rounds])
    rows = tuple(ctx.explain_row(table, i, r + 1, ctx.frac(score), "running score",
                                 dropped="cut: first rounds (Cut, §14)" if r < cut else "")
                 for r, score in enumerate(running))
    return Explanation(rules.rule_text(spec.system), rows)


@tiebreak("PS", "Progressive Scores", "FIDE C.07 §7.5", family="FIDE",
          modifiers=frozenset("C"), decimals=1, explain=explain_progressive,
          summary="sum of the running score after each round")
def progressive_scores(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """PS of every player; Cut-N drops the first N running scores.  Round ``r`` (0-based) is
    in the running scores of rounds ``max(r, cut)`` to the last: it counts
    ``rounds - max(r, cut)`` times."""
    ctx.fide_rules(spec)
    table = ctx.fide_table
    return [ctx.frac(total) for total in _weighted(table, min(spec.cut_low, table.rounds))]


def _weighted(table: ScoreTable, cut: int = 0) -> list[int]:
    """Each row's sum of the running scores after rounds ``cut + 1`` to the last."""
    rounds = table.rounds
    weights = [rounds - max(r, cut) for r in range(rounds)]
    return [sum(map(mul, table.pts[k:k + rounds], weights)) for k in table.row_starts()]


# --------------------------------------------------------------------------- CUM, OPPCUM

_UNPLAYED_FULL = frozenset({Outcome.FULL_BYE, Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN})
_ABSENT = frozenset({Outcome.NOT_PAIRED, Outcome.ZERO_BYE})

_CUM_OPTIONS = {
    "unplayed": Option(
        "all-unplayed-points", ("all-unplayed-points", "full-only"),
        "subtract the points of every unplayed result, ½ for a half-point bye (the "
        "default, as SwissSys 11), or of unplayed one-point results only (full-only, the literal "
        "34E3 text)",
    ),
    "rounds": Option(
        "all", ("all", "participated"),
        "a running-score term for every round (the default, as the wall chart shows a "
        "running score in every column) or only rounds the player took part in",
    ),
}

_CUM_RULES = {
    True: "US Chess 34E3 Cumulative: sum of the running scores after each round, minus the "
    "points of each unplayed result (1 per forfeit win, full-point or pairing bye; ½ per "
    "half-point bye). 34E3 names the one-point results; the half-point bye is subtracted "
    "too, as SwissSys 11 does (CUM[unplayed=full-only] subtracts the one-point results "
    "only)",
    False: "US Chess 34E3 Cumulative: sum of the running scores after each round, minus 1 "
    "for each unplayed win or one-point bye, as the 34E3 text names them "
    "(CUM[unplayed=full-only]; a half-point bye is not subtracted)",
}

_OPPCUM_SUBTRACTION = {
    "all-unplayed-points": "each less the points of its unplayed results (1 per forfeit "
    "win, full-point or pairing bye, ½ per half-point bye, 34E3 as SwissSys 11 computes it)",
    "full-only": "each less 1 per unplayed win or one-point bye (34E3 as its text names "
    "them)",
}

_UNPLAYED_NAMES = {
    Outcome.FORFEIT_WIN: "forfeit win",
    Outcome.FULL_BYE: "full-point bye",
    Outcome.PAIRING_BYE: "pairing-allocated bye",
    Outcome.HALF_BYE: "half-point bye",
    Outcome.FORFEIT_DRAW: "unplayed draw",
}
"""What a note calls an unplayed result whose points 34E3 subtracts."""


def _subtracted(outcome: Outcome, sub_all: bool) -> bool:
    """Whether the points of an unplayed round with ``outcome`` are subtracted (A3)."""
    return sub_all or outcome in _UNPLAYED_FULL


def _cumulative(ctx: Context, spec: Spec) -> list[int]:
    """34E3 of every player, in units."""
    sub_all = spec.option("unplayed") == "all-unplayed-points"
    every = spec.option("rounds") == "all"

    def build() -> list[int]:
        table = ctx.table
        if every:
            out = _weighted(table)
        else:  # a running-score term only for the rounds the player took part in
            nr = table.rounds
            out = []
            for k in table.row_starts():
                running = total = 0
                for p, o in zip(table.pts[k:k + nr], table.outcome[k:k + nr], strict=True):
                    running += p
                    if o not in _ABSENT:
                        total += running
                out.append(total)
        for k in table.unplayed:
            if _subtracted(table.outcome[k], sub_all):
                out[k // table.rounds] -= table.pts[k]
        return out

    return ctx.memo(("us cumulative", sub_all, every), build)


def explain_cumulative(ctx: Context, spec: Spec, i: int) -> Explanation:
    """34E3: one row per round with the running score, and a note naming the subtraction
    applied (A3) and why."""
    sub_all = spec.option("unplayed") == "all-unplayed-points"
    every = spec.option("rounds") == "all"
    rows = []
    running = subtracted = kept = 0
    sno, text = ctx.start_nos, ctx.num_text
    for r, (code, p, o, j, pl) in enumerate(zip(ctx.us_codes()[i], ctx.pts[i], ctx.outcome[i],
                                                ctx.opp[i], ctx.played[i], strict=True)):
        running += p
        counted = every or o not in _ABSENT
        note = "running score" if counted else "running score not counted (absent)"
        if not pl and p:
            what = _UNPLAYED_NAMES.get(o, "unplayed result")
            if _subtracted(o, sub_all):
                note += f"; minus {text(p)} for the unplayed result ({what}, 34E3)"
                subtracted += p
            else:
                note += (f"; the {text(p)} of the {what} not subtracted (34E3 names the "
                         "one-point results only)")
                kept += p
        rows.append(ExplainRow(r + 1, code, sno[j] if j >= 0 else None, ctx.frac(running),
                               note, "" if counted else "absent"))
    notes = []
    if subtracted:
        notes.append(f"minus {text(subtracted)} in all for unplayed results")
    if kept:
        notes.append(f"{text(kept)} from unplayed results below a full point (half-point "
                     "byes) not subtracted, as the 34E3 text reads")
    return Explanation(_CUM_RULES[sub_all], tuple(rows), tuple(notes))


@tiebreak("CUM", "Cumulative", "US Chess 34E3", label="Cum", aliases=("cumulative", "34E3"),
          options=_CUM_OPTIONS, explain=explain_cumulative)
def cumulative(ctx: Context, spec: Spec) -> list[Fraction | None]:
    return [ctx.frac(value) for value in _cumulative(ctx, spec)]


def _opponents_counted(ctx: Context, spec: Spec) -> list[bool]:
    """OPPCUM, per cell: whether the round's opponent counts (met over the board, or any
    scheduled opponent with ``forfeits=include``)."""
    table = ctx.table
    if spec.option("forfeits") == "include":
        return [j >= 0 for j in table.opp]
    return table.played


def explain_opp_cumulative(ctx: Context, spec: Spec, i: int) -> Explanation:
    cum = _cumulative(ctx, spec)
    sno = ctx.start_nos
    start = i * ctx.n_rounds
    counted = _opponents_counted(ctx, spec)[start:start + ctx.n_rounds]
    rows = tuple(
        ExplainRow(r + 1, code, sno[j], ctx.frac(cum[j]), "opponent's Cumulative (34E3)")
        if counts else
        ExplainRow(r + 1, code, sno[j] if j >= 0 else None, None,
                   "no opponent met over the board: adds nothing")
        for r, (code, j, counts) in enumerate(zip(ctx.us_codes()[i], ctx.opp[i], counted,
                                                  strict=True)))
    return Explanation("US Chess 34E4 Cumulative of Opposition: sum of the Cumulative "
                       "tie-breaks of the opponents met over the board, "
                       + _OPPCUM_SUBTRACTION[spec.option("unplayed")], rows)


@tiebreak("OPPCUM", "Cumulative of Opposition", "US Chess 34E4 (34E9 before the 7th edition)",
          label="OppCum", aliases=("opp-cumulative", "opposition-cumulative",
                                   "cumulative-of-opposition", "oppcumulative"),
          explain=explain_opp_cumulative,
          options={**_CUM_OPTIONS, "forfeits": Option(
              "exclude", ("exclude", "include"),
              "opponents of forfeited games: left out (the default: opponents met over the "
              "board) or counted")})
def opp_cumulative(ctx: Context, spec: Spec) -> list[Fraction | None]:
    cum = _cumulative(ctx, spec)
    table = ctx.table
    cells = [cum[j] if counts else 0
             for j, counts in zip(table.opp, _opponents_counted(ctx, spec), strict=True)]
    return [ctx.frac(total) for total in table.row_sums(cells)]
