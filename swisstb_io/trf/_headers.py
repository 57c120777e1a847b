"""Tournament-level records that map to model fields: decode, read from the model, render.

``decode(code, line)`` and ``model_value(code, t)`` return comparable values; the writer
emits a record's original text only while the two are equal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import Diagnostics, FormatError, Location, WriteError, quoted
from ..limits import round_count
from ..model import DateText, Tournament
from ..us_notation import day_first, unclear_date
from . import _layout as L
from ._records import parse_date

TEXT_FIELDS: dict[str, str] = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
    "192": "pairing_system",
}
DATE_FIELDS: dict[str, str] = {"042": "start_date", "052": "end_date"}
LIST_FIELDS: dict[str, str] = {"202": "tiebreaks", "212": "standings_order"}
INT_FIELDS: dict[str, str] = {"142": "total_rounds", "XXR": "total_rounds"}
HEADER_CODES = frozenset({*TEXT_FIELDS, *DATE_FIELDS, *LIST_FIELDS, *INT_FIELDS, "132"})
ORDER = ("012", "022", "032", "042", "052", "092", "102", "122", "132",
         "142", "192", "202", "212", "XXR")
"""Where the writer puts header records a model gained (file order wins for the rest)."""


def text_of(line: str) -> str:
    return line[4:].strip()


def decode(code: str, line: str, path: str, no: int,
           dates: list[tuple[DateText, Location]] | None = None) -> Any:
    """The model value a header line encodes; raises FormatError for a bad number.  Each
    date read goes to ``dates`` with its place, for :func:`unclear_dates`."""
    text = text_of(line)
    if code in TEXT_FIELDS:
        return text
    if code in DATE_FIELDS:
        if not text:
            return None
        date = DateText(text, parse_date(text))
        if dates is not None:
            dates.append((date, Location(path, no, 5)))
        return date
    if code in LIST_FIELDS:
        return tuple(p.strip() for p in text.split(",") if p.strip())
    if code in INT_FIELDS:
        if not text:
            return None
        if not (text.isascii() and text.isdigit()):
            raise FormatError(f"{code}: total rounds {quoted(text)} is not a number",
                              Location(path, no, 5))
        return round_count(text, f"{code}: total rounds", Location(path, no, 5))
    return round_dates(line)


def unclear_dates(dates: list[tuple[DateText, Location]], diag: Diagnostics) -> None:
    """Dates are read day first (``03/05/2024`` is 3 May; formats/trf/README.md).  When
    no date of the file settles it (``24/09/2010`` can only be day first), each one that
    could be read either way gets a warning that says how it was read."""
    if any(day_first(d.text) for d, _ in dates):
        return
    for date, where in dates:
        note = unclear_date(date, "day first, as TRF files write dates")
        if note is not None:
            diag.warn(where, note, "trf-unclear-date")


def round_dates(line: str) -> tuple[str, ...]:
    out: list[str] = []
    col = L.FIRST_ROUND_COL
    while col <= len(line):
        out.append(line[col - 1 : col - 1 + L.DATE_SLOT_WIDTH].strip())
        col += L.ROUND_STEP
    while out and not out[-1]:
        out.pop()
    return tuple(out)


def _slot(text: str) -> str:
    """A round date in its 8 columns: as given when it fits, else as YY/MM/DD."""
    if len(text) <= L.DATE_SLOT_WIDTH:
        return text
    value = parse_date(text)
    if value is None:
        raise WriteError(f"round date {text!r} does not fit 8 columns and is not a date "
                         "(132 wants YY/MM/DD)")
    return f"{value:%y/%m/%d}"


def model_value(code: str, t: Tournament) -> Any:
    if code in TEXT_FIELDS:
        return getattr(t, TEXT_FIELDS[code])
    if code in DATE_FIELDS:
        return getattr(t, DATE_FIELDS[code])
    if code in LIST_FIELDS:
        return getattr(t, LIST_FIELDS[code])
    if code in INT_FIELDS:
        return t.total_rounds
    return t.round_dates


def apply(t: Tournament, code: str, value: Any) -> Tournament:
    if code == "132":
        return replace(t, round_dates=value)
    field = {**TEXT_FIELDS, **DATE_FIELDS, **LIST_FIELDS, **INT_FIELDS}[code]
    return replace(t, **{field: value})


def render(code: str, t: Tournament) -> str | None:
    """The canonical line for ``code``, or ``None`` when the model has nothing for it."""
    value = model_value(code, t)
    if code in DATE_FIELDS:
        if value is None:
            return None
        date: DateText = value
        return f"{code} {date.value:%Y/%m/%d}" if date.value is not None else f"{code} {date.text}"
    if code in INT_FIELDS:
        if value is not None and not 0 <= value <= 9999:
            raise WriteError(f"total rounds {value} cannot be written in TRF ({code})")
        return None if value is None else f"{code} {value}"
    if code == "132":
        if not value:
            return None
        head = "132".ljust(L.FIRST_ROUND_COL - 1)
        slots = [_slot(d).ljust(L.DATE_SLOT_WIDTH) for d in value]
        return (head + "  ".join(slots)).rstrip()
    if code in LIST_FIELDS:
        return f"{code} {','.join(value)}" if value else None
    if code == "012":
        return f"012 {value}"
    return f"{code} {value}" if value else None
