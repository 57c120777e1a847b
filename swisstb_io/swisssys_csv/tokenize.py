"""A small CSV splitter that remembers where each field starts (for ``path:line:col`` errors).

The standard :mod:`csv` module cannot say at which column a field began, so the reader uses
this instead.  It follows RFC 4180 plus what spreadsheets write: quoted fields (``""`` is a
quote) may hold delimiters and line breaks; a quote inside an unquoted field is kept as is.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..errors import FormatError, Location


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


Row = tuple[list[str], list[int], list[int]]
"""A row as three lists: the field values, the line and the column where each begins."""


def rows(text: str, delimiter: str, path: str, first_line: int = 1) -> Iterator[list[Field]]:
    """Split ``text`` (lines already normalised to ``\\n``) into rows of located fields."""
    for values, lines, cols in table(text, delimiter, path, first_line):
        yield [Field(v, line, c) for v, line, c in zip(values, lines, cols, strict=True)]


def table(text: str, delimiter: str, path: str, first_line: int = 1) -> Iterator[Row]:
    """What :func:`rows` gives, as :data:`Row` lists (no object per field)."""
    line, i, n = first_line, 0, len(text)
    find = text.find
    while i < n:
        end = find("\n", i)
        end = n if end < 0 else end
        if end - i > MAX_LINE:
            raise FormatError(f"the line is longer than {MAX_LINE:,} characters; no cross-table "
                              "row is (is this a CSV file?)", Location(path, line, MAX_LINE + 1))
        if find('"', i, end) < 0:  # a line without quotes
            values = text[i:end].split(delimiter)
            cols = [1] * len(values)
            c = 1
            for k, value in enumerate(values):
                cols[k] = c
                c += len(value) + 1
            yield values, [line] * len(values), cols
        else:
            split = _quoted_line(text, i, end, delimiter)
            if split is None:  # a quoted field goes on past the line, or never ends
                values, lines, cols, i, line = _scan_row(text, i, line, delimiter, path)
                yield values, lines, cols
                continue
            yield split[0], [line] * len(split[0]), split[1]
        i, line = end + 1, line + 1


def _quoted_line(
    text: str, i: int, end: int, delimiter: str
) -> tuple[list[str], list[int]] | None:
    """The fields of the line ``text[i:end]`` and their columns, as :func:`_scan_row`
    reads them; None if a quoted field does not close on this line."""
    find = text.find
    values: list[str] = []
    cols: list[int] = []
    pos = i
    while True:
        cols.append(pos - i + 1)
        if pos < end and text[pos] == '"':
            parts: list[str] = []
            p = pos + 1
            while True:
                q = find('"', p, end)
                if q < 0:
                    return None
                parts.append(text[p:q])
                if q + 1 < end and text[q + 1] == '"':  # "" is a quote
                    parts.append('"')
                    p = q + 2
                    continue
                p = q + 1
                break
            k = find(delimiter, p, end)  # text after the closing quote is kept verbatim
            k = end if k < 0 else k
            parts.append(text[p:k])
            values.append("".join(parts))
        else:
            k = find(delimiter, pos, end)
            k = end if k < 0 else k
            values.append(text[pos:k])
        if k >= end:
            return values, cols
        pos = k + 1


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
