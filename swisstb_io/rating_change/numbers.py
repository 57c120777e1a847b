"""How the estimates' numbers are written, in every output: each to the precision its
rule gives (FIDE changes in hundredths, US Chess ratings to 0.001, K and expected scores
of US Chess to 4 decimals), rounded half up, and only here."""

from __future__ import annotations

from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from .model import Formula, PlayerChange, RatingSystem


def fixed(value: Decimal, places: int) -> Decimal:
    return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def score(value: Fraction) -> str:
    """``2.5``, ``3``."""
    whole, half = divmod(value.numerator * 2 // value.denominator, 2)
    return f"{whole}.5" if half else str(whole)


def k(p: PlayerChange, system: RatingSystem) -> str | None:
    if p.k is None:
        return None
    return str(p.k) if system is RatingSystem.FIDE else str(fixed(p.k, 4))


def expected(p: PlayerChange, system: RatingSystem) -> str | None:
    if p.expected is None:
        return None
    return str(fixed(p.expected, 2 if system is RatingSystem.FIDE else 4))


def change(p: PlayerChange, system: RatingSystem, sign: bool = False) -> str | None:
    """FIDE: exact hundredths (``-7.40``); US Chess: to 0.001 (``39.100``); ``sign``: a
    plus sign on gains (the tables)."""
    if p.change is None:
        return None
    text = str(fixed(p.change, 2 if system is RatingSystem.FIDE else 3))
    if text.startswith("-") and not text.strip("-0."):
        text = text[1:]  # -0.000 is 0.000
    return f"+{text}" if sign and not text.startswith("-") and p.change else text


def digits(p: PlayerChange, system: RatingSystem) -> int:
    """Decimals of the values of ``p``'s explanation: FIDE changes in hundredths, the
    opponents' ratings of a FIDE initial rating whole, US Chess parts to 0.001."""
    if system is RatingSystem.FIDE:
        return 0 if p.formula is Formula.INITIAL else 2
    return 3


def rating(value: Decimal) -> str:
    """A rating an explanation shows: whole numbers as they are, else one decimal."""
    return f"{value:.0f}" if value == value.to_integral_value() else f"{fixed(value, 1)}"


def fixed_fraction(value: Fraction, places: int) -> Decimal:
    """An explanation row's value (a Fraction of a Decimal) to ``places``."""
    return fixed(Decimal(value.numerator) / Decimal(value.denominator), places)


def row_value(places: int) -> Callable[[Fraction | None], str | None]:
    """How the JSON writes an explanation row's value: a decimal string to ``places``."""
    def text(value: Fraction | None) -> str | None:
        return None if value is None else str(fixed_fraction(value, places))
    return text
