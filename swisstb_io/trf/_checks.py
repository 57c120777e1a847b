"""Consistency checks the reader runs after all records are read (warnings, not errors)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from ..errors import Diagnostics, Location
from ..model import MIRROR, Color, Outcome, Player, PointAdjustment, PointSystem, RoundResult
from . import _layout as L
from ._records import fail, parse_number

ZERO = Fraction(0)
_MIRROR = {o._value_: MIRROR.get(o) for o in Outcome}


def show(value: Fraction) -> str:
    """Points as TRF writes them (``2.5``), or ``a/b`` when that is not exact."""
    if (value * 10).denominator == 1:
        tenths = int(value * 10)
        sign = "-" if tenths < 0 else ""
        return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"
    return str(value)


def _col(round_no: int) -> int:
    return L.FIRST_ROUND_COL + L.ROUND_STEP * (round_no - 1)


def check_games(
    results: dict[int, list[RoundResult]], lines: dict[int, int], path: str, diag: Diagnostics
) -> set[int]:
    """Fatal: an opponent that does not exist.  Warnings: games whose sides disagree, two
    pairing-allocated byes in one round.  Turns mutual ``-``/``-`` into DOUBLE_FORFEIT and
    returns the start numbers whose results that changed."""
    pab_in_round: dict[int, int] = {}
    changed: set[int] = set()
    pab, not_paired, forfeit_loss = Outcome.PAIRING_BYE, Outcome.NOT_PAIRED, Outcome.FORFEIT_LOSS
    none_color, mirror = Color.NONE, _MIRROR
    for sn, rounds in results.items():
        for i, rr in enumerate(rounds):
            outcome = rr.outcome
            opp = rr.opponent
            if opp is None:
                if outcome is pab:
                    rnd = i + 1
                    if rnd in pab_in_round:
                        diag.warn(Location(path, lines[sn], _col(rnd) + L.RESULT_OFFSET),
                                  f"round {rnd}: second pairing-allocated bye 'U' (player "
                                  f"{pab_in_round[rnd]} has one too)", "trf-two-pab")
                    else:
                        pab_in_round[rnd] = sn
                continue
            theirs = results.get(opp)
            if theirs is None:
                raise fail(path, lines[sn], _col(i + 1), f"round {i + 1}: opponent {opp} does "
                           "not exist (no 001 record has that start number)")
            if outcome is not_paired:
                continue
            other = theirs[i] if i < len(theirs) else RoundResult(not_paired)
            if other.opponent != sn:
                back = "no opponent" if other.opponent is None else f"opponent {other.opponent}"
                diag.warn(Location(path, lines[sn], _col(i + 1)), f"round {i + 1}: player {sn} "
                          f"plays {opp}, but {opp}'s round {i + 1} has {back}",
                          "trf-asymmetric-game")
                continue
            if sn > opp:
                continue  # checked from the other side
            if outcome is forfeit_loss and other.outcome is forfeit_loss:
                rounds[i] = RoundResult(Outcome.DOUBLE_FORFEIT, opp, rr.color)
                theirs[i] = RoundResult(Outcome.DOUBLE_FORFEIT, sn, other.color)
                changed.update((sn, opp))
                continue
            if rr.color is not none_color and other.color is rr.color:
                diag.warn(Location(path, lines[sn], _col(i + 1)), f"round {i + 1}: players "
                          f"{sn} and {opp} both have colour {rr.color._value_!r}",
                          "trf-colour-clash")
            if mirror[outcome._value_] is not other.outcome:
                diag.warn(Location(path, lines[sn], _col(i + 1)), f"round {i + 1}: results do "
                          f"not mirror: {sn} has {outcome._value_}, {opp} has "
                          f"{other.outcome._value_}", "trf-result-mismatch")
    return changed


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


def _totals(lines299: Iterable[str]) -> dict[int, Fraction]:
    return {sn: sum((a.points for a in adjs), ZERO) for sn, adjs in adjustments(lines299).items()}


def check_points(
    players: list[Player],
    system: PointSystem,
    lines299: Iterable[str],
    lines: dict[int, int],
    path: str,
    diag: Diagnostics,
) -> None:
    adjust = _totals(lines299)
    denom, points = system.units()
    scaled = {o._value_: units for o, units in points.items()}
    for p in players:
        declared = p.declared_points
        if declared is None:
            continue
        total = sum([scaled[r.outcome._value_] for r in p.results])
        bonus = adjust.get(p.start_no)
        if bonus is None and declared.numerator * denom == total * declared.denominator:
            continue
        expected = Fraction(total, denom) + (bonus or ZERO)
        if expected != declared:
            diag.warn(Location(path, lines[p.start_no], L.POINTS[0]),
                      f"player {p.start_no}: points column says {show(declared)} but "
                      f"the results give {show(expected)} under the file's point system",
                      "trf-points-mismatch")
