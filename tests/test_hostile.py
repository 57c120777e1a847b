"""Hostile or absurd input (issue 16, items 1-7): one located error and exit code 1, for
any reader, quickly and in bounded memory; never a traceback."""

from __future__ import annotations

import io
import json
import re
import struct
import time
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io import api
from swisstb_io.cli import cli
from swisstb_io.errors import FormatError
from swisstb_io.model import Color, Outcome, Player, RoundResult, Tournament

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BIG = "9" * 5000
"""Longer than Python's 4,300-digit limit for int()."""
P1 = ("001    1 m    Alpha                             1800 USA             1990/01/01 1.0     "
      "1     2 w 1")
P2 = ("001    2 m    Beta                              1700 USA             1990/01/01 0.0     "
      "2     1 b 0")
CUT = "9" * 37 + "…'"
"""How a message quotes a 5,000-digit value (cut to 40 characters)."""


def _trf(*lines: str) -> bytes:
    return ("012 Hostile\n" + "\n".join(lines) + "\n").encode()


def _jch(**changes: object) -> str:
    doc = json.loads((FIXTURES / "chess-json" / "minimal.jch").read_text(encoding="utf-8"))
    doc["event"]["tournaments"][0].update(changes)
    return json.dumps(doc, indent=1)


def _trio(change: dict[str, bytes] | None = None, compression: int = zipfile.ZIP_STORED
          ) -> bytes:
    t = Tournament(name="D", total_rounds=1, players=(
        Player(1, "A", (RoundResult(Outcome.WIN, 2, Color.WHITE),)),
        Player(2, "B", (RoundResult(Outcome.LOSS, 1, Color.BLACK),))))
    with zipfile.ZipFile(io.BytesIO(api.dumps(t, "uscf-dbf"))) as zf:
        files = {name: zf.read(name) for name in zf.namelist()}
    files.update(change or {})
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return buf.getvalue()


def _records(count: int) -> bytes:
    """The trio with TDEXPORT's header claiming ``count`` records (it holds 2)."""
    with zipfile.ZipFile(io.BytesIO(_trio())) as zf:
        td = bytearray(zf.read("TDEXPORT.DBF"))
    td[4:8] = struct.pack("<I", count)
    return _trio({"TDEXPORT.DBF": bytes(td)})


def _encrypted() -> bytes:
    """The trio with the "encrypted" flag set on every member (local and central headers)."""
    data = bytearray(_trio())
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        pos = data.find(signature)
        while pos >= 0:
            data[pos + offset] |= 1
            pos = data.find(signature, pos + 4)
    return bytes(data)


