"""US Chess DBF rating report: fixtures of both layouts, writer vs dbfread, round trips, errors."""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import io
import zipfile
from fractions import Fraction
from pathlib import Path

import dbfread
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from lossy import differences
from us_gallery import (
    byes_and_forfeits,
    csv_only_data,
    gallery,
    inconsistent_results,
    r,
    utf8_names,
)

from swisstb_io import api
from swisstb_io.cli import cli
from swisstb_io.errors import FormatError, WriteError
from swisstb_io.model import Outcome, Player, PointAdjustment, PointSystem, Rating, Team, Tournament
from swisstb_io.registry import ReadOptions, WriteOptions, find
from swisstb_io.uscf_dbf import LOSSY, read, write
from swisstb_io.uscf_dbf.writer import ascii_text, write_sections, zip_files

OC = Outcome
FIX = Path(__file__).resolve().parent.parent / "fixtures" / "uscf_dbf"

# formats.md §4.2 (a): the revised layout as SwissSys 11.52 writes it (all type C)
REVISED_TH = [("H_FORMAT", 5), ("H_PROGRAM", 10), ("H_EVENT_ID", 12), ("H_NAME", 35),
              ("H_TOT_SECT", 2), ("H_BEG_DATE", 8), ("H_END_DATE", 8), ("H_AFF_ID", 8),
              ("H_CITY", 21), ("H_STATE", 2), ("H_ZIPCODE", 10), ("H_COUNTRY", 21),
              ("H_SENDCROS", 1), ("H_CTD_ID", 8), ("H_ATD_ID", 8), ("H_OTHER_TD", 254)]
REVISED_TS = [("S_EVENT_ID", 12), ("S_SEC_NUM", 2), ("S_SEC_NAME", 30), ("S_R_SYSTEM", 1),
              ("S_TIMECTL", 40), ("S_CTD_ID", 8), ("S_ATD_ID", 8), ("S_TRN_TYPE", 1),
              ("S_TOT_RNDS", 2), ("S_LST_PAIR", 4), ("S_BEG_DATE", 8), ("S_END_DATE", 8),
              ("S_SCH_LVL", 1), ("S_GR_PRIX", 1), ("S_GP_PTS", 3), ("S_FIDE", 1)]
REVISED_TD = [("D_EVENT_ID", 12), ("D_SEC_NUM", 2), ("D_PAIR_NUM", 4), ("D_MEM_ID", 8),
              ("D_NAME", 30), ("D_STATE", 2), ("D_RATING", 4)]


def load(data: bytes, section: str | None = None, path: str = "r.zip"):  # type: ignore[no-untyped-def]
    return read(data, path, ReadOptions(section=section))


def cells(p: Player) -> list[tuple[str, int | None, str]]:
    return [(x.outcome.name, x.opponent, x.color.value) for x in p.results]


