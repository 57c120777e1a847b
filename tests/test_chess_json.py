"""Chess-JSON: TieBreakServer's shape, round trips up to the declared losses, exact errors."""

from __future__ import annotations

import contextlib
import json
import random
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from gallery import GALLERY, random_event
from hypothesis import given, settings
from hypothesis import strategies as st
from lossy import differences

from swisstb_io import api
from swisstb_io.chess_json import FORMAT, LOSSY, read_chess_json, write_chess_json
from swisstb_io.chess_json._writer import to_json
from swisstb_io.errors import FormatError, WriteError
from swisstb_io.model import (
    Color,
    DateText,
    Outcome,
    Player,
    PointSystem,
    RoundResult,
    Team,
    Tournament,
)
from swisstb_io.registry import ReadOptions, WriteOptions, detect

ROOT = Path(__file__).resolve().parent.parent
JCH_DIR = ROOT / "fixtures" / "chess-json"
W, B, N = Color.WHITE, Color.BLACK, Color.NONE


def _read(data: bytes, section: str | None = None, strict: bool = False) -> Tournament:
    return read_chess_json(data, "t.jch", ReadOptions(strict=strict, section=section)).tournament


def _round_trip(t: Tournament) -> Tournament:
    return _read(write_chess_json(t, WriteOptions()))


def _games(t: Tournament) -> list[Any]:
    tour = to_json(t)["event"]["tournaments"][0]  # type: ignore[index]
    return list(tour["gameList"])


@pytest.mark.parametrize("name", list(GALLERY))
def test_gallery_round_trips_up_to_the_declared_losses(name: str) -> None:
    assert differences(GALLERY[name], _round_trip(GALLERY[name]), LOSSY) == []


@pytest.mark.parametrize("name", list(GALLERY))
def test_played_games_keep_outcome_opponent_and_colour(name: str) -> None:
    back = _round_trip(GALLERY[name])
    for before, after in zip(GALLERY[name].players, back.players, strict=True):
        assert len(after.results) == len(before.results)
        for was, now in zip(before.results, after.results, strict=True):
            assert (now.outcome, now.opponent) == (was.outcome, was.opponent)
            if was.outcome.played:
                assert now.color == was.color


def test_what_is_declared_lossy_really_is_lost() -> None:
    t = GALLERY["three-one-zero"]
    back = _round_trip(t)
    assert back.standings_order == () and t.standings_order
    assert back.start_date == DateText("2025-07-14", t.start_date.value if t.start_date else None)
    assert differences(t, back, ()) != []
    assert differences(t, back, LOSSY) == []


def test_the_rows_follow_tiebreakserver_conventions() -> None:
    rows = _games(GALLERY["small-swiss"])
    assert rows[0] == {
        "round": 1, "white": {"cid": 1}, "black": {"cid": 3},
        "wResult": "W", "bResult": "L", "played": True, "rated": True,
    }  # fmt: skip
    byes = {(r["round"], r["white"]["cid"]): r for r in rows if r["black"] is None}
    assert byes[(2, 3)] == {
        "round": 2, "white": {"cid": 3}, "black": None,
        "wResult": "P", "played": True, "rated": False,
    }  # fmt: skip
    assert byes[(2, 4)]["wResult"] == "Z" and byes[(2, 4)]["played"] is False
    assert byes[(3, 2)]["wResult"] == "H"
    forfeit = next(r for r in rows if r["round"] == 3 and r["black"] == {"cid": 4})
    assert (forfeit["wResult"], forfeit["bResult"], forfeit["played"]) == ("W", "L", False)
    double = [r for r in _games(GALLERY["forfeits"]) if r.get("wResult") == r.get("bResult") == "Z"]
    assert [(r["round"], r["white"], r["black"]) for r in double] == [
        (1, {"cid": 3}, {"cid": 6}),
        (3, {"cid": 6}, {"cid": 2}),
    ]


