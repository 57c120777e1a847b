"""The header of the US cross-table CSV and what one player row holds.

A header becomes a :class:`RowReader` once; it reads each row (a :class:`~.tokenize.Row`:
its field values and where it begins) into the player's fields and round results, and
looks for the place of a value only when it reports it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType

from ..errors import FormatError, Location, quoted
from ..limits import MAX_NUMBER_DIGITS, MAX_ROUNDS
from ..model import EMPTY_EXTRAS, Player, PointAdjustment, Rating, RoundResult
from ..textsafe import spreadsheet_unsafe
from ..us_notation import EXPECTED_CELLS, parse_points, read_cell, trim
from .adjustments import EXPECTED, parse_adjustments
from .columns import NAMESPACED, classify
from .tokenize import Field, FieldPlaces, Row

_PLACE = re.compile(r"\d{1,9}")
_RATING = re.compile(r"(\d{1,9})\s*(?:[/pP]\s*\d{0,9})?")


@dataclass
class Columns:
    roles: dict[str, int] = field(default_factory=dict)
    rounds: dict[int, int] = field(default_factory=dict)
    ratings: list[tuple[str, int]] = field(default_factory=list)
    ids: list[tuple[str, int]] = field(default_factory=list)
    extras: list[tuple[str, int]] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)


def header(fields: list[Field], path: str) -> Columns:
    cols = Columns(labels=[f.value.strip() for f in fields])
    for idx, f in enumerate(fields):
        kind, key = classify(f.value)
        loc = Location(path, f.line, f.col)
        if kind == "role":
            assert isinstance(key, str)
            if key in cols.roles:
                raise FormatError(f"column {f.value.strip()!r} appears twice", loc)
            cols.roles[key] = idx
        elif kind == "round":
            assert isinstance(key, int)
            if key > MAX_ROUNDS:  # refused here: every row would hold a cell for each
                raise FormatError(f"column {quoted(f.value.strip())} is for round {key}, past "
                                  f"the {MAX_ROUNDS} rounds an event may have", loc)
            if key in cols.rounds:
                raise FormatError(f"two columns for round {key} ({f.value.strip()!r})", loc)
            cols.rounds[key] = idx
        elif kind == "rating":
            cols.ratings.append((str(key), idx))
        elif kind == "national_id":
            cols.ids.append((str(key), idx))
        elif f.value.strip():
            cols.extras.append((str(key), idx))
    first = fields[0] if fields else Field("", 1, 1)
    for role in ("pair", "name"):
        if role not in cols.roles:
            names = {"pair": "Pair, No., #, Plr, Plr#", "name": "Name"}[role]
            raise FormatError(
                f"no {role.title()!r} column in the header (expected one of {names})",
                Location(path, first.line, 1),
            )
    for r in range(1, len(cols.rounds) + 1):
        if r not in cols.rounds:
            raise FormatError(
                f"round columns skip round {r} (expected Rd 1 … Rd {len(cols.rounds)})",
                Location(path, first.line, 1),
            )
    return cols


class RowReader:
    """Reads the player rows of a table with the header ``cols``."""

    def __init__(self, cols: Columns, places: FieldPlaces) -> None:
        roles = cols.roles
        self.places = places
        self.labels = cols.labels
        self.pair = roles["pair"]
        self.rating = roles.get("rating")
        self.total = roles.get("total")
        self.fide_rating = roles.get("fide_rating")
        self.adjustments = roles.get("adjustments")
        self.texts = [  # Player text fields, each filled by the column of the same role
            (role, roles.get(role))
            for role in ("name", "sex", "title", "federation", "fide_id", "birth", "team")
        ]
        self.id, self.state, self.place = roles.get("id"), roles.get("state"), roles.get("place")
        self.ratings = cols.ratings
        self.ids = cols.ids
        self.extras = [
            (idx, label if NAMESPACED.match(label) else f"csv:column:{label}")
            for label, idx in cols.extras
        ]
        self.rounds = [cols.rounds[r] for r in range(1, len(cols.rounds) + 1)]
        self.cells: dict[str, RoundResult] = {}
        """Round cell texts already read -> their result before cross-checks (most cells of
        a table recur)."""

    def at(self, row: Row, idx: int) -> Location:
        return self.places.at(row.offset, idx, row.line)

    def start_no(self, row: Row) -> int:
        v = row.values[self.pair].strip()
        if not v.isdecimal() or len(v) > MAX_NUMBER_DIGITS or int(v) < 1:
            raise FormatError(
                f"bad pair number {quoted(v)} (expected a whole number)", self.at(row, self.pair)
            )
        return int(v)

    def read(self, row: Row) -> tuple[Player, list[RoundResult]]:
        """The player of ``row``, and its round results as the round columns give them
        (before the cross-checks; the player's ``results`` end at its last round)."""
        values = row.values
        start_no = self.start_no(row)
        extras: dict[str, str] = {}
        ratings: list[Rating] = []
        national_ids: list[tuple[str, str]] = []
        if self.rating is not None:
            value = self._rating(row, self.rating, extras)
            if value is not None:
                ratings.append(Rating("USCF", value))
        if self.id is not None and values[self.id].strip():
            national_ids.append(("USCF", values[self.id].strip()))
        for system, idx in self.ratings:
            value = self._rating(row, idx, None)
            if value is not None:
                ratings.append(Rating(system, value))
        for system, idx in self.ids:
            if values[idx].strip():
                national_ids.append((system, values[idx].strip()))
        if self.state is not None and values[self.state].strip():
            extras["uscf:state"] = spreadsheet_unsafe(values[self.state].strip())
        for idx, key in self.extras:
            if values[idx]:
                extras[key] = spreadsheet_unsafe(values[idx])
        declared_rank = None
        place = "" if self.place is None else values[self.place].strip()
        if place:
            m = _PLACE.match(place)
            declared_rank = int(m[0]) if m else None
            if m is None or m[0] != place:
                extras["csv:place"] = place
        declared_points = None
        if self.total is not None and values[self.total].strip():
            declared_points = parse_points(values[self.total])
            if declared_points is None:
                raise FormatError(
                    f"bad Total {quoted(values[self.total].strip())} (expected points such as 2.5)",
                    self.at(row, self.total),
                )
        fide_rating = None
        if self.fide_rating is not None:
            fide_rating = self._rating(row, self.fide_rating, None)
        adjustments: tuple[PointAdjustment, ...] = ()
        if self.adjustments is not None:
            cell = values[self.adjustments]
            parsed = parse_adjustments(spreadsheet_unsafe(cell.strip()))
            if parsed is None:
                raise FormatError(f"bad Adjustments {quoted(cell.strip())} ({EXPECTED})",
                                  self.at(row, self.adjustments))
            adjustments = parsed
        rounds: list[RoundResult] = []
        for idx in self.rounds:
            res = self._cell(values[idx])
            if res is None:
                raise FormatError(
                    f"bad round cell {quoted(values[idx].strip())} in column {self.labels[idx]!r} "
                    f"({EXPECTED_CELLS})",
                    self.at(row, idx),
                )
            rounds.append(res)
        texts = {name: "" if idx is None else spreadsheet_unsafe(values[idx].strip())
                 for name, idx in self.texts}
        player = Player(
            start_no=start_no,
            results=trim(rounds),
            fide_rating=fide_rating,
            ratings=tuple(ratings),
            national_ids=tuple(national_ids),
            declared_points=declared_points,
            declared_rank=declared_rank,
            adjustments=adjustments,
            extras=MappingProxyType(extras) if extras else EMPTY_EXTRAS,
            **texts,
        )
        return player, rounds

    def _cell(self, text: str) -> RoundResult | None:
        """The result of a round cell (None if it is not one)."""
        res = self.cells.get(text)
        if res is None:
            res = read_cell(text.strip())
            if res is not None:
                self.cells[text] = res
        return res

    def _rating(self, row: Row, idx: int, extras: dict[str, str] | None) -> int | None:
        """Blank, ``0`` and ``unr``/``unr.`` are unrated; ``1500/12`` (provisional) keeps
        its text."""
        v = row.values[idx].strip()
        if v.isdecimal() and len(v) <= MAX_NUMBER_DIGITS:  # what the pattern below gives
            return None if v == "0" else int(v)
        if not v or v.lower().rstrip(".") in ("unr", "unrated", "0"):
            if v and v != "0" and extras is not None:
                extras["csv:rating"] = v
            return None
        m = _RATING.fullmatch(v)
        if m is None:
            raise FormatError(
                f"bad rating {quoted(v)} (expected a number, '1500/12', or blank/'unr' for "
                "unrated)",
                self.at(row, idx),
            )
        if m[0] != m[1] and extras is not None:
            extras["csv:rating"] = v
        return int(m[1])
