"""Issue 16 re-checked case by case: what still failed, each with its input and the exact
output (a tie-break code with a 5,000-digit number; a TRF start number used twice that
read as a self-pairing; an XML start number 0 that no other format takes; ``--help``
onto a full disk; the library's messages for a wrong argument; a US Chess bundle holding
two trios; a Chess-JSON self-pairing)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io.cli import cli

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BIG = "9" * 5000
"""Longer than Python's 4,300-digit limit for int()."""
CUT_CODE = "BH/C" + "9" * 35 + "…"
"""How a message quotes a declared code of 5,004 characters."""
CUT_NUMBER = "'" + "9" * 37 + "…'"


def _run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, list(args))
    return res.exit_code, res.stdout, res.stderr


@pytest.mark.parametrize("code", [f"BH/C{BIG}", f"ARO/U{BIG}", f"KS/L+{BIG}",
                                  f"CUM[rounds={BIG}]"], ids=["cut", "unrated", "limit", "option"])
def test_a_tiebreak_number_too_long_for_int_is_a_usage_error(code: str) -> None:
    status, out, err = _run("report", str(FIXTURES / "check" / "clean.trf"), "-t", code)
    shown = repr(code)[:38] + "…'"
    assert (status, out) == (2, "")
    assert err.endswith(f"Error: Invalid value for '--tiebreaks': {shown}: the number "
                        f"{CUT_NUMBER} has more digits than any tie-break modifier or option "
                        "takes (9)\n")


def _declaring(tmp_path: Path, chain: str) -> Path:
    text = (FIXTURES / "check" / "clean.trf").read_text(encoding="utf-8")
    path = tmp_path / "declares.trf"
    path.write_text(text.replace("202 BH,SB", f"202 {chain}"), encoding="utf-8")
    return path


def test_a_declared_code_with_a_huge_number_is_one_error(tmp_path: Path) -> None:
    """Was a ValueError traceback in report, check and submit fide."""
    path = _declaring(tmp_path, f"BH/C{BIG},SB")
    reason = (f"{repr('BH/C' + BIG)[:38]}…': the number {CUT_NUMBER} has more digits than "
              "any tie-break modifier or option takes (9)")
    assert _run("report", str(path)) == (  # at the declaration (issue 33 item 13)
        1, "", f"Error: {path}:4:5: the file declares the tie-breaks {CUT_CODE} SB in record "
               f"202, and {reason}; choose the chain with --tiebreaks\n")
    assert _run("check", str(path)) == (
        0, f"{path}:4:5: warning: the declared tie-breaks {CUT_CODE}, SB cannot be computed "
           f"({reason}); ranks are checked by points only; choose a chain with --tiebreaks\n",
        "0 errors, 1 warning in 1 file\n")
    status, _, err = _run("submit", "fide", str(path), "-o", str(tmp_path / "out.trf"))
    assert status == 1 and "Traceback" not in err and CUT_CODE in err


def test_a_trf_start_number_used_twice_is_named_so(tmp_path: Path) -> None:
    """Davis's line carries Clark's start number 3, so Davis "meets" 3 in round 2: the
    message names the start number used twice, not a self-pairing."""
    text = (FIXTURES / "check" / "clean.trf").read_text(encoding="utf-8")
    path = tmp_path / "dup.trf"
    path.write_text(text.replace("001    4      Davis", "001    3      Davis"), encoding="utf-8")
    assert _run("report", str(path)) == (
        1, "", f"Error: {path}:8:5: start number 3 is used twice (first on line 7)\n")


def test_an_xml_start_number_0_is_refused_when_read(tmp_path: Path) -> None:
    """Start numbers count from 1 in every format: a 0 read from XML could be written to no
    TRF and to a CSV that swisstb then refused."""
    path = tmp_path / "zero.xml"
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n'
                    '<tournament xmlns="urn:swisstb_io:1" version="1" name="Z" rounds="0">\n'
                    '  <players>\n'
                    '    <player startNo="0" name="A"/>\n'
                    '  </players>\n'
                    '</tournament>\n', encoding="utf-8")
    assert _run("info", str(path)) == (
        1, "", f"Error: {path}:4:5: does not match the swisstb XML schema: Element 'player', "
               "attribute 'startNo': [facet 'pattern'] The value '0' is not accepted by the "
               "pattern '0*[1-9][0-9]{0,8}'\n")


