"""Exact money: based-on percentages (§1.7, §3.0 step 2), rounding a pool's shares to the
payable unit (§3.4), and printing amounts and points."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..numbers import decimal_places, fixed, glyph
from .model import Fund, FundMode, Rounding

_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}


@dataclass(frozen=True)
class FundScale:
    """What share of each advertised prize is paid."""

    factor: Fraction
    """Applied to groups not guaranteed; 1 for a guaranteed fund."""
    entries: int
    announced: Fraction
    note: str


def fund_scale(fund: Fund, announced: Fraction, entries: int) -> FundScale:
    """``min(1, max(entries / based_on, floor))``; the floor (50 % by default) applies when
    the announced total is above ``floor_threshold`` ($500 by default, §1.7)."""
    if fund.mode is FundMode.GUARANTEED or not fund.based_on:
        return FundScale(Fraction(1), entries, announced, "guaranteed: every prize in full")
    ratio = Fraction(entries, fund.based_on)
    floor = fund.floor_percent / 100 if announced > fund.floor_threshold else Fraction(0)
    factor = min(Fraction(1), max(ratio, floor))
    why = f"based on {fund.based_on} entries, {entries} entered: {percent(ratio)}"
    if factor == 1 and ratio > 1:
        why += ", never above 100 %"
    elif factor == floor and ratio < floor:
        why += (f", below the floor of {percent(floor)} that a fund over "
                f"{plain(fund.floor_threshold)} must pay")
    elif floor == 0 and ratio < fund.floor_percent / 100:
        why += f" (no {percent(fund.floor_percent / 100)} floor: the fund is not over " \
               f"{plain(fund.floor_threshold)})"
    return FundScale(factor, entries, announced, f"{why}; pays {percent(factor)}")


def round_half_up(value: Fraction, unit: Fraction) -> Fraction:
    return math.floor(value / unit + Fraction(1, 2)) * unit


def round_shares(exact: Sequence[Fraction], mode: Rounding, unit: Fraction) -> list[Fraction]:
    """Pay each share of one pool as ``mode`` says; shares already in whole units stay.

    ``exact`` is in ranking order: ``exact-total`` gives the leftover units one each to the
    largest fractional parts, ties to the better ranked.
    """
    if mode is Rounding.UP:
        return [math.ceil(x / unit) * unit for x in exact]
    if mode is Rounding.DOWN:
        return [math.floor(x / unit) * unit for x in exact]
    if mode is Rounding.HALF_UP:
        return [round_half_up(x, unit) for x in exact]
    paid = [math.floor(x / unit) * unit for x in exact]
    spare = math.floor((sum(exact, Fraction(0)) - sum(paid, Fraction(0))) / unit)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - paid[i]), i))
    for i in order[:spare]:
        paid[i] += unit
    return paid


def decimals(value: Fraction) -> int:
    """Digits after the point that ``value`` needs (0.01 -> 2, 1 -> 0, 0.5 -> 1), at most
    6 (6 too for a value without a finite decimal: ``1/3``)."""
    needed = decimal_places(value)
    return 6 if needed is None else min(needed, 6)


def plain(value: Fraction, digits: int | None = None) -> str:
    """``value`` as a decimal: exact if it has a finite expansion of at most 5 decimals,
    else 2 decimals; ``digits``: exactly so many (rounded half up)."""
    if digits is None:
        digits = decimals(value)
        digits = digits if digits < 6 else 2
    return fixed(value, digits)


def money(value: Fraction, currency: str, unit: Fraction, grouped: bool = True) -> str:
    """``$1,266.67``, ``€31.67``, ``1266.67 CHF``: the unit's decimals, thousands grouped."""
    text = plain(value, decimals(unit))
    if grouped:
        whole, _, frac = text.partition(".")
        text = f"{int(whole):,}" + (f".{frac}" if frac else "")
    symbol = _SYMBOLS.get(currency.upper())
    if symbol:
        return f"{symbol}{text}"
    return f"{text} {currency}" if currency else text


def exact_text(value: Fraction, digits: int = 2) -> str:
    """An exact amount for an explanation: ``216.666…`` when it does not terminate."""
    if decimals(value) < 6:
        return plain(value)
    return plain(value, digits + 1) + "…"


def percent(value: Fraction) -> str:
    p = value * 100
    return (plain(p) if decimals(p) <= 2 else plain(p, 1)) + " %"


def points_text(points: Fraction) -> str:
    """Points as a TD writes them: ``4½``, ``7``, ``2.25``."""
    return glyph(points)
