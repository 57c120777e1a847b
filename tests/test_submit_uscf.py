"""``submit uscf``: the DBF trio, read back with dbfread (a reader we did not write)."""

from __future__ import annotations

import io
import os
import re
import zipfile
from pathlib import Path

import dbfread
import pytest
from click.testing import CliRunner

from swisstb_io.api import load
from swisstb_io.cli import cli
from swisstb_io.errors import FormatError, WriteError
from swisstb_io.model import (
    Color,
    Outcome,
    Player,
    Rating,
    RoundResult,
    Tournament,
)
from swisstb_io.submit import load_meta, normalize_meta, prepare_uscf, write_directory
from swisstb_io.uscf_dbf.writer import ascii_text

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SJSON = FIXTURES / "sjson" / "club_championship.sjson"
SPRING = FIXTURES / "swisssys_csv" / "spring_open.csv"

# Field descriptors of SwissSys 11.52's export, read by hand (name, type, width) from the
# headers of swisssys11_THEXPORT/TSEXPORT/TDEXPORT.DBF in the project's format samples
# (GPL files: only their layout is recorded here).  Every D_RNDnn is C 7.
SWISSSYS11 = {
    "THEXPORT.DBF": [
        ("H_FORMAT", "C", 5), ("H_PROGRAM", "C", 10), ("H_EVENT_ID", "C", 12),
        ("H_NAME", "C", 35), ("H_TOT_SECT", "C", 2), ("H_BEG_DATE", "C", 8),
        ("H_END_DATE", "C", 8), ("H_AFF_ID", "C", 8), ("H_CITY", "C", 21), ("H_STATE", "C", 2),
        ("H_ZIPCODE", "C", 10), ("H_COUNTRY", "C", 21), ("H_SENDCROS", "C", 1),
        ("H_CTD_ID", "C", 8), ("H_ATD_ID", "C", 8), ("H_OTHER_TD", "C", 254)],
    "TSEXPORT.DBF": [
        ("S_EVENT_ID", "C", 12), ("S_SEC_NUM", "C", 2), ("S_SEC_NAME", "C", 30),
        ("S_R_SYSTEM", "C", 1), ("S_TIMECTL", "C", 40), ("S_CTD_ID", "C", 8),
        ("S_ATD_ID", "C", 8), ("S_TRN_TYPE", "C", 1), ("S_TOT_RNDS", "C", 2),
        ("S_LST_PAIR", "C", 4), ("S_BEG_DATE", "C", 8), ("S_END_DATE", "C", 8),
        ("S_SCH_LVL", "C", 1), ("S_GR_PRIX", "C", 1), ("S_GP_PTS", "C", 3), ("S_FIDE", "C", 1)],
    "TDEXPORT.DBF": [
        ("D_EVENT_ID", "C", 12), ("D_SEC_NUM", "C", 2), ("D_PAIR_NUM", "C", 4),
        ("D_MEM_ID", "C", 8), ("D_NAME", "C", 30), ("D_STATE", "C", 2), ("D_RATING", "C", 4)],
}
SWISSSYS11_HEADER_LENGTHS = {"THEXPORT.DBF": 545, "TSEXPORT.DBF": 545}
"""32 bytes + 32 per field + the 0x0D terminator, as in the samples."""

# What each outcome must look like in a D_RNDnn cell (US Chess letters; formats.md §4.2)
LETTER = {
    Outcome.WIN: "W", Outcome.DRAW: "D", Outcome.LOSS: "L", Outcome.FORFEIT_WIN: "X",
    Outcome.FORFEIT_LOSS: "F", Outcome.DOUBLE_FORFEIT: "F", Outcome.FORFEIT_DRAW: "Z",
    Outcome.PAIRING_BYE: "B", Outcome.FULL_BYE: "B", Outcome.HALF_BYE: "H",
    Outcome.ZERO_BYE: "U", Outcome.NOT_PAIRED: "U",
}

META = {
    "affiliate_id": "A6001234", "chief_td_id": "12345678", "city": "Riverside",
    "state": "CA", "zip": "92501", "begin_date": "2026-03-07", "end_date": "2026-03-08",
    "time_control": "G/90;d5", "rating_system": "R",
}


