"""Sonneborn-Berger-type systems: opponents' scores weighted by what was scored against them.

US Chess Sonneborn-Berger USSB (34E8); FIDE C.07 Sonneborn-Berger SB (§9.1, computed by the
opponent-score code it shares with Buchholz, :mod:`.buchholz`) and Koya KS (§9.2: points
scored against the opponents with at least half the maximum score).
"""

from __future__ import annotations

from fractions import Fraction

from .buchholz import explain_opponent_scores, opponent_score_explanations, opponent_scores
from .context import Context, FideRules
from .registry import Option, tiebreak
from .spec import Spec
from .unplayed import us_adjusted
from .values import ExplainRow, Explanation, num

# --------------------------------------------------------------------------- USSB, SB


def _ussb_scores(ctx: Context, spec: Spec) -> tuple[bool, list[int]]:
    """(raw?, the opponents' scores USSB uses): adjusted in Swiss events, raw (final) in
    round robins (A9), unless the ``scores`` option says."""
    mode = spec.option("scores")
    raw = mode == "raw" or (mode == "auto" and ctx.is_round_robin)
    return raw, ctx.game_points if raw else us_adjusted(ctx)


def _ussb_scale(ctx: Context) -> int:
    """Result points / win points: 1 for a win, ½ for a draw (a point system whose win is
    worth 0 keeps the plain product)."""
    return ctx.win or ctx.unit


def explain_ussb(ctx: Context, spec: Spec, i: int) -> Explanation:
    raw, scores = _ussb_scores(ctx, spec)
    kind, text, scale = "final" if raw else "adjusted", ctx.num_text, _ussb_scale(ctx)
    sno = ctx.start_nos
    rows = tuple(
        ExplainRow(r + 1, code, sno[j], ctx.frac(scores[j] * p, scale),
                   f"opponent's {kind} score {text(scores[j])} x result {text(p)}")
        if pl else
        ExplainRow(r + 1, code, sno[j] if j >= 0 else None, Fraction(0), "unplayed: adds 0")
        for r, (code, j, pl, p) in enumerate(zip(ctx.us_codes()[i], ctx.opp[i], ctx.played[i],
                                                 ctx.pts[i], strict=True)))
    return Explanation("US Chess 34E8 Sonneborn-Berger: the scores of opponents beaten plus "
                       "half the scores of opponents drawn", rows)


@tiebreak("USSB", "Sonneborn-Berger", "US Chess 34E8", label="SB",
          aliases=("sonneborn-berger", "34E8"), explain=explain_ussb, options={"scores": Option(
              "auto", ("auto", "adjusted", "raw"),
              "opponents' scores: adjusted in Swiss events and raw in round robins (auto, the "
              "default)")})
def us_sonneborn_berger(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """USSB (34E8): the sum over games played of the opponent's score x the result."""
    _, scores = _ussb_scores(ctx, spec)
    table = ctx.table
    cells = [scores[j] * p if pl else 0
             for j, p, pl in zip(table.opp, table.pts, table.played, strict=True)]
    scale = _ussb_scale(ctx)
    return [ctx.frac(total, scale) for total in table.row_sums(cells)]


@tiebreak("SB", "Sonneborn-Berger", "FIDE C.07 §9.1", family="FIDE", decimals=2,
          explain=explain_opponent_scores, explain_all=opponent_score_explanations,
          modifiers=frozenset("CPS"),
          summary="sum of opponent's adjusted score x points scored against them; own "
                  "unplayed rounds against a dummy opponent (§16.4)")
def fide_sonneborn_berger(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """SB (§9.1): each round's opponent score (as for BH) x the points scored."""
    return opponent_scores(ctx, spec)


# --------------------------------------------------------------------------- KS


def _koya_limit(ctx: Context, spec: Spec, rules: FideRules) -> tuple[Fraction, str]:
    """The limit score and the note saying how it is found.

    In a round robin the maximum is reduced by the byes of an odd field and by one game for
    each participant never paired (withdrawn before playing).
    """
    table = ctx.fide_table
    rounds, n = table.rounds, len(table)
    max_games = rounds
    if rules.round_robin:
        if n and rounds % n == 0:
            max_games -= rounds // n
        max_games -= sum(1 for k in table.row_starts()
                         if not any(o >= 0 or pl for o, pl in zip(
                             table.opp[k:k + rounds], table.played[k:k + rounds], strict=True)))
    limit = spec.limit_pct * ctx.frac(ctx.win) * max_games / 100 + spec.limit_offset
    offset = spec.limit_offset
    note = (f"limit {spec.limit_pct}% of {max_games} x {ctx.num_text(ctx.win)}"
            + (f" {'+' if offset > 0 else ''}{num(offset)}" if offset else "")
            + f" = {num(limit)}")
    return limit, note


def explain_koya(ctx: Context, spec: Spec, i: int) -> Explanation:
    rules = ctx.fide_rules(spec)
    limit, limit_note = _koya_limit(ctx, spec, rules)
    table = ctx.fide_table
    sno = table.start_nos
    rows: list[ExplainRow] = []
    for r in range(table.rounds):
        k = i * table.rounds + r
        o = table.opp[k]
        if o < 0:
            continue
        osc = ctx.frac(table.totals[o])
        scored = ctx.frac(table.pts[k])
        if osc >= limit:
            rows.append(ctx.explain_row(table, i, r + 1, scored,
                                        f"opponent {sno[o]} scored {num(osc)} >= {num(limit)}",
                                        sno[o]))
        else:
            rows.append(ctx.explain_row(table, i, r + 1, scored,
                                        f"opponent {sno[o]} scored {osc}", sno[o],
                                        f"not counted: below the limit {num(limit)}"))
    return Explanation(rules.rule_text(spec.system), tuple(rows), (limit_note,))


@tiebreak("KS", "Koya System", "FIDE C.07 §9.2", family="FIDE", modifiers=frozenset("L"),
          decimals=1, explain=explain_koya,
          summary="points scored against opponents with at least the limit (50 %) of the "
                  "maximum score")
def koya(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """KS (§9.2): points scored against opponents with at least the limit of the maximum."""
    limit, _ = _koya_limit(ctx, spec, ctx.fide_rules(spec))
    table = ctx.fide_table
    strong = [o >= 0 and ctx.frac(table.totals[o]) >= limit for o in table.opp]
    counted = [p if s else 0 for p, s in zip(table.pts, strong, strict=True)]
    return [ctx.frac(t) for t in table.row_sums(counted)]

