"""JSON text read with located errors (the writer is :mod:`swisstb_io.jsonwrite`).

:func:`load` parses a tournament file's JSON and turns every problem into a
:class:`~swisstb_io.errors.FormatError` at its ``line:col``; :func:`offset`,
:class:`Locator` and :func:`item_locator` find where a value is in the text by its path
(``a.b[2].c``).  The parsed document has no positions; these functions walk the text
itself, skipping whole values with the standard decoder, so finding one value costs a
pass over the text before it, and a :class:`Locator` finds many values of one text at the
cost of a few passes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any

from . import textio
from .errors import FormatError, Location

_PATH = re.compile(r"\.?([A-Za-z_]\w*)|\[(\d+)\]")
_WS = " \t\r\n"
_DECODER = json.JSONDecoder()


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def _members(text: str, pos: int) -> dict[str, int]:
    """The offset of each member's value in the object at ``pos`` (the last one of a key
    given twice), in one pass over the object."""
    found: dict[str, int] = {}
    pos = _skip(text, pos + 1)
    while text[pos] == '"':
        name, pos = _DECODER.raw_decode(text, pos)
        pos = _skip(text, _skip(text, pos) + 1)
        found[name] = pos
        pos = _skip(text, _DECODER.raw_decode(text, pos)[1])
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return found


def _items(text: str, pos: int) -> list[int]:
    """The offset of each item of the list at ``pos``, in one pass over the list."""
    out: list[int] = []
    pos = _skip(text, pos + 1)
    while text[pos] != "]":
        out.append(pos)
        pos = _skip(text, _DECODER.raw_decode(text, pos)[1])
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return out


def _member(text: str, pos: int, key: str) -> int | None:
    """Offset of the value of ``key`` in the object at ``pos`` (the last one if repeated)."""
    return _members(text, pos).get(key)


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


class Locator:
    """Line and column of values by path in one JSON text, for a reader that may say many
    things about one file (a warning on every game): each object's members and each
    list's items are found once, in one pass over that value, and lines by a
    :class:`~swisstb_io.textio.LineIndex`, so the messages together cost a few passes
    over the text, not a pass each (:func:`offset` walks the text before the value)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._members: dict[int, dict[str, int]] = {}
        self._items: dict[int, list[int]] = {}
        self._lines: textio.LineIndex | None = None

    def offset(self, where: str) -> int | None:
        """Offset of the value at path ``where`` (as :func:`offset` finds it)."""
        if " " in where:
            return None
        text = self.text
        try:
            pos: int | None = _skip(text, 0)
            for key, index in _PATH.findall(where):
                assert pos is not None
                if key:
                    members = self._members.get(pos)
                    if members is None:
                        if text[pos] != "{":
                            return None
                        members = self._members[pos] = _members(text, pos)
                    pos = members.get(key)
                else:
                    items = self._items.get(pos)
                    if items is None:
                        if text[pos] != "[":
                            return None
                        items = self._items[pos] = _items(text, pos)
                    pos = items[int(index)] if int(index) < len(items) else None
                if pos is None:
                    return None
            return pos
        except (ValueError, IndexError, RecursionError):
            return None

    def line_col(self, where: str) -> tuple[int, int] | None:
        """Line and column of the value at path ``where``; ``None`` when not found."""
        pos = self.offset(where)
        if pos is None:
            return None
        if self._lines is None:
            self._lines = textio.LineIndex(self.text)
        return self._lines.line_col(pos)


MAX_DEPTH = 100
"""Deepest nesting of lists and objects a tournament file may have (real ones use < 10)."""
MAX_NUMBER_DIGITS = 40
"""Longest number literal (digits, sign, point and exponent) a tournament file may have."""
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_LONG_NUMBER = re.compile(rf"-?\d[\d.eE+-]{{{MAX_NUMBER_DIGITS},}}")
_HUGE_EXPONENT = re.compile(r"\d[eE][+-]?\d{4,}")
_SURROGATE = re.compile(
    r"(?<!\\)(?:\\\\)*(\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2})")
_CONSTANT = re.compile(r"[:\[,]\s*(NaN|-?Infinity)\b")


def item_locator(text: str, path: str, where: str, ids: Sequence[int],
                 locator: Locator | None = None) -> Callable[[int, str], Location]:
    """``at(id, key)``: where item ``id`` of the array at ``where`` is (its member
    ``key``, unless ``""`` or the item has no such member), as ``path:line:col``; ``ids``
    name the array's items in order.  The places are found by ``locator`` (one of its
    own by default), which walks each value once, whatever the number of messages."""
    spots = Locator(text) if locator is None else locator
    index = {item: i for i, item in enumerate(ids)}

    def at(item: int, key: str) -> Location:
        i = index.get(item)
        spot = None
        if i is not None:
            spot = (spots.line_col(f"{where}[{i}].{key}") if key else None) or (
                spots.line_col(f"{where}[{i}]"))
        return Location(path) if spot is None else Location(path, *spot)

    return at