def test_the_document_has_what_tiebreakserver_requires() -> None:
    doc = to_json(GALLERY["teams"])
    assert (doc["filetype"], doc["version"]) == ("Event", "1.0")
    event: Any = doc["event"]
    for profile in event["profiles"]:
        assert {"id", "lastName", "firstName", "sex", "federation"} <= set(profile)
    tour = event["tournaments"][0]
    assert tour["teamTournament"] is False and tour["numRounds"] == 2
    assert tour["rankOrder"] == ["PTS"]
    assert tour["scoreSystem"]["game"]["W"] == Decimal("1.0")
    assert event["teams"][0] == {"id": 1, "teamName": "Rooks United", "players": [1, 3, 5]}
    text = write_chess_json(GALLERY["teams"], WriteOptions()).decode("utf-8")
    assert json.loads(text)["event"]["eventName"] == "Gallery Club Match Swiss"
    assert '"gamePoints": 1.5' in text


def test_golden_file_for_the_small_swiss(update_golden: bool) -> None:
    golden = JCH_DIR / "gallery_small_swiss.jch"
    data = write_chess_json(GALLERY["small-swiss"], WriteOptions())
    if update_golden:
        golden.write_bytes(data)
    assert data == golden.read_bytes()


def test_minimal_fixture_in_tiebreakserver_shape() -> None:
    t = _read((JCH_DIR / "minimal.jch").read_bytes())
    assert (t.name, t.section, t.city, t.federation) == (
        "Minimal Chess-JSON Open",
        "Open A",
        "Trondheim",
        "NOR",
    )
    assert (t.chief_arbiter, t.pairing_system, t.total_rounds) == (
        "Arbiter, Ada",
        "FIDE_DUTCH_2025",
        3,
    )
    assert t.tiebreaks == ("BH/C1", "BH", "SB") and t.round_dates == ("2025-03-01",)
    assert t.time_control == "90 minutes + 30 seconds"
    alpha, beta, gamma, delta = t.players
    assert (alpha.fide_rating, alpha.fide_id, alpha.title, alpha.birth) == (
        2501,
        "12345678",
        "GM",
        "1990-01-31",
    )
    assert (beta.name, beta.fide_id, beta.fide_rating) == ("Beta, Berit", "", None)
    assert alpha.results == (
        RoundResult(Outcome.WIN, 3, W),
        RoundResult(Outcome.DRAW, 2, B),
        RoundResult(Outcome.FORFEIT_WIN, 4, W),
    )
    assert beta.results == (
        RoundResult(Outcome.WIN_UNRATED, 4, B),
        RoundResult(Outcome.DRAW, 1, W),  # bResult only: white's result is implied
        RoundResult(Outcome.HALF_BYE),
    )
    assert [r.outcome for r in gamma.results] == [
        Outcome.LOSS,
        Outcome.PAIRING_BYE,
        Outcome.ZERO_BYE,
    ]
    assert delta.results[2] == RoundResult(Outcome.FORFEIT_LOSS, 1, B)
    assert [p.declared_points for p in t.players] == [Fraction(5, 2), 2, 1, 0]
    assert [p.points(t.point_system) for p in t.players] == [Fraction(5, 2), 2, 1, 0]


def test_older_shape_plain_numbers_score_lists_and_sections() -> None:
    data = (JCH_DIR / "legacy_ints.json").read_bytes()
    result = read_chess_json(data, "legacy.json", ReadOptions(section="Open"))
    assert result.sections == ("Reserve", "Open")
    t = result.tournament
    assert t.point_system.win == 3 and t.point_system.draw == 1
    assert t.tiebreaks == ("BH",)
    assert t.start_date == DateText("03/05/2024")
    ng, olsen, park = t.players
    assert (ng.fide_rating, ng.rating("USCF")) == (2100, 2180)
    assert (olsen.name, olsen.fide_rating, olsen.rating("USCF"), olsen.team) == (
        "Olsen",
        None,
        1500,
        "Knights",
    )
    assert ng.results == (RoundResult(Outcome.WIN, 2, W), RoundResult(Outcome.DRAW, 3, B))
    assert olsen.results == (RoundResult(Outcome.LOSS, 1, B), RoundResult(Outcome.NOT_PAIRED))
    assert park.results[0] == RoundResult(Outcome.FULL_BYE)  # plain 0: nobody
    assert t.teams == (Team("Knights", (2, 3)),)
    first = read_chess_json(data, "legacy.json", ReadOptions()).tournament
    assert (first.section, first.players, first.teams) == ("Reserve", (), ())
    by_number = read_chess_json(data, "legacy.json", ReadOptions(section="2")).tournament
    assert by_number.section == "Open"
    with pytest.raises(FormatError) as info:
        read_chess_json(data, "legacy.json", ReadOptions(section="Blitz"))
    assert str(info.value) == "legacy.json:19:20: event.tournaments: no tournament named 'Blitz'"


