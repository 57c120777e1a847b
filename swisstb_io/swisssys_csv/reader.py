"""Read the US cross-table CSV (formats.md §2.4) into the model."""

from __future__ import annotations

import datetime as _dt
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from .. import textio
from ..errors import Diagnostics, FormatError, Location, quoted
from ..limits import round_count
from ..model import DateText, Player, RoundResult, Tournament
from ..registry import ReadOptions, ReadResult
from ..textsafe import after_delimiters_unsafe
from ..us_notation import (
    day_first,
    format_points,
    parse_date,
    resolve_double_forfeits,
    trim,
    unclear_date,
)
from ..validate import Places, check_games, check_points
from .checks import apply_overrides
from .columns import LIST_SEPARATORS, META_KEYS, NAMESPACED, ROUND_DATES_AS_WRITTEN, classify
from .points import parse_point_text
from .rowread import RowReader, header
from .tokenize import FieldPlaces, rows, sniff_delimiter, table

FORMAT_NAME = "swisssys-csv"


def is_comment(line: str) -> bool:
    """``# Event: …`` metadata or a comment; ``#,Name,…`` is a header whose first label is ``#``."""
    body = line.lstrip()
    return body[:1] == "#" and body[1:2] not in (",", ";", "\t")


def sniff(data: bytes) -> bool:
    """A header row with a pair-number column, a Name column and a round column."""
    text = data[:4096].decode("utf-8", "replace").lstrip("\ufeff")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for line in text.split("\n"):
        if not line.strip() or is_comment(line):
            continue
        try:
            labels = next(rows(line, sniff_delimiter(line), "<sniff>"))
        except (FormatError, StopIteration):  # not even one well-formed row
            return False
        kinds = [classify(f.value) for f in labels]
        return (
            ("role", "pair") in kinds
            and ("role", "name") in kinds
            and any(k == "round" for k, _ in kinds)
        )
    return False


_US_READING = "month first, the US order this format uses"


def _meta(
    lines: list[tuple[int, str]], path: str, diags: Diagnostics
) -> tuple[dict[str, Any], tuple[int, int, str] | None, dict[str, str]]:
    values: dict[str, Any] = {}
    outcomes: tuple[int, int, str] | None = None
    extras: dict[str, str] = {}
    dates: dict[str, _dt.date] = {}
    written_at: dict[str, Location] = {}
    round_dates: tuple[Location, tuple[str, ...]] | None = None
    for line_no, raw in lines:
        body = raw.lstrip()[1:]
        if ":" not in body:
            continue  # a plain comment
        # the key ends at ": " (keys such as "uscf:affiliate_id" hold a colon), else at ":"
        sep = ": " if ": " in body else ":"
        key, _, value = body.partition(sep)
        key, value = key.strip(), after_delimiters_unsafe(value.strip())
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
                    f"bad Rounds value {quoted(value)} (expected a whole number)",
                    Location(path, line_no, col),
                )
            values[target] = round_count(value, "Rounds", Location(path, line_no, col))
        elif target in ("start_date", "end_date"):
            values[target] = parse_date(value)
            written_at[target] = Location(path, line_no, col)
        elif target in ("start_date_value", "end_date_value"):
            try:
                dates[target[: -len("_value")]] = _dt.date.fromisoformat(value)
            except ValueError:
                raise FormatError(
                    f"bad {key} {value!r} (expected YYYY-MM-DD)", Location(path, line_no, col)
                ) from None
        elif target == "round_dates":
            values[target] = _round_dates(value, extras)
            round_dates = (Location(path, line_no, col), _split_dates(value))
        elif target in LIST_SEPARATORS:
            sep = LIST_SEPARATORS[target].strip()
            values[target] = tuple(v.strip() for v in value.split(sep) if v.strip())
        elif target == "outcomes":
            outcomes = (line_no, col, value)
        elif target == "point_system":
            try:
                values[target] = parse_point_text(value)
            except ValueError as exc:
                raise FormatError(f"bad {key}: {exc}", Location(path, line_no, col)) from None
        else:
            values[target] = value
    for target, day in dates.items():
        text = values[target].text if target in values else ""
        values[target] = DateText(text, day)
    _unclear_dates(values, written_at, dates, round_dates, diags)
    return values, outcomes, extras


def _unclear_dates(values: dict[str, Any], written_at: dict[str, Location],
                   given: dict[str, _dt.date], round_dates: tuple[Location, tuple[str, ...]]
                   | None, diags: Diagnostics) -> None:
    """Dates are read month first (the US order).  When no date of the file settles it
    (``09/24/2010`` can only be month first) and no ``… date value`` line gives it, each
    one that could be read either way gets a warning that says how it was read."""
    texts = [values[t].text for t in written_at]
    texts += round_dates[1] if round_dates else []
    if any(day_first(text) is False for text in texts):
        return
    for target, where in written_at.items():
        note = unclear_date(values[target], _US_READING) if target not in given else None
        if note is not None:
            diags.warn(where, note, "csv-unclear-date")
    if round_dates is not None:
        for text in round_dates[1]:
            note = unclear_date(parse_date(text), _US_READING)
            if note is not None:
                diags.warn(round_dates[0], f"round dates: {note}", "csv-unclear-date")


