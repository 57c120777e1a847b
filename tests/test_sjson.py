"""SwissSys 11 ``.sjson`` reader: synthetic fixtures, sections, exact errors, arbitrary bytes."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lossy import differences
from us_gallery import byes_and_forfeits, gallery, inconsistent_results

from swisstb_io import api
from swisstb_io.errors import FormatError, WriteError
from swisstb_io.model import Player, Rating, Tournament
from swisstb_io.registry import ReadOptions, WriteOptions, detect
from swisstb_io.sjson import LOSSY, dump_sections, read, write

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "sjson"


def load(data: bytes, section: str | None = None, path: str = "e.sjson"):  # type: ignore[no-untyped-def]
    return read(data, path, ReadOptions(section=section))


def cells(p: Player) -> list[tuple[str, int | None, str]]:
    return [(x.outcome.name, x.opponent, x.color.value) for x in p.results]


def test_first_section_by_default_with_exact_values() -> None:
    res = api.load(FIX / "club_championship.sjson")
    assert res.format == "sjson" and res.sections == ("Championship", "Reserve")
    assert dict(res.details) == {"program": "SwissSys 11.52"} and res.diagnostics == ()
    t = res.tournament
    assert (t.name, t.section, len(t.players)) == ("Riverside Club Championship",
                                                   "Championship", 5)
    assert t.extras["sjson:section:Rounds played"] == "3"
    assert t.extras["sjson:overview:Version"] == "11.52"
    by = t.by_start_no()
    assert cells(by[1]) == [("WIN", 4, "w"), ("DRAW", 2, "b"), ("FORFEIT_WIN", 3, "-")]
    assert cells(by[2])[2] == ("HALF_BYE", None, "-")
    assert cells(by[3]) == [("PAIRING_BYE", None, "-"), ("LOSS", 4, "b"),
                            ("FORFEIT_LOSS", 1, "-")]
    assert cells(by[4])[2] == ("ZERO_BYE", None, "-")
    assert cells(by[5]) == [("LOSS", 2, "w")]  # withdrew: "-;0;-" rounds are not paired
    assert by[2].name == "Lindqvist, Åsa" and by[2].national_ids == (("USCF", "71000002"),)
    assert by[3].ratings == (Rating("USCF", 1650),)
    assert by[3].extras["sjson:player:Rating"] == "1650/8"
    assert by[4].ratings == () and by[4].national_ids == ()


@pytest.mark.parametrize("section", ["2", "Reserve", "reserve"])
def test_second_section(section: str) -> None:
    t = load((FIX / "club_championship.sjson").read_bytes(), section).tournament
    assert t.section == "Reserve"
    by = t.by_start_no()
    assert cells(by[1])[1] == ("DOUBLE_FORFEIT", 2, "-")
    assert cells(by[2])[1] == ("DOUBLE_FORFEIT", 1, "-")
    assert cells(by[3])[1] == ("DRAW", 4, "w")


def test_forfeit_draw_and_letter_codes() -> None:
    doc = {"Sections": [{"Players": [
        {"Pair number": 1, "Results": ["Z;2;-;0;2;2;0", "W;2;B", "d;2;w"]},
        {"Pair number": 2, "Results": ["Z;1", "L;1;W", "D;1;B"]},
    ]}]}
    t = load(json.dumps(doc).encode()).tournament
    assert cells(t.player(1)) == [("FORFEIT_DRAW", 2, "-"), ("WIN", 2, "b"), ("DRAW", 2, "w")]
    assert cells(t.player(2)) == [("FORFEIT_DRAW", 1, "-"), ("LOSS", 1, "w"), ("DRAW", 1, "b")]


def test_unknown_section() -> None:
    with pytest.raises(FormatError) as err:
        load((FIX / "club_championship.sjson").read_bytes(), "3")
    assert str(err.value) == (
        "e.sjson: no section '3' in this file (sections: 1 'Championship', 2 'Reserve')")


def test_detect_by_extension_and_content() -> None:
    data = (FIX / "club_championship.sjson").read_bytes()
    assert detect(data, "x.sjson").name == "sjson"
    assert detect(data, "x.json").name == "sjson"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"Sections": [\n  {"Players": [}\n]}', "e.sjson:2:16: not valid JSON: Expecting value"),
        ('[]', 'e.sjson: top level: expected an object with an "Overview" and a "Sections" '
               "list (a SwissSys .sjson save file)"),
        ('{"Overview": {}, "Sections": 3}', 'e.sjson:1:30: Sections: expected an object with '
                                            'an "Overview" and a "Sections" list (a SwissSys '
                                            ".sjson save file)"),
        ('{"Sections": [{"Players": [{"Pair number": "x", "Results": []}]}]}',
         'e.sjson:1:44: Sections[0].Players[0]: bad "Pair number" \'x\' (expected 1, 2, …)'),
        ('{"Sections": [{"Players": [{"Pair number": 1}, {"Pair number": 1}]}]}',
         "e.sjson:1:48: Sections[0].Players[1]: pair number 1 appears twice"),
        ('{"Sections": [{"Players": {}}]}', "e.sjson:1:27: Sections[0].Players: expected a list of "
                                            "players"),
        ('{"Sections": [7]}', "e.sjson:1:15: Sections[0]: expected an object"),
    ],
)
def test_bad_files_give_exact_messages(text: str, message: str) -> None:
    with pytest.raises(FormatError) as err:
        load(text.encode())
    assert str(err.value) == message


def test_an_opponent_in_no_section_is_an_error_at_its_result() -> None:
    doc = {"Sections": [{"Section name": "Open",
                         "Players": [{"Pair number": 1, "Results": ["+;9;W;1;9;9;0"]}]}]}
    with pytest.raises(FormatError) as err:
        load(json.dumps(doc).encode())
    assert str(err.value) == ("e.sjson:1:83: round 1: opponent 9 does not exist (no player has "
                              "that start number)")


def test_inconsistent_games_are_diagnostics_at_their_result() -> None:
    doc = {"Sections": [{"Players": [{"Pair number": 1, "Results": ["+;2;W;1;2;2;0"]},
                                     {"Pair number": 2, "Results": ["+;1;W;1;1;1;0"]}]}]}
    res = load(json.dumps(doc, indent=1).encode())
    assert [str(d) for d in res.diagnostics] == [
        "e.sjson:8:7: warning: round 1: players 1 and 2 both have colour 'w'",
        "e.sjson:8:7: warning: round 1: results do not mirror: 1 has win, 2 has win",
    ]


def test_bom_and_windows_1252_are_read() -> None:
    doc = (
        '{"Sections": [{"Section name": "Open", '
        '"Players": [{"Pair number": 1, "Name": "Müller"}]}]}'
    )
    for data, enc in ((b"\xef\xbb\xbf" + doc.encode(), "utf-8"), (doc.encode("cp1252"), "cp1252")):
        res = load(data)
        assert res.encoding == enc and res.tournament.players[0].name == "Müller"


@given(st.binary(max_size=300))
def test_arbitrary_bytes_raise_only_format_error(data: bytes) -> None:
    with contextlib.suppress(FormatError):
        load(data)


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(
        ["", "+;2;W", "Bye;0;-", "-;0;-", "F;1", "x", "1650/8", "Open"]),
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(
        st.sampled_from(["Sections", "Players", "Pair number", "Name", "Results", "Rating", "ID",
                         "Section name", "Overview", "Team", "State"]), kids, max_size=4),
    max_leaves=12,
)


@given(_json)
def test_json_shaped_noise_raises_only_format_error(doc: object) -> None:
    with contextlib.suppress(FormatError):
        load(json.dumps({"Sections": [doc]} if not isinstance(doc, dict) else doc).encode())


# --- the writer -----------------------------------------------------------------------------


def test_fixture_sections_written_and_read_back_unchanged() -> None:
    data = (FIX / "club_championship.sjson").read_bytes()
    first, second = load(data).tournament, load(data, "2").tournament
    out = dump_sections([first, second])
    assert load(out).sections == ("Championship", "Reserve")
    assert load(out).tournament == first and load(out, "Reserve").tournament == second
    assert json.loads(out)["Sections"][0]["Players"][2]["Results"] == [
        "Bye;0;-;0;0;0;0", "-;4;B;0;4;4;0", "F;1;-;0;1;1;0"]
    assert json.loads(out)["Sections"][0]["Players"][2]["Rating"] == "1650/8"


@pytest.mark.parametrize("t", gallery(), ids=lambda t: t.name)
def test_gallery_round_trip_loses_only_what_is_declared(t: Tournament) -> None:
    back = load(write(t, WriteOptions())).tournament
    assert differences(t, back, LOSSY) == []
    assert (back.name, back.section) == (t.name, t.section)


def test_exact_round_trip_of_byes_forfeits_and_withdrawals() -> None:
    t = byes_and_forfeits()
    back = load(write(t, WriteOptions())).tournament
    assert [p.results for p in back.players] == [p.results for p in t.players]
    assert [(p.name, p.ratings, p.national_ids, dict(p.extras)) for p in back.players] == [
        (p.name, p.ratings, p.national_ids, dict(p.extras)) for p in t.players]


def test_declared_outcome_collapses_happen() -> None:
    t = inconsistent_results()
    back = load(write(t, WriteOptions())).tournament
    assert cells(back.player(1)) == [("WIN", 2, "w"), ("FORFEIT_DRAW", 3, "-")]
    assert cells(back.player(4)) == [("LOSS", 3, "b"), ("DRAW", 2, "b")]
    with pytest.raises(WriteError, match="at least one section"):
        dump_sections([])


def test_decimal_numbers_are_written_back_as_they_were_never_via_float() -> None:
    original = (FIX / "club_championship.sjson").read_bytes()
    text = original.replace(b'"Version": 11.52,', b'"Version": 11.50,')
    result = api.load(text, format="sjson")
    assert result.tournament.extras["sjson:overview:Version"] == "11.50"
    written = api.dumps(result.tournament, "sjson")
    assert b'"Version": 11.50,' in written
