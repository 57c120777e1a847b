"""SwissSys 11 saves as real events write them (issue 28 items 1-3): forfeits whose colour is
``*``, a result string that cannot be read, an Overview without sections, results against
players of another section, and the event's dates and time controls."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from swisstb_io import api
from swisstb_io.batch.summary import summarise
from swisstb_io.errors import FormatError
from swisstb_io.model import DateText, Outcome, Player, RoundResult, Tournament
from swisstb_io.registry import ReadOptions
from swisstb_io.reports import build
from swisstb_io.sjson import read
from swisstb_io.sjson.writer import dump_sections
from swisstb_io.submit import prepare_uscf
from swisstb_io.tiebreaks import standings

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "sjson"
FORFEITS = FIX / "swisssys_116x_forfeits.sjson"


def load(data: bytes, section: str | None = None, strict: bool = False):  # type: ignore[no-untyped-def]
    return read(data, "e.sjson", ReadOptions(section=section, strict=strict))


def cells(p: Player) -> list[tuple[str, int | None, str]]:
    return [(x.outcome.name, x.opponent, x.color.value) for x in p.results]


def one_player(results: list[object]) -> bytes:
    doc = {"Sections": [{"Section name": "Open", "Players": [
        {"Pair number": 1, "Results": results}, {"Pair number": 2, "Results": ["-;1;B"]}]}]}
    return json.dumps(doc, indent=1).encode()


# --- item 1: the colour '*', and a cell that cannot be read ----------------------------------

def test_a_forfeit_whose_colour_is_a_star_is_a_forfeit_without_colour() -> None:
    by = load(FORFEITS.read_bytes()).tournament.by_start_no()
    assert cells(by[1])[1] == ("FORFEIT_WIN", 4, "-")
    assert cells(by[4])[1] == ("FORFEIT_LOSS", 1, "-")


def test_a_cell_that_cannot_be_read_costs_that_cell_a_located_warning() -> None:
    res = load(one_player(["Q;2;W", 3]))
    assert [str(d) for d in res.diagnostics] == [
        "e.sjson:9:7: warning: round 1: player 1: cannot read the result 'Q;2;W' (expected "
        '"RESULT;OPPONENT;COLOUR;…" with RESULT one of + = - W D L X F Z Bye B H U ~, OPPONENT '
        'a pair number or 0 or -1 for none, COLOUR W, B, - or *, e.g. "+;2;W;1;2;2;0"); the '
        "round is read as not paired",
        'e.sjson:10:7: warning: round 2: player 1: expected a result string such as '
        '"+;2;W;1;2;2;0", got 3; the round is read as not paired',
        "e.sjson:16:7: warning: round 1: player 2 plays 1, but 1's round 1 has no opponent",
    ]
    assert [d.code for d in res.diagnostics][:2] == ["sjson-unreadable-result"] * 2
    assert res.tournament.player(1).results == ()
    with pytest.raises(FormatError, match=r"e\.sjson:9:7: round 1: player 1: cannot read"):
        load(one_player(["Q;2;W"]), strict=True)


def test_a_huge_opponent_number_is_a_warning_that_shows_it_cut_short() -> None:
    res = load(one_player(["+;" + "9" * 100 + ";W", "+;2;W"]))
    assert str(res.diagnostics[0]).startswith(
        "e.sjson:9:7: warning: round 1: player 1: cannot read the result '+;" + "9" * 35
        + "…' (expected")


def test_a_played_result_without_opponent_is_read_with_the_shared_warning() -> None:
    res = load(one_player(["+;0;W", "+;2;W"]))
    assert res.tournament.player(1).results[0] == RoundResult(Outcome.WIN, None,
                                                              res.tournament.player(1)
                                                              .results[0].color)
    assert "round 1: player 1 has win without an opponent" in str(res.diagnostics[0])


def test_a_never_filled_slot_is_not_paired() -> None:
    res = load(one_player(["\x00;0;-;0;0;0;0", "+;2;W"]))
    assert res.tournament.player(1).results[0].outcome is Outcome.NOT_PAIRED
    assert all(d.code != "sjson-unreadable-result" for d in res.diagnostics)


# --- item 2: an Overview without sections; results against another section -------------------

@pytest.mark.parametrize("doc", [
    {"Overview": {"Program": "SwissSys", "Tournament title": "Spring Open",
                  "Starting date": "2026-04-04"}},
    {"Overview": {"Program": "SwissSys", "Tournament title": "Spring Open",
                  "Starting date": "2026-04-04"}, "Sections": []},
], ids=["no-sections-key", "empty-sections"])
def test_an_overview_without_sections_is_an_event_without_players(doc: dict[str, object]) -> None:
    data = json.dumps(doc).encode()
    res = load(data)
    t = res.tournament
    assert (t.name, t.players, res.sections, res.all_sections) == ("Spring Open", (), (), ())
    assert t.start_date == DateText("2026-04-04", dt.date(2026, 4, 4))
    assert json.loads(dump_sections([t])) == {**doc, "Overview": {
        "Program": "SwissSys", "Tournament title": "Spring Open", "Starting date": "2026-04-04"}}
    with pytest.raises(FormatError, match="no section '1': the file has no sections yet"):
        load(data, "1")


def test_results_against_another_sections_players_count_with_a_warning() -> None:
    res = load(FORFEITS.read_bytes())
    assert [(str(d.location), d.code) for d in res.diagnostics] == [
        ("e.sjson:54:23", "sjson-opponent-in-other-section"),
        ("e.sjson:86:23", "sjson-opponent-in-other-section")]
    assert str(res.diagnostics[0]) == (
        "e.sjson:54:23: warning: round 1: player 5's opponent 3 is Rossi, Hal of section "
        "'U1600', whose round 1 names player 5 of 'Open'; SwissSys numbers each section's "
        "players from 1: the result counts in the score; the tie-breaks (and 34E's "
        "actual-play rule) see a round without an opponent")
    open_, u1600 = res.every_section()
    assert cells(open_.player(5))[0] == ("WIN", None, "w")
    assert cells(u1600.player(3))[0] == ("LOSS", None, "b")
    assert open_.player(5).points() == 1.5 and u1600.player(3).points() == 0.5
    assert cells(open_.player(3))[0] == ("LOSS", 1, "b")  # Open's own 3 played 1
    again = load(dump_sections(res.every_section()))
    assert [d.code for d in again.diagnostics] == ["sjson-opponent-in-other-section"] * 2
    assert json.loads(dump_sections(res.every_section()))["Sections"][0]["Players"][4][
        "Results"][0] == "+;3;W;3;3;3;0"
    assert again.every_section() == res.every_section()


def test_a_strict_read_refuses_a_result_against_another_section() -> None:
    with pytest.raises(FormatError, match=r"e\.sjson:54:23: round 1: player 5's opponent 3"):
        load(FORFEITS.read_bytes(), strict=True)


# --- item 3: dates and time controls ----------------------------------------------------------

def test_dates_and_time_controls_are_read_and_written_back() -> None:
    open_, u1600 = load(FORFEITS.read_bytes()).every_section()
    for t in (open_, u1600):
        assert t.start_date == DateText("2025-03-05", dt.date(2025, 3, 5))
        assert t.end_date == DateText("2025-03-26", dt.date(2025, 3, 26))
        assert t.time_control == "G/90; d5"  # U1600 has none of its own: the Overview's
    assert "sjson:overview:Starting date" not in open_.extras
    doc = json.loads(dump_sections([open_, u1600]))
    assert (doc["Overview"]["Starting date"], doc["Overview"]["Ending date"]) == (
        "2025-03-05", "2025-03-26")
    assert doc["Sections"][0]["Section time control"] == "G/90; d5"
    assert "Section time control" not in doc["Sections"][1]


def test_dates_and_time_control_of_another_format_are_written() -> None:
    t = Tournament(name="Club", time_control="40/120",
                   start_date=DateText("2025/09/06", dt.date(2025, 9, 6)),
                   end_date=DateText("7 Sept 2025"),
                   players=(Player(1, "A"),))
    doc = json.loads(dump_sections([t]))
    assert (doc["Overview"]["Starting date"], doc["Overview"]["Ending date"]) == (
        "2025-09-06", "7 Sept 2025")
    assert doc["Sections"][0]["Section time control"] == "40/120"
    back = load(dump_sections([t])).tournament
    assert (back.start_date, back.end_date, back.time_control) == (
        DateText("2025-09-06", dt.date(2025, 9, 6)), DateText("7 Sept 2025"), "40/120")


def test_the_start_date_chooses_the_fide_rules_and_the_season_date() -> None:
    doc = json.loads(FORFEITS.read_bytes())
    doc["Overview"]["Starting date"] = "2026-03-07"
    t = load(json.dumps(doc).encode()).tournament
    result = standings(t, "BH")
    assert result.context.decisions["fide_rules"] == "2026"
    assert summarise(t, build(result))["date"] == "2026-03-07"


def test_submit_uscf_does_not_ask_for_the_dates_or_time_control_the_file_holds() -> None:
    sections = api.load(FORFEITS).every_section()
    asked = {(p.subject.split(" (")[0], p.what) for p in prepare_uscf(sections).problems}
    assert not asked & {("event", "begin date"), ("event", "end date"),
                        ("section 1", "time control"), ("section 2", "time control")}
    assert ("event", "city") in asked  # the file has no city: still asked for
    games = [str(p) for p in prepare_uscf(sections).problems if p.what == "round 1"]
    assert games == [
        "section 1 (Open), player 5 (Moreno, Eli): round 1: a win without an opponent in the "
        "section: the report names the opponent of every game",
        "section 2 (U1600), player 3 (Rossi, Hal): round 1: a loss without an opponent in the "
        "section: the report names the opponent of every game"]
