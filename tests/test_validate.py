"""The shared game-consistency validator: every reader gives the same diagnostics for the
same inconsistent event, ``--strict`` fails on them, and impossible pairings are errors."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io import api
from swisstb_io.cli import cli
from swisstb_io.errors import Diagnostics, FormatError, Location
from swisstb_io.model import Color, Outcome, Player, RoundResult, Tournament
from swisstb_io.validate import check_games, plain_number, record_places

W, B = Color.WHITE, Color.BLACK
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

# 1 and 2 both claim the win; 4 names 2, who plays 1 (so 2 is paired twice, and 3's
# opponent 4 names someone else); 1's points column says 3.
INCONSISTENT = Tournament(
    name="Inconsistent",
    total_rounds=1,
    players=(
        Player(1, "A", (RoundResult(Outcome.WIN, 2, W),), declared_points=Fraction(3)),
        Player(2, "B", (RoundResult(Outcome.WIN, 1, B),)),
        Player(3, "C", (RoundResult(Outcome.LOSS, 4, B),)),
        Player(4, "D", (RoundResult(Outcome.WIN, 2, W),)),
    ),
)
GAMES = [
    ("result-mismatch", "round 1: results do not mirror: 1 has win, 2 has win"),
    ("asymmetric-game", "round 1: player 3 plays 4, but 4's round 1 has opponent 2"),
    ("asymmetric-game", "round 1: player 4 plays 2, but 2's round 1 has opponent 1"),
    ("paired-twice", "round 1: player 2 is paired twice (players 1, 4 name 2 as their "
                     "opponent)"),
]
POINTS = {  # formats with a points column, in their own notation
    "trf": "player 1: points column says 3.0 but the results give 1.0 under the file's "
           "point system",
    "xml": "player 1: points column says 3 but the results give 1",
    "swisssys-csv": "player 1: points column says 3.0 but the results give 1.0",
    "chess-json": "player 1: points column says 3 but the results give 1",
}
READERS = ("trf", "xml", "chess-json", "swisssys-csv", "sjson", "uscf-dbf")


def _without_prefix(code: str) -> str:
    return code.partition("-")[2]


@pytest.mark.parametrize("fmt", READERS)
def test_every_reader_gives_the_same_diagnostics(fmt: str) -> None:
    result = api.load(api.dumps(INCONSISTENT, fmt), format=fmt)
    got = [(_without_prefix(d.code), d.message) for d in result.diagnostics]
    points = [("points-mismatch", POINTS[fmt])] if fmt in POINTS else []
    assert got == GAMES + points
    assert all(d.location.line is not None for d in result.diagnostics)


@pytest.mark.parametrize("fmt", READERS)
def test_strict_fails_on_them_in_every_reader(fmt: str) -> None:
    with pytest.raises(FormatError, match="results do not mirror"):
        api.load(api.dumps(INCONSISTENT, fmt), format=fmt, strict=True)


EXTENSION = {"trf": ".trf", "xml": ".xml", "chess-json": ".jch", "swisssys-csv": ".csv",
             "sjson": ".sjson", "uscf-dbf": ".zip"}


@pytest.mark.parametrize("fmt", READERS)
def test_info_strict_exits_1_in_every_reader(fmt: str, tmp_path: Path) -> None:
    path = tmp_path / f"event{EXTENSION[fmt]}"
    path.write_bytes(api.dumps(INCONSISTENT, fmt))
    res = CliRunner().invoke(cli, ["info", str(path), "--strict"])
    assert res.exit_code == 1
    count = 5 if fmt in POINTS else 4
    assert "diagnostics:" in res.stdout and res.stdout.count(": warning: ") == count


@pytest.mark.parametrize("fmt", READERS)
@pytest.mark.parametrize(("opponent", "message"), [
    (1, "round 1: player 1 is paired against themself"),
    (9, "round 1: opponent 9 does not exist|competitor 9 is not in competitors"),
])
def test_an_impossible_pairing_is_an_error_in_every_reader(fmt: str, opponent: int,
                                                           message: str) -> None:
    t = Tournament(players=(Player(1, "A", (RoundResult(Outcome.WIN, opponent, W),)),
                            Player(2, "B")))
    with pytest.raises(FormatError) as info:
        api.load(api.dumps(t, fmt), format=fmt)
    assert re.search(message, info.value.message)
    assert info.value.location is not None and info.value.location.line is not None


def test_a_self_pairing_stops_report_and_convert(tmp_path: Path) -> None:
    """Before: ``report --strict`` ranked a player who beat himself, and ``convert`` wrote a
    TRF that swisstb then refused."""
    path = str(FIXTURES / "check" / "impossible.xml")
    for args in (["report", path, "--strict"], ["convert", path, str(tmp_path / "x.trf")]):
        res = CliRunner().invoke(cli, args)
        assert res.exit_code == 1
        assert not (tmp_path / "x.trf").exists()
        assert res.stderr == (f"Error: {path}:9:1: round 3: player 1 is paired against "
                              "themself\n")


def test_pairing_xml_info_lists_the_problems_and_strict_fails() -> None:
    """Before: "diagnostics: none" and exit code 0 while ``check`` found 5 errors."""
    res = CliRunner().invoke(cli, ["info", str(FIXTURES / "check" / "pairing.xml"), "--strict"])
    assert res.exit_code == 1
    assert "diagnostics: 6\n" in res.stdout


def test_results_after_the_last_round_and_games_without_opponent() -> None:
    diag = Diagnostics()
    results = {1: [RoundResult(Outcome.WIN), RoundResult(Outcome.FULL_BYE)],
               2: [RoundResult(Outcome.HALF_BYE, 1)]}
    check_games(results, record_places("t", {1: 2, 2: 3}), diag, "t", total_rounds=1)
    assert [str(d) for d in diag.items] == [
        "t:2:1: warning: round 2: player 1 has a result, but the event has only 1 rounds",
        "t:2:1: warning: round 1: player 1 has win without an opponent",
        "t:3:1: warning: round 1: player 2 has half-bye but also an opponent (1)",
    ]
    assert [d.code for d in diag.items] == ["t-round-past-end", "t-missing-opponent",
                                            "t-bye-with-opponent"]


def test_inconsistent_us_results_and_bare_forfeits_are_not_mismatches() -> None:
    diag = Diagnostics()
    results = {1: [RoundResult(Outcome.INCONSISTENT_WIN, 2), RoundResult(Outcome.FORFEIT_WIN, 2)],
               2: [RoundResult(Outcome.WIN, 1), RoundResult(Outcome.FORFEIT_LOSS)]}
    check_games(results, record_places("t", {}), diag, "t", lenient_forfeits=True)
    assert diag.items == []
    check_games(results, record_places("t", {}), diag, "t")
    assert [d.code for d in diag.items] == ["t-asymmetric-game"]


def test_plain_number() -> None:
    assert [plain_number(Fraction(x)) for x in ("5/2", "2", "5/4", "-1/2", "7/3")] == [
        "2.5", "2", "1.25", "-0.5", "7/3"]


def test_the_location_of_a_record_place_without_a_line() -> None:
    assert record_places("t", {}).cell(1, 1) == Location("t")
