"""Read the US cross-table CSV (formats.md §2.4) into the model."""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..errors import Diagnostics, FormatError, Location
from ..model import DateText, Player, Rating, RoundResult, Tournament
from ..registry import ReadOptions, ReadResult
from .checks import apply_overrides, check_games
from .columns import LIST_SEPARATORS, META_KEYS, classify
from .notation import (
    EXPECTED_CELLS,
    cell_result,
    format_points,
    parse_cell,
    parse_date,
    parse_points,
    resolve_double_forfeits,
    trim,
)
from .tokenize import Field, rows, sniff_delimiter

FORMAT_NAME = "swisssys-csv"
NAMESPACED = re.compile(r"^[a-z][a-z0-9_-]*:\S+$")
"""A column label or metadata key such as ``trf:XXA``: another format's extras key."""


def decode(data: bytes) -> tuple[str, str, bool]:
    """Text, encoding name and whether a UTF-8 BOM was there (UTF-8, else Windows-1252)."""
    bom = data.startswith(b"\xef\xbb\xbf")
    if bom:
        data = data[3:]
    try:
        return data.decode("utf-8"), "utf-8", bom
    except UnicodeDecodeError:
        try:
            return data.decode("cp1252"), "cp1252", bom
        except UnicodeDecodeError:
            return data.decode("latin-1"), "latin-1", bom


def is_comment(line: str) -> bool:
    """``# Event: …`` metadata or a comment; ``#,Name,…`` is a header whose first label is ``#``."""
    body = line.lstrip()
    return body[:1] == "#" and body[1:2] not in (",", ";", "\t")


@dataclass
class _Columns:
    roles: dict[str, int] = field(default_factory=dict)
    rounds: dict[int, int] = field(default_factory=dict)
    ratings: list[tuple[str, int]] = field(default_factory=list)
    ids: list[tuple[str, int]] = field(default_factory=list)
    extras: list[tuple[str, int]] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)


def _header(fields: list[Field], path: str) -> _Columns:
    cols = _Columns(labels=[f.value.strip() for f in fields])
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


def _meta(
    lines: list[tuple[int, str]], path: str
) -> tuple[dict[str, Any], tuple[int, int, str] | None, dict[str, str]]:
    values: dict[str, Any] = {}
    outcomes: tuple[int, int, str] | None = None
    extras: dict[str, str] = {}
    dates: dict[str, _dt.date] = {}
    for line_no, raw in lines:
        body = raw.lstrip()[1:]
        if ":" not in body:
            continue  # a plain comment
        # the key ends at ": " (keys such as "uscf:affiliate_id" hold a colon), else at ":"
        sep = ": " if ": " in body else ":"
        key, _, value = body.partition(sep)
        key, value = key.strip(), value.strip()
        target = META_KEYS.get(key.lower())
        at = raw.index(sep, len(raw) - len(body)) + len(sep)
        col = at + 1 + len(raw[at:]) - len(raw[at:].lstrip())
        if target is None and NAMESPACED.match(key):
            extras[key] = value  # another format's extras, kept verbatim
        elif target is None:
            extras[f"csv:meta:{key}"] = value
        elif target == "total_rounds":
            if not value.isdecimal():
                raise FormatError(
                    f"bad Rounds value {value!r} (expected a whole number)",
                    Location(path, line_no, col),
                )
            values[target] = int(value)
        elif target in ("start_date", "end_date"):
            values[target] = parse_date(value)
        elif target in ("start_date_value", "end_date_value"):
            try:
                dates[target[: -len("_value")]] = _dt.date.fromisoformat(value)
            except ValueError:
                raise FormatError(
                    f"bad {key} {value!r} (expected YYYY-MM-DD)", Location(path, line_no, col)
                ) from None
        elif target in LIST_SEPARATORS:
            sep = LIST_SEPARATORS[target].strip()
            values[target] = tuple(v.strip() for v in value.split(sep) if v.strip())
        elif target == "outcomes":
            outcomes = (line_no, col, value)
        else:
            values[target] = value
    for target, day in dates.items():
        text = values[target].text if target in values else ""
        values[target] = DateText(text, day)
    return values, outcomes, extras