def test_forfeits_without_partner_and_not_paired_rounds_survive() -> None:
    t = Tournament(
        players=(
            Player(1, "A", (RoundResult(Outcome.FORFEIT_WIN), RoundResult(Outcome.NOT_PAIRED))),
            Player(2, "B", (RoundResult(Outcome.DOUBLE_FORFEIT), RoundResult(Outcome.ZERO_BYE))),
            Player(3, "C", (RoundResult(Outcome.FORFEIT_DRAW, 4, W),)),
            Player(4, "D", (RoundResult(Outcome.FORFEIT_DRAW, 3, B),)),
        ),
        total_rounds=2,
    )
    assert _round_trip(t) == t


def test_inconsistent_sides_are_kept_side_by_side() -> None:
    t = Tournament(
        players=(
            Player(1, "A", (RoundResult(Outcome.WIN, 2, W), RoundResult(Outcome.WIN, 2, B))),
            Player(
                2, "B", (RoundResult(Outcome.WIN, 1, B), RoundResult(Outcome.LOSS_UNRATED, 1, W))
            ),
        ),
        total_rounds=2,
    )
    assert _round_trip(t) == t
    merged = Tournament(
        players=(
            Player(1, "A", (RoundResult(Outcome.INCONSISTENT_WIN, 2, W),)),
            Player(2, "B", (RoundResult(Outcome.INCONSISTENT_WIN, 1, B),)),
        )
    )
    assert [p.results[0].outcome for p in _round_trip(merged).players] == [Outcome.WIN] * 2


def test_an_opponent_who_is_not_listed_is_an_error() -> None:
    t = Tournament(players=(Player(1, "A", (RoundResult(Outcome.WIN, 7, W),)),), total_rounds=1)
    with pytest.raises(FormatError) as info:
        read_chess_json(write_chess_json(t, WriteOptions()), "t.jch", ReadOptions())
    assert str(info.value) == ("t.jch:30:54: event.tournaments[0].gameList[0].black: "
                               "competitor 7 is not in competitors")


def test_points_without_a_decimal_form_cannot_be_written() -> None:
    t = Tournament(point_system=PointSystem(draw=Fraction(1, 3)), players=(Player(1, "A"),))
    with pytest.raises(WriteError) as info:
        write_chess_json(t, WriteOptions())
    assert (
        str(info.value)
        == "point system: draw 1/3 has no exact decimal form, which Chess-JSON needs"
    )


def test_a_team_member_who_is_no_player_cannot_be_written() -> None:
    t = Tournament(players=(Player(1, "A"),), teams=(Team("T", (1, 9)),))
    with pytest.raises(WriteError) as info:
        write_chess_json(t, WriteOptions())
    assert str(info.value) == "team 'T' lists start number 9, which no player has"


def _doc(rows: list[dict[str, Any]]) -> bytes:
    return json.dumps(
        {
            "filetype": "Event",
            "event": {
                "profiles": [{"id": 1, "lastName": "A"}, {"id": 2, "lastName": "B"}],
                "tournaments": [
                    {
                        "competitors": [{"cid": 1, "profileId": 1}, {"cid": 2, "profileId": 2}],
                        "gameList": rows,
                    }
                ],
            },
        }
    ).encode()


def test_unknown_result_is_a_warning_or_under_strict_an_error() -> None:
    data = _doc([{"round": 1, "white": {"cid": 1}, "black": {"cid": 2}, "wResult": "A"}])
    result = read_chess_json(data, "t.jch", ReadOptions())
    assert result.tournament.players[0].results == (RoundResult(Outcome.NOT_PAIRED, 2, W),)
    assert [d.message for d in result.diagnostics] == [
        "event.tournaments[0].gameList[0].wResult: result 'A' (not known yet) read as not paired"
    ]
    with pytest.raises(FormatError, match="result 'A' \\(not known yet\\)"):
        read_chess_json(data, "t.jch", ReadOptions(strict=True))


