"""Every reader, fed any bytes or a damaged real file, raises only FormatError (never a
traceback of another type), and what it does read can be shown and written as UTF-8."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swisstb_io.cli.info import describe
from swisstb_io.errors import FormatError
from swisstb_io.registry import ReadOptions, find

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SAMPLES = {
    "trf": FIXTURES / "trf" / "held_swiss_5.trf",
    "xml": FIXTURES / "xml" / "minimal.xml",
    "chess-json": FIXTURES / "chess-json" / "minimal.jch",
    "swisssys-csv": FIXTURES / "swisssys_csv" / "spring_open.csv",
    "sjson": FIXTURES / "sjson" / "club_championship.sjson",
    "uscf-dbf": FIXTURES / "uscf_dbf" / "legacy_1991.zip",
    "pgn": FIXTURES / "pgn" / "broadcast-quirks.pgn",
}
HOSTILE = [b"9" * 5000, b"1e999999", b'"\\ud800"', b"\\ud800", b"[" * 3000, b"{" * 3000,
           b"\x8f", b"\x00", b"\xff\xfe", b"\r", b"-1", b"0", b"999999999999", b'"', b",",
           b";", b"\t", b"</player>", b"<!ENTITY x 'y'>", b"NaN", b" " * 200]
"""Tokens that broke readers before (issue 16) or sit on their edges."""

settings.register_profile("fuzz", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])


def _read(fmt: str, data: bytes) -> None:
    """Read ``data``; only a FormatError may come out, and what was read must print."""
    spec = find(fmt)
    assert spec.reader is not None
    try:
        result = spec.reader(data, "f", ReadOptions())
    except FormatError as exc:
        str(exc).encode("utf-8")  # the message can be printed
        return
    "\n".join(describe("f", result)).encode("utf-8")


def _members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def _zip(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return buf.getvalue()


@st.composite
def _mutated(draw: st.DrawFn, original: bytes) -> bytes:
    """``original`` with a few edits: a byte range replaced by random bytes or a hostile
    token, deleted, or duplicated."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(data)))
        end = min(len(data), start + draw(st.integers(0, 12)))
        kind = draw(st.sampled_from(("random", "hostile", "delete", "duplicate")))
        if kind == "random":
            data[start:end] = draw(st.binary(max_size=12))
        elif kind == "hostile":
            data[start:end] = draw(st.sampled_from(HOSTILE))
        elif kind == "delete":
            del data[start:end]
        else:
            data[start:start] = data[start:end] * draw(st.integers(1, 3))
    return bytes(data)


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
@settings(settings.get_profile("fuzz"))
@given(data=st.binary(max_size=400))
def test_any_bytes_give_a_format_error_or_a_model(fmt: str, data: bytes) -> None:
    _read(fmt, data)


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
@settings(settings.get_profile("fuzz"))
@given(data=st.data())
def test_a_damaged_real_file_gives_a_format_error_or_a_model(fmt: str, data: st.DataObject
                                                             ) -> None:
    original = SAMPLES[fmt].read_bytes()
    if fmt == "uscf-dbf":  # damage the tables, not (only) the zip around them
        files = _members(original)
        name = data.draw(st.sampled_from(sorted(files)))
        files[name] = data.draw(_mutated(files[name]))
        _read(fmt, _zip(files))
    else:
        _read(fmt, data.draw(_mutated(original)))


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
@pytest.mark.parametrize("token", HOSTILE)
def test_each_hostile_token_anywhere_in_a_line(fmt: str, token: bytes) -> None:
    """Each hostile token put in the middle of every tenth line of the sample."""
    original = SAMPLES[fmt].read_bytes()
    if fmt == "uscf-dbf":
        files = _members(original)
        for name in files:
            damaged = dict(files)
            damaged[name] = files[name][:200] + token + files[name][200 + len(token):]
            _read(fmt, _zip(damaged))
        return
    lines = original.split(b"\n")
    for k in range(0, len(lines), 10):
        line = lines[k]
        mid = len(line) // 2
        _read(fmt, b"\n".join([*lines[:k], line[:mid] + token + line[mid:], *lines[k + 1:]]))