def _split_dates(value: str) -> tuple[str, ...]:
    sep = LIST_SEPARATORS["round_dates"].strip()
    return tuple(v.strip() for v in value.split(sep) if v.strip())


def _round_dates(value: str, extras: dict[str, str]) -> tuple[str, ...]:
    """The ``Round dates`` line: each date read in the US order is written ``YYYY/MM/DD``
    in the model, so that another format does not read ``03/05/2024`` another way; the
    line as written stays in ``csv:round-dates`` for writing back."""
    texts = _split_dates(value)
    out = []
    for text in texts:
        date = parse_date(text)
        out.append(text if date.value is None else f"{date.value:%Y/%m/%d}")
    if tuple(out) != texts:
        extras[ROUND_DATES_AS_WRITTEN] = value
    return tuple(out)


def _places(reader: RowReader, rows: dict[int, int]) -> Places:
    """A player's round cell and Total cell (the pair-number cell without a Total column);
    ``rows``: where each player's row begins in the text (its values are not kept for
    this: they are most of a big file's memory)."""

    def cell(start_no: int, rnd: int) -> Location:
        idx = reader.rounds[rnd - 1] if rnd <= len(reader.rounds) else reader.pair
        return reader.places.at(rows[start_no], idx)

    def total(start_no: int) -> Location:
        return reader.places.at(rows[start_no],
                                reader.pair if reader.total is None else reader.total)

    return Places(cell, total)


def _table_start(text: str, path: str) -> tuple[list[tuple[int, str]], int, int]:
    """The metadata lines before the header (each with its line number), and where the
    header begins: its offset in ``text`` and its line."""
    meta_lines: list[tuple[int, str]] = []
    i, line_no, n = 0, 1, len(text)
    while i <= n:
        end = text.find("\n", i)
        end = n if end < 0 else end
        line = text[i:end]
        if line.strip() and not is_comment(line):
            return meta_lines, i, line_no
        if line.strip():
            meta_lines.append((line_no, line))
        i, line_no = end + 1, line_no + 1
    raise FormatError(
        "no header row (expected e.g. 'Pair,Name,Rating,Rd 1,Rd 2,Total')",
        Location(path, max(line_no - 1, 1), 1),
    )


def read(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    text, encoding, bom = textio.decode(data, path, "CSV")
    crlf = "\r\n" in text
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    diags = Diagnostics(options.strict)
    meta_lines, start, start_line = _table_start(text, path)
    end = text.find("\n", start)
    delimiter = sniff_delimiter(text[start:] if end < 0 else text[start:end])
    meta, outcomes, tour_extras = _meta(meta_lines, path, diags)
    table_rows = table(text, delimiter, path, start, start_line)
    places = FieldPlaces(text, delimiter, path)
    head = next(table_rows)
    cols = header(places.fields(head), path)
    width = len(head.values)
    reader = RowReader(cols, places)
    players: dict[int, Player] = {}
    results: dict[int, list[RoundResult]] = {}
    rows_of: dict[int, int] = {}
    for row in table_rows:
        values = row.values
        if not "".join(values).strip():
            continue
        if len(values) > width:
            raise FormatError(
                f"row has {len(values)} fields but the header has {width} "
                f"(quote values that contain {delimiter!r})",
                reader.at(row, width),
            )
        if len(values) < width:
            values += [""] * (width - len(values))
        player, rounds = reader.read(row)
        start_no = player.start_no
        if start_no in players:
            raise FormatError(
                f"pair number {start_no} appears twice", reader.at(row, reader.pair)
            )
        players[start_no] = player
        results[start_no] = rounds
        rows_of[start_no] = row.offset
    changed = resolve_double_forfeits(results)
    if outcomes is not None:
        changed |= apply_overrides(outcomes[2], results, path, outcomes[0], outcomes[1])
    for start_no in changed:
        players[start_no] = replace(players[start_no], results=trim(results[start_no]))
    found = _places(reader, rows_of)
    check_games(results, found, diags, "csv", record="row", lenient_forfeits=True,
                total_rounds=meta.get("total_rounds"))
    t = Tournament(players=tuple(players.values()), extras=MappingProxyType(tour_extras), **meta)
    check_points(t.players, t.point_system, found, diags, "csv", show=format_points)
    details = {
        "delimiter": {",": "comma", ";": "semicolon", "\t": "tab"}[delimiter],
        "newline": "CRLF" if crlf else "LF",
        "BOM": "yes" if bom else "no",
    }
    return ReadResult(tournament=t, format=FORMAT_NAME, encoding=encoding,
                      diagnostics=diags.freeze(), details=MappingProxyType(details))


__all__ = ["FORMAT_NAME", "read", "sniff"]
