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


def encoding_of(data: bytes, path: str, what: str) -> tuple[str, bool]:
    """What :func:`decode` would find (the encoding, and whether a BOM is there) without
    building the text: the bytes are checked a megabyte at a time, so a reader that
    decodes only the parts it needs (PGN) stays in bounded memory.  Raises the same
    :class:`FormatError` as :func:`decode` for a byte neither encoding has."""
    bom = data.startswith(BOM)
    start = len(BOM) if bom else 0
    if data.isascii() or _first_bad_byte(data, start, "utf-8") is None:
        return "utf-8", bom
    at = _first_bad_byte(data, start, "cp1252")
    if at is None:
        return "cp1252", bom
    line, col = byte_line_col(data[start:], at - start)
    raise FormatError(
        f"byte 0x{data[at]:02X} is neither UTF-8 nor Windows-1252 text; "
        f"is this really a {what} file? (save it as UTF-8)",
        Location(path, line, col),
    )


_CHUNK = 1 << 20


def _first_bad_byte(data: bytes, start: int, encoding: str) -> int | None:
    """The offset of the first byte of ``data[start:]`` that ``encoding`` cannot decode."""
    view = memoryview(data)
    pos = start
    while pos < len(data):
        end = min(len(data), pos + _CHUNK)
        cut = end
        while encoding == "utf-8" and cut - end < 3 and end < len(data) and (
                data[end] & 0xC0 == 0x80):
            end -= 1  # never cut a UTF-8 sequence (at most 4 bytes) in two
        try:
            str(view[pos:end], encoding)
        except UnicodeDecodeError as exc:
            return pos + exc.start
        pos = end
    return None


__all__ = ["BOM", "LineIndex", "Text", "byte_line_col", "decode", "encoding_of", "line_col"]
