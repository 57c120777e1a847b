"""Converting writes a field wherever the target format has one (project issue 15, item
5): each field a writer learned to keep, round-tripped, and ``convert`` no longer warning
about it.  (Every format's whole lossy list is checked by test_conversion_matrix.py.)"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import swisstb_io
from swisstb_io import api
from swisstb_io.cli import cli
from swisstb_io.errors import FormatError, WriteError
from swisstb_io.model import PointAdjustment, PointSystem
from swisstb_io.registry import find

ROOT = Path(__file__).resolve().parent.parent
TRF26 = ROOT / "fixtures" / "trf" / "own_trf2026_individual.trf"  # 3-1-0, FIDE data
CSV = ROOT / "fixtures" / "swisssys_csv" / "minimal.csv"


def test_csv_keeps_the_point_system(tmp_path: Path) -> None:
    source = swisstb_io.read(TRF26)
    assert source.point_system.win == 3
    out = tmp_path / "e.csv"
    res = CliRunner().invoke(cli, ["convert", str(TRF26), str(out), "--no-extras"])
    assert res.exit_code == 0, res.output
    assert "point system" not in res.stderr  # no "cannot hold the point system" warning
    assert "# Point system: win 3.0, draw 1.0, loss 0.0, forfeit win 3.0" in out.read_text()
    back = swisstb_io.read(out)
    assert back.point_system == source.point_system
    top = max(source.players, key=lambda p: p.points(source.point_system))
    assert back.player(top.start_no).points(back.point_system) == 9  # not 3.0
    assert "tournament.point_system" not in find("swisssys-csv").lossy


def test_csv_point_system_with_thirds_comes_back_exactly() -> None:
    t = api.load(CSV).tournament
    odd = dataclasses.replace(t, point_system=PointSystem(draw=Fraction(1, 3),
                                                          half_bye=Fraction(1, 3)))
    data = api.dumps(odd, "swisssys-csv")
    assert b"draw 1/3" in data
    assert api.load(data, format="swisssys-csv").tournament.point_system == odd.point_system


def _csv_with(line: str) -> bytes:
    return (f"# Event: Club\n{line}\nPair,Name,Rd 1\n1,Ann,W2\n2,Bo,L1\n").encode()


def test_a_hand_written_point_system_line_may_name_fewer() -> None:
    t = api.load(_csv_with("# Point system: win 3, draw 1, loss 0"),
                 format="swisssys-csv").tournament
    ps = t.point_system
    assert (ps.win, ps.draw, ps.loss) == (3, 1, 0)
    assert (ps.forfeit_win, ps.pairing_bye, ps.full_bye, ps.half_bye) == (3, 3, 3, 1)
    assert (ps.forfeit_loss, ps.zero_bye) == (0, 0)
    assert t.player(1).points(ps) == 3


@pytest.mark.parametrize(("line", "message"), [
    ("# Point system: win 3, tie 1", "'tie 1' is not an outcome and its points (outcomes: "
     "win, draw, loss, forfeit win, forfeit loss, pairing bye, full bye, half bye, zero bye"),
    ("# Point system: win three", "'three' is not a number of points (write 1.0, 0.5 or 1/3)"),
    ("# Point system: win 3, win 2", "'win' is given twice"),
])
def test_a_bad_point_system_line_is_located_and_says_what_is_allowed(line: str,
                                                                      message: str) -> None:
    with pytest.raises(FormatError) as info:
        api.load(_csv_with(line), format="swisssys-csv", path="c.csv")
    assert str(info.value).startswith("c.csv:2:17: bad Point system: " + message)


BONUS = ROOT / "fixtures" / "trf" / "sharlybbp_indiv_299_bonus.trf"  # 299: +2 to 4 in round 1


def test_csv_keeps_bonus_and_penalty_points(tmp_path: Path) -> None:
    source = swisstb_io.read(BONUS)
    assert source.player(4).adjustments == (PointAdjustment(Fraction(2), 1),)
    out = tmp_path / "e.csv"
    res = CliRunner().invoke(cli, ["convert", str(BONUS), str(out), "--no-extras"])
    assert res.exit_code == 0, res.output
    assert "bonus and penalty" not in res.stderr
    assert b"4,P4,2500,4,L3B,,,'+2.0 round 1,2.0\r\n" in out.read_bytes()
    back = swisstb_io.read(out)
    assert [p.adjustments for p in back.players] == [p.adjustments for p in source.players]
    assert "player.adjustments" not in find("swisssys-csv").lossy


def test_csv_adjustments_with_notes_and_whole_event_ones_come_back() -> None:
    t = api.load(CSV).tournament
    adjustments = (PointAdjustment(Fraction(-1), 3, "arrived late (30 min); warned"),
                   PointAdjustment(Fraction(1, 3)), PointAdjustment(Fraction(1, 2), None, "x"))
    odd = dataclasses.replace(t, players=(
        dataclasses.replace(t.players[0], adjustments=adjustments), *t.players[1:]))
    data = api.dumps(odd, "swisssys-csv")
    assert "-1.0 round 3 (arrived late (30 min); warned); +1/3; +0.5 (x)" in data.decode()
    assert api.load(data, format="swisssys-csv").tournament == odd


def test_an_adjustment_note_the_column_cannot_hold_is_an_error_naming_the_player() -> None:
    t = api.load(CSV).tournament
    bad = dataclasses.replace(t, players=(dataclasses.replace(
        t.players[0], adjustments=(PointAdjustment(Fraction(1), None, "a; +1 more"),)),
        *t.players[1:]))
    with pytest.raises(WriteError, match=r"pair 1 \(.*\): the adjustment note 'a; \+1 more' "
                                         "cannot be told apart"):
        api.dumps(bad, "swisssys-csv")


@pytest.mark.parametrize("cell", ["+1 round 0", "2.0", "+1 round two", "+1/0", "+1 (x"])
def test_a_bad_adjustments_cell_is_located_and_says_what_is_expected(cell: str) -> None:
    data = f"Pair,Name,Rd 1,Adjustments\n1,Ann,W2,{cell}\n2,Bo,L1,\n".encode()
    with pytest.raises(FormatError) as info:
        api.load(data, format="swisssys-csv", path="c.csv")
    assert str(info.value).startswith(f"c.csv:2:10: bad Adjustments '{cell}' (expected items "
                                      "such as '-1.0 round 3 (arrived late)' or '+0.5'")
