"""The US Chess special rating formula, solved exactly (ratings.md U.5).

With the provisional winning expectancy PWe(R, Ri) = 0 below Ri - 400, 1/2 + (R - Ri)/800
within 400 points and 1 above Ri + 400, the rating is the R at which

    f(R) = N'·PWe(R, R0') + Σ PWe(R, Ri) - S' = 0

("the rating at which the attained score equals the sum of expected scores").  f is
continuous, non-decreasing and piecewise linear, so one sweep over its break points
(each term's Ri ± 400) finds where it reaches zero, and the equation of that piece gives
the rating.  When f is zero on a whole interval (every result saturated: a perfect
score, or every game against players far weaker), the rating is the point of that
interval nearest the prior R0.

:func:`solve` also splits the change R - R0 into what each game (and the earlier games)
adds: on the piece of f that holds R, each term is either linear or saturated, and

    R - R0 = Σ [active·w·(Ri - R0) + 800·w·(s - t)] / W

where W is the weight of the linear terms, s the term's score and t its PWe with the
linear part taken out (1/2 linear, 1 or 0 saturated).  Within 400 points of everybody
this is the familiar (Ri - R0 ± 400) / (N' + m) a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import NamedTuple

SPREAD = Decimal(400)
WIDTH = Decimal(800)
HALF = Decimal("0.5")
ZERO = Decimal(0)
ONE = Decimal(1)


class Term(NamedTuple):
    """One term of f: a game (weight 1) or the earlier games (weight N')."""

    rating: Decimal
    weight: Decimal
    score: Decimal
    """The term's score a unit of weight: 1, 1/2 or 0."""


class Solution(NamedTuple):
    rating: Decimal
    """The rating found (before any cap or floor)."""
    parts: tuple[Decimal, ...]
    """What each term adds to ``rating - prior``, in the order of the terms."""
    rest: Decimal
    """The part of ``rating - prior`` no term gives: the choice of the point nearest the
    prior inside an interval of solutions (0 when the solution is one point)."""
    expected: tuple[Decimal, ...]
    """PWe(rating, Ri) of each term."""
    interval: tuple[Decimal | None, Decimal | None] | None
    """The interval of solutions (``None`` ends are unbounded) when there is more than
    one, else ``None``."""


def pwe(r: Decimal, ri: Decimal) -> Decimal:
    """The provisional winning expectancy of R against Ri."""
    if r <= ri - SPREAD:
        return ZERO
    if r >= ri + SPREAD:
        return ONE
    return HALF + (r - ri) / WIDTH


def _zeros(terms: Sequence[Term]) -> tuple[Decimal | None, Decimal | None]:
    """The ends of the set where f = 0 (``None``: unbounded): the first point where f
    reaches 0 and the last where it is still 0."""
    target = sum((t.weight * t.score for t in terms), ZERO)
    total = sum((t.weight for t in terms), ZERO)
    steps: dict[Decimal, Decimal] = {}
    for t in terms:
        if t.weight:
            rise = t.weight / WIDTH
            steps[t.rating - SPREAD] = steps.get(t.rating - SPREAD, ZERO) + rise
            steps[t.rating + SPREAD] = steps.get(t.rating + SPREAD, ZERO) - rise
    low: Decimal | None = None
    high: Decimal | None = None
    low_found = target == 0      # f = 0 from -infinity on
    high_found = target == total  # f = 0 up to +infinity
    value, slope = -target, ZERO
    before: Decimal | None = None
    for x in sorted(steps):
        if before is not None and slope:
            after = value + slope * (x - before)
            if not low_found and value < 0 <= after:
                low, low_found = before - value / slope, True
            if not high_found and value <= 0 < after:
                high, high_found = before - value / slope, True
            value = after
        slope += steps[x]
        before = x
    return low, high


def solve(prior: Decimal, terms: Sequence[Term]) -> Solution:
    """The special rating of a player whose prior rating is ``prior`` (R0, the one
    nearest which an interval of solutions is resolved), with ``terms`` (the games and,
    with N' > 0, the earlier games)."""
    low, high = _zeros(terms)
    interval = None
    if low is not None and low == high:
        found = low
    else:
        interval = (low, high)
        found = prior
        if low is not None and found < low:
            found = low
        if high is not None and found > high:
            found = high
    linear = [t.weight for t in terms if t.rating - SPREAD < found <= t.rating + SPREAD]
    weight = sum(linear, ZERO)
    parts = []
    if weight:
        for t in terms:
            if t.rating - SPREAD < found <= t.rating + SPREAD:
                parts.append((t.weight * (t.rating - prior) + WIDTH * t.weight
                              * (t.score - HALF)) / weight)
            else:
                saturated = ONE if found > t.rating + SPREAD else ZERO
                parts.append(WIDTH * t.weight * (t.score - saturated) / weight)
        rating = prior + sum(parts, ZERO)
        rest = ZERO
    else:
        parts = [ZERO] * len(terms)
        rating = found
        rest = found - prior
    return Solution(rating, tuple(parts), rest, tuple(pwe(rating, t.rating) for t in terms),
                    interval)
