"""Where a value is in JSON text, by its path (``a.b[2].c``), for located messages.

The parsed document has no positions; these functions walk the text itself, skipping
whole values with the standard decoder, so finding one value costs a pass over the text
before it, and :func:`item_offsets` finds every item of a list in one pass.
"""

from __future__ import annotations

import json
import re

_PATH = re.compile(r"\.?([A-Za-z_]\w*)|\[(\d+)\]")
_WS = " \t\r\n"
_DECODER = json.JSONDecoder()


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def _member(text: str, pos: int, key: str) -> int | None:
    """Offset of the value of ``key`` in the object at ``pos`` (the last one if repeated)."""
    found = None
    pos = _skip(text, pos + 1)
    while text[pos] == '"':
        name, pos = _DECODER.raw_decode(text, pos)
        pos = _skip(text, _skip(text, pos) + 1)
        if name == key:
            found = pos
        pos = _skip(text, _DECODER.raw_decode(text, pos)[1])
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return found


def offset(text: str, where: str, start: int = 0) -> int | None:
    """Offset of the value at path ``where`` (``a.b[2].c``, relative to the value at
    ``start``) in ``text``; ``None`` when there is no such value or the path has keys
    this syntax cannot name."""
    if " " in where:
        return None
    try:
        pos = _skip(text, start)
        for key, index in _PATH.findall(where):
            if key:
                if text[pos] != "{":
                    return None
                found = _member(text, pos, key)
                if found is None:
                    return None
                pos = found
            else:
                if text[pos] != "[":
                    return None
                pos = _skip(text, pos + 1)
                for _ in range(int(index)):
                    pos = _skip(text, _DECODER.raw_decode(text, pos)[1])
                    pos = _skip(text, pos + 1) if text[pos] == "," else pos
        return pos
    except (ValueError, IndexError, RecursionError):
        return None


def item_offsets(text: str, where: str) -> list[int]:
    """Offsets of every item of the list at path ``where`` (empty if it is not a list)."""
    pos = offset(text, where)
    out: list[int] = []
    if pos is None or text[pos] != "[":
        return out
    try:
        pos = _skip(text, pos + 1)
        while text[pos] != "]":
            out.append(pos)
            pos = _skip(text, _DECODER.raw_decode(text, pos)[1])
            if text[pos] == ",":
                pos = _skip(text, pos + 1)
    except (ValueError, IndexError, RecursionError):
        pass
    return out


__all__ = ["item_offsets", "offset"]
