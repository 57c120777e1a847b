"""Read the US Chess DBF trio (revised ``2C`` and original 1991 layouts) into the model."""

from __future__ import annotations

import io
import re
import zipfile
from types import MappingProxyType
from typing import NamedTuple

from ..errors import Diagnostics, FormatError, Location, quoted
from ..limits import MAX_NUMBER_DIGITS, MAX_ROUNDS, round_count
from ..model import NOT_PAIRED, Color, DateText, Outcome, Player, Rating, RoundResult, Tournament
from ..registry import ReadOptions, ReadResult, pick_section
from ..us_notation import (
    CODE_TO_OUTCOME,
    parse_date,
    resolve_double_forfeits,
    trim,
)
from ..validate import Places, check_games
from .dbf import DbfTable, field_location, parse
from .layout import EVENT_EXTRAS, HANDLED, SECTION_EXTRAS, SECTION_TD_KEYS
from .writer import FILE_NAMES

FORMAT_NAME = "uscf-dbf"
_CELL_RE = re.compile(r"^([A-Z*-])\s*(\d{0,9})\s*([WB]?)$")
_ROUND_FIELD = re.compile(r"^D_RND(\d\d)$")
_MAX_MEMBER = 16 * 1024 * 1024
"""Largest uncompressed member (a 10,000-player TDEXPORT.DBF is about 4 MB)."""


def _members(data: bytes, path: str) -> dict[str, tuple[str, bytes]]:
    """The trio's files by upper-case base name (``TDEXPORT.DBF``), from zip bytes."""
    if not data.startswith(b"PK"):
        raise FormatError(
            ("the file is empty; " if not data else "")
            + "expected a directory or a .zip holding THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF"
            + (" (this looks like a single .DBF file)" if data[:1] == b"\x03" else ""),
            Location(path, 1, 1) if not data else Location(path),
        )
    found: dict[str, tuple[str, bytes]] = {}
    member = ""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            for info in zf.infolist():
                base = info.filename.replace("\\", "/").rsplit("/", 1)[-1].upper()
                if base in FILE_NAMES and base in found:
                    raise FormatError(
                        f"the bundle holds {base} twice ({found[base][0]} and "
                        f"{info.filename}); a rating report is one trio: zip each report's "
                        "files on their own", Location(f"{path}/{info.filename}"))
                if base in FILE_NAMES:
                    member = info.filename
                    found[base] = (member, _member(zf, info, path))
    except FormatError:
        raise
    except Exception as exc:  # zipfile raises many types for corrupt archives
        where = Location(f"{path}/{member}" if member else path)
        raise FormatError(f"not a readable zip archive ({exc})", where) from exc
    if FILE_NAMES[2] not in found:
        raise FormatError(
            "no TDEXPORT.DBF (the player file) in the bundle; expected THEXPORT.DBF, "
            "TSEXPORT.DBF and TDEXPORT.DBF (any letter case)",
            Location(path),
        )
    return found


def _member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, path: str) -> bytes:
    """One member's bytes, read in pieces so that a member whose data expands past its
    declared size (or past :data:`_MAX_MEMBER`) stops the read (zip bombs)."""
    where = Location(f"{path}/{info.filename}")
    if info.flag_bits & 0x1:
        raise FormatError("the member is encrypted; export the report again without a "
                          "password", where)
    if info.file_size > _MAX_MEMBER:
        raise FormatError(f"the member is {info.file_size:,} bytes uncompressed, more than the "
                          f"{_MAX_MEMBER:,} any rating report needs", where)
    parts: list[bytes] = []
    size = 0
    with zf.open(info) as fh:
        while chunk := fh.read(1 << 20):
            size += len(chunk)
            if size > _MAX_MEMBER:
                raise FormatError(f"the member expands past {_MAX_MEMBER:,} bytes", where)
            parts.append(chunk)
    return b"".join(parts)


def _table(found: dict[str, tuple[str, bytes]], name: str, path: str) -> DbfTable | None:
    if name not in found:
        return None
    member, data = found[name]
    return parse(data, f"{path}/{member}")