def _sections(path: Path) -> list[Tournament]:
    return list(load(path).every_section())


def _expected_cell(r: RoundResult) -> str:
    letter = LETTER[r.outcome]
    if not r.outcome.has_opponent:
        return letter
    color = {Color.WHITE: "W", Color.BLACK: "B"}.get(r.color, "") if r.outcome.played else ""
    return f"{letter}{r.opponent}{color}"


def _read_dbf(directory: Path, name: str) -> dbfread.DBF:
    return dbfread.DBF(str(directory / name), char_decode_errors="strict", load=True)


def test_dbfread_reads_back_the_same_players_and_results(tmp_path: Path) -> None:
    sections = _sections(SJSON)
    sub = prepare_uscf(sections, normalize_meta(META))
    out = tmp_path / "report"
    write_directory(out, sub.files())
    assert sorted(p.name for p in out.iterdir()) == ["TDEXPORT.DBF", "THEXPORT.DBF",
                                                      "TSEXPORT.DBF"]
    (head,) = _read_dbf(out, "THEXPORT.DBF").records
    assert (head["H_FORMAT"], head["H_TOT_SECT"], head["H_AFF_ID"], head["H_CTD_ID"],
            head["H_CITY"], head["H_STATE"], head["H_ZIPCODE"], head["H_BEG_DATE"],
            head["H_END_DATE"]) == ("2C", "2", "A6001234", "12345678", "Riverside", "CA",
                                    "92501", "20260307", "20260308")
    secs = _read_dbf(out, "TSEXPORT.DBF").records
    assert [(s["S_SEC_NUM"], s["S_SEC_NAME"], s["S_TIMECTL"], s["S_R_SYSTEM"],
             s["S_TOT_RNDS"]) for s in secs] == [("1", "Championship", "G/90;d5", "R", "3"),
                                                 ("2", "Reserve", "G/90;d5", "R", "2")]
    got = [(d["D_SEC_NUM"], d["D_PAIR_NUM"], d["D_MEM_ID"], d["D_NAME"], d["D_RATING"],
            tuple(d[f"D_RND{k:02d}"] for k in range(1, 4)))
           for d in _read_dbf(out, "TDEXPORT.DBF").records]
    want = []
    for n, t in enumerate(sections, 1):
        for p in t.players:
            rating = p.rating("USCF")
            want.append((str(n), str(p.start_no), p.national_id("USCF"), ascii_text(p.name),
                         "" if rating is None else str(rating),
                         tuple(_expected_cell(p.result(k)) for k in range(1, 4))))
    assert got == want
    assert len(got) == 9


def test_field_descriptors_equal_swisssys_11(tmp_path: Path) -> None:
    sub = prepare_uscf(_sections(SJSON), normalize_meta(META))
    write_directory(tmp_path, sub.files())
    for name, fields in SWISSSYS11.items():
        table = _read_dbf(tmp_path, name)
        got = [(f.name, f.type, f.length) for f in table.fields]
        if name == "TDEXPORT.DBF":
            rounds = [(f"D_RND{k:02d}", "C", 7) for k in range(1, 4)]
            assert got == fields + rounds
        else:
            assert got == fields
            assert table.header.headerlen == SWISSSYS11_HEADER_LENGTHS[name]
        assert table.header.dbversion == 0x03


def _p(sn: int, name: str, member: str, rating: int | None, results: list[RoundResult]
       ) -> Player:
    return Player(start_no=sn, name=name, results=tuple(results),
                  ratings=(Rating("USCF", rating),) if rating is not None else (),
                  national_ids=(("USCF", member),) if member else ())


