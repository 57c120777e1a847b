"""PGN through the commands: the same standings as the TRF it came from, ``convert x.pgn
y.trf`` then ``report y.trf`` as ``report x.pgn``, and every command taking PGN like any
other format (``info``, ``report``, ``check``, ``convert``, ``batch``, ``submit``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io import api
from swisstb_io.cli import cli
from swisstb_io.model import DEFAULT_POINTS, Outcome, Tournament
from swisstb_io.registry import ReadOptions, WriteOptions, find
from swisstb_io.tiebreaks import standings

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "fixtures"
PGN = FIX / "pgn"
CHAINS = ("uscf", "BH/C1,BH,SB,PS,ARO,WIN,DE", "KASH,OPPCUM,MED,AVGOPP")


def run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, list(args))
    return res.exit_code, res.stdout, res.stderr


def _played_only(t: Tournament) -> bool:
    """Individual, 1-½-0, only games over the board and absences: what PGN holds whole."""
    return (not t.teams and t.point_system == DEFAULT_POINTS
            and not any(p.adjustments for p in t.players)
            and all(r.outcome.played or r.outcome is Outcome.NOT_PAIRED
                    for p in t.players for r in p.results)
            and all(any(r.outcome.played for r in p.results) for p in t.players))


_INCONSISTENT = ("asymmetric-game", "result-mismatch", "paired-twice", "colour-clash")


def _trf_events() -> list[tuple[str, Tournament]]:
    """The consistent played-games-only events among the TRF fixtures (those whose games'
    two sides disagree, kept for ``check``, cannot be one PGN game each)."""
    out = []
    for path in sorted(FIX.rglob("*.trf")):
        if "bad" in path.parts:
            continue
        try:
            res = api.load(path)
        except ValueError:
            continue  # a fixture that is meant to be refused
        if _played_only(res.tournament) and not any(
                d.code.endswith(_INCONSISTENT) for d in res.diagnostics):
            out.append((str(path.relative_to(FIX)), res.tournament))
    return out


PLAYED = _trf_events()

_PGN_SAYS = frozenset(Outcome) - {Outcome.FORFEIT_DRAW, *(
    o for o in Outcome if o.name.endswith("_UNRATED") or o.name.startswith("INCONSISTENT"))}
"""The outcomes PGN gives back as they were (byes as games against BYE, a requested one
with its Termination, forfeits by Termination; formats/pgn/README.md)."""


def _pgn_holds(t: Tournament) -> bool:
    """What PGN holds but the rounds: no declared round count or pairing system (PGN has
    neither: modified median and the round-robin rules would count otherwise)."""
    held = max(len(p.results) for p in t.players)
    return (not t.teams and t.point_system == DEFAULT_POINTS and not t.pairing_system
            and t.total_rounds in (None, held) and not any(p.adjustments for p in t.players)
            and all(r.outcome in _PGN_SAYS for p in t.players for r in p.results)
            and all(any(r.outcome is not Outcome.NOT_PAIRED for r in p.results)
                    for p in t.players))


HELD = [(name, t) for name, t in ((str(p.relative_to(FIX)), api.read(p)) for p in sorted(
    (FIX / "trf").glob("*.trf"))) if _pgn_holds(t) and not _played_only(t)]


def _table(t: Tournament, chain: str) -> list[tuple[object, ...]]:
    res = standings(t, chain)
    return [(row.place, row.last_place, row.start_no, row.name, row.points,
             sorted(row.values.items())) for row in res.rows]


def test_the_fixtures_hold_played_games_only_events() -> None:
    assert len(PLAYED) >= 6, [name for name, _ in PLAYED]


@pytest.mark.parametrize(("name", "t"), PLAYED, ids=[name for name, _ in PLAYED])
def test_a_played_games_event_through_pgn_keeps_standings_and_tiebreaks(
        name: str, t: Tournament) -> None:
    spec = find("pgn")
    assert spec.writer is not None and spec.reader is not None
    back = spec.reader(spec.writer(t, WriteOptions()), "e.pgn", ReadOptions()).tournament
    for chain in CHAINS:
        assert _table(back, chain) == _table(t, chain), (name, chain)


def test_the_fixtures_hold_events_with_forfeits_and_byes() -> None:
    assert len(HELD) >= 5, [name for name, _ in HELD]


@pytest.mark.parametrize(("name", "t"), HELD, ids=[name for name, _ in HELD])
def test_forfeits_and_byes_through_pgn_keep_standings_and_tiebreaks(
        name: str, t: Tournament) -> None:
    spec = find("pgn")
    assert spec.writer is not None and spec.reader is not None
    back = spec.reader(spec.writer(t, WriteOptions()), "e.pgn", ReadOptions()).tournament
    for chain in CHAINS:
        assert _table(back, chain) == _table(t, chain), (name, chain)


SINGLE = ["lichess-broadcast-clocks.pgn", "swiss-manager-cp1252-crlf.pgn",
          "chessbase-annotated-bom.pgn", "minimal.pgn", "broadcast-quirks.pgn",
          "club-rapid-one-club-each.pgn", "olympiad-broadcast-teams.pgn"]
"""Events of one file each: players with clubs (Swiss-Manager, ChessBase, the club rapid:
an individual event either way) and a team event (the Olympiad broadcast)."""


@pytest.mark.parametrize("name", SINGLE)
@pytest.mark.parametrize("args", [[], ["--format", "json"], ["-t", "BH/C1,BH,SB,ARO"]],
                         ids=str)
def test_report_of_the_trf_converted_from_pgn_is_the_report_of_the_pgn(
        name: str, args: list[str], tmp_path: Path) -> None:
    trf = tmp_path / "y.trf"
    code, _, _ = run("convert", str(PGN / name), str(trf))
    assert code == 0
    code, direct, _ = run("report", str(PGN / name), *args)
    assert code == 0
    code, via_trf, _ = run("report", str(trf), *args)
    assert code == 0
    if args[:2] == ["--format", "json"]:  # the file the report was made from differs
        direct_doc, trf_doc = json.loads(direct), json.loads(via_trf)
        for doc in (direct_doc, trf_doc):
            doc.pop("source", None)
            doc["event"].pop("dates", None)
        for part in ("standings", "team_standings", "matches"):
            assert trf_doc.get(part) == direct_doc.get(part), part
    else:
        assert via_trf == direct


def test_an_olympiad_broadcast_is_a_team_event_and_a_club_rapid_is_not(tmp_path: Path) -> None:
    """Team tags are a team event's teams when the games are matches (each round, a team's
    boards meet one other team's, on consecutive boards), else the players' clubs; either
    way the TRF it is converted to says the same (issue 33 item 11: a club is not a team)."""
    olympiad, rapid = PGN / "olympiad-broadcast-teams.pgn", PGN / "club-rapid-one-club-each.pgn"
    code, out, _ = run("report", str(olympiad), "-t", "MPVGP,TBR,BC")
    assert code == 0 and "4 teams, 3 boards, 3 rounds" in out
    # Norway's board 1 is Hagen (rated below Lund): BC = 1 x 1.5 + 2 x 2.5 + 3 x 1.5, the
    # board count as C.07 §12.1 defines it (issue 28 item 6)
    assert " 2   3  Norway    4  5.5    5.5    -  11" in out
    code, out, _ = run("report", str(rapid))
    assert code == 0 and "4 players, 3 rounds" in out and "teams" not in out
    for pgn in (olympiad, rapid):
        trf = tmp_path / f"{pgn.stem}.trf"
        code, _, err = run("convert", str(pgn), str(trf))
        assert code == 0
        teams = api.read(trf).teams
        assert (len(teams) == 4) is (pgn == olympiad), (pgn.name, teams)
        if pgn == rapid:
            assert "clubs" in err  # the clubs an individual event's TRF cannot hold
        for args in ([], ["-t", "MPVGP,TBR,BC"] if pgn == olympiad else ["-t", "KASH,SB"]):
            assert run("report", str(trf), *args)[1] == run("report", str(pgn), *args)[1]


def test_info_lists_the_events_of_a_database() -> None:
    code, out, _ = run("info", str(PGN / "twic-style-database.pgn"))
    assert code == 0
    assert "format:       pgn\n" in out and "events:       3\n" in out
    assert "  3 Bundesliga 2024-25: 8 players, 5 rounds (5 paired)" in out


def test_report_prints_each_event_and_section_picks_one() -> None:
    code, out, _ = run("report", str(PGN / "club-night-two-editions.pgn"))
    assert code == 0
    assert "Section 1 of 2: Club Night Rapid (Oxford, 2024.01.10-2024.01.17)" in out
    assert "Section 2 of 2: Club Night Rapid (Oxford, 2025.01.08-2025.01.15)" in out
    code, out, _ = run("report", str(PGN / "club-night-two-editions.pgn"), "--section", "2")
    assert code == 0 and "Evans, Eli" in out and "Dunn, Dora" not in out


def test_rounds_by_date_from_the_command_line() -> None:
    path = str(PGN / "club-database-no-rounds.pgn")
    code, _, err = run("report", path)
    assert code == 1 and "this game's Round is '?'" in err and err.count("\n") == 1
    code, out, _ = run("report", path, "--rounds-by-date")
    assert code == 0 and "Hale, Hugo" in out
    code, out, _ = run("info", path, "--rounds-by-date")
    assert code == 0 and "rounds:       3 (3 with results)" in out


def test_convert_split_writes_each_event(tmp_path: Path) -> None:
    code, _, _ = run("convert", str(PGN / "twic-style-database.pgn"), str(tmp_path / "e.trf"),
                     "--split")
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "e-1-spring-open-2025--london-eng.trf", "e-2-spring-open-2025--leeds-eng.trf",
        "e-3-bundesliga-2024-25.trf"]


def test_convert_trf_to_pairings_pgn_and_back(tmp_path: Path) -> None:
    out = tmp_path / "pairings.pgn"
    code, _, err = run("convert", str(FIX / "trf" / "held_swiss_5.trf"), str(out))
    assert code == 0 and "pgn cannot hold" in err
    text = out.read_text("utf-8")
    assert text.startswith('[Event "FIDE C.07 2023 Tie-Break Exercises"]\n[Site "?"]\n'
                           '[Date "????.??.??"]\n[Round "1.1"]\n[White "Alyx"]\n'
                           '[Black "Jessica"]\n[Result "1-0"]\n')
    assert '[Black "BYE"]' in text and '[Termination "forfeit"]' in text
    again = tmp_path / "again.pgn"
    code, _, err = run("convert", str(out), str(again))
    assert code == 0 and err == "" and again.read_bytes() == out.read_bytes()


def test_several_events_written_to_one_pgn(tmp_path: Path) -> None:
    out = tmp_path / "club.pgn"
    code, _, _ = run("convert", str(FIX / "sjson" / "club_championship.sjson"), str(out))
    assert code == 0
    res = api.load(out)
    assert res.sections == ("Riverside Club Championship - Championship",
                            "Riverside Club Championship - Reserve")


def test_check_and_batch_take_pgn(tmp_path: Path) -> None:
    season = tmp_path / "season"
    season.mkdir()
    for name in ("lichess-broadcast-clocks.pgn", "twic-style-database.pgn"):
        (season / name).write_bytes((PGN / name).read_bytes())
    code, out, err = run("check", str(season))
    assert code == 0 and "0 errors, 4 warnings in 2 files" in out + err
    code, _, err = run("batch", str(season), "-o", str(tmp_path / "out"), "--jobs", "1")
    assert code == 0 and "4 events: 4 done, 0 unchanged, 0 failed" in err
    events = tmp_path / "out" / "events"
    assert (events / "lichess-broadcast-clocks.pgn.html").is_file()
    assert (events / "twic-style-database.pgn.section3.json").is_file()


def test_check_and_batch_take_rounds_by_date(tmp_path: Path) -> None:
    season = tmp_path / "season"
    season.mkdir()
    (season / "league.pgn").write_bytes((PGN / "club-database-no-rounds.pgn").read_bytes())
    code, out, _ = run("check", str(season))
    assert code == 1 and "league.pgn:4:1: error: this game's Round is '?'" in out
    code, out, err = run("check", str(season), "--rounds-by-date")
    assert code == 0 and "0 errors" in out + err and "error:" not in out
    site = tmp_path / "site"
    code, _, err = run("batch", str(season), "-o", str(site), "--jobs", "1")
    assert code == 1 and "1 events: 0 done, 0 unchanged, 1 failed" in err
    code, _, err = run("batch", str(season), "-o", str(site), "--jobs", "1", "--rounds-by-date")
    assert code == 0 and "1 events: 1 done, 0 unchanged, 0 failed" in err
    summary = json.loads((site / "events" / "league.pgn.json").read_text("utf-8"))
    assert [row["name"] for row in summary["standings"]][:1] == ["Hale, Hugo"]
    code, _, err = run("batch", str(season), "-o", str(site), "--jobs", "1")
    assert code == 1 and "1 failed" in err  # the option is part of what decides the outputs


def test_submit_takes_pgn(tmp_path: Path) -> None:
    code, _, err = run("submit", "fide", str(PGN / "lichess-broadcast-clocks.pgn"), "-o",
                       str(tmp_path / "f.trf"))
    assert code == 0 and "wrote" in err
    t = api.read(tmp_path / "f.trf")
    assert [p.name for p in t.players][:2] == ["Aasen, Kari", "Berg, Lars"]
    assert t.players[0].fide_id == "90000011"
    code, _, err = run("submit", "uscf", str(PGN / "minimal.pgn"), "-o", str(tmp_path / "u.zip"))
    assert code == 0 and "US Chess ID: missing" in err and (tmp_path / "u.zip").is_file()
