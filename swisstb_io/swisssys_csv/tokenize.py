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


def sniff_delimiter(header_line: str) -> str:
    """The delimiter of the header line: the most frequent of ``,`` ``;`` tab outside quotes
    (``,`` on a tie)."""
    counts = {",": 0, ";": 0, "\t": 0}
    quoted = False
    for ch in header_line:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    best = max(counts.values())
    for delim in (",", ";", "\t"):
        if counts[delim] == best:
            return delim
    return ","  # pragma: no cover - the loop always returns


def rows(text: str, delimiter: str, path: str, first_line: int = 1) -> Iterator[list[Field]]:
    """Split ``text`` (lines already normalised to ``\\n``) into rows of located fields."""
    line, col = first_line, 1
    i, n = 0, len(text)
    row: list[Field] = []
    while i < n or row:
        if not row and col == 1:
            end = text.find("\n", i)
            end = n if end < 0 else end
            if text.find('"', i, end) < 0:  # fast path: a line without quotes
                c = 1
                for value in text[i:end].split(delimiter):
                    row.append(Field(value, line, c))
                    c += len(value) + 1
                yield row
                row = []
                if end >= n:
                    break
                i, line = end + 1, line + 1
                continue
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
        row.append(Field("".join(buf), start_line, start_col))
        if i < n and text[i] == delimiter:
            i += 1
            col += 1
            if i >= n:
                row.append(Field("", line, col))
                yield row
                row = []
            continue
        # end of line or of text
        yield row
        row = []
        if i < n:
            i += 1
            line += 1
            col = 1
        else:
            break
