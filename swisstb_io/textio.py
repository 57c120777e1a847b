"""Bytes to text, once for every text format: BOM, UTF-8, the Windows-1252 fallback, and
where an offset is as ``line:col``.

Every text reader (TRF, SwissSys CSV, .sjson, Chess-JSON) decodes through :func:`decode`
and records what it found (:class:`Text`), so a writer can give the same bytes back and
``swisstb info`` can say what the file was.
"""

from __future__ import annotations

import bisect
import re
from typing import NamedTuple

from .errors import FormatError, Location

BOM = b"\xef\xbb\xbf"
_EOL = re.compile(r"\r\n|\r|\n")


class Text(NamedTuple):
    """A decoded file: its text (without the BOM), the encoding used, whether a BOM was there."""

    text: str
    encoding: str
    """``"utf-8"`` or ``"cp1252"``."""
    bom: bool


def line_col(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset`` in ``text`` (lines end at LF, CR or CRLF)."""
    head = text[:offset]
    line_start = max(head.rfind("\n"), head.rfind("\r")) + 1
    line = head.count("\n") + head.count("\r") - head.count("\r\n") + 1
    return line, offset - line_start + 1


class LineIndex:
    """Line and column of any offset in one text, each in a binary search (for readers
    that locate many things: :func:`line_col` scans the text before the offset)."""

    def __init__(self, text: str) -> None:
        self.starts = [0]
        self.starts.extend(m.end() for m in _EOL.finditer(text))

    def line_col(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


def byte_line_col(data: bytes, offset: int) -> tuple[int, int]:
    """The line and column (in bytes) of ``offset`` in undecodable ``data``."""
    return line_col(data[:offset].decode("latin-1"), offset)


def decode(data: bytes, path: str, what: str, *, legacy: bool = True) -> Text:
    """Strip a UTF-8 BOM and decode UTF-8, else (``legacy``) Windows-1252.

    A byte neither encoding has (Windows-1252 leaves 0x81, 0x8D, 0x8F, 0x90 and 0x9D
    undefined) is a :class:`FormatError` at its line and column; ``what`` names the format
    in that message.  ``legacy=False`` is for formats that are UTF-8 by definition (JSON).
    """
    bom = data.startswith(BOM)
    if bom:
        data = data[len(BOM):]
    try:
        return Text(data.decode("utf-8"), "utf-8", bom)
    except UnicodeDecodeError as exc:
        utf8_error = exc
    if legacy:
        try:
            return Text(data.decode("cp1252"), "cp1252", bom)
        except UnicodeDecodeError as exc:
            line, col = byte_line_col(data, exc.start)
            raise FormatError(
                f"byte 0x{data[exc.start]:02X} is neither UTF-8 nor Windows-1252 text; "
                f"is this really a {what} file? (save it as UTF-8)",
                Location(path, line, col),
            ) from None
    line, col = byte_line_col(data, utf8_error.start)
    raise FormatError(
        f"byte 0x{data[utf8_error.start]:02X} is not UTF-8; {what} files are UTF-8",
        Location(path, line, col),
    ) from None


__all__ = ["BOM", "LineIndex", "Text", "byte_line_col", "decode", "line_col"]