_SURROGATE_HINT = re.compile(r"\\u[dD][89a-fA-F]")
"""Where :data:`_SURROGATE` can match: its literal start, searched first (the full pattern
begins with look-behinds, which a search tries at every position)."""


def _too_deep(text: str) -> int | None:
    """Offset of the first list or object nested deeper than :data:`MAX_DEPTH`."""
    depth = 0
    for m in _TOKEN.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return m.start()
        elif c in "]}":
            depth -= 1
    return None


def _outside_strings(text: str, pattern: re.Pattern[str]) -> re.Match[str] | None:
    """The first match of ``pattern`` that is not inside a string (the strings are found
    only when the pattern matches somewhere)."""
    matches = pattern.finditer(text)
    first = next(matches, None)
    if first is None:
        return None
    strings = [(m.start(), m.end()) for m in re.finditer(r'"(?:[^"\\]|\\.)*"', text)]
    k = 0
    for m in chain((first,), matches):
        while k < len(strings) and strings[k][1] <= m.start():
            k += 1
        if k < len(strings) and strings[k][0] <= m.start():
            continue
        return m
    return None


class _RefusedNumber(Exception):
    """A number literal the decoder met that :func:`load` refuses (found again, with its
    place, by :func:`_number_problem`)."""


def _too_long(literal: str) -> bool:
    """Whether the number ``literal`` is longer than :data:`MAX_NUMBER_DIGITS` after its
    sign, as :data:`_LONG_NUMBER` finds it."""
    return len(literal.lstrip("-")) > MAX_NUMBER_DIGITS


def _number_problem(text: str, path: str) -> FormatError | None:
    """The error for the first number of ``text`` (outside strings) that :func:`load`
    refuses, an exponent no tournament value needs before a number too long; None if
    there is none."""
    checks = ((_HUGE_EXPONENT, "has an exponent no tournament value needs"),
              (_LONG_NUMBER, f"is longer than {MAX_NUMBER_DIGITS} characters"))
    for pattern, why in checks:
        if (m := _outside_strings(text, pattern)) is not None:
            shown = m.group() if len(m.group()) <= 20 else m.group()[:17] + "..."
            return FormatError(f"the number {shown} {why}",
                               Location(path, *textio.line_col(text, m.start())))
    return None


def load(text: str, path: str, parse_float: Any = float) -> Any:
    """Parse JSON ``text``; every problem is a :class:`FormatError` at its ``line:col``.

    Beyond the standard decoder's syntax errors: nesting deeper than :data:`MAX_DEPTH`,
    numbers longer than :data:`MAX_NUMBER_DIGITS` or with a four-digit exponent
    (``1e999999``), ``NaN``/``Infinity``, and lone surrogate escapes (``"\\ud800"``, no
    character: the text could not be written back as UTF-8).  A lone surrogate is the
    error before any other, then a number refused (wherever it is), then the rest.

    The numbers are checked as the decoder reads them (each literal, before it becomes a
    number); only a text that fails is searched for the place of its problem.
    """
    def at(pos: int) -> Location:
        return Location(path, *textio.line_col(text, pos))

    def constant(name: str) -> Any:
        raise ValueError(name)

    def integer(literal: str) -> int:
        if _too_long(literal):  # an integer has no exponent
            raise _RefusedNumber(literal)
        return int(literal)

    def number(literal: str) -> Any:
        if _too_long(literal) or _HUGE_EXPONENT.search(literal) is not None:
            raise _RefusedNumber(literal)
        return parse_float(literal)

    if _SURROGATE_HINT.search(text) and (bad := _SURROGATE.search(text)) is not None:
        raise FormatError(f"{bad.group(1)} is half of a UTF-16 surrogate pair, no character; "
                          "write the character itself", at(bad.start(1)))
    try:
        return json.loads(text, parse_float=number, parse_int=integer,
                          parse_constant=constant)
    except (_RefusedNumber, ValueError, RecursionError) as exc:
        failure: Exception = exc
    refused = _number_problem(text, path)  # a refused number is the error, wherever it is
    if refused is not None:
        raise refused from None
    if isinstance(failure, json.JSONDecodeError):
        raise FormatError(f"not valid JSON: {failure.msg}",
                          Location(path, failure.lineno, failure.colno)) from None
    if isinstance(failure, RecursionError):
        pos = _too_deep(text)
        raise FormatError(f"lists and objects are nested more than {MAX_DEPTH} deep", at(pos or 0)
                          ) from None
    bad = _CONSTANT.search(text)
    where = at(bad.start(1)) if bad is not None else Location(path, 1, 1)
    raise FormatError(f"not valid JSON: {failure} is not a JSON number", where) from None


__all__ = ["MAX_DEPTH", "MAX_NUMBER_DIGITS", "Locator", "item_locator", "load", "offset"]
