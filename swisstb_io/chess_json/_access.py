"""Typed access to parsed Chess-JSON: every complaint names the JSON path of the bad value."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from .. import jsontext, textio
from ..errors import Diagnostics, FormatError, Location
from ..limits import MAX_NUMBER, MAX_NUMBER_DIGITS

_LAST_STEP = re.compile(r"(?:\.?[A-Za-z_]\w*|\[\d+\])$")
"""The last key or index of a JSON path."""


class Access:
    """Checked access to the parsed document; failures carry the JSON path and its line."""

    def __init__(self, path: str, text: str, diags: Diagnostics) -> None:
        self.path = path
        self.source = text
        self.diags = diags
        self.locator = jsontext.Locator(text)  # a warning on every game stays linear

    def locate(self, where: str) -> Location:
        """The ``path:line:col`` of the value at JSON path ``where`` (``a.b[2].c``); for a
        member that is not there, of the object that lacks it (the nearest enclosing value
        that is); a ``where`` that is not a path (``the file``) is the whole document."""
        path = "" if " " in where else where
        while True:
            spot = self.locator.line_col(path)
            if spot is not None:
                return Location(self.path, *spot)
            if not path:
                return Location(self.path)
            path = _LAST_STEP.sub("", path)

    def fail(self, where: str, message: str) -> FormatError:
        return FormatError(f"{where}: {message}", self.locate(where))

    def warn(self, where: str, message: str, code: str) -> None:
        self.diags.warn(self.locate(where), f"{where}: {message}", code)

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

    def bounded(self, value: int | None, what: str, where: str) -> int | None:
        """``value`` (a number the model keeps: a rank, a rating) within
        :data:`~swisstb_io.limits.MAX_NUMBER`."""
        if value is not None and not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise self.fail(where, f"{what} {show(value)} has more than {MAX_NUMBER_DIGITS} "
                            "digits; no tournament holds one that large")
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
    text = textio.decode(data, path, "Chess-JSON", legacy=False).text

    return text, jsontext.load(text, path, parse_float=Decimal)
