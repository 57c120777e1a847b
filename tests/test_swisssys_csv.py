"""The SwissSys-style US cross-table CSV: fixtures, round trips, errors, arbitrary bytes."""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from us_gallery import byes_and_forfeits, gallery, r

from swisstb_io import api
from swisstb_io.errors import FormatError
from swisstb_io.model import (
    Color,
    DateText,
    Outcome,
    Player,
    PointSystem,
    Rating,
    Team,
    Tournament,
)
from swisstb_io.registry import ReadOptions, WriteOptions, detect, find
from swisstb_io.swisssys_csv import read, write

OC = Outcome
FIX = Path(__file__).resolve().parent.parent / "fixtures" / "swisssys_csv"


def load(data: bytes, strict: bool = False, path: str = "t.csv"):  # type: ignore[no-untyped-def]
    return read(data, path, ReadOptions(strict=strict))


def cells(p: Player) -> list[tuple[str, int | None, str]]:
    return [(x.outcome.name, x.opponent, x.color.value) for x in p.results]


# --- fixtures -------------------------------------------------------------------------------


def test_spring_open_fixture_gives_exact_model() -> None:
    res = api.load(FIX / "spring_open.csv")
    t = res.tournament
    assert res.format == "swisssys-csv" and res.diagnostics == ()
    assert (t.name, t.section, t.total_rounds, t.city, t.chief_arbiter, t.time_control) == (
        "Gainesville Spring Swiss", "Open", 4, "Gainesville", "Roe, Richard", "G/90;d5")
    assert t.start_date is not None and t.start_date.value == dt.date(2026, 3, 28)
    assert t.end_date is not None and t.end_date.text == "2026-03-29"
    assert dict(t.extras) == {
        "csv:meta:Director note": "prizes paid on site",
        "uscf:affiliate_id": "A0000001",
    }
    by = t.by_start_no()
    assert cells(by[1]) == [("WIN", 4, "w"), ("DRAW", 2, "b"), ("LOSS", 7, "b"), ("WIN", 3, "b")]
    assert cells(by[2]) == [("WIN", 5, "b"), ("DRAW", 1, "w"), ("INCONSISTENT_WIN", 3, "w"),
                            ("WIN_UNRATED", 6, "b")]
    assert cells(by[3]) == [("DRAW", 6, "w"), ("FORFEIT_WIN", 4, "-"),
                            ("INCONSISTENT_LOSS", 2, "b"), ("LOSS", 1, "w")]
    # withdrawn after round 3 (U = zero-point bye), blank round 4 dropped
    assert cells(by[4]) == [("LOSS", 1, "b"), ("FORFEIT_LOSS", 3, "-"), ("ZERO_BYE", None, "-")]
    # mutual F cells are a double forfeit; B is the pairing bye by the Outcomes line
    assert cells(by[5]) == [("LOSS", 2, "w"), ("DOUBLE_FORFEIT", 6, "-"),
                            ("PAIRING_BYE", None, "-"), ("DRAW", 7, "w")]
    assert cells(by[6])[1:] == [("DOUBLE_FORFEIT", 5, "-"), ("HALF_BYE", None, "-"),
                                ("LOSS_UNRATED", 2, "w")]
    assert cells(by[7])[:2] == [("NOT_PAIRED", None, "-"), ("HALF_BYE", None, "-")]  # late entry
    assert by[3].name == "Gamma, Gösta" and by[3].ratings == () and by[3].national_ids == ()
    assert by[3].extras["csv:rating"] == "unr" and by[3].extras["csv:place"] == "4-5"
    assert by[5].ratings == (Rating("USCF", 1200),) and by[5].extras["csv:rating"] == "1200/5"
    assert by[1].national_ids == (("USCF", "12345678"),) and by[1].extras["uscf:state"] == "MA"
    assert by[1].extras["csv:column:Post"] == "2146"
    points = {p.start_no: p.points(t.point_system) for p in t.players}
    assert points == {1: Fraction(5, 2), 2: Fraction(7, 2), 3: Fraction(3, 2), 4: 0,
                      5: Fraction(3, 2), 6: 1, 7: 2}
    assert {p.start_no: p.declared_rank for p in t.players} == {
        1: 2, 2: 1, 3: 4, 4: 7, 5: 4, 6: 6, 7: 3}