@pytest.mark.skipif(not Path("/dev/full").is_char_device(), reason="needs Linux /dev/full")
@pytest.mark.parametrize("args", [["--help"], ["--version"], ["report", "--help"],
                                  ["formats"]])
def test_help_and_version_onto_a_full_disk_are_one_error(args: list[str]) -> None:
    """The group's own --help and --version print while click parses the arguments, before
    the one place that turns a failed write into a message: was an OSError traceback."""
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "swisstb_io", *args], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (
        1, "Error: the output: cannot write: No space left on device; the disk is full: free "
           "some space or choose another disk\n")


def test_the_library_says_what_to_pass(tmp_path: Path) -> None:
    """write() to a text stream said "string argument expected, got 'bytes'"; read(123)
    was an AttributeError; write() to an unknown extension told a library user about the
    CLI's --to."""
    import io

    import swisstb_io as st
    from swisstb_io.errors import UnknownFormatError

    t = st.read(FIXTURES / "check" / "clean.trf")
    with pytest.raises(TypeError) as text_stream:
        st.write(t, io.StringIO(), format="trf")
    assert str(text_stream.value) == ("<stream>: a text stream takes str, not bytes: open the "
                                      "file in binary mode (open(path, 'wb')), or pass the "
                                      "path itself")
    with pytest.raises(TypeError) as number:
        st.read(123)  # type: ignore[arg-type]
    assert str(number.value) == "cannot read a int: pass a path, bytes or a binary stream"
    with pytest.raises(UnknownFormatError, match=r"; name it with format= \(one of: trf, "):
        st.write(t, tmp_path / "a.pdf")
    assert not (tmp_path / "a.pdf").exists()


def test_a_bundle_holding_a_trio_file_twice_is_one_error(tmp_path: Path) -> None:
    """Two trios in one zip (two events' reports) read as the first one, silently."""
    import io
    import zipfile

    from swisstb_io import api
    from swisstb_io.model import Color, Outcome, Player, RoundResult, Tournament

    t = Tournament(name="D", total_rounds=1, players=(
        Player(1, "A", (RoundResult(Outcome.WIN, 2, Color.WHITE),)),
        Player(2, "B", (RoundResult(Outcome.LOSS, 1, Color.BLACK),))))
    with zipfile.ZipFile(io.BytesIO(api.dumps(t, "uscf-dbf"))) as zf:
        files = {name: zf.read(name) for name in zf.namelist()}
    path = tmp_path / "two.zip"
    with zipfile.ZipFile(path, "w") as zf:
        for folder in ("open", "u1600"):
            for name, data in files.items():
                zf.writestr(f"{folder}/{name}", data)
    first = next(iter(files))  # the first member the reader meets twice
    assert _run("report", str(path)) == (
        1, "", f"Error: {path}/u1600/{first}: the bundle holds {first} twice (open/{first} "
               f"and u1600/{first}); a rating report is one trio: zip each report's files on "
               "their own\n")


def test_a_chess_json_self_pairing_is_named_so(tmp_path: Path) -> None:
    """White and black the same competitor read as "a second result in round 1"."""
    import json
    import re

    doc = json.loads((FIXTURES / "chess-json" / "minimal.jch").read_text(encoding="utf-8"))
    game = doc["event"]["tournaments"][0]["gameList"][0]
    game["black"]["cid"] = game["white"]["cid"]
    path = tmp_path / "self.jch"
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    status, out, err = _run("report", str(path))
    assert (status, out) == (1, "")
    assert re.fullmatch(rf"Error: {re.escape(str(path))}:\d+:\d+: event\.tournaments\[0\]"
                        r"\.gameList\[0\]\.black: round 1: player 1 is paired against "
                        r"themself\n", err), err