def test_problems_are_listed_before_writing() -> None:
    W, B = Color.WHITE, Color.BLACK
    t = Tournament(name="Club night", section="Open", players=(
        _p(1, "Ann", "12345678", 1500, [RoundResult(Outcome.WIN_UNRATED, 2, W),
                                        RoundResult(Outcome.WIN, 3, B)]),
        _p(2, "Bo", "", 12, [RoundResult(Outcome.LOSS_UNRATED, 1, B),
                             RoundResult(Outcome.HALF_BYE)]),
        _p(3, "Cy Ñúñez", "1234", 3350, [RoundResult(Outcome.ZERO_BYE),
                                         RoundResult(Outcome.DRAW, 1, W)]),
        _p(4, "Di", "12345678", None, [RoundResult(Outcome.NOT_PAIRED)]),
    ))
    sub = prepare_uscf([t], normalize_meta({"affiliate_id": "6001234", "city": "Reno",
                                            "state": "Nevada", "zip": "89501"}))
    assert [str(p) for p in sub.problems] == [
        "event: affiliate ID: '6001234' should be a letter and 7 digits, e.g. A6001234",
        "event: chief TD's US Chess ID: missing (--event-meta or its option)",
        "event: state: 'Nevada' should be two capital letters, e.g. FL",
        "event: begin date: missing (--event-meta begin_date/end_date)",
        "event: end date: missing (--event-meta begin_date/end_date)",
        "section 1 (Open): time control: missing (--event-meta time_control)",
        "section 1 (Open), player 1 (Ann): round 1: a game of less than one move has no US "
        "Chess code: it would be reported as X (unplayed)",
        "section 1 (Open), player 1 (Ann): round 2: win against 3, but 3's round 2 says draw "
        "against 1: the two records cannot both be reported",
        "section 1 (Open), player 2 (Bo): US Chess ID: missing: a member without an ID cannot "
        "be rated",
        "section 1 (Open), player 2 (Bo): rating: 12 looks wrong (US Chess ratings run from "
        "100 to about 3000)",
        "section 1 (Open), player 2 (Bo): round 1: a game of less than one move has no US "
        "Chess code: it would be reported as F (unplayed)",
        "section 1 (Open), player 3 (Cy Ñúñez): US Chess ID: '1234' is not 8 digits",
        "section 1 (Open), player 3 (Cy Ñúñez): rating: 3350 looks wrong (US Chess ratings "
        "run from 100 to about 3000)",
        "section 1 (Open), player 3 (Cy Ñúñez): note: name: written as 'Cy Nunez' (ASCII "
        "only)",
        "section 1 (Open), player 3 (Cy Ñúñez): round 2: draw against 1, but 1's round 2 says "
        "win against 3: the two records cannot both be reported",
        "section 1 (Open), player 4 (Di): US Chess ID: 12345678 is also player 1's",
    ]


def test_event_meta_toml(tmp_path: Path) -> None:
    meta = tmp_path / "meta.toml"
    meta.write_text('affiliate_id = "A6001234"\nchief_td_id = 12345678\n'
                    "begin_date = 2026-03-07\nend_date = \"20260308\"\n"
                    'rating_system = "quick"\nsend_crosstable = true\n', encoding="utf-8")
    assert load_meta(meta) == {"affiliate_id": "A6001234", "chief_td_id": "12345678",
                               "begin_date": "2026-03-07", "end_date": "2026-03-08",
                               "rating_system": "Q", "send_crosstable": "Y"}
    bad = {"colour = 1\n": "unknown key 'colour'; known keys: event_name",
           "begin_date = \"March\"\n": "begin_date = 'March' is not a date",
           "rating_system = \"slow\"\n": "use regular, quick, dual or blitz",
           "city = [1]\n": "city = [1] must be text",
           "city = \n": "not valid TOML"}
    for text, message in bad.items():
        meta.write_text(text, encoding="utf-8")
        with pytest.raises(FormatError, match=re.escape(message)) as info:
            load_meta(meta)
        assert str(info.value).startswith(str(meta))


