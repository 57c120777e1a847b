"""A minimal dBase III table reader and writer (formats.md §4.2), with :mod:`struct`.

Only what the US Chess trio needs: character-like fields (``C``, ``N``, ``D``) read as text,
``C`` fields written.  Every read problem is a :class:`FormatError` naming the file, the
record and the field.
"""

from __future__ import annotations

import datetime as _dt
import functools
import struct
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import FormatError, Location

_HEADER = struct.Struct("<BBBBIHH20x")
_DESCRIPTOR = struct.Struct("<11sc4xBB14x")


@dataclass(frozen=True)
class DbfField:
    name: str
    type: str
    length: int


@dataclass(frozen=True)
class DbfTable:
    fields: tuple[DbfField, ...]
    records: tuple[dict[str, str], ...]
    """Values with trailing (and, for ``N`` fields, leading) blanks removed."""
    encoding: str = "ascii"

    @property
    def names(self) -> set[str]:
        return {f.name for f in self.fields}

    @functools.cached_property
    def columns(self) -> dict[str, int]:
        """Each field's first byte in a record (after the delete flag: column 2 is the
        first field's), by name (the first field of a name given twice)."""
        out: dict[str, int] = {}
        col = 2
        for f in self.fields:
            out.setdefault(f.name, col)
            col += f.length
        return out


def _decode(raw: bytes) -> tuple[str, str]:
    try:
        return raw.decode("ascii"), "ascii"
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return raw.decode("latin-1"), "latin-1"


MAX_RECORDS = 100_000
"""Most records a table may hold (a 10,000-player report has about 10,000)."""


def field_location(table: DbfTable, where: str, rec_no: int, name: str) -> Location:
    """Where field ``name`` of record ``rec_no`` is: the record number stands for the line
    and the field's first byte in the record for the column (a DBF has no lines)."""
    return Location(where, rec_no, table.columns.get(name))


def parse(data: bytes, where: str) -> DbfTable:
    """The table in ``data``; ``where`` names the file in messages."""
    loc = Location(where)
    if len(data) < _HEADER.size:
        raise FormatError(
            f"truncated dBase file: {len(data)} bytes, the header alone needs 32", loc
        )
    version, _y, _m, _d, n_records, header_len, record_len = _HEADER.unpack_from(data)
    if version & 0x07 != 0x03:
        raise FormatError(f"not a dBase III table (first byte 0x{version:02x}, expected 0x03)", loc)
    if header_len < 33 or header_len > len(data):
        raise FormatError(f"bad header length {header_len} (the file has {len(data)} bytes)", loc)
    fields: list[DbfField] = []
    offset = 32
    while offset < header_len and data[offset] != 0x0D:
        if offset + 32 > header_len:
            raise FormatError(f"field descriptor at byte {offset} runs past the header", loc)
        raw_name, ftype, length, _dec = _DESCRIPTOR.unpack_from(data, offset)
        name = raw_name.split(b"\0", 1)[0].decode("latin-1").strip().upper()
        if not name:
            raise FormatError(f"field descriptor at byte {offset} has no name", loc)
        fields.append(DbfField(name, ftype.decode("latin-1"), length))
        offset += 32
    if not fields:
        raise FormatError("the table has no fields", loc)
    if offset >= header_len:
        raise FormatError("the field list has no 0x0D terminator", loc)
    width = 1 + sum(f.length for f in fields)
    if width != record_len:
        raise FormatError(
            f"record length {record_len} in the header does not match the fields ({width})", loc
        )
    available = (len(data) - header_len) // record_len
    if n_records > MAX_RECORDS:
        raise FormatError(f"the header claims {n_records:,} records, more than the "
                          f"{MAX_RECORDS:,} a rating report may hold", loc)
    end = header_len + n_records * record_len
    if available > n_records and data[end] in (0x20, 0x2A):
        raise FormatError(f"the header says {n_records} records, but the file holds "
                          f"{available}: the header is damaged", loc)
    if available < n_records:
        raise FormatError(
            f"truncated: the header promises {n_records} records of {record_len} bytes, "
            f"the file holds {available}",
            loc,
        )
    layout = []  # each field: its name, where it is in a record (after the flag), its blanks
    pos = 0
    for f in fields:
        layout.append((f.name, pos, pos + f.length, " " if f.type in "NF" else ""))
        pos += f.length
    records: list[dict[str, str]] = []
    encoding = "ascii"
    for i in range(n_records):
        start = header_len + i * record_len
        flag = data[start]
        if flag == 0x2A:  # '*' deleted
            continue
        if flag != 0x20:
            raise FormatError(
                f"record {i + 1}: bad delete flag 0x{flag:02x} (expected ' ' or '*')", loc
            )
        raw = data[start + 1 : start + record_len]
        if raw.isascii():  # most records: one decode for all the fields
            text = raw.decode("ascii")
            values = [text[a:b] for _, a, b, _ in layout]
        else:  # each field in the first encoding that reads it
            values = []
            for _, a, b, _ in layout:
                value, enc = _decode(raw[a:b])
                if enc != "ascii":
                    encoding = enc
                values.append(value)
        records.append({name: value.rstrip(" \0").lstrip(blanks)
                        for (name, _, _, blanks), value in zip(layout, values, strict=True)})
    return DbfTable(tuple(fields), tuple(records), encoding)


def build(
    fields: Sequence[tuple[str, int]], records: Sequence[Sequence[str]], date: _dt.date
) -> bytes:
    """A dBase III table of ``C`` fields ``(name, width)``; values must be ASCII and fit."""
    header_len = 32 + 32 * len(fields) + 1
    record_len = 1 + sum(w for _, w in fields)
    out = bytearray(
        _HEADER.pack(
            0x03, date.year - 1900, date.month, date.day, len(records), header_len, record_len
        )
    )
    for name, width in fields:
        out += _DESCRIPTOR.pack(name.encode("ascii"), b"C", width, 0)
    out.append(0x0D)
    for record in records:
        out.append(0x20)
        for (_name, width), value in zip(fields, record, strict=True):
            raw = value.encode("ascii")
            assert len(raw) <= width, (value, width)
            out += raw.ljust(width, b" ")
    out.append(0x1A)
    return bytes(out)
