"""What the TRF reader works out after all records are read: double forfeits, bonus
points (299 records) and where things are, for the shared validator (:mod:`swisstb_io.validate`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from ..errors import Diagnostics, Location
from ..model import Outcome, PointAdjustment, RoundResult
from ..numbers import exact
from ..validate import Places
from . import layout as L
from ._records import parse_number

ZERO = Fraction(0)


def show(value: Fraction) -> str:
    """Points as TRF writes them (``2.5``), or ``a/b`` when that is not exact."""
    return exact(value, places=1, most=1)


def _col(round_no: int) -> int:
    return L.FIRST_ROUND_COL + L.ROUND_STEP * (round_no - 1)


def double_forfeits(results: dict[int, list[RoundResult]]) -> set[int]:
    """Turn mutual ``-``/``-`` (each side naming the other) into DOUBLE_FORFEIT, in place;
    the start numbers whose results changed."""
    changed: set[int] = set()
    forfeit_loss = Outcome.FORFEIT_LOSS
    for sn, rounds in results.items():
        for i, rr in enumerate(rounds):
            opp = rr.opponent
            if rr.outcome is not forfeit_loss or opp is None or opp < sn:
                continue
            theirs = results.get(opp)
            if theirs is None or i >= len(theirs):
                continue
            other = theirs[i]
            if other.opponent == sn and other.outcome is forfeit_loss:
                rounds[i] = RoundResult(Outcome.DOUBLE_FORFEIT, opp, rr.color)
                theirs[i] = RoundResult(Outcome.DOUBLE_FORFEIT, sn, other.color)
                changed.update((sn, opp))
    return changed


def places(path: str, lines: dict[int, int]) -> Places:
    """Where a player's round block, result code and points column are."""
    return Places(
        cell=lambda sn, rnd: Location(path, lines[sn], _col(rnd)),
        points=lambda sn: Location(path, lines[sn], L.POINTS[0]),
        result=lambda sn, rnd: Location(path, lines[sn], _col(rnd) + L.RESULT_OFFSET),
    )


def adjustments(
    lines299: Iterable[str], numbers: Sequence[int] = (), path: str = "",
    diag: Diagnostics | None = None,
) -> dict[int, list[PointAdjustment]]:
    """Bonus and penalty points (299 records with a blank type) per start number.

    The points are the game-points column (14-17), the round columns 20-22 (``000`` or
    blank: the whole event).  Typed records (``W D L F H Z + -``) are left out: they
    describe abnormal results, not points to add.  ``numbers`` are the records' line
    numbers, for the warning about a round that is not a number (then: the whole event).
    """
    out: dict[int, list[PointAdjustment]] = {}
    for k, line in enumerate(lines299):
        no = numbers[k] if k < len(numbers) else None
        if L.cut(line, L.A299_TYPE).strip():
            continue
        value = parse_number(L.cut(line, L.A299_POINTS))
        if value is None:
            continue
        round_text = L.cut(line, L.A299_ROUND).strip()
        rnd: int | None = None
        if round_text.isascii() and round_text.isdigit():
            rnd = int(round_text) or None
        elif round_text and diag is not None:
            diag.warn(Location(path, no, L.A299_ROUND[0]), f"299 record: round {round_text!r} "
                      "is not a number; the points count for the whole event",
                      "trf-299-round")
        adj = PointAdjustment(value, rnd)
        col = L.A299_FIRST_ID
        while col <= len(line):
            text = line[col - 1 : col - 1 + L.MEMBER_WIDTH].strip()
            if text.isascii() and text.isdigit():
                out.setdefault(int(text), []).append(adj)
            col += L.T310_STEP
    return out


def bonus_totals(lines299: Iterable[str]) -> dict[int, Fraction]:
    """The bonus points of the 299 records, summed per start number."""
    return {sn: sum((a.points for a in adjs), ZERO) for sn, adjs in adjustments(lines299).items()}