def test_zero_in_a_played_game_is_refused() -> None:
    data = _doc([{"round": 1, "white": 1, "black": 2, "wResult": "Z", "played": True}])
    with pytest.raises(FormatError) as info:
        _read(data)
    assert str(info.value) == (
        "t.jch:1:254: event.tournaments[0].gameList[0].wResult: 'Z' (zero points) in a played "
        "game; use 'L'"
    )


def test_points_with_a_huge_exponent_are_refused_quickly() -> None:
    data = write_chess_json(GALLERY["small-swiss"], WriteOptions())
    assert data.count(b'"gamePoints": 2.5') == 1
    data = data.replace(b'"gamePoints": 2.5', b'"gamePoints": 1E+999999999')
    with pytest.raises(FormatError) as info:
        _read(data)
    assert str(info.value) == (
        "t.jch:72:79: the number 1E+999999999 has an exponent no tournament value needs")
    data = data.replace(b"1E+999999999", b"1E+99")  # refused by the points check
    with pytest.raises(FormatError) as info:
        _read(data)
    assert str(info.value).endswith(
        "event.tournaments[0].competitors[0].gamePoints: 1E+99 is out of range for points")


BAD = {
    "bad_round.jch": "179:16: event.tournaments[0].gameList[1].round: expected a whole "
    'number, got "two"',
    "latin1.jch": "2:29: byte 0xE9 is not UTF-8; Chess-JSON files are UTF-8",
    "missing_profile.jch": "147:20: event.tournaments[0].competitors[2].profileId: 9 names no "
    "profile in event.profiles",
    "nan_points.jch": "1:91: not valid JSON: NaN is not a JSON number",
    "not_an_object.json": "1:1: the file: expected an object, got [1, 2, 3]",
    "played_bye.jch": "247:18: event.tournaments[0].gameList[6].wResult: a played game ('W') "
    "needs two players; the other is null",
    "points_as_text.jch": "133:21: event.tournaments[0].competitors[0].gamePoints: expected a "
    'number, got "2.5"',
    "score_loop.jch": "120:12: event.tournaments[0].scoreSystem.game.F: 'Q' is neither points "
    "nor a score code that leads to points (W D L Z P F H A U)",
    "second_result.jch": "251:6: event.tournaments[0].gameList[7]: competitor 1 has a second "
    "result in round 1",
    "team_tournament.jch": "96:23: event.tournaments[0].teamTournament: team tournaments are "
    "not supported; this reader takes individual events",
    "truncated.jch": "20:54: not valid JSON: Expecting ',' delimiter",
    "unknown_code.jch": "172:18: event.tournaments[0].gameList[0].wResult: unknown result code "
    "'X'; Chess-JSON uses W D L Z P F H U A",
    "unknown_competitor.jch": "169:16: event.tournaments[0].gameList[0].black: competitor 9 is "
    "not in competitors",
    "wrong_filetype.json": '2:14: filetype: expected "Event", got "Players"; this is not a '
    "Chess-JSON event file",
}


def test_every_bad_fixture_has_a_message() -> None:
    assert sorted(p.name for p in (JCH_DIR / "bad").iterdir()) == sorted(BAD)


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_files_give_exact_messages(name: str) -> None:
    path = f"fixtures/chess-json/bad/{name}"
    with pytest.raises(FormatError) as info:
        read_chess_json((ROOT / path).read_bytes(), path, ReadOptions())
    assert str(info.value) == f"{path}:{BAD[name]}"


def test_registry_detects_by_content(tmp_path: Path) -> None:
    data = write_chess_json(GALLERY["byes"], WriteOptions())
    assert detect(data, "export.json") is FORMAT
    assert detect(data, "export.jch") is FORMAT
    assert FORMAT.sniff is not None
    assert not FORMAT.sniff(b'{"event": {"players": []}}')
    assert not FORMAT.sniff(b"[1, 2]")
    out = tmp_path / "byes.jch"
    api.write(GALLERY["byes"], out, format="jch")
    assert api.load(out).format == "chess-json"


def test_newline_option() -> None:
    data = write_chess_json(GALLERY["small-swiss"], WriteOptions(newline="\r\n"))
    assert data.count(b"\r\n") == data.count(b"\n")
    assert differences(GALLERY["small-swiss"], _read(data), LOSSY) == []


