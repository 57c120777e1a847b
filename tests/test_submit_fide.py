"""``submit fide``: TRF ready for upload, read back by our TRF reader."""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io.api import load, read
from swisstb_io.cli import cli
from swisstb_io.errors import WriteError
from swisstb_io.model import Color, DateText, Outcome, Player, RoundResult, Tournament
from swisstb_io.submit import Severity, prepare_fide, write_file
from swisstb_io.tiebreaks import standings

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
TRF26 = FIXTURES / "trf" / "own_trf2026_individual.trf"
HELD9 = FIXTURES / "trf" / "held_swiss_9.trf"


def _player_fields(p: Player) -> tuple[object, ...]:
    return (p.start_no, p.name, p.sex, p.title, p.fide_rating, p.federation, p.fide_id,
            p.birth, p.declared_points, p.declared_rank, p.results)


def _header_fields(t: Tournament) -> tuple[object, ...]:
    return (t.name, t.city, t.federation, t.start_date and t.start_date.value,
            t.end_date and t.end_date.value, t.chief_arbiter, t.round_dates, t.point_system,
            t.tiebreaks, t.standings_order)


@pytest.mark.parametrize("version", ["2026", "16"])
@pytest.mark.parametrize("path", [TRF26, HELD9], ids=lambda p: p.name)
def test_read_back_gives_the_same_model_and_ranks(path: Path, version: str) -> None:
    t = read(path)
    sub = prepare_fide(t, version=version, tiebreaks=None if path == TRF26 else "BH/C1,BH,SB")
    back = load(sub.to_bytes(), format="trf")
    assert back.format == f"trf{version}"
    got = back.tournament
    assert [_player_fields(p) for p in got.players] == \
        [_player_fields(p) for p in sub.tournament.players]
    if version == "2026":
        assert _header_fields(got) == _header_fields(sub.tournament)
    # the rank column is the computed standings; the points column the computed points
    ranked = standings(t, sub.result.chain)
    want = {r.start_no: (r.place, r.points) for r in ranked.rows}
    assert {p.start_no: (p.declared_rank, p.declared_points) for p in got.players} == want


def test_the_event_s_own_tiebreaks_rank_ties() -> None:
    t = read(HELD9)
    a = prepare_fide(t, tiebreaks="BH/C1,BH,SB")
    b = prepare_fide(t, tiebreaks="SB,BH/C1")
    rank_a = {p.start_no: p.declared_rank for p in a.tournament.players}
    rank_b = {p.start_no: p.declared_rank for p in b.tournament.players}
    # 4 points: 15, 10, 14, 5 by BH/C1 (39.5, 37.5, 35.5, 33.5); SB puts 15, 14, 5, 10
    # (16.25, 16.00, 15.75, 14.00); 3 points: 9 then 12 by BH/C1, 12 then 9 by SB
    assert [rank_a[sn] for sn in (15, 10, 14, 5, 9, 12)] == [9, 10, 11, 12, 14, 15]
    assert [rank_b[sn] for sn in (15, 14, 5, 10, 12, 9)] == [9, 10, 11, 12, 14, 15]
    assert rank_a[3] == rank_b[3] == 1
    t2026 = replace(t, standings_order=("PTS", "SB"))
    declared = prepare_fide(t2026)
    assert [s.key for s in declared.result.chain] == ["SB"]
    assert not [p for p in declared.problems if p.what == "tie-breaks"]
    assert [str(p) for p in prepare_fide(t).problems if p.what == "tie-breaks"] == [
        "event: note: tie-breaks: the file declares none: ranked by uscf "
        "(choose with --tiebreaks)"]


UNSORTED = FIXTURES / "submit" / "own_unsorted.trf"


def test_records_are_sorted_by_start_number_and_headers_stay_first() -> None:
    t = read(UNSORTED)
    assert [p.start_no for p in t.players] == [3, 1, 2]
    sub = prepare_fide(t, version="16", tiebreaks="BH")
    assert sub.problems == ()
    lines = sub.to_bytes().decode().splitlines()
    assert [ln[:8] for ln in lines if ln.startswith("001")] == \
        ["001    1", "001    2", "001    3"]
    assert lines[0] == "012 Unsorted Open"
    assert all(not ln.startswith("001") for ln in lines[:7])


def test_every_missing_item_is_listed_with_the_player() -> None:
    win, loss = Outcome.WIN, Outcome.LOSS
    t = Tournament(
        name="Bare", federation="England", start_date=DateText("1st May"),
        end_date=DateText.from_date(dt.date(2026, 5, 2)), round_dates=("26/05/01",),
        players=(
            Player(start_no=1, name="Ann", results=(RoundResult(win, 2, Color.WHITE),
                                                    RoundResult(Outcome.FORFEIT_DRAW, 3))),
            Player(start_no=2, name="Bo", sex="x", federation="en", fide_id="12a",
                   birth="1.1.90", results=(RoundResult(loss, 1, Color.BLACK),)),
            Player(start_no=3, name="Cy", sex="m", federation="ENG", fide_id="30003",
                   birth="1990", results=(RoundResult(Outcome.ZERO_BYE),
                                          RoundResult(Outcome.FORFEIT_DRAW, 1))),
        ),
    )
    sub = prepare_fide(t, tiebreaks="BH")
    assert [str(p) for p in sub.problems] == [
        "event: 022 city: missing",
        "event: 032 federation: 'England' is not a three-letter FIDE code such as ENG",
        "event: 042 start date: '1st May' is not a date (YYYY/MM/DD)",
        "event: 102 chief arbiter: missing",
        "event: 132 round dates: 2 rounds were played but only 1 of their dates are given",
        "player 1 (Ann): FIDE ID: missing (register the player with the federation)",
        "player 1 (Ann): sex: missing (m or w)",
        "player 1 (Ann): federation: missing",
        "player 1 (Ann): birth date: missing",
        "player 1 (Ann): round 2: an unplayed half point against an opponent (US 'Z') has "
        "no TRF code",
        "player 2 (Bo): FIDE ID: '12a' is not a number",
        "player 2 (Bo): sex: 'x' is not m or w",
        "player 2 (Bo): federation: 'en' is not a three-letter FIDE code",
        "player 2 (Bo): birth date: '1.1.90' is not YYYY or YYYY/MM/DD",
        "player 3 (Cy): round 2: an unplayed half point against an opponent (US 'Z') has "
        "no TRF code",
    ]
    assert all(p.severity is Severity.ERROR for p in sub.problems)


def test_cli_lists_problems_and_strict_refuses(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "upload.trf"
    res = runner.invoke(cli, ["submit", "fide", str(TRF26), "-o", str(out), "--strict"])
    assert res.exit_code == 1
    assert "player 4 (Khan, Zoya): FIDE ID: missing" in res.output
    assert "Error: refusing to write" in res.output and "1 problem (listed above)" in res.output
    assert not out.exists() and list(tmp_path.iterdir()) == []
    res = runner.invoke(cli, ["submit", "fide", str(TRF26), "-o", str(out), "--trf", "16"])
    assert res.exit_code == 0, res.output
    assert f"wrote {out}: TRF-16, 4 players, 1 problem" in res.output
    back = read(out)
    assert [p.declared_rank for p in back.players] == [1, 2, 4, 3]


def test_no_partial_file_when_writing_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    out = tmp_path / "upload.trf"
    out.write_bytes(b"old")

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(WriteError, match="No space left on device"):
        write_file(out, b"new contents")
    assert out.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["upload.trf"]
