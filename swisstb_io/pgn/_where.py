"""Byte offsets of a PGN file as ``path:line:col`` (columns count characters).

The reader keeps byte offsets and asks for a location only when it has something to say.
Line numbers are counted from a checkpoint every 64 KB (made on the first question), so
each question costs at most that much counting, and a file without problems costs
nothing.  Lines end at LF, CR or CRLF, as everywhere else (:mod:`swisstb_io.textio`).
"""

from __future__ import annotations

import bisect

from ..errors import Location
from ._scan import tag_offset

At = tuple[int, int, bytes]
"""A tag of a game (:data:`._games.At`)."""

_STEP = 1 << 16


class Where:
    """Locations in ``data`` (decoded as ``encoding``; ``start`` is where the text begins,
    after a BOM)."""

    def __init__(self, data: bytes, path: str, encoding: str, start: int) -> None:
        self.data = data
        self.path = path
        self.encoding = encoding
        self.start = start
        self._checkpoints: list[int] = []
        self._lines: list[int] = []
        self._last = (start, 1, start)
        """The last offset asked for, its line and where that line starts: messages come
        mostly in file order, so the next one counts from there."""

    def _make_checkpoints(self) -> None:
        data, points, lines = self.data, [self.start], [0]
        pos = self.start
        while pos + _STEP < len(data):
            nxt = pos + _STEP
            if data[nxt - 1:nxt + 1] == b"\r\n":
                nxt += 1  # never between the two bytes of a CRLF
            lines.append(lines[-1] + data.count(b"\n", pos, nxt) + data.count(b"\r", pos, nxt)
                         - data.count(b"\r\n", pos, nxt))
            points.append(nxt)
            pos = nxt
        self._checkpoints, self._lines = points, lines

    def tag(self, at: At) -> Location:
        """Where the tag ``at`` is (the game's start when the game has no such tag)."""
        return self(tag_offset(self.data, (at[0], at[1]), at[2]))

    def __call__(self, offset: int) -> Location:
        """Where byte ``offset`` is."""
        data = self.data
        offset = max(self.start, min(offset, len(data)))
        last, last_line, last_start = self._last
        if offset >= last:
            base, line = last, last_line
        else:
            if not self._checkpoints:
                self._make_checkpoints()
            k = bisect.bisect_right(self._checkpoints, offset) - 1
            base, line, last_start = self._checkpoints[k], self._lines[k] + 1, -1
        breaks = (data.count(b"\n", base, offset) + data.count(b"\r", base, offset)
                  - data.count(b"\r\n", base, offset))
        if base > self.start and data[base - 1:base + 1] == b"\r\n":
            breaks -= 1  # counted as the CR before ``base``, again as its LF
        line += breaks
        if breaks or last_start < 0:
            line_start = max(data.rfind(b"\n", base, offset), data.rfind(b"\r", base, offset))
            line_start = line_start + 1 if line_start >= 0 else self._line_start(base)
        else:
            line_start = last_start
        self._last = (offset, line, line_start)
        column = len(data[line_start:offset].decode(self.encoding, "replace")) + 1
        return Location(self.path, line, column)

    def _line_start(self, offset: int) -> int:
        return max(self.data.rfind(b"\n", self.start, offset),
                   self.data.rfind(b"\r", self.start, offset), self.start - 1) + 1


__all__ = ["Where"]
