"""How report values are printed: exact for multiples of 1/4, else rounded half-up to the
digits the system's rule gives (2 when it gives none); ``-`` for an undefined value."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction


def decimal(value: Fraction, digits: int = 2) -> Decimal:
    """``value`` as a Decimal: exact for multiples of 1/4, else rounded half-up to ``digits``."""
    num, den = value.numerator, value.denominator
    if den == 1:
        return Decimal(num)
    if 4 % den == 0:
        return Decimal(num) / Decimal(den)
    quantum = Decimal(1).scaleb(-digits)
    return (Decimal(num) / Decimal(den)).quantize(quantum, rounding=ROUND_HALF_UP)


def places_needed(values: Iterable[Fraction | None]) -> int:
    """Decimal places that show every multiple-of-1/4 value of a column exactly."""
    dens = {v.denominator for v in values if v is not None}
    return 2 if 4 in dens else 1 if 2 in dens else 0


def number_text(value: Fraction | None, digits: int, places: int) -> str:
    """``value`` printed: ``-`` when undefined; multiples of 1/4 with ``places`` decimals,
    anything else rounded half-up to the rule's ``digits``."""
    if value is None:
        return "-"
    d = decimal(value, digits)
    if 4 % value.denominator == 0:  # a multiple of 1/4 (the Fraction is in lowest terms)
        return f"{d:.{places}f}"
    return str(d)
