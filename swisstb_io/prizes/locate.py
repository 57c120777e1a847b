"""Where a key of a TOML file is: ``tomllib`` gives values without positions.

A small line scan, enough for the prize files' plain layout: table headers (``[event]``,
``[[group]]``) and ``key = value`` lines at the start of a line.  Lines inside a
multi-line array or string are skipped.  A key the scan cannot place (a dotted key, an
inline table) falls back to its table's header line, then to line 1, so every message
still points into the file.
"""

from __future__ import annotations

import re

_HEADER = re.compile(r"\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?")
_KEY = re.compile(r"""\s*([A-Za-z0-9_\-]+|"[^"]*"|'[^']*')\s*=""")
_STRING = re.compile(r'"(?:\\.|[^"\\])*"|\'[^\']*\'')

Position = tuple[int, int]
"""1-based line and column."""


class KeyLocator:
    """Positions of the keys of one TOML text, by ``(table, index, key)``.

    ``table`` is ``""`` for the top level, ``"event"`` for ``[event]``; ``index`` counts
    the entries of an array of tables (``[[group]]``) from 0, and is 0 for plain tables.
    """

    def __init__(self, text: str) -> None:
        self.keys: dict[tuple[str, int, str], Position] = {}
        self.tables: dict[tuple[str, int], Position] = {}
        self.unclosed: tuple[str, Position] | None = None
        """The key whose value is still open at the end of the text, and where it is."""
        self.end: Position = (1, 1)
        """Just after the last character of the text."""
        opened: tuple[str, Position] = ("", (1, 1))
        counts: dict[str, int] = {}
        table, index = "", 0
        depth = 0
        quote = ""
        for line_no, line in enumerate(text.splitlines(), 1):
            if quote:  # inside a multi-line string
                if line.count(quote) % 2 == 1:
                    quote = ""
                continue
            if depth > 0:  # inside a multi-line array
                depth += _depth_change(line)
                continue
            header = _HEADER.match(line)
            if header:
                table = header.group(2)
                if header.group(1) == "[[":
                    index = counts.get(table, -1) + 1
                    counts[table] = index
                else:
                    index = 0
                self.tables[(table, index)] = (line_no, header.start(1) + 1)
                continue
            key = _KEY.match(line)
            if key is None:
                continue
            name = key.group(1).strip("\"'")
            opened = (name, (line_no, key.start(1) + 1))
            self.keys.setdefault((table, index, name), opened[1])
            rest = line[key.end():]
            for mark in ('"""', "'''"):
                if rest.count(mark) % 2 == 1:
                    quote = mark
            if not quote:
                depth = max(0, _depth_change(rest))
        if quote or depth > 0:
            self.unclosed = opened
        lines = text.splitlines()
        self.end = (len(lines) or 1, len(lines[-1]) + 1 if lines else 1)

    def key(self, table: str, index: int, name: str) -> Position:
        """The position of ``name`` in the table, else of the table header, else 1:1."""
        hit = self.keys.get((table, index, name))
        if hit is not None:
            return hit
        return self.table(table, index)

    def table(self, table: str, index: int = 0) -> Position:
        return self.tables.get((table, index), (1, 1))


def _depth_change(text: str) -> int:
    """Open minus closed brackets on a line, ignoring strings and a trailing comment."""
    code = _STRING.sub("", text).split("#", 1)[0]
    return code.count("[") + code.count("{") - code.count("]") - code.count("}")