def test_cli_several_files_one_report_and_zip(tmp_path: Path) -> None:
    meta = tmp_path / "meta.toml"
    meta.write_text("".join(f'{k} = "{v}"\n' for k, v in META.items()), encoding="utf-8")
    out = tmp_path / "event.zip"
    res = CliRunner().invoke(cli, ["submit", "uscf", str(SPRING), str(SJSON), "--event-meta",
                                   str(meta), "--city", "Gainesville", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert "wrote" in res.output and "3 section(s), 16 players" in res.output
    with zipfile.ZipFile(io.BytesIO(out.read_bytes())) as zf:
        assert sorted(zf.namelist()) == ["TDEXPORT.DBF", "THEXPORT.DBF", "TSEXPORT.DBF"]
        zf.extractall(tmp_path / "x")
    (head,) = _read_dbf(tmp_path / "x", "THEXPORT.DBF").records
    assert (head["H_TOT_SECT"], head["H_CITY"]) == ("3", "Gainesville")
    names = [s["S_SEC_NAME"] for s in _read_dbf(tmp_path / "x", "TSEXPORT.DBF").records]
    assert names == ["Open", "Championship", "Reserve"]


def test_a_multi_section_file_is_read_once(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Every section of an .sjson from one reading (issue 15), so ``-`` (stdin, which
    can be read only once) gives every section too."""
    from swisstb_io.cli import _io

    reads: list[object] = []

    def counted(source: object, **kwargs: object) -> object:
        reads.append(source)
        return load(source, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(_io, "load", counted)
    args = ["submit", "uscf", str(SJSON), "-o", str(tmp_path / "a.zip")]
    for key, value in META.items():
        args += [f"--{key.replace('_', '-')}", value]
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 0, res.output
    assert reads == [str(SJSON)] and "2 section(s), 9 players" in res.stderr
    args[args.index("-o") + 1] = "-"
    res = CliRunner().invoke(cli, [*args[:2], "-", *args[3:]], input=SJSON.read_bytes())
    assert res.exit_code == 0, res.output
    assert len(reads) == 2 and "2 section(s), 9 players" in res.stderr
    assert res.stdout_bytes == (tmp_path / "a.zip").read_bytes()


def test_cli_strict_refuses_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "report"
    res = CliRunner().invoke(cli, ["submit", "uscf", str(SJSON), "-o", str(out), "--strict"])
    assert res.exit_code == 1
    assert "player 4 (Tanaka, Kenji): US Chess ID: missing" in res.output
    assert "Error: refusing to write" in res.output
    assert list(tmp_path.iterdir()) == []


def test_directory_is_written_whole_or_not_at_all(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    files = prepare_uscf(_sections(SJSON), normalize_meta(META)).files()

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "rename", broken)
    with pytest.raises(WriteError, match="No space left on device"):
        write_directory(tmp_path / "new", files)
    assert list(tmp_path.iterdir()) == []
    # into an existing directory: every file is complete before the first one is replaced
    old = tmp_path / "old"
    old.mkdir()
    (old / "README").write_text("keep me")
    monkeypatch.undo()
    write_directory(old, files)
    assert sorted(p.name for p in old.iterdir()) == ["README", "TDEXPORT.DBF", "THEXPORT.DBF",
                                                     "TSEXPORT.DBF"]
    assert (old / "TDEXPORT.DBF").read_bytes() == files["TDEXPORT.DBF"]
    # the "last update" stamp is the event's end date (2026-03-08), never today's date
    header = _read_dbf(old, "THEXPORT.DBF").header
    assert (header.year, header.month, header.day) == (126, 3, 8)


def test_cli_bad_meta_option_is_a_usage_error(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["submit", "uscf", str(SJSON), "-o", str(tmp_path / "r"),
                                   "--begin-date", "March"])
    assert res.exit_code == 2
    assert "begin_date = 'March' is not a date; write it as 2026-03-28" in res.output
    assert list(tmp_path.iterdir()) == []


def test_report_directory_gets_ordinary_permissions(tmp_path: Path) -> None:
    from swisstb_io.submit._common import write_directory

    dest = tmp_path / "out"
    write_directory(dest, {"A.DBF": b"x"})
    mask = os.umask(0)
    os.umask(mask)
    assert dest.stat().st_mode & 0o777 == 0o777 & ~mask
    assert (dest / "A.DBF").read_bytes() == b"x"
