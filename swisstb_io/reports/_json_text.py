"""JSON text with exact numbers: :class:`~decimal.Decimal` values are written as plain
JSON numbers (``3.5``, never a float), in the layout of the ``swisstb-report`` files.

Layout: objects and lists one item a line, indented, except lists of scalars, which stay
on one line (``"mp": [2, 0]``).  Strings are escaped as :mod:`json` escapes them
with ``ensure_ascii=False`` (UTF-8 text, control characters as ``\\uXXXX``).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from json.encoder import encode_basestring
from typing import Any


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _null(value: None) -> str:
    return "null"


_SCALARS: dict[type, Callable[[Any], str]] = {
    str: encode_basestring, int: int.__repr__, Decimal: Decimal.__str__, bool: _bool,
    type(None): _null,
}
"""How each scalar type is written (by exact type: a float is refused, never written)."""


def _key(key: object) -> str:
    """``"key": ``."""
    return encode_basestring(str(key)) + ": "


def dumps(value: Any, indent: int = 2) -> str:
    """``value`` (dicts, lists, tuples, str, int, bool, None, Decimal) as JSON text, with
    a final newline; anything else raises :class:`TypeError`."""
    out: list[str] = []
    _write(value, out, indent, 0)
    out.append("\n")
    return "".join(out)


def _write(value: Any, out: list[str], indent: int, level: int) -> None:
    """Append the text of ``value`` at nesting ``level`` to ``out`` (joined once, at the
    end)."""
    kind = type(value)
    scalars = _SCALARS
    append = out.append
    if kind is dict:
        if not value:
            append("{}")
            return
        pad = ",\n" + " " * (indent * (level + 1))
        sep = pad[1:]
        append("{")
        for k, v in value.items():
            append(sep)
            sep = pad
            append(_key(k))
            write = scalars.get(type(v))
            if write is None:
                _write(v, out, indent, level + 1)
            else:
                append(write(v))
        append("\n" + " " * (indent * level) + "}")
        return
    if kind is list or kind is tuple:
        if not value:
            append("[]")
            return
        writers = [scalars.get(type(v)) for v in value]
        if None not in writers:  # scalars only: on one line
            texts = [w(v) for w, v in zip(writers, value, strict=True)]  # type: ignore[misc]
            append("[" + ", ".join(texts) + "]")
            return
        pad = ",\n" + " " * (indent * (level + 1))
        sep = pad[1:]
        append("[")
        for w, v in zip(writers, value, strict=True):
            append(sep)
            sep = pad
            if w is None:
                _write(v, out, indent, level + 1)
            else:
                append(w(v))
        append("\n" + " " * (indent * level) + "]")
        return
    write = scalars.get(kind)
    if write is None:
        raise TypeError(f"cannot write {kind.__name__} in a report")
    append(write(value))
