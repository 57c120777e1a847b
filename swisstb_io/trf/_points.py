"""TRF point-system records (162, XXS, BB?) into :class:`~swisstb_io.model.PointSystem` values."""

from __future__ import annotations

import re
from fractions import Fraction

from ..errors import quoted
from ..model import PointSystem
from ._records import fail, parse_number

_S162 = re.compile(r"([A-Za-z])\s*(-?\d{1,9}(?:[.,]\d{1,9})?)(?!\d)")
_XXS = re.compile(r"([A-Za-z]+)\s*=\s*(-?\d{1,9}(?:[.,]\d{1,9})?)(?!\d)")
XXS_FIELDS: dict[str, tuple[str, ...]] = {
    "W": ("win",), "WW": ("win",), "BW": ("win",),
    "D": ("draw",), "WD": ("draw",), "BD": ("draw",),
    "WL": ("loss",), "BL": ("loss",), "L": ("loss",),
    "ZPB": ("zero_bye",), "HPB": ("half_bye",), "FPB": ("full_bye",),
    "PAB": ("pairing_bye",), "FW": ("forfeit_win",), "FL": ("forfeit_loss",),
}
BB_FIELDS: dict[str, tuple[str, ...]] = {
    "BBW": ("win", "forfeit_win", "full_bye"),
    "BBD": ("draw", "half_bye"),
    "BBL": ("loss",),
    "BBZ": ("zero_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pairing_bye",),
}
S162_FIELDS: dict[str, tuple[str, ...]] = {
    "W": ("win", "forfeit_win", "full_bye", "pairing_bye"),
    "D": ("draw", "half_bye"),
    "L": ("loss",),
    "A": ("zero_bye", "forfeit_loss"),
    "X": (),
    "P": ("pairing_bye",),
}
POINT_CODES = frozenset({"162", "XXS", *BB_FIELDS})


def point_assignments(code: str, line: str, path: str, no: int) -> dict[str, Fraction]:
    """The point-system fields one 162 / XXS / BB? line sets."""
    body = line[3:]
    out: dict[str, Fraction] = {}
    if code in BB_FIELDS:
        value = parse_number(body)
        if value is None:
            raise fail(path, no, 5, f"{code}: points {quoted(body.strip())} are not a number")
        return dict.fromkeys(BB_FIELDS[code], value)
    pattern, table = (_S162, S162_FIELDS) if code == "162" else (_XXS, XXS_FIELDS)
    given: dict[str, Fraction] = {}
    pos = 0
    stripped = body.rstrip()
    for m in pattern.finditer(stripped):
        if stripped[pos : m.start()].strip():
            break
        key = m[1].upper()
        if key not in table:
            raise fail(path, no, 3 + m.start() + 1, f"{code}: unknown scoring code {m[1]!r}")
        given[key] = Fraction(m[2].replace(",", "."))
        pos = m.end()
    if stripped[pos:].strip():
        example = "162  W 1.0    D 0.5    L 0.0" if code == "162" else "XXS W=1.0 D=0.5"
        raise fail(path, no, 3 + pos + 1,
                   f"{code}: cannot read scoring {quoted(stripped[pos:].strip())} (expected e.g. "
                   f"{example!r})")
    for key, names in table.items():  # table order: 162's P after W, so P overrides W
        if key in given:
            for name in names:
                out[name] = given[key]
    return out


_PRECEDENCE = {"162": 0, "XXS": 2}
"""162 first, then the BB? codes, then XXS (the most detailed) override what came before."""


def point_system(lines: list[tuple[str, str, int]], path: str) -> PointSystem:
    """The point system the ``(code, line, line_no)`` point records describe: 162 first,
    then BB?, then XXS; file order within each kind."""
    values: dict[str, Fraction] = {}
    for code, line, no in sorted(lines, key=lambda item: _PRECEDENCE.get(item[0], 1)):
        values.update(point_assignments(code, line, path, no))
    return PointSystem(**values) if values else PointSystem()
