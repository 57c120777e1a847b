"""Split the cross-table CSV into rows, and find where a field of a row begins (for
``path:line:col`` errors).

The rules are RFC 4180 plus what spreadsheets write: quoted fields (``""`` is a quote) may
hold delimiters and line breaks; a quote inside an unquoted field is kept as is, and so is
text after a closing quote.  :func:`_scan_row` reads a row by these rules character by
character and knows where each field begins.  :func:`table` gives the same rows without
their places, faster: a line without quotes is split at its delimiters, and a line with
quotes goes to the standard :mod:`csv` module, which reads it the same way; a line the
module refuses (in its strict mode: a quoted field that does not close on the line, text
after a closing quote) goes to :func:`_scan_row`.  The places of a row's fields are looked
for only when a message needs one (:class:`FieldPlaces`).
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from ..errors import FormatError, Location
from ..textio import LineIndex


@dataclass(frozen=True)
class Field:
    value: str
    line: int
    col: int


MAX_LINE = 100_000
"""Longest line a cross-table may have (999 rounds of ``W1234B,`` are 7,000 characters)."""


def sniff_delimiter(header_line: str) -> str:
    """The delimiter of the header line: the most frequent of ``,`` ``;`` tab outside quotes
    (``,`` on a tie); only the first :data:`MAX_LINE` characters count (a longer line is an
    error anyway)."""
    counts = {",": 0, ";": 0, "\t": 0}
    quoted = False
    for ch in header_line[:MAX_LINE]:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    best = max(counts.values())
    for delim in (",", ";", "\t"):
        if counts[delim] == best:
            return delim
    return ","  # pragma: no cover - the loop always returns


class Row(NamedTuple):
    """One row of the table: where it begins in the text, and its field values."""

    offset: int
    line: int
    values: list[str]


def rows(text: str, delimiter: str, path: str, first_line: int = 1) -> Iterator[list[Field]]:
    """Split ``text`` (lines already normalised to ``\\n``) into rows of located fields."""
    i, line, n = 0, first_line, len(text)
    while i < n:
        _check_line(text, i, line, path)
        values, lines, cols, i, line = _scan_row(text, i, line, delimiter, path)
        yield [Field(v, at, c) for v, at, c in zip(values, lines, cols, strict=True)]


def table(text: str, delimiter: str, path: str, start: int = 0, first_line: int = 1
          ) -> Iterator[Row]:
    """The rows of ``text[start:]`` (``start``: where line ``first_line`` begins), as
    :func:`rows` splits them, without the places of their fields."""
    line, i, n = first_line, start, len(text)
    find = text.find
    while i < n:
        end = find("\n", i)
        end = n if end < 0 else end
        _check_line(text, i, line, path, end)
        if find('"', i, end) < 0:
            yield Row(i, line, text[i:end].split(delimiter))
        else:
            try:
                values = next(csv.reader((text[i:end],), delimiter=delimiter, strict=True))
            except csv.Error:  # the careful scan reads what the module refuses
                values, _, _, after, after_line = _scan_row(text, i, line, delimiter, path)
                yield Row(i, line, values)
                i, line = after, after_line
                continue
            yield Row(i, line, values)
        i, line = end + 1, line + 1


def _check_line(text: str, i: int, line: int, path: str, end: int = -1) -> None:
    """Refuse the line beginning at ``text[i]`` if it is longer than :data:`MAX_LINE`."""
    if end < 0:
        end = text.find("\n", i, i + MAX_LINE + 1)
        end = len(text) if end < 0 else end
    if end - i > MAX_LINE:
        raise FormatError(f"the line is longer than {MAX_LINE:,} characters; no cross-table "
                          "row is (is this a CSV file?)", Location(path, line, MAX_LINE + 1))


class FieldPlaces:
    """Where each field of the table's rows begins, found by reading a row again with
    :func:`_scan_row` the first time a message asks for one of its fields."""

    def __init__(self, text: str, delimiter: str, path: str) -> None:
        self.text, self.delimiter, self.path = text, delimiter, path
        self.lines: LineIndex | None = None
        """Made when a row's line is first asked for (by its offset alone)."""
        self.found: dict[int, tuple[list[str], list[int], list[int]]] = {}

    def at(self, offset: int, idx: int, line: int | None = None) -> Location:
        """The place of field ``idx`` of the row beginning at ``offset`` (on ``line``, if
        the caller knows it); a field past the row's end (a short row is padded with
        empty fields) is where the row ends."""
        values, lines, cols = self._scan(offset, line)
        if idx < len(values):
            return Location(self.path, lines[idx], cols[idx])
        return Location(self.path, lines[-1], cols[-1] + len(values[-1]))

    def fields(self, row: Row) -> list[Field]:
        """The fields of ``row`` with their places."""
        values, lines, cols = self._scan(row.offset, row.line)
        return [Field(v, at, c) for v, at, c in zip(values, lines, cols, strict=True)]

    def _scan(self, offset: int, line: int | None) -> tuple[list[str], list[int], list[int]]:
        found = self.found.get(offset)
        if found is None:
            if line is None:
                self.lines = self.lines or LineIndex(self.text)
                line = self.lines.line_col(offset)[0]
            values, lines, cols, _, _ = _scan_row(self.text, offset, line, self.delimiter,
                                                  self.path)
            found = self.found[offset] = values, lines, cols
        return found


def _scan_row(
    text: str, i: int, line: int, delimiter: str, path: str
) -> tuple[list[str], list[int], list[int], int, int]:
    """One row from ``text[i]`` (a line start), character by character: quoted fields may
    hold line breaks.  Returns the row, then where the next row starts and its line."""
    n = len(text)
    col = 1
    values: list[str] = []
    lines: list[int] = []
    cols: list[int] = []
    while True:
        start_line, start_col = line, col
        buf: list[str] = []
        if i < n and text[i] == '"':
            i += 1
            col += 1
            while True:
                if i >= n:
                    raise FormatError(
                        "unterminated quoted field (a '\"' opens it but none closes it)",
                        Location(path, start_line, start_col),
                    )
                ch = text[i]
                if ch == '"':
                    if i + 1 < n and text[i + 1] == '"':
                        buf.append('"')
                        i += 2
                        col += 2
                        continue
                    i += 1
                    col += 1
                    break
                buf.append(ch)
                i += 1
                if ch == "\n":
                    line += 1
                    col = 1
                else:
                    col += 1
            # text after the closing quote up to the delimiter is kept verbatim
            while i < n and text[i] not in (delimiter, "\n"):
                buf.append(text[i])
                i += 1
                col += 1
        else:
            while i < n and text[i] not in (delimiter, "\n"):
                buf.append(text[i])
                i += 1
                col += 1
        values.append("".join(buf))
        lines.append(start_line)
        cols.append(start_col)
        if i < n and text[i] == delimiter:
            i += 1
            col += 1
            if i >= n:
                values.append("")
                lines.append(line)
                cols.append(col)
                return values, lines, cols, n, line
            continue
        # end of line or of text
        if i < n:
            return values, lines, cols, i + 1, line + 1
        return values, lines, cols, n, line