def read(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    diags = Diagnostics(options.strict)
    found = _members(data, path)
    th = _table(found, FILE_NAMES[0], path)
    ts = _table(found, FILE_NAMES[1], path)
    td = _table(found, FILE_NAMES[2], path)
    assert td is not None
    for name, table in ((FILE_NAMES[0], th), (FILE_NAMES[1], ts)):
        if table is None:
            diags.warn(
                Location(path),
                f"no {name} in the bundle; its event data is missing",
                "dbf-missing-file",
            )
    head = th.records[0] if th is not None and th.records else {}
    layout = head.get("H_FORMAT", "") or ("1991" if "D_REC_SEQ" in td.names else "2C")
    sections = _sections(ts, td)
    index = pick_section([_section_label(n, r) for n, r in sections], options.section, path,
                         where="this report")
    records: dict[str, list[tuple[int, dict[str, str]]]] = {}  # each section's, in one pass
    for rec_no, row in enumerate(td.records, 1):
        records.setdefault(row.get("D_SEC_NUM", "").strip() or "1", []).append((rec_no, row))
    fields, event = _layout(td), _event(head)  # what every section reads the same way
    every = tuple(_tournament(event, row, _players(td, fields, records.get(num, []), path, diags),
                              f"{path}/TSEXPORT.DBF") for num, row in sections)
    names = tuple(_section_label(num, row) for num, row in sections)
    details = {"layout": layout, "program": head.get("H_PROGRAM", "") or "-"}
    encoding = max((tb.encoding for tb in (th, ts, td) if tb is not None), key=len)
    return ReadResult(
        tournament=every[index],
        format=FORMAT_NAME,
        encoding=encoding,
        diagnostics=diags.freeze(),
        sections=names,
        details=MappingProxyType(details),
        all_sections=every if len(every) > 1 else (),
    )


def _section_label(num: str, row: dict[str, str]) -> str:
    return row.get("S_SEC_NAME", "") or f"Section {num}"


def _sections(ts: DbfTable | None, td: DbfTable) -> list[tuple[str, dict[str, str]]]:
    out: dict[str, dict[str, str]] = {}
    for row in ts.records if ts is not None else ():
        out.setdefault(row.get("S_SEC_NUM", "").strip() or "1", row)
    for row in td.records:
        out.setdefault(row.get("D_SEC_NUM", "").strip() or "1", {})
    if not out:
        out["1"] = {}
    return list(out.items())


class _Layout(NamedTuple):
    """What the fields of the TDEXPORT table hold, found once for all its sections."""

    rounds: list[tuple[int, str]]
    """``(n, "D_RNDnn")`` in round order."""
    sequenced: bool
    """Whether a player's rounds go on in further records (``D_REC_SEQ``, 1991 layout)."""
    unhandled: list[str]
    """The fields without a model home (kept as ``uscf:dbf:NAME`` extras), in table order."""
    cells: dict[str, RoundResult]
    """Round cell texts already read -> their result: most cells of a big table recur, and an
    equal text is an equal result."""


def _layout(td: DbfTable) -> _Layout:
    rounds = sorted((int(m[1]), f.name) for f in td.fields if (m := _ROUND_FIELD.match(f.name)))
    unhandled = dict.fromkeys(f.name for f in td.fields
                              if f.name not in HANDLED and not f.name.startswith("D_RND"))
    return _Layout(rounds, "D_REC_SEQ" in td.names, list(unhandled), {})


def _players(td: DbfTable, layout: _Layout, rows: list[tuple[int, dict[str, str]]],
             path: str, diags: Diagnostics) -> list[Player]:
    """The players of the records ``rows`` of ``td`` (one section's: record number, values)."""
    where = f"{path}/TDEXPORT.DBF"
    round_fields, cells = layout.rounds, layout.cells
    results: dict[int, list[RoundResult]] = {}
    written_by: dict[int, list[int]] = {}
    """Each player's rounds: the record that gave each (for messages)."""
    fields_from: dict[int, tuple[int, dict[str, str]]] = {}
    """Each player's record that gives its name, rating…: the first, or the one of D_REC_SEQ 1."""
    seen: set[tuple[int, str]] = set()
    for rec_no, row in rows:
        pair_text = row.get("D_PAIR_NUM", "").strip()
        if not _number(pair_text) or int(pair_text) < 1:
            raise FormatError(
                f"record {rec_no}: bad D_PAIR_NUM {quoted(pair_text)} (expected a pairing "
                "number)", field_location(td, where, rec_no, "D_PAIR_NUM"))
        start_no = int(pair_text)
        seq = row.get("D_REC_SEQ", "1").strip() or "1"
        offset = (int(seq) - 1) * 10 if _number(seq) and int(seq) >= 1 else 0
        if round_fields and offset + round_fields[-1][0] > MAX_ROUNDS:
            # record k of a player holds rounds 10k-9 to 10k: bounded before any is made
            raise FormatError(
                f"record {rec_no}: D_REC_SEQ {quoted(seq)} would put this record's rounds "
                f"after round {MAX_ROUNDS}, the most an event may have",
                field_location(td, where, rec_no, "D_REC_SEQ"))
        rounds = results.setdefault(start_no, [])
        writers = written_by.setdefault(start_no, [])
        missing = offset + (round_fields[-1][0] if round_fields else 0) - len(rounds)
        if missing > 0:  # rounds before this record's stay not paired unless a record has them
            rounds.extend([NOT_PAIRED] * missing)
            writers.extend([0] * missing)
        for rnd, fname in round_fields:
            index = offset + rnd - 1
            text = row[fname]
            res = cells.get(text)
            if res is None:
                res = _cell(text)
                if res is None:
                    raise FormatError(
                        f"record {rec_no}, field {fname}: bad round cell {quoted(text.strip())} "
                        "(expected W12B, L5, D3W, X, F, Z, B, H or U)",
                        field_location(td, where, rec_no, fname))
                cells[text] = res
            rounds[index] = res
            writers[index] = rec_no
        if (start_no, seq) in seen:
            raise FormatError(
                f"record {rec_no}: pairing number {start_no} appears twice",
                field_location(td, where, rec_no, "D_PAIR_NUM"),
            )
        seen.add((start_no, seq))
        if start_no not in fields_from or seq == "1":
            fields_from[start_no] = rec_no, row
    resolve_double_forfeits(results)
    players = {sn: _player(row, sn, rec_no, trim(results[sn]), layout.unhandled, diags,
                           field_location(td, where, rec_no, "D_RATING"))
               for sn, (rec_no, row) in fields_from.items()}

    def cell(start_no: int, rnd: int) -> Location:
        writers = written_by.get(start_no, ())
        rec_no = writers[rnd - 1] if rnd <= len(writers) else 0
        if not rec_no:
            return Location(where)
        offset = (rnd - 1) // 10 * 10 if layout.sequenced else 0
        return field_location(td, where, rec_no, f"D_RND{rnd - offset:02d}")

    check_games(results, Places(cell, lambda sn: Location(where)), diags, "dbf",
                record="record", lenient_forfeits=True)
    return [players[n] for n in sorted(players)]


def _number(text: str) -> bool:
    """``text`` is a whole number in ASCII digits, within the shared limit on digits."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS


def _cell(text: str) -> RoundResult | None:
    """The result of a round cell; ``None`` when it is not one."""
    t = text.strip()
    m = _CELL_RE.match(t.upper())
    code = m[1] if m else ""
    if not t:
        return RoundResult(Outcome.NOT_PAIRED)
    if m is None or code not in CODE_TO_OUTCOME or (code in "WLDNRS" and not m[2]):
        return None
    if code == "U":  # unpaired: the DBF has no other way to say "no game"
        return RoundResult(Outcome.NOT_PAIRED)
    outcome = CODE_TO_OUTCOME[code]
    if not outcome.has_opponent:
        return RoundResult(outcome)
    opponent = int(m[2]) if m[2] else None
    color = {"W": Color.WHITE, "B": Color.BLACK}.get(m[3], Color.NONE)
    return RoundResult(outcome, opponent or None, color)


def _player(row: dict[str, str], start_no: int, rec_no: int, results: tuple[RoundResult, ...],
            unhandled: list[str], diags: Diagnostics, where: Location) -> Player:
    extras: dict[str, str] = {}
    ratings: tuple[Rating, ...] = ()
    rating = row.get("D_RATING", "").strip()
    if _number(rating):
        if int(rating) > 0:
            ratings = (Rating("USCF", int(rating)),)
    elif rating:
        diags.warn(
            where,
            f"record {rec_no}: D_RATING {rating!r} is not a number; the player is read as unrated",
            "dbf-bad-rating",
        )
        extras["uscf:dbf:D_RATING"] = rating
    mem_id = row.get("D_MEM_ID", "").strip()
    if row.get("D_STATE", "").strip():
        extras["uscf:state"] = row["D_STATE"].strip()
    for key in unhandled:
        if row[key].strip():
            extras[f"uscf:dbf:{key}"] = row[key].strip()
    return Player(
        start_no=start_no,
        name=row.get("D_NAME", "").strip(),
        results=results,
        ratings=ratings,
        national_ids=(("USCF", mem_id),) if mem_id else (),
        extras=MappingProxyType(extras),
    )


class _Event(NamedTuple):
    """What the event record (THEXPORT) gives every section, read once for all of them."""

    record: dict[str, str]
    extras: dict[str, str]
    """Its :data:`~.layout.EVENT_EXTRAS` that are not their defaults."""
    unhandled: dict[str, str]
    """Its other fields without a model home, as ``uscf:dbf:NAME``."""


def _event(head: dict[str, str]) -> _Event:
    extras: dict[str, str] = {}
    for fname, key, default in EVENT_EXTRAS:
        value = head.get(fname, "").strip()
        if value and value != default:
            extras[key] = value
    unhandled = {f"uscf:dbf:{key}": value.strip() for key, value in head.items()
                 if key not in HANDLED and value.strip()}
    return _Event(head, extras, unhandled)


def _tournament(event: _Event, sec: dict[str, str], players: list[Player],
                where: str) -> Tournament:
    head = event.record
    extras = dict(event.extras)
    for fname, key, default in SECTION_EXTRAS:
        value = sec.get(fname, "").strip()
        if value and value != default:
            extras[key] = value
    for (fname, key), event_field in zip(SECTION_TD_KEYS, ("H_CTD_ID", "H_ATD_ID"), strict=True):
        value = sec.get(fname, "").strip()
        if value and value != head.get(event_field, "").strip():
            extras[key] = value
    extras.update(event.unhandled)
    for key, value in sec.items():
        if key not in HANDLED and value.strip():
            extras[f"uscf:dbf:{key}"] = value.strip()
    begin = sec.get("S_BEG_DATE", "").strip() or head.get("H_BEG_DATE", "").strip()
    end = sec.get("S_END_DATE", "").strip() or head.get("H_END_DATE", "").strip()
    for fname, key, own in (
        ("H_BEG_DATE", "uscf:event_begin_date", begin),
        ("H_END_DATE", "uscf:event_end_date", end),
    ):
        value = head.get(fname, "").strip()
        if value and value != own:
            extras[key] = value
    trn = sec.get("S_TRN_TYPE", "").strip().upper()
    if trn not in ("", "S", "R"):
        extras["uscf:trn_type"] = trn
    rounds = sec.get("S_TOT_RNDS", "").strip()
    return Tournament(
        name=head.get("H_NAME", "").strip(),
        players=tuple(players),
        city=head.get("H_CITY", "").strip(),
        start_date=_date(begin),
        end_date=_date(end),
        time_control=sec.get("S_TIMECTL", "").strip(),
        pairing_system="ROUNDROBIN" if trn == "R" else "",
        total_rounds=round_count(rounds, "S_TOT_RNDS", Location(where))
        if rounds.isdecimal() else None,
        section=sec.get("S_SEC_NAME", "").strip(),
        extras=MappingProxyType(extras),
    )


def _date(text: str) -> DateText | None:
    """``YYYYMMDD`` as a DateText written ``YYYY/MM/DD`` (as DateText.from_date writes it)."""
    if not text:
        return None
    parsed = parse_date(text)
    return DateText.from_date(parsed.value) if parsed.value is not None else parsed
