"""``swisstb convert`` / ``info`` with the US formats (CSV, .sjson, DBF)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from click.testing import CliRunner
from us_gallery import byes_and_forfeits

from swisstb_io import api
from swisstb_io.cli import cli

FIX = Path(__file__).resolve().parent.parent / "fixtures"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_trf_to_csv_and_back(tmp_path: Path) -> None:
    t = byes_and_forfeits()
    trf = tmp_path / "x.trf"
    trf.write_bytes(api.dumps(t, "trf16"))
    code, _, err = run("convert", str(trf), str(tmp_path / "out.csv"))
    assert (code, err) == (0, "")
    text = (tmp_path / "out.csv").read_bytes().decode("utf-8")
    assert text.startswith("# Event: Spring Swiss\r\n")
    assert '5,"Epsilon, Eve",L2W,F6,H,D7B,1.0\r\n' in text
    code, _, err = run("convert", str(tmp_path / "out.csv"), str(tmp_path / "back.trf"))
    assert (code, err) == (0, "")
    back = api.read(tmp_path / "back.trf")
    assert [p.results for p in back.players] == [p.results for p in t.players]
    assert [p.name for p in back.players] == [p.name for p in t.players]


def test_sjson_second_section_to_trf(tmp_path: Path) -> None:
    src = FIX / "sjson" / "club_championship.sjson"
    code, _, err = run("convert", str(src), "--section", "2", str(tmp_path / "out.trf"))
    assert code == 0  # what TRF cannot hold is said, once per kind (issue 15)
    assert [line.partition("warning: ")[2] for line in err.splitlines()][1:] == [
        "trf cannot hold the section name", "trf cannot hold USCF IDs (4 players)",
        "trf cannot hold USCF ratings (4 players)"]
    t = api.read(tmp_path / "out.trf")
    assert [p.name for p in t.players] == ["Reyes, Camila", "Brown, Sam", "Khan, Imran",
                                           "Weiss, Nora"]
    assert t.player(1).results[0].opponent == 3


def test_trf_to_dbf_directory_and_zip(tmp_path: Path) -> None:
    trf = tmp_path / "x.trf"
    trf.write_bytes(api.dumps(byes_and_forfeits(), "trf16"))
    code, _, err = run("convert", str(trf), str(tmp_path / "outdir"), "--to", "uscf-dbf")
    assert (code, err) == (0, "")
    assert sorted(p.name for p in (tmp_path / "outdir").iterdir()) == [
        "TDEXPORT.DBF", "THEXPORT.DBF", "TSEXPORT.DBF"]
    code, _, err = run("convert", str(trf), str(tmp_path / "report.zip"), "--to", "uscf-dbf")
    assert (code, err) == (0, "")
    assert sorted(zipfile.ZipFile(tmp_path / "report.zip").namelist()) == [
        "TDEXPORT.DBF", "THEXPORT.DBF", "TSEXPORT.DBF"]
    for out in ("outdir", "report.zip"):
        back = api.read(tmp_path / out, format="uscf-dbf")
        assert [p.results for p in back.players] == [p.results for p in byes_and_forfeits().players]


def test_info_lists_sections_and_csv_details() -> None:
    code, out, _ = run("info", str(FIX / "uscf_dbf" / "wintd_two_sections"), "--from", "uscf-dbf",
                       "--section", "Quad 1")
    assert code == 0
    assert "sections:    Open, Quad 1" in out and "players:     4" in out
    code, out, _ = run("info", str(FIX / "swisssys_csv" / "minimal_semicolon_bom.csv"))
    assert code == 0
    assert "format:      swisssys-csv" in out and "delimiter:   semicolon" in out


def test_cli_errors_are_messages_not_tracebacks(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_bytes(b"Pair,Name,Rd 1,Rd 2\n1,A,W2,Q7\n2,B,L1,\n")
    code, _, err = run("convert", str(bad), str(tmp_path / "o.trf"))
    assert code == 1
    assert err == (f"Error: {bad}:2:8: bad round cell 'Q7' in column 'Rd 2' (expected W12, L5B, "
                   "D3, X, F, Z, B, H, U, -, N4, R4, S4 or an empty cell)\n")
    code, _, err = run("convert", str(FIX / "sjson" / "club_championship.sjson"), "--section",
                       "Blitz", str(tmp_path / "o.trf"))
    assert code == 1 and "no section 'Blitz' in this file" in err
