"""Typed values of one table of a prize file: strings, flags, whole numbers, exact money,
dates and enum choices, each failing at its key (``path:line:col``)."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..numbers import exact


class TableReader:
    """Typed reads of one TOML table's keys; ``fail(key, message)`` makes the error that
    points at the key."""

    def __init__(self, table: Mapping[str, Any], fail: Callable[[str, str], Exception]):
        self.table = table
        self.fail = fail

    def _typed(self, key: str, check: Callable[[Any], bool], what: str) -> Any:
        value = self.table[key]
        if not check(value):
            raise self.fail(key, f"{key} must be {what} (got {shown(value)})")
        return value

    def text(self, key: str, default: str = "") -> str:
        if key not in self.table:
            return default
        return str(self._typed(key, lambda v: isinstance(v, str), "a string"))

    def flag(self, key: str, default: Any) -> Any:
        if key not in self.table:
            return default
        return bool(self._typed(key, lambda v: isinstance(v, bool), "true or false"))

    def integer(self, key: str, default: int | None) -> int | None:
        if key not in self.table:
            return default
        return int(self._typed(key, lambda v: isinstance(v, int) and not isinstance(v, bool)
                               and v >= 0, "a whole number >= 0"))

    def money(self, key: str, default: Fraction | None) -> Any:
        if key not in self.table:
            return default
        return _fraction(self._typed(key, _is_amount, "a number >= 0"))

    def money_list(self, key: str, unit: Fraction | None) -> tuple[Fraction, ...]:
        if key not in self.table:
            return ()
        values = self._typed(key, lambda v: isinstance(v, list) and all(map(_is_amount, v)),
                             "a list of numbers >= 0")
        out = tuple(_fraction(v) for v in values)
        for v in out:
            if unit is not None and v % unit:
                raise self.fail(key, f"{_plain(v)} is not a whole number of units "
                                f"(unit = {_plain(unit)})")
        return out

    def strings(self, key: str) -> tuple[str, ...]:
        if key not in self.table:
            return ()
        return tuple(self._typed(key, lambda v: isinstance(v, list)
                                 and all(isinstance(x, str) for x in v), "a list of strings"))

    def ids(self, key: str) -> tuple[int | str, ...]:
        if key not in self.table:
            return ()
        return tuple(self._typed(key, lambda v: isinstance(v, list) and all(
            isinstance(x, str | int) and not isinstance(x, bool) for x in v),
            "a list of start numbers or names"))

    def date(self, key: str) -> _dt.date | None:
        if key not in self.table:
            return None
        value = self.table[key]
        if isinstance(value, _dt.date) and not isinstance(value, _dt.datetime):
            return value
        if isinstance(value, str):
            try:
                return _dt.date.fromisoformat(value)
            except ValueError:
                pass
        raise self.fail(key, f"{key} must be a date such as 2008-01-01 (got {shown(value)})")

    def choice(self, key: str, enum_type: Any, default: Any) -> Any:
        if key not in self.table:
            return default
        value = self.table[key]
        for member in enum_type:
            if member.value == value:
                return member
        known = ", ".join(f'"{m.value}"' for m in enum_type)
        raise self.fail(key, f"{key} must be one of {known} (got {shown(value)})")


def _is_amount(value: Any) -> bool:
    """A whole or decimal number >= 0 (``nan`` and ``inf`` are not amounts)."""
    if isinstance(value, Decimal):
        return value.is_finite() and value >= 0
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def shown(value: Any) -> str:
    """A TOML value as the file writes it, for a message: ``[nan, 5]``, ``"abc"``, ``true``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return {"NaN": "nan", "Infinity": "inf", "-Infinity": "-inf"}.get(str(value),
                                                                            str(value))
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)


def _fraction(value: int | Decimal) -> Fraction:
    return Fraction(value)


def _plain(value: Fraction) -> str:
    """An amount in a message: its exact decimal (amounts in a TOML file have one)."""
    return exact(value)