@pytest.mark.parametrize(
    ("name", "delimiter", "bom", "endings"),
    [("minimal.csv", "comma", "no", "LF"),
     ("minimal_semicolon_bom.csv", "semicolon", "yes", "CRLF"),
     ("minimal_tab.txt", "tab", "no", "LF")],
)
def test_delimiters_bom_and_aliases_read_the_same(
    name: str, delimiter: str, bom: str, endings: str
) -> None:
    res = load((FIX / name).read_bytes())
    assert dict(res.details) == {"delimiter": delimiter, "newline": endings, "BOM": bom}
    t = res.tournament
    assert [p.name for p in t.players] == ["Alpha, Anton", "Beta, Berit", "Gamma, Gustav",
                                           "Delta, Dirk"]
    assert cells(t.player(3)) == [("LOSS", 1, "b"), ("FULL_BYE", None, "-"),
                                  ("ZERO_BYE", None, "-")]
    assert [p.declared_points for p in t.players] == [Fraction(5, 2), 2, 1, 0]
    assert t.player(4).rating("USCF") == 1705 and t.player(3).rating("USCF") is None


def test_detect_by_content_and_extension() -> None:
    assert detect((FIX / "minimal_tab.txt").read_bytes(), "x.txt").name == "swisssys-csv"
    assert find("swisssys-csv").lossy >= {"player.results.color:unplayed"}


# --- round trips ----------------------------------------------------------------------------


@pytest.mark.parametrize("t", gallery(), ids=lambda t: t.name)
def test_write_then_read_gives_the_same_model(t) -> None:  # type: ignore[no-untyped-def]
    back = load(write(t, WriteOptions())).tournament
    assert back == t
    for a, b in zip(back.players, t.players, strict=True):
        assert dict(a.extras) == dict(b.extras)
    assert dict(back.extras) == dict(t.extras)


@pytest.mark.parametrize("name", ["spring_open.csv", "minimal.csv", "minimal_semicolon_bom.csv"])
def test_csv_model_csv_loses_nothing(name: str) -> None:
    first = write(load((FIX / name).read_bytes()).tournament, WriteOptions())
    again = write(load(first).tournament, WriteOptions())
    assert again == first
    assert b"\r\n" in first and b"\n" not in first.replace(b"\r\n", b"")


def test_minimal_fixture_written_back_byte_for_byte_with_lf() -> None:
    data = (FIX / "minimal.csv").read_bytes()
    assert write(load(data).tournament, WriteOptions(newline="\n")) == data


def test_bom_and_encoding_options() -> None:
    t = byes_and_forfeits()
    out = write(t, WriteOptions(encoding="utf-8-sig"))
    assert out.startswith(b"\xef\xbb\xbf")
    assert load(out).tournament == t


def test_declared_lossy_fields_are_really_lost_and_nothing_else() -> None:
    base = byes_and_forfeits()
    forfeit_colour = dataclasses.replace(
        base,
        players=(dataclasses.replace(base.players[0], results=(
            r(OC.WIN, 4, Color.WHITE), r(OC.DRAW, 2, Color.BLACK),
            r(OC.FORFEIT_WIN, 3, Color.WHITE), r(OC.HALF_BYE))), *base.players[1:]),
    )
    back = load(write(forfeit_colour, WriteOptions())).tournament
    assert back.player(1).results[2] == r(OC.FORFEIT_WIN, 3)
    odd = dataclasses.replace(base, point_system=PointSystem(win=Fraction(3), draw=Fraction(1)),
                              teams=(Team("A", (1, 2)),))
    back = load(write(odd, WriteOptions())).tournament
    assert back.point_system == odd.point_system and back.teams == ()  # "# Point system:"
    assert dataclasses.replace(back, teams=odd.teams) == odd


