"""Rating systems: the opponents' ratings, performances and their averages.

FIDE C.07: ARO (§10.1), TPR (§10.2), PTP (§10.3), APRO (§10.4), APPO (§10.5).  Only games
played over the board count (§A.4 e), scored 1 / ½ / 0 whatever the point system.  When a
player of the event is unrated and no rating for unrated players is given (``/U1400`` or
the ``unrated`` option), the values are undefined (``None``), as C.07 requires.  ARO, TPR,
APRO and APPO are integers rounded half up.  This module is the only place the FIDE
rounding of ratings lives.
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

from ..model import Outcome
from .context import Context
from .registry import tiebreak
from .spec import Spec
from .values import Explanation, round_half_up

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


HALVES = {Outcome.WIN: 2, Outcome.WIN_UNRATED: 2, Outcome.INCONSISTENT_WIN: 2,
          Outcome.DRAW: 1, Outcome.DRAW_UNRATED: 1, Outcome.INCONSISTENT_DRAW: 1}
"""Rating score of a game in half points: 1 / ½ / 0 whatever the point system."""

Game = tuple[int, int, int, int]
"""(round, opponent index, result in half points, opponent's rating)."""


def _fallback(ctx: Context, spec: Spec) -> int | None:
    """The rating given to unrated players: ``/U``, else the option, else none."""
    return spec.unrated if spec.unrated is not None else ctx.options.unrated_rating


def _undefined_reason(ctx: Context, spec: Spec) -> str:
    """Why every value is undefined (an unrated player, no rating given), else ``""``."""
    if _fallback(ctx, spec) is not None:
        return ""
    table = ctx.fide_table
    ratings = ctx.list_ratings(ctx.fide_rating_list)
    unrated = [sn for sn, rt in zip(table.start_nos, ratings, strict=True) if rt is None]
    if not unrated:
        return ""
    shown = ", ".join(str(s) for s in unrated[:5]) + (" ..." if len(unrated) > 5 else "")
    return (f"undefined: player(s) {shown} unrated and no rating for unrated players given"
            " (FIDE C.07 §10; use /U<rating> or --unrated-rating)")


def _games(ctx: Context, spec: Spec, i: int) -> tuple[list[Game], list[Game], dict[int, str]]:
    """All games over the board, those left after Cut/Median (lowest/highest rated), why cut."""
    table = ctx.fide_table
    ratings = ctx.list_ratings(ctx.fide_rating_list)
    fallback = _fallback(ctx, spec) or 0
    games: list[Game] = []
    start = i * table.rounds
    for r in range(table.rounds):
        k = start + r
        if table.played[k]:
            o = table.opp[k]
            rating = ratings[o]
            games.append((r + 1, o, HALVES.get(table.outcome[k], 0),
                          rating if rating is not None else fallback))
    low = min(spec.cut_low, table.rounds)
    high = min(spec.cut_high, table.rounds - low)
    keep = sorted(games, key=lambda g: (g[3], g[0]))
    cut: dict[int, str] = {}
    for _ in range(low):
        if keep:
            cut[keep.pop(0)[0]] = "cut: lowest rated opponent (Cut, §14)"
    for _ in range(high):
        if keep:
            cut[keep.pop()[0]] = "cut: highest rated opponent (Median, §14)"
    return games, keep, cut


def _aro(total: int, n: int) -> int:
    return (2 * total + n) // (2 * n)  # the mean rounded half up (ratings are positive)


def _percentage(halves: int, n: int) -> int:
    return (halves * 100 + n) // (2 * n)  # the score percentage rounded half up


def _performance(ctx: Context, spec: Spec, i: int) -> Fraction | None:
    """ARO, TPR or PTP of player ``i``."""
    if _undefined_reason(ctx, spec):
        return None
    _, keep, _ = _games(ctx, spec, i)
    if not keep:
        return None
    n = len(keep)
    total = sum(g[3] for g in keep)
    halves = sum(g[2] for g in keep)
    if spec.code == "ARO":
        return Fraction(_aro(total, n))
    if spec.code == "TPR":
        return Fraction(_aro(total, n) + DP_TABLE[_percentage(halves, n)])
    return Fraction(perfect_performance(Fraction(halves, 2), [g[3] for g in keep]))


def explain_performance(ctx: Context, spec: Spec, i: int) -> Explanation:
    rules = ctx.fide_rules(spec)
    rule = rules.rule_text(spec.system)
    reason = _undefined_reason(ctx, spec)
    if reason:
        return Explanation(rule, (), (*rules.notes, reason))
    games, keep, cut = _games(ctx, spec, i)
    table = ctx.fide_table
    sno = table.start_nos
    rows = tuple(ctx.explain_row(table, i, g[0], Fraction(g[3]),
                                 f"opponent {sno[g[1]]} rated {g[3]}, scored "
                                 f"{('0', '0.5', '1')[g[2]]}", sno[g[1]], cut.get(g[0], ""))
                 for g in games)
    if not keep:
        why = "no game played over the board" if not games else "no game left after the cut"
        return Explanation(rule, rows, (*rules.notes, why))
    n = len(keep)
    total = sum(g[3] for g in keep)
    notes: tuple[str, ...] = rules.notes
    if spec.code == "ARO" and total % n:
        notes = (*notes, rules.exact_note(spec.system, Fraction(total, n)))
    elif spec.code == "TPR":
        pct = _percentage(sum(g[2] for g in keep), n)
        notes = (*notes, f"ARO {_aro(total, n)} + dp({pct}%) {DP_TABLE[pct]:+}")
    return Explanation(rule, rows, notes)


def _aro_tpr(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """ARO or TPR of every player, over the whole field at once: the opponents' ratings of
    every cell (0 where no game was played over the board), summed per player."""
    table = ctx.fide_table
    n, rounds = len(table), table.rounds
    if _undefined_reason(ctx, spec):
        return [None] * n
    fallback = _fallback(ctx, spec) or 0
    rated = [fallback if rt is None else rt for rt in ctx.list_ratings(ctx.fide_rating_list)]
    opp_rating = [rated[o] if pl else 0 for o, pl in zip(table.opp, table.played, strict=True)]
    games = table.row_sums(list(map(int, table.played)))
    low = min(spec.cut_low, rounds)
    high = min(spec.cut_high, rounds - low)
    if low or high:
        starts = table.row_starts()
        kept = [sorted(r for r, pl in zip(opp_rating[k:k + rounds], table.played[k:k + rounds],
                                          strict=True) if pl)[low:] for k in starts]
        counts = [max(0, len(row) - high) for row in kept]
        totals = [sum(row[:c]) for row, c in zip(kept, counts, strict=True)]
    else:
        counts = games
        totals = table.row_sums(opp_rating)
    if spec.code == "TPR":
        scored = [HALVES.get(o, 0) if pl else 0
                  for o, pl in zip(table.outcome, table.played, strict=True)]
        won = table.row_sums(scored)
    out: list[Fraction | None] = []
    for i, (total, count) in enumerate(zip(totals, counts, strict=True)):
        if not count:
            out.append(None)
        elif spec.code == "ARO":
            out.append(Fraction(_aro(total, count)))
        else:
            out.append(Fraction(_aro(total, count) + DP_TABLE[_percentage(won[i], count)]))
    return out




@tiebreak("ARO", "Average Rating of Opponents", "FIDE C.07 §10.1", family="FIDE", decimals=0,
          explain=explain_performance, modifiers=frozenset("CMU"),
          summary="mean rating of the opponents met over the board, rounded half up")
@tiebreak("TPR", "Tournament Performance Rating", "FIDE C.07 §10.2", family="FIDE",
          decimals=0, explain=explain_performance, modifiers=frozenset("U"),
          summary="ARO + dp(score %) from the FIDE table")
def average_rating_and_performance(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """ARO or TPR of every player."""
    ctx.fide_rules(spec)
    return _aro_tpr(ctx, spec)


@tiebreak("PTP", "Perfect Tournament Performance", "FIDE C.07 §10.3", family="FIDE",
          decimals=0, explain=explain_performance, modifiers=frozenset("U"),
          summary="lowest rating whose expected score reaches the player's score")
def perfect_tournament_performance(ctx: Context, spec: Spec) -> list[Fraction | None]:
    ctx.fide_rules(spec)
    return [_performance(ctx, spec, i) for i in range(len(ctx.fide_table))]


# --------------------------------------------------------------------------- APRO, APPO


def _opponents_performances(ctx: Context, spec: Spec) -> tuple[str, list[Fraction | None]]:
    """(TPR or PTP, its value per player) that APRO / APPO average."""
    code = "TPR" if spec.code == "APRO" else "PTP"
    inner = Spec(code=code, key=code, unrated=spec.unrated)
    values = ctx.memo(f"fide performances {code} {spec.unrated}", lambda: (
        _aro_tpr(ctx, inner) if code == "TPR" else
        [_performance(ctx, inner, i) for i in range(len(ctx.fide_table))]))
    return code, values


def _met(ctx: Context, values: list[Fraction | None], i: int) -> list[tuple[int, int]]:
    """(round, opponent) of player ``i``'s games over the board against an opponent with a
    performance."""
    table = ctx.fide_table
    start = i * table.rounds
    return [(r, table.opp[start + r]) for r in range(table.rounds)
            if table.played[start + r] and values[table.opp[start + r]] is not None]


def explain_average_performance(ctx: Context, spec: Spec, i: int) -> Explanation:
    rules = ctx.fide_rules(spec)
    code, values = _opponents_performances(ctx, spec)
    table = ctx.fide_table
    sno = table.start_nos
    got = _met(ctx, values, i)
    rows = tuple(ctx.explain_row(table, i, r + 1, values[o], f"{code} of opponent {sno[o]}",
                                 sno[o]) for r, o in got)
    notes: tuple[str, ...] = rules.notes
    reason = _undefined_reason(ctx, spec)
    if reason or not got:
        notes = (*notes, reason or "no opponent with a performance")
    else:
        exact = sum((values[o] or Fraction(0) for _, o in got), Fraction(0)) / len(got)
        if exact != round_half_up(exact):
            notes = (*notes, rules.exact_note(spec.system, exact))
    return Explanation(rules.rule_text(spec.system), rows, notes)




@tiebreak("APRO", "Average Performance Rating of Opponents", "FIDE C.07 §10.4",
          family="FIDE", decimals=0, explain=explain_average_performance,
          modifiers=frozenset("U"), summary="mean TPR of the opponents met over the board")
@tiebreak("APPO", "Average Perfect Performance of Opponents", "FIDE C.07 §10.5",
          family="FIDE", decimals=0, explain=explain_average_performance,
          modifiers=frozenset("U"), summary="mean PTP of the opponents met over the board")
def average_opponents_performance(ctx: Context, spec: Spec) -> list[Fraction | None]:
    """APRO / APPO: the mean TPR / PTP of the opponents met over the board, rounded half up."""
    ctx.fide_rules(spec)
    _, values = _opponents_performances(ctx, spec)
    if _undefined_reason(ctx, spec):
        return [None] * len(ctx.fide_table)
    out: list[Fraction | None] = []
    for i in range(len(ctx.fide_table)):
        got = [values[o] or Fraction(0) for _, o in _met(ctx, values, i)]
        out.append(round_half_up(sum(got, Fraction(0)) / len(got)) if got else None)
    return out