def read(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    text, encoding, bom = decode(data)
    crlf = "\r\n" in text
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    diags = Diagnostics(options.strict)
    lines = text.split("\n")
    meta_lines: list[tuple[int, str]] = []
    start = 0
    while start < len(lines) and (not lines[start].strip() or is_comment(lines[start])):
        if lines[start].strip():
            meta_lines.append((start + 1, lines[start]))
        start += 1
    if start >= len(lines):
        raise FormatError(
            "no header row (expected e.g. 'Pair,Name,Rating,Rd 1,Rd 2,Total')",
            Location(path, max(start, 1), 1),
        )
    delimiter = sniff_delimiter(lines[start])
    meta, outcomes, tour_extras = _meta(meta_lines, path)
    table = rows("\n".join(lines[start:]), delimiter, path, first_line=start + 1)
    header = next(table)
    cols = _header(header, path)
    n_rounds = len(cols.rounds)
    players: dict[int, Player] = {}
    results: dict[int, list[RoundResult]] = {}
    totals: dict[int, Field] = {}
    cells: dict[int, list[Field]] = {}
    for row in table:
        if all(not f.value.strip() for f in row):
            continue
        if len(row) > len(header):
            extra = row[len(header)]
            raise FormatError(
                f"row has {len(row)} fields but the header has {len(header)} "
                f"(quote values that contain {delimiter!r})",
                Location(path, extra.line, extra.col),
            )
        last = row[-1]
        row = row + [Field("", last.line, last.col + len(last.value))] * (len(header) - len(row))
        player, rounds = _player(row, cols, path)
        if player.start_no in players:
            f = row[cols.roles["pair"]]
            raise FormatError(
                f"pair number {player.start_no} appears twice", Location(path, f.line, f.col)
            )
        players[player.start_no] = player
        results[player.start_no] = rounds
        cells[player.start_no] = [row[cols.rounds[r]] for r in range(1, n_rounds + 1)]
        if "total" in cols.roles and row[cols.roles["total"]].value.strip():
            totals[player.start_no] = row[cols.roles["total"]]
    resolve_double_forfeits(results)
    if outcomes is not None:
        apply_overrides(outcomes[2], results, path, outcomes[0], outcomes[1])
    check_games(results, diags, path, cells, cols.labels, [cols.rounds[r] for r in cols.rounds])
    final = []
    for start_no, player in players.items():
        final.append(_with_results(player, trim(results[start_no])))
    t = Tournament(players=tuple(final), extras=MappingProxyType(tour_extras), **meta)
    for start_no, f in totals.items():
        declared = t.player(start_no).declared_points
        got = t.player(start_no).points(t.point_system)
        if declared is not None and declared != got:
            diags.warn(
                Location(path, f.line, f.col),
                f"Total {f.value.strip()!r} of pair {start_no} does not match the round cells "
                f"({format_points(got)})",
                "csv-total-mismatch",
            )
    details = {
        "delimiter": {",": "comma", ";": "semicolon", "\t": "tab"}[delimiter],
        "newline": "CRLF" if crlf else "LF",
        "BOM": "yes" if bom else "no",
    }
    return ReadResult(t, FORMAT_NAME, encoding, diags.freeze(), details=MappingProxyType(details))


def _with_results(player: Player, results: tuple[RoundResult, ...]) -> Player:
    from dataclasses import replace

    return replace(player, results=results)


def _int(f: Field, label: str, path: str, *, minimum: int = 0) -> int:
    v = f.value.strip()
    if not v.isdecimal() or int(v) < minimum:
        raise FormatError(
            f"bad {label} {v!r} (expected a whole number)", Location(path, f.line, f.col)
        )
    return int(v)


def _player(row: list[Field], cols: _Columns, path: str) -> tuple[Player, list[RoundResult]]:
    def get(role: str) -> str:
        idx = cols.roles.get(role)
        return row[idx].value.strip() if idx is not None else ""

    start_no = _int(row[cols.roles["pair"]], "pair number", path, minimum=1)
    extras: dict[str, str] = {}
    ratings: list[Rating] = []
    national_ids: list[tuple[str, str]] = []
    if "rating" in cols.roles:
        value = _rating(row[cols.roles["rating"]], path, extras)
        if value is not None:
            ratings.append(Rating("USCF", value))
    if get("id"):
        national_ids.append(("USCF", get("id")))
    for system, idx in cols.ratings:
        value = _rating(row[idx], path, None)
        if value is not None:
            ratings.append(Rating(system, value))
    for system, idx in cols.ids:
        if row[idx].value.strip():
            national_ids.append((system, row[idx].value.strip()))
    if get("state"):
        extras["uscf:state"] = get("state")
    for label, idx in cols.extras:
        if row[idx].value:
            key = label if NAMESPACED.match(label) else f"csv:column:{label}"
            extras[key] = row[idx].value
    declared_rank = None
    if get("place"):
        m = re.match(r"\d+", get("place"))
        declared_rank = int(m[0]) if m else None
        if m is None or m[0] != get("place"):
            extras["csv:place"] = get("place")
    declared_points = None
    if "total" in cols.roles and get("total"):
        f = row[cols.roles["total"]]
        declared_points = parse_points(f.value)
        if declared_points is None:
            raise FormatError(
                f"bad Total {f.value.strip()!r} (expected points such as 2.5)",
                Location(path, f.line, f.col),
            )
    fide_rating = None
    if "fide_rating" in cols.roles:
        fide_rating = _rating(row[cols.roles["fide_rating"]], path, None)
    rounds = []
    for r in range(1, len(cols.rounds) + 1):
        f = row[cols.rounds[r]]
        cell = parse_cell(f.value.strip())
        if cell is None:
            raise FormatError(
                f"bad round cell {f.value.strip()!r} in column {cols.labels[cols.rounds[r]]!r} "
                f"({EXPECTED_CELLS})",
                Location(path, f.line, f.col),
            )
        rounds.append(cell_result(cell))
    player = Player(
        start_no=start_no,
        name=get("name"),
        sex=get("sex"),
        title=get("title"),
        fide_rating=fide_rating,
        ratings=tuple(ratings),
        federation=get("federation"),
        fide_id=get("fide_id"),
        national_ids=tuple(national_ids),
        birth=get("birth"),
        team=get("team"),
        declared_points=declared_points,
        declared_rank=declared_rank,
        extras=MappingProxyType(extras),
    )
    return player, rounds


def _rating(f: Field, path: str, extras: dict[str, str] | None) -> int | None:
    """Blank, ``0`` and ``unr``/``unr.`` are unrated; ``1500/12`` (provisional) keeps its text."""
    v = f.value.strip()
    if not v or v.lower().rstrip(".") in ("unr", "unrated", "0"):
        if v and v != "0" and extras is not None:
            extras["csv:rating"] = v
        return None
    m = re.fullmatch(r"(\d+)\s*(?:[/pP]\s*\d*)?", v)
    if m is None:
        raise FormatError(
            f"bad rating {v!r} (expected a number, '1500/12', or blank/'unr' for unrated)",
            Location(path, f.line, f.col),
        )
    if m[0] != m[1] and extras is not None:
        extras["csv:rating"] = v
    return int(m[1])


__all__ = ["FORMAT_NAME", "read"]
