"""How the estimates' numbers are written, in every output: each to the precision its
rule gives (FIDE changes in hundredths, US Chess ratings to 0.001, K and expected scores
of US Chess to 4 decimals), rounded half up in the shared notation
(:func:`swisstb_io.numbers.fixed_decimal`), and only here."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from .. import numbers
from .model import Formula, PlayerChange, RatingSystem


def fixed(value: Decimal, places: int) -> str:
    """``value`` to ``places`` decimals, rounded half up (the shared notation)."""
    return numbers.fixed_decimal(value, places)


def score(value: Fraction) -> str:
    """``2.5``, ``3``."""
    return numbers.exact(value)


def k(p: PlayerChange, system: RatingSystem) -> str | None:
    if p.k is None:
        return None
    return str(p.k) if system is RatingSystem.FIDE else fixed(p.k, 4)


def expected(p: PlayerChange, system: RatingSystem) -> str | None:
    if p.expected is None:
        return None
    return fixed(p.expected, 2 if system is RatingSystem.FIDE else 4)


def change(p: PlayerChange, system: RatingSystem, sign: bool = False) -> str | None:
    """FIDE: exact hundredths (``-7.40``); US Chess: to 0.001 (``39.100``); ``sign``: a
    plus sign on gains (the tables)."""
    if p.change is None:
        return None
    text = fixed(p.change, 2 if system is RatingSystem.FIDE else 3)  # never -0.000
    return f"+{text}" if sign and not text.startswith("-") and p.change else text


def digits(p: PlayerChange, system: RatingSystem) -> int:
    """Decimals of the values of ``p``'s explanation: FIDE changes in hundredths, the
    opponents' ratings of a FIDE initial rating whole, US Chess parts to 0.001."""
    if system is RatingSystem.FIDE:
        return 0 if p.formula is Formula.INITIAL else 2
    return 3


def rating(value: Decimal) -> str:
    """A rating an explanation shows: whole numbers as they are, else one decimal."""
    return f"{value:.0f}" if value == value.to_integral_value() else fixed(value, 1)


def row_value(places: int) -> Callable[[Fraction | None], str | None]:
    """How the JSON writes an explanation row's value: a decimal string to ``places``."""
    def text(value: Fraction | None) -> str | None:
        return None if value is None else numbers.fixed(value, places)
    return text
