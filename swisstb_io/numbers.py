"""How an exact number (a :class:`~fractions.Fraction`) is written: the few notations
every output uses, and nothing else.  No float is involved anywhere.

* :func:`exact`: the number itself, as a finite decimal (``2.5``, ``3``, ``0.125``; with at
  least ``places`` decimals, ``3.0``) or, when it has none (or needs more than ``most``
  decimals), as a fraction (``7/3``).  Points in notes, files and messages.
* :func:`fixed`: exactly ``places`` decimals, rounded half up (away from zero on a tie):
  ``2.33``, ``216.67``, ``0.5``.  Money, chart coordinates, rounded values.
  :func:`fixed_decimal` writes a :class:`~decimal.Decimal` (the rating estimates'
  arithmetic) the same way.
* :func:`glyph`: points as a director writes them, with the ``½`` glyph: ``4½``, ``½``,
  ``7``; other values :func:`exact`.
* :func:`rule_decimal` and :func:`rule_text`: a tie-break value as the rule prints it:
  exact for a multiple of 1/4, else rounded half up to the digits the rule gives.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

__all__ = ["decimal_places", "exact", "fixed", "fixed_decimal", "glyph", "round_half_up",
           "rule_decimal", "rule_text"]


def decimal_places(value: Fraction) -> int | None:
    """The decimals ``value``'s finite decimal needs (``0`` for a whole number, ``2`` for
    ``1/4``); ``None`` when it has none (a denominator with a prime factor but 2 and 5)."""
    den, twos, fives = value.denominator, 0, 0
    while den % 2 == 0:
        den, twos = den // 2, twos + 1
    while den % 5 == 0:
        den, fives = den // 5, fives + 1
    return max(twos, fives) if den == 1 else None


def round_half_up(value: Fraction, places: int = 0) -> Fraction:
    """``value`` rounded to ``places`` decimals, halves away from zero (C.07: "rounded
    up")."""
    scale = 10**places
    scaled = abs(value) * scale
    q = (2 * scaled.numerator + scaled.denominator) // (2 * scaled.denominator)
    return Fraction(q if value >= 0 else -q, scale)


def fixed(value: Fraction, places: int) -> str:
    """``value`` with exactly ``places`` decimals, rounded half up (``-0.04`` to one
    decimal is ``0.0``, not ``-0.0``)."""
    num, den = value.numerator, value.denominator
    scale = 10**places
    units = (2 * abs(num) * scale + den) // (2 * den)  # |value| x scale, rounded half up
    sign = "-" if num < 0 and units else ""
    whole, part = divmod(units, scale)
    return f"{sign}{whole}.{part:0{places}d}" if places else f"{sign}{whole}"


def fixed_decimal(value: Decimal, places: int) -> str:
    """:func:`fixed` of a finite :class:`~decimal.Decimal`: the same text (``-0.00`` is
    ``0.00``), rounded by the Decimal itself rather than through a Fraction of its 40
    digits."""
    text = str(value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


def exact(value: Fraction, places: int = 0, most: int | None = None) -> str:
    """``value`` as its finite decimal, with at least ``places`` decimals; as ``p/q`` when
    it has none, or needs more than ``most`` decimals."""
    needed = decimal_places(value)
    if needed is None or (most is not None and needed > most):
        return f"{value.numerator}/{value.denominator}"
    return fixed(value, max(needed, places))


def glyph(value: Fraction) -> str:
    """Points with the ``½`` glyph: ``4½``, ``½``, ``7``, ``-½``; any other value
    :func:`exact` (``2.25``, ``7/3``)."""
    whole, rest = divmod(abs(value), 1)
    sign = "-" if value < 0 else ""
    if rest == 0:
        return f"{sign}{whole}"
    if rest == Fraction(1, 2):
        return f"{sign}{whole or ''}½"
    return exact(value)


def rule_decimal(value: Fraction, digits: int = 2) -> Decimal:
    """A tie-break value as the JSON report writes it: exact for a multiple of 1/4, else
    rounded half up to ``digits`` decimals (the rule's; 2 when it gives none)."""
    if 4 % value.denominator == 0:  # the Fraction is in lowest terms
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(fixed(value, digits))


def rule_text(value: Fraction | None, digits: int, places: int) -> str:
    """A tie-break value as the other reports print it: ``-`` when undefined; a multiple of
    1/4 with ``places`` decimals (those its column needs), anything else rounded half up to
    the rule's ``digits``."""
    if value is None:
        return "-"
    if 4 % value.denominator == 0:
        return fixed(value, places)
    return fixed(value, digits)