@given(st.binary(max_size=300))
def test_arbitrary_bytes_raise_only_format_error(data: bytes) -> None:
    with contextlib.suppress(FormatError):
        _read(data)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(["W", "D", "L", "Z", "P",
    "F", "H", "U", "A", "x", ""]) | st.decimals(allow_nan=False, allow_infinity=False, places=1),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(
        st.sampled_from(["round", "white", "black", "wResult", "bResult", "played", "rated",
                         "cid", "profileId", "id", "rating", "gameList", "competitors",
                         "profiles", "tournaments", "scoreSystem", "game", "teams", "players",
                         "rankOrder", "name", "list", "fideId", "gamePoints", "event"]),
        inner,
        max_size=5,
    ),
    max_leaves=25,
)  # fmt: skip


def _encode(value: Any) -> bytes:
    return json.dumps(value, default=str).encode()


@settings(max_examples=30)
@given(_JSON)
def test_arbitrary_event_structures_raise_only_format_error(event: Any) -> None:
    with contextlib.suppress(FormatError):
        _read(_encode({"filetype": "Event", "event": event}))


@settings(max_examples=30)
@given(st.lists(st.tuples(st.integers(0, 10_000), _JSON), max_size=3))
def test_damaged_documents_raise_only_format_error(edits: list[tuple[int, Any]]) -> None:
    doc: Any = to_json(GALLERY["forfeits"])
    rows = doc["event"]["tournaments"][0]["gameList"]
    for where, value in edits:
        row = rows[where % len(rows)]
        key = sorted(row)[where % len(row)]
        row[key] = value
    with contextlib.suppress(FormatError):
        _read(_encode(doc))


@settings(max_examples=40)
@given(st.integers(0, 2**32), st.integers(1, 9), st.integers(1, 6))
def test_random_consistent_events_round_trip(seed: int, players: int, rounds: int) -> None:
    t = random_event(random.Random(seed), players, rounds)
    assert differences(t, _round_trip(t), LOSSY) == []


@pytest.mark.parametrize("where, bad", [
    ("chief arbiter", [1]),
    ("chief arbiter", {"id": 1}),
    ("team member", [1]),
    ("team member", {"id": 1}),
])
def test_an_id_that_is_a_list_or_object_is_a_format_error(where: str, bad: Any) -> None:
    doc = json.loads((JCH_DIR / "gallery_small_swiss.jch").read_bytes())
    event = doc["event"]
    if where == "chief arbiter":
        event["eventInfo"]["arbiters"] = {"chiefArbiter": bad}
        field = "event.eventInfo.arbiters.chiefArbiter"
    else:
        event["teams"] = [{"name": "A", "players": [1, bad]}]
        field = "event.teams[0].players[1]"
    with pytest.raises(FormatError) as info:
        api.load(json.dumps(doc).encode(), path="bad.jch")
    assert field in str(info.value) and "names no profile" in str(info.value)


@pytest.mark.parametrize("drop, where, message", [
    (("tournaments", 0, "competitors", 1, "cid"), '{"profileId": 2,',
     "event.tournaments[0].competitors[1].cid: expected a competitor number from 1 to "
     "999,999,999, got null"),
    (("tournaments", 0, "competitors", 0, "profileId"), '{"cid": 1,',
     "event.tournaments[0].competitors[0].profileId: None names no profile in event.profiles"),
    (("profiles", 0, "id"), '{"lastName": "Alpha"',
     "event.profiles[0].id: missing or repeated profile id None"),
])
def test_a_missing_member_is_located_at_the_object_that_lacks_it(
        drop: tuple[str | int, ...], where: str, message: str) -> None:
    """Issue 33 item 14: ``path:line:col`` of the object, as for any other bad value."""
    doc: Any = json.loads((JCH_DIR / "minimal.jch").read_bytes())
    parent = doc["event"]
    for step in drop[:-1]:
        parent = parent[step]
    del parent[drop[-1]]
    text = json.dumps(doc)  # one line: the column is the object's offset
    with pytest.raises(FormatError) as info:
        read_chess_json(text.encode(), "m.jch", ReadOptions())
    assert str(info.value) == f"m.jch:1:{text.index(where) + 1}: {message}"
