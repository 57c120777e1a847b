"""Counting and score-sum tie-breaks: WIN, WON, BPG, BWG, GE (§7), PS (§7.5), KS (§9.2), STD."""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate
from operator import mul

from ._context import FideContext
from ._types import FideSpec, FideValue


def _notes(ctx: FideContext) -> tuple[str, ...]:
    return (ctx.edition_reason, ctx.system_reason)


_WHY = {
    "WIN": "win points (over the board, forfeit or bye)",
    "WON": "won over the board",
    "BPG": "played with black",
    "BWG": "won with black",
    "GE": "elected to play (not a VUR, 16.1.2)",
}


def _hits(ctx: FideContext, code: str, i: int) -> list[int]:
    """The rounds (0-based) that count for WIN/WON/BPG/BWG/GE."""
    win = ctx.win
    if code == "WIN":
        return [r for r, p in enumerate(ctx.pts[i]) if p == win]
    if code == "WON":
        return [r for r, (p, pl) in enumerate(zip(ctx.pts[i], ctx.played[i], strict=True))
                if pl and p == win]
    if code == "BPG":
        return [r for r, b in enumerate(ctx.black[i]) if b]
    if code == "BWG":
        return [r for r, (p, b) in enumerate(zip(ctx.pts[i], ctx.black[i], strict=True))
                if b and p == win]
    return [r for r, v in enumerate(ctx.vur[i]) if not v]


def counts_all(ctx: FideContext, spec: FideSpec) -> list[FideValue]:
    """WIN/WON/BPG/BWG/GE: one count per player, each counted round listed."""
    code = spec.code
    out = []
    sno = ctx.start_nos
    for i in range(ctx.n):
        hits = _hits(ctx, code, i)
        value = Fraction(len(hits))
        if not ctx.explain:
            out.append(FideValue(code, value, spec.article, value))
            continue
        parts = tuple(ctx.part(i, r + 1, Fraction(1), _WHY[code],
                           sno[ctx.opp[i][r]] if ctx.opp[i][r] >= 0 else None) for r in hits)
        out.append(FideValue(code, value, spec.article, value, parts, _notes(ctx)))
    return out


def progressive_all(ctx: FideContext, spec: FideSpec) -> list[FideValue]:
    """PS (§7.5): sum of the running scores; Cut-N drops the first N of them."""
    cut = min(spec.cut_low, ctx.rounds)
    out = []
    for i in range(ctx.n):
        if not ctx.explain:
            value = ctx.frac(sum(list(accumulate(ctx.pts[i]))[cut:]))
            out.append(FideValue("PS", value, spec.article, value, decimals=1))
            continue
        running = total = 0
        parts = []
        for r in range(ctx.rounds):
            running += ctx.pts[i][r]
            if r < cut:
                parts.append(ctx.part(i, r + 1, ctx.frac(running), "running score",
                                  cut="cut: first rounds (Cut, §14)"))
            else:
                total += running
                parts.append(ctx.part(i, r + 1, ctx.frac(running), "running score"))
        value = ctx.frac(total)
        out.append(FideValue("PS", value, spec.article, value, tuple(parts), _notes(ctx),
                             decimals=1))
    return out


def progressive_values(ctx: FideContext, spec: FideSpec) -> list[Fraction]:
    """PS of every player, values only: round ``r`` (0-based) is in the running scores of
    rounds ``max(r, cut)`` to the last, so its points count ``rounds - max(r, cut)`` times."""
    rounds = ctx.rounds
    cut = min(spec.cut_low, rounds)
    weights = [rounds - max(r, cut) for r in range(rounds)]
    frac = ctx.frac
    return [frac(sum(map(mul, row, weights))) for row in ctx.pts]


def koya_all(ctx: FideContext, spec: FideSpec) -> list[FideValue]:
    """KS (§9.2): points scored against opponents with at least the limit (50 %) of the maximum.

    In a round robin the maximum is reduced by the byes of an odd field and by one
    game for each participant never paired (withdrawn before playing).
    """
    max_games = ctx.rounds
    if ctx.round_robin:
        if ctx.n and ctx.rounds % ctx.n == 0:
            max_games -= ctx.rounds // ctx.n
        max_games -= sum(
            1 for i in range(ctx.n)
            if not any(o >= 0 or pl for o, pl in zip(ctx.opp[i], ctx.played[i], strict=True))
        )
    limit = spec.limit_pct * ctx.frac(ctx.win) * max_games / 100 + spec.limit_offset
    note = (f"limit {spec.limit_pct}% of {max_games} x {ctx.pts_text(ctx.win)}"
            + (f" {'+' if spec.limit_offset > 0 else ''}{spec.limit_offset}" if spec.limit_offset
               else "") + f" = {limit}")
    out = []
    for i in range(ctx.n):
        parts = []
        total = 0
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            if o < 0:
                continue
            osc = ctx.frac(ctx.total[o])
            if osc >= limit:
                total += ctx.pts[i][r]
                parts.append(ctx.part(i, r + 1, ctx.frac(ctx.pts[i][r]),
                                  f"opponent {ctx.start_nos[o]} scored {osc} >= {limit}",
                                  ctx.start_nos[o]))
            else:
                parts.append(ctx.part(i, r + 1, ctx.frac(ctx.pts[i][r]),
                                  f"opponent {ctx.start_nos[o]} scored {osc}",
                                  ctx.start_nos[o], cut=f"not counted: below the limit {limit}"))
        value = ctx.frac(total)
        out.append(FideValue("KS", value, spec.article, value, tuple(parts),
                             (*_notes(ctx), note), decimals=1))
    return out


def standard_points_all(ctx: FideContext, spec: FideSpec) -> list[FideValue]:
    """STD (2026): each round mapped to 1 / ½ / 0 (more than, equal to, less than a draw)."""
    out = []
    for i in range(ctx.n):
        parts = []
        value = Fraction(0)
        for r in range(ctx.rounds):
            p = ctx.pts[i][r]
            v = Fraction(1) if p > ctx.draw else Fraction(1, 2) if p == ctx.draw else Fraction(0)
            value += v
            parts.append(ctx.part(i, r + 1, v, f"{ctx.pts_text(p)} points"))
        out.append(FideValue("STD", value, spec.article, value, tuple(parts), _notes(ctx),
                             decimals=1))
    return out
