"""Typed access to parsed Chess-JSON: every complaint names the JSON path of the bad value."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from ..errors import Diagnostics, FormatError, Location

_PATH = re.compile(r"\.?([A-Za-z_]\w*)|\[(\d+)\]")
_WS = " \t\r\n"
_DECODER = json.JSONDecoder()
_CONSTANT = re.compile(r"[:\[,]\s*(NaN|-?Infinity)\b")


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


def locate(text: str, where: str) -> tuple[int, int] | None:
    """Line and column of the value at JSON path ``where`` (``a.b[2].c``) in ``text``."""
    if " " in where:
        where = ""
    try:
        pos = _skip(text, 0)
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
        line = text.count("\n", 0, pos) + 1
        return line, pos - (text.rfind("\n", 0, pos) + 1) + 1
    except (ValueError, IndexError, RecursionError):
        return None


class Access:
    """Checked access to the parsed document; failures carry the JSON path and its line."""

    def __init__(self, path: str, text: str, diags: Diagnostics) -> None:
        self.path = path
        self.source = text
        self.diags = diags

    def fail(self, where: str, message: str) -> FormatError:
        spot = locate(self.source, where)
        location = Location(self.path, *spot) if spot else Location(self.path)
        return FormatError(f"{where}: {message}", location)

    def warn(self, where: str, message: str, code: str) -> None:
        spot = locate(self.source, where)
        location = Location(self.path, *spot) if spot else Location(self.path)
        self.diags.warn(location, f"{where}: {message}", code)

    def obj(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected an object, got {show(value)}")
        return value

    def arr(self, parent: Mapping[str, Any], key: str, where: str) -> list[Any]:
        value = parent.get(key, [])
        if not isinstance(value, list):
            raise self.fail(f"{where}.{key}", f"expected a list, got {show(value)}")
        return value

    def text(self, parent: Mapping[str, Any], key: str, where: str) -> str:
        value = parent.get(key)
        if value is None:
            return ""
        if isinstance(value, bool) or not isinstance(value, str | int | Decimal):
            raise self.fail(f"{where}.{key}", f"expected text, got {show(value)}")
        return str(value)

    def integer(self, parent: Mapping[str, Any], key: str, where: str) -> int | None:
        value = parent.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{where}.{key}", f"expected a whole number, got {show(value)}")
        return value

    def flag(self, parent: Mapping[str, Any], key: str, where: str, default: bool) -> bool:
        value = parent.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(f"{where}.{key}", f"expected true or false, got {show(value)}")
        return value

    def points(self, value: Any, where: str) -> Fraction:
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise self.fail(where, f"expected a number, got {show(value)}")
        if isinstance(value, Decimal):
            sign_digits_exp = value.as_tuple()
            exponent = sign_digits_exp.exponent
            if (
                not isinstance(exponent, int)
                or len(sign_digits_exp.digits) > 30
                or not -30 <= exponent <= 30
            ):
                raise self.fail(where, f"{value} is out of range for points")
        try:
            return Fraction(value)
        except (ValueError, OverflowError, InvalidOperation) as exc:
            raise self.fail(where, f"{value} is not a finite number") from exc

    def cid(self, row: Mapping[str, Any], colour: str, where: str) -> int | None:
        """The competitor on ``colour``: None for nobody (null, or a plain 0 in older files,
        both a bye), 0 for ``{"cid": 0}``: paired, but against nobody known (a forfeit)."""
        value = row.get(colour)
        if value is None:
            return None
        boxed = isinstance(value, dict)
        if boxed:
            value = value.get("cid")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.fail(f"{where}.{colour}", f"expected a competitor number, got {show(value)}")
        return value if boxed or value else None


def show(value: Any) -> str:
    shown = json.dumps(value, default=str, ensure_ascii=False)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def decode(data: bytes, path: str) -> tuple[str, Any]:
    """The text of ``data`` and its JSON value; raises FormatError with line and column."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise FormatError(
            f"byte 0x{data[exc.start]:02X} is not UTF-8; Chess-JSON files are UTF-8",
            Location(path, line, col),
        ) from exc

    def bad_constant(name: str) -> Any:
        raise ValueError(f"{name} is not a JSON number")

    try:
        return text, json.loads(text, parse_float=Decimal, parse_constant=bad_constant)
    except json.JSONDecodeError as exc:
        where = Location(path, exc.lineno, exc.colno)
        raise FormatError(f"not valid JSON: {exc.msg}", where) from exc
    except (ValueError, RecursionError) as exc:
        bad = _CONSTANT.search(text)
        where = Location(path)
        if bad is not None:
            where = Location(
                path,
                text.count("\n", 0, bad.start(1)) + 1,
                bad.start(1) - (text.rfind("\n", 0, bad.start(1)) + 1) + 1,
            )
        raise FormatError(f"not valid JSON: {exc}", where) from exc
