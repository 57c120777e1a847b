"""The FIDE rating tables the rating systems use (FIDE Handbook B.02, rating regulations)."""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

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
