"""Bytes to lines: BOM, encoding and line endings, remembered so the writer can restore them."""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

from .. import textio

_EOL = re.compile(r"\r\n|\r|\n")
EOL_NAMES = {"\r\n": "CRLF", "\n": "LF", "\r": "CR"}
EOL_BY_NAME = {name: eol for eol, name in EOL_NAMES.items()}


class Decoded(NamedTuple):
    """A decoded file: its lines (without endings), each line's ending (``endings``: one per
    line; the last is ``""`` when the file has no final newline), and how it was stored."""

    lines: list[str]
    endings: list[str]
    encoding: str
    bom: bool

    @property
    def newline(self) -> str:
        """The most common line ending (CRLF when the file has none)."""
        counts = Counter(e for e in self.endings if e)
        return counts.most_common(1)[0][0] if counts else "\r\n"

    @property
    def newline_name(self) -> str:
        kinds = {e for e in self.endings if e}
        if len(kinds) > 1:
            return "mixed"
        return EOL_NAMES[kinds.pop()] if kinds else "none"

    @property
    def final_newline(self) -> bool:
        return bool(self.endings) and self.endings[-1] != ""


def decode(data: bytes, path: str) -> Decoded:
    """Decode (:func:`swisstb_io.textio.decode`) and split on CR, LF or CRLF."""
    text, encoding, bom = textio.decode(data, path, "TRF")
    lines, endings = split_any(text)
    return Decoded(lines=lines, endings=endings, encoding=encoding, bom=bom)


def split_any(text: str) -> tuple[list[str], list[str]]:
    """Lines and their endings, for any mix of CR, LF and CRLF."""
    lines: list[str] = []
    endings: list[str] = []
    pos = 0
    for m in _EOL.finditer(text):
        lines.append(text[pos : m.start()])
        endings.append(m.group())
        pos = m.end()
    if pos < len(text):
        lines.append(text[pos:])
        endings.append("")
    return lines, endings