def unzip(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {n: zf.read(n) for n in zf.namelist()}


def rezip(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return buf.getvalue()


# --- fixtures -------------------------------------------------------------------------------


def test_wintd_revised_layout_two_sections_lower_case_names() -> None:
    res = api.load(FIX / "wintd_two_sections", format="uscf-dbf")
    assert res.sections == ("Open", "Quad 1")
    assert dict(res.details) == {"layout": "2C", "program": "WINTD"}
    t = res.tournament
    assert (t.name, t.section, t.city, t.time_control, t.total_rounds, t.pairing_system) == (
        "Lakeside Quads and Open", "Open", "Lakeside", "G/90;d5", 4, "")
    assert t.start_date is not None and t.start_date.value == dt.date(2026, 4, 11)
    assert dict(t.extras) == {
        "uscf:affiliate_id": "A7000001", "uscf:state": "FL", "uscf:zipcode": "32601",
        "uscf:chief_td_id": "90000001", "uscf:assistant_td_id": "90000002",
        "uscf:other_td_ids": "90000003,90000004",
    }
    by = t.by_start_no()
    assert cells(by[1]) == [("WIN", 4, "w"), ("DRAW", 2, "b"), ("FORFEIT_WIN", 3, "-"),
                            ("HALF_BYE", None, "-")]
    assert cells(by[3]) == [("FULL_BYE", None, "-"), ("LOSS", 4, "b"),
                            ("FORFEIT_LOSS", None, "-"), ("WIN", 2, "b")]
    assert cells(by[4]) == [("LOSS", 1, "b"), ("WIN", 3, "w"), ("LOSS", 2, "w")]  # U dropped
    assert cells(by[5]) == [("LOSS", 2, "w")]  # withdrew
    assert by[3].ratings == () and by[5].national_ids == ()  # rating 0 and blank id
    assert (by[1].name, by[1].ratings, by[1].national_ids, dict(by[1].extras)) == (
        "ALPHA, ANNA", (Rating("USCF", 2105),), (("USCF", "80000001"),), {"uscf:state": "FL"})


@pytest.mark.parametrize("section", ["2", "quad 1", "Quad 1"])
def test_second_section_by_number_or_name(section: str) -> None:
    t = api.load(FIX / "wintd_two_sections", format="uscf-dbf", section=section).tournament
    assert (t.section, t.total_rounds, t.pairing_system, t.time_control) == (
        "Quad 1", 3, "ROUNDROBIN", "G/45;d5")
    assert [len(p.results) for p in t.players] == [3, 3, 3, 3]  # the U padding is dropped
    assert t.extras["uscf:section_chief_td_id"] == "90000005"
    assert t.extras["uscf:grand_prix"] == "Y" and t.extras["uscf:grand_prix_points"] == "10"
    assert t.extras["uscf:event_begin_date"] == "20260411"
    assert t.start_date is not None and t.start_date.value == dt.date(2026, 4, 12)


def test_unknown_section_lists_the_sections() -> None:
    with pytest.raises(FormatError) as err:
        api.load(FIX / "wintd_two_sections", format="uscf-dbf", section="U1200")
    assert str(err.value).endswith(
        "wintd_two_sections: no section 'U1200' in this report (sections: 1 'Open', 2 'Quad 1')")


def test_legacy_1991_layout_with_continuation_records() -> None:
    res = api.load(FIX / "legacy_1991.zip")
    assert res.format == "uscf-dbf" and dict(res.details) == {"layout": "1991", "program": "-"}
    t = res.tournament
    assert (t.name, t.section, t.total_rounds, t.city) == (
        "Winter Marathon", "Marathon", 12, "Springfield")
    assert t.start_date is not None and t.start_date.value == dt.date(1992, 3, 14)
    assert t.extras["uscf:event_id"] == "920314001"
    assert t.extras["uscf:send_crosstable"] == "T" and t.extras["uscf:country"] == "USA"
    assert t.extras["uscf:dbf:S_K_FACTOR"] == "F" and t.extras["uscf:dbf:H_SCHOLAST"] == "N"
    a, b = t.players
    assert (a.name, a.national_ids) == ("", (("USCF", "60000001"),))
    assert [x.outcome.name for x in a.results] == [
        "WIN", "LOSS", "DRAW", "WIN", "FORFEIT_WIN", "HALF_BYE", "WIN", "LOSS", "FULL_BYE",
        "WIN", "DRAW", "WIN"]
    assert [x.opponent for x in b.results][:5] == [1, 1, 1, 1, None]
    assert b.results[5].outcome is OC.NOT_PAIRED and len(b.results) == 12


# --- the writer, checked with dbfread (a reader we did not write) ---------------------------


def test_writer_layout_matches_swisssys_and_dbfread_reads_it(tmp_path: Path) -> None:
    t = byes_and_forfeits()
    api.write(t, tmp_path / "out", format="uscf-dbf")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "TDEXPORT.DBF", "THEXPORT.DBF", "TSEXPORT.DBF"]
    th = dbfread.DBF(tmp_path / "out" / "THEXPORT.DBF")
    ts = dbfread.DBF(tmp_path / "out" / "TSEXPORT.DBF")
    td = dbfread.DBF(tmp_path / "out" / "TDEXPORT.DBF")
    assert [(f.name, f.type, f.length) for f in th.fields] == [(n, "C", w) for n, w in REVISED_TH]
    assert [(f.name, f.type, f.length) for f in ts.fields] == [(n, "C", w) for n, w in REVISED_TS]
    rounds = [(f"D_RND0{i}", 7) for i in range(1, 5)]
    assert [(f.name, f.type, f.length) for f in td.fields] == [
        (n, "C", w) for n, w in REVISED_TD + rounds]
    head = next(iter(th))
    assert {k: head[k] for k in ("H_FORMAT", "H_NAME", "H_TOT_SECT", "H_BEG_DATE", "H_END_DATE",
                                 "H_AFF_ID", "H_COUNTRY", "H_SENDCROS", "H_CTD_ID")} == {
        "H_FORMAT": "2C", "H_NAME": "Spring Swiss", "H_TOT_SECT": "1", "H_BEG_DATE": "20260328",
        "H_END_DATE": "20260329", "H_AFF_ID": "A0000001", "H_COUNTRY": "United States",
        "H_SENDCROS": "N", "H_CTD_ID": "90000001"}
    sec = next(iter(ts))
    assert (sec["S_SEC_NUM"], sec["S_SEC_NAME"], sec["S_TOT_RNDS"], sec["S_LST_PAIR"],
            sec["S_TRN_TYPE"], sec["S_TIMECTL"], sec["S_CTD_ID"]) == (
        "1", "Open", "4", "8", "S", "G/90;d5", "90000001")
    rows = {int(rec["D_PAIR_NUM"]): rec for rec in td}
    assert [rows[1][f"D_RND0{i}"] for i in range(1, 5)] == ["W4W", "D2B", "X3", "H"]
    assert [rows[5][f"D_RND0{i}"] for i in range(1, 5)] == ["L2W", "F6", "H", "D7B"]
    assert [rows[8][f"D_RND0{i}"] for i in range(1, 5)] == ["U", "U", "L7W", "L6B"]
    assert [rows[4][f"D_RND0{i}"] for i in range(1, 5)] == ["L1B", "L3W", "U", "U"]
    assert (rows[3]["D_RATING"], rows[3]["D_MEM_ID"], rows[1]["D_STATE"]) == ("", "", "MA")


def test_written_bytes_are_deterministic_and_the_header_dated_by_the_event() -> None:
    t = byes_and_forfeits()
    a, b = write(t, WriteOptions()), write(t, WriteOptions())
    assert a == b
    th = unzip(a)["THEXPORT.DBF"]
    assert th[:4] == bytes([3, 126, 3, 29]) and th[-1:] == b"\x1a"


# --- round trips ----------------------------------------------------------------------------


@pytest.mark.parametrize("t", [byes_and_forfeits(), inconsistent_results()], ids=str)
def test_write_then_read_gives_the_same_model(t: Tournament) -> None:
    back = load(write(t, WriteOptions())).tournament
    assert back == t
    assert dict(back.extras) == dict(t.extras)


def test_utf8_names_are_transliterated_and_pairing_bye_becomes_full_bye() -> None:
    back = load(write(utf8_names(), WriteOptions())).tournament
    assert back.name == "Cafe Open ? 2026"
    assert [p.name for p in back.players] == ["Astrom, Zoe", "Muller, Jurgen", "Overgard, Lukasz"]
    assert cells(back.player(3)) == [("FULL_BYE", None, "-")]
    assert ascii_text("Straße Œ") == "Strasse ?"


def test_declared_lossy_fields_are_lost_and_the_rest_survive() -> None:
    t = dataclasses.replace(csv_only_data(), point_system=PointSystem(win=3),
                            teams=(Team("Norway", (1,)),))
    first = dataclasses.replace(t.players[0], adjustments=(PointAdjustment(Fraction(1)),))
    t = dataclasses.replace(t, players=(first, *t.players[1:]))
    back = load(write(t, WriteOptions())).tournament
    plain = {name for name in LOSSY if ":" not in name}  # "x:qualifier" is a partial loss
    for f in dataclasses.fields(Tournament):
        key = f"tournament.{f.name}"
        if key == "tournament.total_rounds":  # lost only when unset: checked below
            assert back.total_rounds == t.total_rounds == 3
        elif f.name in ("start_date", "end_date"):  # lost only without a parsed value: below
            continue
        elif key in plain:
            assert getattr(back, f.name) != getattr(t, f.name), key
        elif f.name not in ("players", "extras", "start_date", "end_date"):
            assert getattr(back, f.name) == getattr(t, f.name), key
    p, q = back.player(1), t.player(1)
    for f in dataclasses.fields(Player):
        key = f"player.{f.name}"
        if key in plain:
            assert getattr(p, f.name) != getattr(q, f.name), key
    assert p.ratings == (Rating("USCF", 2900),) and p.national_ids == (("USCF", "12345678"),)
    assert p.name == q.name and dict(p.extras) == {"uscf:state": "NY"}
    assert dict(back.extras) == {"uscf:affiliate_id": "A1"}  # only uscf: extras have fields
    # outcome:WIN_UNRATED / PAIRING_BYE / ZERO_BYE / LOSS_UNRATED / DRAW_UNRATED
    assert cells(p) == [("FORFEIT_WIN", 2, "-"), ("FULL_BYE", None, "-")]
    assert cells(back.player(2)) == [("FORFEIT_LOSS", 1, "-")]  # ZERO_BYE read as unpaired
    assert cells(back.player(3)) == [("NOT_PAIRED", None, "-"), ("FORFEIT_DRAW", 4, "-")]
    assert back.start_date is None  # "1 Jan 2026" has no parsed value: nothing to write
    assert back.end_date is not None and back.end_date.text == "2026/01/02"
    unset = dataclasses.replace(t, total_rounds=None)
    assert load(write(unset, WriteOptions())).tournament.total_rounds == 2  # rounds present
    assert find("uscf-dbf").bundle and "outcome:PAIRING_BYE=FULL_BYE" in find("uscf-dbf").lossy


def test_write_sections_makes_one_event_of_several_sections() -> None:
    first, second = byes_and_forfeits(), inconsistent_results()
    files = write_sections([first, second])
    td = files["TDEXPORT.DBF"]
    assert td[32 * 11: 32 * 11 + 7] == b"D_RND04"  # as many round fields as the longest section
    data = zip_files(files)
    assert load(data).sections == ("Open", "Quad 1")
    back = load(data, section="2").tournament
    assert back.players == second.players and back.section == "Quad 1"
    assert back.extras["uscf:event_begin_date"] == "20260328"
    assert load(data, section="Open").tournament.players == first.players


def test_writer_refuses_what_does_not_fit() -> None:
    t = Tournament(players=(Player(10000, "X"),))
    with pytest.raises(WriteError, match="pairing number 10000 does not fit the DBF field"):
        write(t, WriteOptions())
    long = Tournament(players=(Player(1, "N" * 31),))
    with pytest.raises(WriteError, match=r"name of pair 1 'N{31}' is longer than the DBF field"):
        write(long, WriteOptions(strict=True))
    assert load(write(long, WriteOptions())).tournament.players[0].name == "N" * 30
    with pytest.raises(WriteError, match="at least one section"):
        write_sections([])


# --- errors ---------------------------------------------------------------------------------


def _good_files() -> dict[str, bytes]:
    return unzip(write(byes_and_forfeits(), WriteOptions()))


def test_truncated_and_corrupt_tables_are_format_errors() -> None:
    files = _good_files()
    td = files["TDEXPORT.DBF"]
    cases = [
        (td[:20], "r.zip/TDEXPORT.DBF: truncated dBase file: 20 bytes, the header alone needs 32"),
        (td[:-100], "r.zip/TDEXPORT.DBF: truncated: the header promises 8 records of 91 bytes, "
                    "the file holds 6"),
        (b"\x05" + td[1:], "r.zip/TDEXPORT.DBF: not a dBase III table (first byte 0x05, "
                           "expected 0x03)"),
        (td[:10] + b"\x63\x00" + td[12:], "r.zip/TDEXPORT.DBF: record length 99 in the header "
                                          "does not match the fields (91)"),
        (td[:8] + b"\xff\x7f" + td[10:], "r.zip/TDEXPORT.DBF: bad header length 32767 "
                                         f"(the file has {len(td)} bytes)"),
    ]
    hl = int.from_bytes(td[8:10], "little")
    cases.append((td[:hl] + b"#" + td[hl + 1:],
                  "r.zip/TDEXPORT.DBF: record 1: bad delete flag 0x23 (expected ' ' or '*')"))
    for broken, message in cases:
        with pytest.raises(FormatError) as err:
            load(rezip({**files, "TDEXPORT.DBF": broken}))
        assert str(err.value) == message


def test_bad_round_cell_names_record_and_field() -> None:
    files = _good_files()
    td = bytearray(files["TDEXPORT.DBF"])
    hl = int.from_bytes(td[8:10], "little")
    start = hl + 1 + 12 + 2 + 4 + 8 + 30 + 2 + 4 + 7  # record 1, D_RND02
    td[start:start + 7] = b"Q7     "
    with pytest.raises(FormatError) as err:
        load(rezip({**files, "TDEXPORT.DBF": bytes(td)}))
    assert str(err.value) == ("r.zip/TDEXPORT.DBF:1:71: record 1, field D_RND02: bad round "
                              "cell 'Q7' (expected W12B, L5, D3W, X, F, Z, B, H or U)")


def test_bundle_problems() -> None:
    files = _good_files()
    with pytest.raises(FormatError) as err:
        load(files["TDEXPORT.DBF"])
    assert str(err.value) == (
        "r.zip: expected a directory or a .zip holding THEXPORT.DBF, TSEXPORT.DBF and "
        "TDEXPORT.DBF (this looks like a single .DBF file)")
    with pytest.raises(FormatError, match=r"^r\.zip: no TDEXPORT\.DBF \(the player file\)"):
        load(rezip({"THEXPORT.DBF": files["THEXPORT.DBF"]}))
    with pytest.raises(FormatError, match=r"^r\.zip: not a readable zip archive"):
        load(b"PK\x03\x04garbage")
    res = load(rezip({"sub/tdexport.DBF": files["TDEXPORT.DBF"]}))
    assert [str(d) for d in res.diagnostics] == [
        "r.zip: warning: no THEXPORT.DBF in the bundle; its event data is missing",
        "r.zip: warning: no TSEXPORT.DBF in the bundle; its event data is missing",
    ]
    assert res.tournament.players == byes_and_forfeits().players


@given(st.binary(max_size=300))
def test_arbitrary_bytes_raise_only_format_error(data: bytes) -> None:
    with contextlib.suppress(FormatError):
        load(data)


_TD = _good_files()


@given(st.integers(0, len(_TD["TDEXPORT.DBF"]) - 1), st.binary(min_size=1, max_size=8),
       st.sampled_from(["TDEXPORT.DBF", "TSEXPORT.DBF", "THEXPORT.DBF"]))
def test_corrupted_members_raise_only_format_error(pos: int, junk: bytes, member: str) -> None:
    original = _TD[member]
    pos %= len(original)
    broken = original[:pos] + junk + original[pos + len(junk):]
    with contextlib.suppress(FormatError):
        load(rezip({**_TD, member: broken}))


def test_one_round_is_enough_and_empty_sections_write() -> None:
    t = Tournament(name="Empty", players=())
    back = load(write(t, WriteOptions())).tournament
    assert back.players == () and back.name == "Empty" and back.total_rounds == 0
    one = Tournament(players=(Player(1, "A", (r(OC.HALF_BYE),)),), total_rounds=1)
    assert load(write(one, WriteOptions())).tournament == one


@pytest.mark.parametrize("t", gallery(), ids=lambda t: t.name)
def test_gallery_round_trip_loses_only_what_is_declared(t: Tournament) -> None:
    back = load(write(t, WriteOptions())).tournament
    assert differences(t, back, LOSSY) == []


def test_duplicate_pair_and_continuation_record_order() -> None:
    files = _good_files()
    td = files["TDEXPORT.DBF"]
    hl, rl = int.from_bytes(td[8:10], "little"), int.from_bytes(td[10:12], "little")
    first = td[hl:hl + rl]
    doubled = td[:4] + (9).to_bytes(4, "little") + td[8:hl + 8 * rl] + first + b"\x1a"
    with pytest.raises(FormatError) as err:
        load(rezip({**files, "TDEXPORT.DBF": doubled}))
    assert str(err.value) == "r.zip/TDEXPORT.DBF:9:16: record 9: pairing number 1 appears twice"
    with zipfile.ZipFile(FIX / "legacy_1991.zip") as zf:
        legacy = {n: zf.read(n) for n in zf.namelist()}
    ltd = legacy["REPORT/TDEXPORT.DBF"]
    hl, rl = int.from_bytes(ltd[8:10], "little"), int.from_bytes(ltd[10:12], "little")
    recs = [ltd[hl + i * rl: hl + (i + 1) * rl] for i in range(4)]
    swapped = ltd[:hl] + recs[1] + recs[0] + recs[3] + recs[2] + b"\x1a"  # seq 2 first
    back = load(rezip({**legacy, "REPORT/TDEXPORT.DBF": swapped})).tournament
    assert back == api.read(FIX / "legacy_1991.zip")



def test_a_superscript_digit_anywhere_in_a_record_is_a_format_error() -> None:
    """Regression: '²' (0xB2) passes str.isdigit() but not int(); found by hypothesis."""
    td = _TD["TDEXPORT.DBF"]
    header_len = int.from_bytes(td[8:10], "little")
    record_len = int.from_bytes(td[10:12], "little")
    for pos in range(header_len, header_len + record_len):
        broken = td[:pos] + b"\xb2" + td[pos + 1 :]
        with contextlib.suppress(FormatError):
            load(rezip({**_TD, "TDEXPORT.DBF": broken}))


def test_a_folder_without_a_dbf_trio_is_not_read_as_one(tmp_path: Path) -> None:
    """A season folder given where one file is expected: a clear message, nothing read."""
    (tmp_path / "a.trf").write_bytes((FIX.parent / "trf" / "held_swiss_5.trf").read_bytes())
    (tmp_path / "b.trf").write_bytes(b"\x8f\x00 not text")
    with pytest.raises(FormatError) as err:
        api.load(tmp_path)
    assert str(err.value) == (
        f"{tmp_path}: this is a folder, not a tournament file: give one of its files, or "
        "read every event in it with `swisstb batch` or `swisstb check` (a folder is read "
        "as one file only when it holds a US Chess DBF trio: THEXPORT, TSEXPORT, "
        "TDEXPORT.DBF)")
    result = CliRunner().invoke(cli, ["report", str(tmp_path)])
    assert result.exit_code == 2  # a usage error, as a missing file is (issue 32 item 14)
    assert result.output.startswith(f"Error: {tmp_path}: this is a folder, not a tournament")
