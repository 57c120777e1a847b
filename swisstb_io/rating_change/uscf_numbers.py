"""The irrational numbers of the US Chess formulas, each made once for one computation:
the winning expectancy W of each rating difference, N* of each prior rating, and the
square roots of the bonus threshold.  An event of 2,000 players needs a few thousand of
them, and a power of ten or a square root at 40 digits costs as much as the rest of a
game's arithmetic; so :class:`Tables` keeps them for the one computation (it is made by
:func:`~.uscf.uscf_changes` and dropped with it: nothing lives across calls).
"""

from __future__ import annotations

from decimal import Decimal

from .games import Scores

TEN = Decimal(10)
_N_STAR_BASE = Decimal("0.662")
_N_STAR_SLOPE = Decimal("0.00000739")


def effective_games(r0: Decimal) -> Decimal:
    """N* = 50 / sqrt(0.662 + 0.00000739 (2569 - R0)^2), 50 above 2355 (U.4)."""
    if r0 > 2355:
        return Decimal(50)
    return 50 / (_N_STAR_BASE + _N_STAR_SLOPE * (2569 - r0) ** 2).sqrt()


def expectancy(d: Decimal, powers: dict[int, Decimal]) -> Decimal:
    """W = 1 / (1 + 10^(d/400)) for d = Ri - R0 (:func:`whole_expectancy` when d is a
    whole number)."""
    if d == d.to_integral_value():
        return whole_expectancy(int(d), powers)
    return 1 / (1 + TEN ** (d / 400))


def whole_expectancy(d: int, powers: dict[int, Decimal]) -> Decimal:
    """W for a whole-number d.

    d is 400q + 20a + b (0 <= a, b < 20), and 10^(d/400) = 10^q x 10^(a/20) x 10^(b/400):
    scaling by 10^q is exact, and the 40 powers 10^(a/20), 10^(b/400) are made once (in
    ``powers``), so an event needs 40 powers of ten instead of one a difference (each W
    then carries the error of one product: a unit in the 40th digit).
    """
    q, r = divmod(d, 400)
    high = powers.get(400 + r // 20)
    if high is None:
        high = powers[400 + r // 20] = TEN ** (Decimal(r // 20) / 20)
    low = powers.get(r % 20)
    if low is None:
        low = powers[r % 20] = TEN ** (Decimal(r % 20) / 400)
    return 1 / (1 + (high * low).scaleb(q))


class Expectancies(dict[int, Decimal]):
    """``w[d]``: W for a whole-number difference d = Ri - R0 (two ratings from the file),
    made once each for one computation."""

    def __init__(self, powers: dict[int, Decimal]) -> None:
        super().__init__()
        self._powers = powers

    def __missing__(self, d: int) -> Decimal:
        value = self[d] = whole_expectancy(d, self._powers)
        return value


class Tables:
    """W, N*, square roots and scores, each made once for one computation."""

    def __init__(self) -> None:
        self._w: dict[Decimal, Decimal] = {}
        self._powers: dict[int, Decimal] = {}
        self.whole = Expectancies(self._powers)
        """W by whole difference (:class:`Expectancies`)."""
        self._stars: dict[Decimal, Decimal] = {}
        self._roots: dict[int, Decimal] = {}
        self.scores = Scores()
        """A score by its half points (:class:`~.games.Scores`)."""

    def w(self, own: Decimal, opponent: Decimal) -> Decimal:
        """The standard formula's W of a player rated ``own`` against ``opponent``."""
        d = opponent - own
        value = self._w.get(d)
        if value is None:
            value = self._w[d] = expectancy(d, self._powers)
        return value

    def star(self, r0: Decimal) -> Decimal:
        """N* of a prior rating R0."""
        value = self._stars.get(r0)
        if value is None:
            value = self._stars[r0] = effective_games(r0)
        return value

    def root(self, n: int) -> Decimal:
        value = self._roots.get(n)
        if value is None:
            value = self._roots[n] = Decimal(n).sqrt()
        return value
