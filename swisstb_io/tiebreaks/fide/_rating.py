"""Rating tie-breaks: ARO (§10.1), TPR (§10.2), PTP (§10.3), APRO (§10.4), APPO (§10.5).

Only games played over the board count (§A.4 e), scored 1 / ½ / 0 whatever the point
system.  When a player of the event is unrated and no rating for unrated players is
given (``/U1400`` or the ``unrated`` option), the values are undefined (``None``), as
C.07 requires.  ARO, TPR, APRO and APPO are integers rounded half up; the exact mean is
kept in ``exact``.  This module is the only place the FIDE rounding of ratings lives.
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction
from itertools import chain, compress, repeat

from ...model import Outcome
from ._context import FideContext
from ._opponents import _special_cells
from ._types import FideSpec, FideValue, Part, round_half_up

# FIDE Handbook B.02 (rating regulations) 8.1: score percentage p -> rating difference dp.
_DP = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309,
    -296, -284, -273, -262, -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80, -72, -65, -57, -50, -43, -36,
    -29, -21, -14, -7, 0,
)
DP_TABLE = _DP + tuple(-d for d in reversed(_DP[:-1]))
"""``DP_TABLE[p]`` for p = 0..100 (per cent)."""

# B.02 8.1b: the upper end of each rating-difference band; band k gives the stronger
# player an expected score of 0.50 + k/100 (the last band, above 735, gives 1.00).
_PD_UPPER = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153,
    162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344,
    357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)


def expected_hundredths(own: int, opponent: int) -> int:
    """Expected score x 100 of a player rated ``own`` against ``opponent`` (B.02 table)."""
    diff = own - opponent
    band = bisect_left(_PD_UPPER, min(abs(diff), 800))
    pd = 50 + band
    return pd if diff >= 0 else 100 - pd


_HALVES = {Outcome.WIN: 2, Outcome.WIN_UNRATED: 2, Outcome.INCONSISTENT_WIN: 2,
           Outcome.DRAW: 1, Outcome.DRAW_UNRATED: 1, Outcome.INCONSISTENT_DRAW: 1}
"""Rating score of a game in half points: 1 / ½ / 0 whatever the point system."""
_HALVES_BY_ID = {id(o): v for o, v in _HALVES.items()}  # Enum.__hash__ is slow


def _notes(ctx: FideContext) -> tuple[str, ...]:
    return (ctx.edition_reason, ctx.system_reason)


def _undefined_reason(ctx: FideContext, spec: FideSpec) -> str:
    if spec.unrated is not None or ctx.unrated is not None:
        return ""
    key = ("unrated-players",)
    unrated = ctx.cache.get(key)
    if unrated is None:
        unrated = [ctx.start_nos[i] for i in range(ctx.n) if ctx.rating[i] is None]
        ctx.cache[key] = unrated
    assert isinstance(unrated, list)
    if not unrated:
        return ""
    shown = ", ".join(str(s) for s in unrated[:5]) + (" ..." if len(unrated) > 5 else "")
    return (f"undefined: player(s) {shown} unrated and no rating for unrated players given"
            " (FIDE C.07 §10; use /U<rating> or --unrated-rating)")


Game = tuple[int, int, int, int]
"""(round, opponent index, result in half points, opponent's rating)."""


def _games(ctx: FideContext, spec: FideSpec, i: int) -> tuple[list[Game], list[Game],
                                                              dict[int, str]]:
    """All OTB games, the games left after Cut/Median (lowest/highest rated), why cut."""
    fallback = spec.unrated if spec.unrated is not None else ctx.unrated
    key = ("otb-games", fallback)
    games: list[Game] = ctx.per_player(key, i, lambda: _otb_games(ctx, i, fallback or 0))
    low = min(spec.cut_low, ctx.rounds)
    high = min(spec.cut_high, ctx.rounds - low)
    if not (low or high):
        return games, games, {}
    keep = sorted(games, key=lambda g: (g[3], g[0]))
    cut: dict[int, str] = {}
    for _ in range(low):
        if keep:
            cut[keep.pop(0)[0]] = "cut: lowest rated opponent (Cut, §14)"
    for _ in range(high):
        if keep:
            cut[keep.pop()[0]] = "cut: highest rated opponent (Median, §14)"
    return games, keep, cut


def _otb_games(ctx: FideContext, i: int, fallback: int) -> list[Game]:
    rating = ctx.rating
    halves = _HALVES_BY_ID
    games: list[Game] = []
    for r, (o, pl, oc) in enumerate(zip(ctx.opp[i], ctx.played[i], ctx.outcome[i],
                                        strict=True)):
        if pl:
            rt = rating[o]
            games.append((r + 1, o, halves.get(id(oc), 0), rt if rt is not None else fallback))
    return games


def performance(ctx: FideContext, spec: FideSpec, i: int) -> FideValue:
    """ARO, TPR or PTP of player ``i``."""
    code = spec.code
    reason = _undefined_reason(ctx, spec)
    if reason:
        return FideValue(code, None, spec.article, None, (), _notes(ctx), reason)
    games, keep, cut = _games(ctx, spec, i)
    parts: tuple[Part, ...] = ()
    if ctx.explain:
        sno = ctx.start_nos
        parts = tuple(ctx.part(i, g[0], Fraction(g[3]), f"opponent {sno[g[1]]} rated {g[3]}, "
                           f"scored {('0', '0.5', '1')[g[2]]}", sno[g[1]], cut.get(g[0], ""))
                      for g in games)
    if not keep:
        why = "no game played over the board" if not games else "no game left after the cut"
        return FideValue(code, None, spec.article, None, parts, _notes(ctx), why)
    n = len(keep)
    total = sum(g[3] for g in keep)
    halves = sum(g[2] for g in keep)
    aro = Fraction((2 * total + n) // (2 * n))  # half up (ratings are positive)
    if code == "ARO":
        return FideValue(code, aro, spec.article, Fraction(total, n), parts, _notes(ctx))
    if code == "TPR":
        pct = (halves * 100 + n) // (2 * n)  # score percentage, half up
        value = aro + DP_TABLE[pct]
        note = f"ARO {aro} + dp({pct}%) {DP_TABLE[pct]:+}"
        return FideValue(code, value, spec.article, value, parts, (*_notes(ctx), note))
    value = Fraction(perfect_performance(Fraction(halves, 2), [g[3] for g in keep]))
    return FideValue(code, value, spec.article, value, parts, _notes(ctx))


def perfect_performance(score: Fraction, ratings: list[int]) -> int:
    """PTP (§10.3): the lowest rating whose expected score against ``ratings`` reaches ``score``."""
    if score == 0:
        return min(ratings) - 800
    target = score * 100
    lo, hi = min(ratings) - 801, max(ratings) + 800
    if sum(expected_hundredths(hi, r) for r in ratings) < target:
        return hi
    while hi - lo > 1:  # invariant: expected(lo) < target <= expected(hi)
        mid = (lo + hi) // 2
        if sum(expected_hundredths(mid, r) for r in ratings) >= target:
            hi = mid
        else:
            lo = mid
    return hi


def performance_all(ctx: FideContext, spec: FideSpec) -> list[FideValue]:
    if not ctx.explain and spec.code == "ARO":  # TPR: its note needs the per-player figures
        notes = _notes(ctx)
        code, article = spec.code, spec.article
        return [FideValue(code, v, article, x, (), notes, why)
                for v, x, why in zip(*_aro_tpr_values(ctx, spec), strict=True)]
    return [performance(ctx, spec, i) for i in range(ctx.n)]


def _fast(spec: FideSpec) -> bool:
    """Whether :func:`aro_tpr_values` computes ``spec`` (ARO; TPR without a cut)."""
    return spec.code == "ARO" or (spec.code == "TPR" and not (spec.cut_low or spec.cut_high))


def aro_tpr_values(ctx: FideContext, spec: FideSpec) -> list[Fraction | None]:
    """ARO or TPR of every player, values only (what :func:`performance` gives)."""
    if not _fast(spec):
        return [performance(ctx, spec, i).value for i in range(ctx.n)]
    return _aro_tpr_values(ctx, spec)[0]


def _aro_tpr_values(ctx: FideContext, spec: FideSpec
                    ) -> tuple[list[Fraction | None], list[Fraction | None], list[str]]:
    """(values, exact values, why undefined) of ARO or TPR for every player, computed over
    the whole field at once: the opponents' ratings of every cell (0 where no game was
    played over the board), summed per player."""
    n, rounds = ctx.n, ctx.rounds
    reason = _undefined_reason(ctx, spec)
    if reason:
        return [None] * n, [None] * n, [reason] * n
    fallback = spec.unrated if spec.unrated is not None else ctx.unrated
    fallback = fallback or 0
    rated = [rt if rt is not None else fallback for rt in ctx.rating]
    opp_rating = [rated[o] for o in ctx.flat_opp]
    unplayed = _special_cells(ctx, False, False)  # the cells without a game played
    games = [rounds] * n
    for k in unplayed:
        opp_rating[k] = 0
        games[k // rounds] -= 1
    low = min(spec.cut_low, rounds)
    high = min(spec.cut_high, rounds - low)
    starts = range(0, n * rounds, rounds) if rounds else range(n)
    if low or high:
        played = ctx.flat_played
        kept = [sorted(compress(opp_rating[k:k + rounds], played[k:k + rounds]))
                for k in starts]
        kept = [row[low:] for row in kept]
        counts = [max(0, len(row) - high) for row in kept]
        totals = [sum(row[:c]) for row, c in zip(kept, counts, strict=True)]
    else:
        counts = games
        totals = [sum(opp_rating[k:k + rounds]) for k in starts]
    aro_code = spec.code == "ARO"
    if not aro_code:
        halves = _HALVES_BY_ID
        scored = list(map(halves.get, map(id, chain.from_iterable(ctx.outcome)), repeat(0)))
        for k in unplayed:
            scored[k] = 0
        won = [sum(scored[k:k + rounds]) for k in starts]
    ints: dict[int, Fraction] = {}
    values: list[Fraction | None] = []
    exacts: list[Fraction | None] = []
    whys: list[str] = []
    for i, (total, count) in enumerate(zip(totals, counts, strict=True)):
        if not count:
            values.append(None)
            exacts.append(None)
            whys.append("no game played over the board" if not games[i]
                        else "no game left after the cut")
            continue
        aro = (2 * total + count) // (2 * count)  # half up (ratings are positive)
        value = aro if aro_code else aro + DP_TABLE[(won[i] * 100 + count) // (2 * count)]
        frac = ints.get(value)
        if frac is None:
            frac = ints[value] = Fraction(value)
        values.append(frac)
        exacts.append(Fraction(total, count) if aro_code and total % count else frac)
        whys.append("")
    return values, exacts, whys


def average_performance_all(ctx: FideContext, spec: FideSpec) -> list[FideValue]:
    """APRO / APPO: the mean TPR / PTP of the opponents met over the board, rounded half up."""
    inner = FideSpec("TPR" if spec.code == "APRO" else "PTP", unrated=spec.unrated)
    key = ("perf", inner)
    values = ctx.cache.get(key)
    if values is None:
        values = [v.value for v in performance_all(ctx, inner)]
        ctx.cache[key] = values
    assert isinstance(values, list)
    reason = _undefined_reason(ctx, spec)
    out = []
    for i in range(ctx.n):
        got = [(r, o) for r, (o, pl) in enumerate(zip(ctx.opp[i], ctx.played[i], strict=True))
               if pl and values[o] is not None]
        parts = tuple(ctx.part(i, r + 1, values[o], f"{inner.code} of opponent {ctx.start_nos[o]}",
                           ctx.start_nos[o]) for r, o in got) if ctx.explain else ()
        if reason or not got:
            out.append(FideValue(spec.code, None, spec.article, None, parts, _notes(ctx),
                                 reason or "no opponent with a performance"))
            continue
        exact = sum((values[o] for _, o in got), Fraction(0)) / len(got)
        out.append(FideValue(spec.code, round_half_up(exact), spec.article, exact, parts,
                             _notes(ctx)))
    return out