# --- diagnostics and errors -----------------------------------------------------------------

HEADER = b"Pair,Name,Rd 1,Rd 2,Total\n"


def test_total_mismatch_is_a_diagnostic_with_line_and_column() -> None:
    data = HEADER + b'1,"A, B",W2W,H,1.0\n2,"C, D",L1B,H,0.5\n'
    res = load(data)
    assert [str(d) for d in res.diagnostics] == [
        "t.csv:2:16: warning: player 1: points column says 1.0 but the results give 1.5"
    ]
    with pytest.raises(FormatError, match=r"^t\.csv:2:16: player 1: points column says 1\.0"):
        load(data, strict=True)


def test_asymmetric_games_are_diagnostics_and_an_unknown_opponent_an_error() -> None:
    got = [str(d) for d in load(HEADER + b"1,A,W2W,\n2,B,W1W,\n").diagnostics]
    assert got == [
        "t.csv:2:5: warning: round 1: players 1 and 2 both have colour 'w'",
        "t.csv:2:5: warning: round 1: results do not mirror: 1 has win, 2 has win",
    ]
    with pytest.raises(FormatError) as info:
        load(HEADER + b"1,A,W2W,W3\n2,B,L1B,\n")
    assert str(info.value) == ("t.csv:2:9: round 2: opponent 3 does not exist (no row has that "
                               "start number)")


def test_a_warning_points_at_the_round_column_even_when_the_header_lists_rounds_out_of_order(
) -> None:
    data = b"Pair,Name,Rd 2,Rd 1\n1,A,,W2\n2,B,,W1\n"
    got = [str(d) for d in load(data).diagnostics]
    assert got == [
        "t.csv:2:6: warning: round 1: results do not mirror: 1 has win, 2 has win",
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (HEADER + b"1,A,W2W,Q7,1\n",
         "t.csv:2:9: bad round cell 'Q7' in column 'Rd 2' (expected W12, L5B, D3, X, F, Z, B, "
         "H, U, -, N4, R4, S4 or an empty cell)"),
        (HEADER + b"x,A,,,\n", "t.csv:2:1: bad pair number 'x' (expected a whole number)"),
        (HEADER + b"1,A,,,\n1,B,,,\n", "t.csv:3:1: pair number 1 appears twice"),
        (HEADER + b"1,A,,,2.x\n", "t.csv:2:7: bad Total '2.x' (expected points such as 2.5)"),
        (HEADER + b"1,A,,,,9\n",
         "t.csv:2:8: row has 6 fields but the header has 5 (quote values that contain ',')"),
        (b"Name,Rd 1\nA,W2\n",
         "t.csv:1:1: no 'Pair' column in the header (expected one of Pair, No., #, Plr, Plr#)"),
        (b"Pair,Rd 1\n1,W2\n",
         "t.csv:1:1: no 'Name' column in the header (expected one of Name)"),
        (b"Pair,Name,Rd 1,Rd 3\n", "t.csv:1:1: round columns skip round 2 (expected Rd 1 … Rd 2)"),
        (b"Pair,Name,Rd 1,R1\n", "t.csv:1:16: two columns for round 1 ('R1')"),
        (b'Pair,Name\n1,"Alpha\n', "t.csv:2:3: unterminated quoted field "
         "(a '\"' opens it but none closes it)"),
        (b"# Rounds: five\nPair,Name\n", "t.csv:1:11: bad Rounds value 'five' "
         "(expected a whole number)"),
        (b"# Outcomes: 1/1=pairing-bye\nPair,Name,Rd 1\n1,A,H\n",
         "t.csv:1:13: Outcomes entry '1/1=pairing-bye' does not fit the cell 'H' of pair 1, "
         "round 1"),
        (b"# Outcomes: 1/1=nonsense\nPair,Name,Rd 1\n1,A,B\n",
         "t.csv:1:13: bad Outcomes entry '1/1=nonsense' (expected PAIR/ROUND=OUTCOME, "
         "e.g. 3/2=pairing-bye)"),
        (b"Pair,Name,Rating\n1,A,12x\n",
         "t.csv:2:5: bad rating '12x' (expected a number, '1500/12', or blank/'unr' for "
         "unrated)"),
        (b"# only comments\n", "t.csv:2:1: no header row (expected e.g. "
         "'Pair,Name,Rating,Rd 1,Rd 2,Total')"),
    ],
)
def test_bad_csv_errors_are_exact(data: bytes, message: str) -> None:
    with pytest.raises(FormatError) as err:
        load(data)
    assert str(err.value) == message


