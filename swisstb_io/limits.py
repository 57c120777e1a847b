"""The sizes a tournament file may have and declare, and the one check of a declared round
count.

Readers refuse what is beyond these with a located :class:`~swisstb_io.errors.FormatError`,
so that nothing later (tie-breaks, reports) is asked to build tables for a billion rounds
or to turn a 5,000-digit number into an ``int``.  Real events are far inside them.
"""

from __future__ import annotations

import re

from .errors import FormatError, Location, quoted

MAX_FILE_BYTES = 256 * 1024 * 1024
"""Largest file read as a tournament file (the largest real ones are a few MB): a larger one
is refused before it is read into memory (a batch skips it with a note)."""
MAX_ROUNDS = 999
"""Most rounds an event may declare or hold (TRF round blocks, Chess-JSON round numbers)."""
MAX_NUMBER_DIGITS = 9
"""Longest whole number (start number, rating, opponent, round count) a field may hold."""
MAX_NUMBER = 10**MAX_NUMBER_DIGITS - 1
"""The largest such number (for formats whose numbers are not digits in a field: JSON)."""
MAX_POINTS_DIGITS = 30
"""Longest points value, in characters (``12.5``; point systems such as ``162 W 3.0``)."""


_LONG_NUMBER = re.compile(rf"\d{{{MAX_NUMBER_DIGITS + 1},}}")


def check_numbers(text: str, what: str, where: Location) -> None:
    """Every number in ``text`` (the fields of a record that ``where`` locates: its first
    character) has at most :data:`MAX_NUMBER_DIGITS` digits, whatever it stands for (a
    team, a round, a start number, points): a 4,301-digit number would fail ``int()``
    itself, and no field holds a number that large."""
    long = _LONG_NUMBER.search(text)
    if long is not None:
        col = (where.col or 1) + long.start()
        raise FormatError(f"{what}: the number {quoted(long.group())} has more than "
                          f"{MAX_NUMBER_DIGITS} digits; no field holds one that large",
                          where._replace(col=col))


def round_count(text: str, what: str, where: Location) -> int:
    """The declared round count ``text`` (digits only, already checked) within the limit."""
    if len(text) > MAX_NUMBER_DIGITS or int(text) > MAX_ROUNDS:
        raise FormatError(f"{what} {quoted(text)} is more than the {MAX_ROUNDS} rounds an event "
                          "may have", where)
    return int(text)


def check_rounds(value: int | None, what: str, where: Location) -> int | None:
    """``value`` (a declared round count already read as a number) within the limit."""
    if value is not None and not 0 <= value <= MAX_ROUNDS:
        raise FormatError(f"{what} {value} is not a round count from 0 to {MAX_ROUNDS}", where)
    return value


__all__ = ["MAX_FILE_BYTES", "MAX_NUMBER", "MAX_NUMBER_DIGITS", "MAX_POINTS_DIGITS", "MAX_ROUNDS",
           "check_numbers", "check_rounds", "round_count"]