CASES: dict[str, tuple[str, bytes | str, str]] = {
    # item 1: numbers longer than int() takes
    "xxr": ("x.trf", _trf(f"XXR {BIG}", P1, P2),
            f"x.trf:2:5: XXR: total rounds '{CUT} is more than the 999 rounds an event may have"),
    "162": ("x.trf", _trf(f"162 W {BIG}", P1, P2),
            "x.trf:2:4: 162: cannot read scoring 'W " + "9" * 35 + "…' (expected e.g. "
            "'162  W 1.0    D 0.5    L 0.0')"),
    "csv pair": ("x.csv", f"Pair,Name,Rd 1\n{BIG},A,W2\n2,B,L1\n",
                 f"x.csv:2:1: bad pair number '{CUT} (expected a whole number)"),
    "csv cell": ("x.csv", f"Pair,Name,Rd 1\n1,A,W{BIG}\n2,B,L1\n",
                 "x.csv:2:5: bad round cell 'W" + "9" * 36 + "…' in column 'Rd 1' (expected W12, "
                 "L5B, D3, X, F, Z, B, H, U, -, N4, R4, S4 or an empty cell)"),
    "csv rounds": ("x.csv", f"# Rounds: {BIG}\nPair,Name,Rd 1\n1,A,W2\n2,B,L1\n",
                   f"x.csv:1:11: Rounds '{CUT} is more than the 999 rounds an event may have"),
    "sjson pair": ("x.sjson", '{"Sections": [{"Players": [{"Pair number": ' + BIG + '}]}]}',
                   "x.sjson:1:44: the number 99999999999999999... is longer than 40 characters"),
    "sjson pair text": ("x.sjson", '{"Sections": [{"Players": [{"Pair number": "' + BIG
                        + '"}]}]}',
                        f"x.sjson:1:44: Sections[0].Players[0]: bad \"Pair number\" '{CUT} "
                        "(expected 1, 2, …)"),
    # item 2: huge exponents, lone surrogates
    "jch exponent": ("x.jch", _jch(numRounds=7).replace('"numRounds": 7',
                                                        '"numRounds": 1e999999'),
                     "x.jch:97:18: the number 1e999999 has an exponent no tournament value needs"),
    "sjson exponent": ("x.sjson", '{"Sections": [{"Players": [{"Pair number": 1e999999}]}]}',
                       "x.sjson:1:44: the number 1e999999 has an exponent no tournament value "
                       "needs"),
    "jch surrogate": ("x.jch", _jch().replace('"eventName": "', '"eventName": "\\ud800', 1),
                      "x.jch:11:17: \\ud800 is half of a UTF-16 surrogate pair, no character; "
                      "write the character itself"),
    "sjson surrogate": ("x.sjson", '{"Sections": [{"Section name": "\\udfff", "Players": []}]}',
                        "x.sjson:1:33: \\udfff is half of a UTF-16 surrogate pair, no character; "
                        "write the character itself"),
    # item 3: huge declared round counts
    "xxr 9 digits": ("x.trf", _trf("XXR 999999999", P1, P2),
                     "x.trf:2:5: XXR: total rounds '999999999' is more than the 999 rounds an "
                     "event may have"),
    "numRounds 2^63": ("x.jch", _jch(numRounds=2**63),
                       "x.jch:97:18: event.tournaments[0].numRounds: 9223372036854775808 is not "
                       "a round count from 0 to 999"),
    "xml rounds": ("x.xml", (FIXTURES / "check" / "points.xml").read_text(encoding="utf-8")
                   .replace('rounds="3"', 'rounds="999999999"'),
                   "x.xml:2:1: rounds 999999999 is not a round count from 0 to 999"),
    # item 4: DBF zips that claim too much
    "dbf millions": ("x.zip", _records(5_000_000),
                     "x.zip/TDEXPORT.DBF: the header claims 5,000,000 records, more than the "
                     "100,000 a rating report may hold"),
    "dbf truncated": ("x.zip", _records(90_000),
                      "x.zip/TDEXPORT.DBF: truncated: the header promises 90000 records of "
                      "70 bytes, the file holds 2"),
    "zip bomb": ("x.zip", _trio({"TDEXPORT.DBF": b"\0" * (17 << 20)}, zipfile.ZIP_DEFLATED),
                 "x.zip/TDEXPORT.DBF: the member is 17,825,792 bytes uncompressed, more than "
                 "the 16,777,216 any rating report needs"),
    # item 5: errors that had no location
    "empty trf": ("x.trf", b"", "x.trf:1:1: the file is empty; a TRF file has at least a 012 "
                                "or 001 record"),
    "empty zip": ("x.zip", b"", "x.zip:1:1: the file is empty; expected a directory or a .zip "
                                "holding THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF"),
    "cp1252": ("x.trf", b"012 Caf\x8f\n",
               "x.trf:1:8: byte 0x8F is neither UTF-8 nor Windows-1252 text; is this really a "
               "TRF file? (save it as UTF-8)"),
    "cp1252 csv": ("x.csv", b"Pair,Name,Rd 1\n1,A\x8fB,\n",
                   "x.csv:2:4: byte 0x8F is neither UTF-8 nor Windows-1252 text; is this really "
                   "a CSV file? (save it as UTF-8)"),
    "deep json": ("x.jch", "[" * 5000 + "]" * 5000,
                  "x.jch:1:101: lists and objects are nested more than 100 deep"),
    "deep sjson": ("x.sjson", '{"Sections": ' + "[" * 5000 + "]" * 5000 + "}",
                   "x.sjson:1:113: lists and objects are nested more than 100 deep"),
    "encrypted zip": ("x.zip", _encrypted(),
                      "x.zip/THEXPORT.DBF: the member is encrypted; export the report again "
                      "without a password"),
    "sjson bad pair": ("x.sjson", '{"Sections": [{"Players": [{"Pair number": 0}]}]}',
                       "x.sjson:1:28: Sections[0].Players[0]: bad \"Pair number\" 0 "
                       "(expected 1, 2, …)"),
    # item 6: an opponent who does not exist, a self-pairing
    "csv unknown": ("x.csv", "Pair,Name,Rd 1\n1,A,W3\n2,B,\n",
                    "x.csv:2:5: round 1: opponent 3 does not exist (no row has that start "
                    "number)"),
    "csv self": ("x.csv", "Pair,Name,Rd 1\n1,A,W1\n2,B,\n",
                 "x.csv:2:5: round 1: player 1 is paired against themself"),
    "sjson self": ("x.sjson", '{"Sections": [{"Players": [{"Pair number": 1, '
                              '"Results": ["+;1;W"]}]}]}',
                   "x.sjson:1:59: round 1: player 1 is paired against themself"),
    "sjson unknown": ("x.sjson", '{"Sections": [{"Players": [{"Pair number": 1, '
                                 '"Results": ["+;9;W"]}]}]}',
                      "x.sjson:1:59: round 1: opponent 9 does not exist (no player has that "
                      "start number)"),
    "xml unknown": ("x.xml", (FIXTURES / "check" / "points.xml").read_text(encoding="utf-8")
                    .replace('opponent="4"', 'opponent="44"', 1),
                    "x.xml:9:1: round 1: opponent 44 does not exist (no player has that start "
                    "number)"),
    # item 7: a header claiming no records while records follow
    "dbf zero records": ("x.zip", _records(0),
                         "x.zip/TDEXPORT.DBF: the header says 0 records, but the file holds 2: "
                         "the header is damaged"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_one_located_error_and_exit_1(case: str, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    name, data, message = CASES[case]
    (tmp_path / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    monkeypatch.chdir(tmp_path)
    for command in (["info", name], ["report", name, "-t", "BH/C1,SB,ARO,TPR"]):
        res = CliRunner().invoke(cli, command)
        assert (res.exit_code, res.stdout, res.stderr) == (1, "", f"Error: {message}\n")


def test_a_big_round_count_within_the_limit_works_with_fide_tiebreaks() -> None:
    t = api.read(_trf("XXR 999", P1, P2))
    assert t.total_rounds == 999
    res = CliRunner().invoke(cli, ["report", "-", "-t", "BH/C1,SB,ARO,DE,TPR", "--from",
                                   "trf"], input=_trf("XXR 999", P1, P2))
    assert res.exit_code == 0, res.stderr


def _bounded(data: bytes, fmt: str) -> tuple[float, int]:
    """Seconds and peak bytes allocated to read ``data`` (which must fail)."""
    tracemalloc.start()
    start = time.perf_counter()
    with pytest.raises(FormatError):
        api.load(data, format=fmt)
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return seconds, peak


@pytest.mark.parametrize(("fmt", "data", "message"), [
    ("trf", b"012 X\n001    1 m    " + b"A" * 10_000_000 + b"\n",
     "<bytes>:2:10183: the line is longer than 10,182 characters; no TRF record is (a 001 "
     "record of 999 rounds ends at column 10079)"),
    ("swisssys-csv", b"Pair,Name,Rd 1\n1," + b"A" * 10_000_000 + b",\n",
     "<bytes>:2:100001: the line is longer than 100,000 characters; no cross-table row is "
     "(is this a CSV file?)"),
    ("swisssys-csv", b"," * 10_000_000 + b"\n",
     "<bytes>:1:100001: the line is longer than 100,000 characters; no cross-table row is "
     "(is this a CSV file?)"),
])
def test_a_10_mb_line_is_refused_quickly_in_little_memory(fmt: str, data: bytes,
                                                          message: str) -> None:
    seconds, peak = _bounded(data, fmt)
    assert seconds < 5 and peak < 500 * 2**20
    with pytest.raises(FormatError) as info:
        api.load(data, format=fmt)
    assert str(info.value) == message


def test_a_zip_bomb_is_refused_in_little_memory() -> None:
    data = _trio({"TDEXPORT.DBF": b"\0" * (200 << 20)}, zipfile.ZIP_DEFLATED)
    assert len(data) < 1 << 20
    seconds, peak = _bounded(data, "uscf-dbf")
    assert seconds < 5 and peak < 100 * 2**20


@pytest.mark.parametrize(("value", "shown"), [
    ("1e-999", "1E-999"), ("1e999", "1E+999"),
    ("4.00000000000000000000000000000001", "4.00000000000000000000000000000001")])
def test_check_compares_an_absurd_declared_tiebreak_value(value: str, shown: str,
                                                          tmp_path: Path) -> None:
    """A declared value with a huge exponent or more places than any tie-break needs is a
    mismatch, named as the file wrote it (was: a decimal.InvalidOperation traceback, or
    the value read through a float)."""
    from swisstb_io.check import check_file

    text = (FIXTURES / "check" / "tiebreak.jch").read_text(encoding="utf-8")
    path = tmp_path / "t.jch"
    path.write_text(re.sub(r'("tieBreakScore": \[)([^,\]]+)', r"\g<1>" + value, text, count=1),
                    encoding="utf-8")
    messages = [d.message for d in check_file(str(path)).diagnostics]
    assert messages[0] == (f"player 1: tieBreakScore[0] (BH) says {shown}, but swisstb "
                           "computes BH = 3.5 (FIDE C.07 §8.1)")