def test_cells_with_spaces_and_lower_case_are_accepted() -> None:
    t = load(b"Plr#,Name,Rnd 1,Rnd 2\n1,A,w  2 b,x 2\n2,B,l 1 w,f\n").tournament
    assert cells(t.player(1)) == [("WIN", 2, "b"), ("FORFEIT_WIN", 2, "-")]
    assert cells(t.player(2)) == [("LOSS", 1, "w"), ("FORFEIT_LOSS", None, "-")]


@given(st.binary(max_size=300))
def test_arbitrary_bytes_raise_only_format_error(data: bytes) -> None:
    with contextlib.suppress(FormatError):
        load(data)


@given(st.lists(st.sampled_from(["Pair", "Name", "Rd 1", "Rd 2", "Total", "#", "W2", "X", ",",
                                 "\n", '"', "1", "2", "H", "; ", "\t", "# Outcomes: 1/1=x"]),
                max_size=40))
def test_csv_shaped_noise_raises_only_format_error(parts: list[str]) -> None:
    with contextlib.suppress(FormatError):
        load("".join(parts).encode())


def test_dates_keep_text_and_value() -> None:
    for d in (DateText("May 29, 2020", dt.date(2020, 5, 29)), DateText("1 Jan 2026"),
              DateText("2020/01/01", dt.date(2020, 1, 1)), DateText("", dt.date(2020, 1, 2))):
        t = Tournament(start_date=d, end_date=d)
        assert load(write(t, WriteOptions())).tournament == t
    out = write(Tournament(start_date=DateText("May 29, 2020", dt.date(2020, 5, 29))),
                WriteOptions(newline="\n"))
    assert out == b"# Start date: May 29, 2020\n# Start date value: 2020-05-29\nPair,Name\n"
    with pytest.raises(FormatError) as err:
        load(b"# End date value: 2020-02-30\nPair,Name\n")
    assert str(err.value) == "t.csv:1:19: bad End date value '2020-02-30' (expected YYYY-MM-DD)"


def test_other_formats_extras_travel_as_columns_and_metadata() -> None:
    t = Tournament(players=(Player(1, "A", extras={"trf:XXA": "a, b", "uscf:state": "MA"}),),
                   extras={"trf:XXR": "9", "uscf:chief_td_id": "123"})
    out = write(t, WriteOptions(newline="\n"))
    assert out == (b"# trf:XXR: 9\n# uscf:chief_td_id: 123\n"
                   b'Pair,Name,State,trf:XXA\n1,A,MA,"a, b"\n')
    assert load(out).tournament == t


def test_forfeit_cells_that_name_each_other_keep_their_outcomes() -> None:
    both_lost = Tournament(players=(
        Player(1, "A", (r(OC.FORFEIT_LOSS, 2),)), Player(2, "B", (r(OC.FORFEIT_LOSS, 1),)),
        Player(3, "C", (r(OC.DOUBLE_FORFEIT, 4),)), Player(4, "D", (r(OC.FORFEIT_WIN, 3),)),
        Player(5, "E", (r(OC.DOUBLE_FORFEIT, 6),)), Player(6, "F", (r(OC.DOUBLE_FORFEIT, 5),)),
    ))
    out = write(both_lost, WriteOptions(newline="\n"))
    assert out.startswith(b"# Outcomes: 1/1=forfeit-loss 2/1=forfeit-loss 3/1=double-forfeit\n")
    assert load(out).tournament == both_lost
