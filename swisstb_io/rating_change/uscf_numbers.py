"""The irrational numbers of the US Chess formulas, each made once for one computation:
the winning expectancy W of each rating difference, N* of each prior rating, and the
square roots of the bonus threshold.  An event of 2,000 players needs a few thousand of
them, and a power of ten or a square root costs as much as the rest of a game's
arithmetic; so :class:`Tables` keeps them for the one computation (it is made by
:func:`~.uscf.uscf_changes` and dropped with it: nothing lives across calls).

Each of them is computed at :data:`IRRATIONAL_DIGITS` significant digits and kept to
:data:`PLACES` (:func:`fix`), a fixed-point number: the standard formula's products of
such numbers are then exact (:func:`~.uscf.standard`).
"""

from __future__ import annotations

from decimal import Context, Decimal

from .games import Scores

IRRATIONAL_DIGITS = 40
"""Significant digits of each power of ten and square root before it is fixed to
:data:`PLACES`: ten digits beyond the last place kept."""
PLACES = Decimal(1).scaleb(-30)
"""Every irrational number, K, contribution and adjustment is kept to 30 decimal places
(fixed point), so that the parts of a change add up to it exactly."""
ONE = Decimal(1)
TEN = Decimal(10)
_N_STAR_BASE = Decimal("0.662")
_N_STAR_SLOPE = Decimal("0.00000739")


def fix(value: Decimal, ctx: Context | None = None) -> Decimal:
    """``value`` to :data:`PLACES` (in ``ctx``, else the current context): the product of
    two such numbers below 10^10, and a rating plus it, then fit
    :data:`~.model.US_PRECISION` exactly."""
    return value.quantize(PLACES, context=ctx)


def effective_games(r0: Decimal, ctx: Context) -> Decimal:
    """N* = 50 / sqrt(0.662 + 0.00000739 (2569 - R0)^2), 50 above 2355 (U.4), to
    :data:`PLACES`."""
    if r0 > 2355:
        return Decimal(50)
    d = ctx.subtract(2569, r0)
    square = ctx.add(_N_STAR_BASE, ctx.multiply(_N_STAR_SLOPE, ctx.multiply(d, d)))
    return fix(ctx.divide(50, square.sqrt(ctx)), ctx)


def expectancy(d: Decimal, ctx: Context) -> Decimal:
    """W = 1 / (1 + 10^(d/400)) for any difference d = Ri - R0, to :data:`PLACES`."""
    return fix(ctx.divide(ONE, ctx.add(ONE, ctx.power(TEN, ctx.divide(d, 400)))), ctx)


class Expectancies(dict[int, Decimal]):
    """``w[d]``: W for a whole-number difference d = Ri - R0 (two ratings from the file),
    made once each for one computation.

    Only the W of d >= 0 is computed: W(-d) = 1 - W(d) (the two players' expected scores
    add up to 1), exactly so in fixed point.  d is 400q + 20a + b (0 <= a, b < 20), and
    10^(d/400) = 10^q x 10^(a/20) x 10^(b/400): scaling by 10^q is exact, and the 40 powers
    10^(a/20), 10^(b/400) are made once, so an event needs 40 powers of ten instead of one
    a difference (each W then carries the error of one product, far below the 30th
    place).
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__()
        self._ctx = ctx
        self._powers: dict[int, Decimal] = {}

    def _power(self, key: int, exponent: Decimal) -> Decimal:
        value = self._powers.get(key)
        if value is None:
            value = self._powers[key] = self._ctx.power(TEN, exponent)
        return value

    def __missing__(self, d: int) -> Decimal:
        if d < 0:
            value = self[d] = ONE - self[-d]
            return value
        q, r = divmod(d, 400)
        ctx = self._ctx
        high = self._power(400 + r // 20, ctx.divide(r // 20, 20))
        low = self._power(r % 20, ctx.divide(r % 20, 400))
        value = self[d] = fix(ctx.divide(ONE, ctx.add(ONE, ctx.multiply(high, low).scaleb(q))),
                              ctx)
        return value


class Tables:
    """W, N*, square roots and scores, each made once for one computation."""

    def __init__(self) -> None:
        self._ctx = Context(prec=IRRATIONAL_DIGITS)
        self._w: dict[Decimal, Decimal] = {}
        self.whole = Expectancies(self._ctx)
        """W by whole difference (:class:`Expectancies`)."""
        self._stars: dict[Decimal, Decimal] = {}
        self._roots: dict[int, Decimal] = {}
        self.scores = Scores()
        """A score by its half points (:class:`~.games.Scores`)."""

    def w(self, own: Decimal, opponent: Decimal) -> Decimal:
        """The standard formula's W of a player rated ``own`` against ``opponent``."""
        d = opponent - own
        if d == d.to_integral_value():
            return self.whole[int(d)]
        value = self._w.get(d)
        if value is None:
            value = self._w[d] = expectancy(d, self._ctx)
        return value

    def star(self, r0: Decimal) -> Decimal:
        """N* of a prior rating R0."""
        value = self._stars.get(r0)
        if value is None:
            value = self._stars[r0] = effective_games(r0, self._ctx)
        return value

    def root(self, n: int) -> Decimal:
        """√n, to :data:`PLACES`."""
        value = self._roots.get(n)
        if value is None:
            value = self._roots[n] = fix(Decimal(n).sqrt(self._ctx), self._ctx)
        return value
