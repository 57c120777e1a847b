"""The one writer of every JSON output: reports, prize lists, rating changes, the season
index and summaries, the HTML pages' explanation data.

:func:`dumps` writes plain data (dicts, lists, str, int, bool, None and
:class:`~decimal.Decimal`) as JSON text: a Decimal as a plain JSON number with its exact
digits (``3.5``, ``2.33``; never a float), in the layout of the reports, or compact.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import Any

__all__ = ["dumps"]


def dumps(value: Any, *, indent: int | None = 2, ascii: bool = False) -> str:
    """``value`` as JSON text, without a final newline; anything but dicts, lists, tuples,
    str, int, bool, None and Decimal raises :class:`TypeError` (a float too: report
    numbers are exact).

    ``indent``: the layout of the reports, objects and lists one item a line, indented,
    except lists of scalars, which stay on one line (``"mp": [2, 0]``); ``None``: compact,
    no space anywhere.  Strings are escaped as :mod:`json` escapes them, as UTF-8 text
    (``ascii``: every other character as ``\\uXXXX``).

    A compact value without a Decimal is written by the standard library's encoder (in C),
    which writes it the same way (and would write a float, which no caller gives it).
    """
    if indent is None:  # compact: the standard library's encoder, unless a Decimal is in it
        try:
            return _STANDARD[ascii](value)
        except _ExactNumber:
            pass
    scalars = _ASCII_SCALARS if ascii else _SCALARS
    out: list[str] = []
    _write(value, out, scalars, indent, 0)
    return "".join(out)


class _ExactNumber(Exception):
    """A Decimal in a value the standard library's encoder is writing: it cannot write one
    as a number, so :func:`dumps` writes the value itself."""


def _refuse(value: Any) -> Any:
    """What the standard library's encoder calls for a value of a type it does not know."""
    if type(value) is Decimal:
        raise _ExactNumber
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


_STANDARD = {ascii: json.JSONEncoder(ensure_ascii=ascii, separators=(",", ":"),
                                     allow_nan=False, default=_refuse).encode
             for ascii in (False, True)}
"""Compact JSON of str, int, bool, None, lists and dicts, by the standard library's
encoder (its C one), which writes them as :func:`_write` does."""


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _null(value: None) -> str:
    return "null"


_SCALARS: dict[type, Callable[[Any], str]] = {
    str: encode_basestring, int: int.__repr__, Decimal: Decimal.__str__, bool: _bool,
    type(None): _null,
}
"""How :func:`dumps` writes each scalar type (by exact type: a float is refused)."""
_ASCII_SCALARS = {**_SCALARS, str: encode_basestring_ascii}


def _write(value: Any, out: list[str], scalars: dict[type, Callable[[Any], str]],
           indent: int | None, level: int) -> None:
    """Append the text of ``value`` at nesting ``level`` to ``out`` (joined at the end)."""
    kind = type(value)
    if kind is not dict and kind is not list and kind is not tuple:
        write = scalars.get(kind)
        if write is None:
            raise TypeError(f"cannot write {kind.__name__} as JSON")
        out.append(write(value))
        return
    if not value:
        out.append("{}" if kind is dict else "[]")
        return
    if indent is None:
        first, between, last, colon, comma = "", ",", "", ":", ","
    else:
        first = "\n" + " " * (indent * (level + 1))
        between, last, colon, comma = "," + first, "\n" + " " * (indent * level), ": ", ", "
    if kind is dict:
        string = scalars[str]
        out.append("{" + first)
        for n, (key, item) in enumerate(value.items()):
            if n:
                out.append(between)
            write = scalars.get(type(item))
            if write is None:  # a list or an object (or a type that is refused)
                out.append(string(str(key)) + colon)
                _write(item, out, scalars, indent, level + 1)
            else:
                out.append(string(str(key)) + colon + write(item))
        out.append(last + "}")
        return
    texts = []
    for item in value:
        write = scalars.get(type(item))
        if write is None:  # a list or an object in it (or a type that is refused)
            break
        texts.append(write(item))
    else:  # scalars only: on one line
        out.append("[" + comma.join(texts) + "]")
        return
    out.append("[" + first)
    for n, item in enumerate(value):
        if n:
            out.append(between)
        write = scalars.get(type(item))
        if write is None:
            _write(item, out, scalars, indent, level + 1)
        else:
            out.append(write(item))
    out.append(last + "]")
