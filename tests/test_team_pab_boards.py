"""A pairing-allocated bye written on each board (issue 28 item 5): ``0000 - U``,
``0000 - F`` or ``+`` against ``0000`` is the file's own statement of the PAB's game points.

``fixtures/team/own_team_pab_boards.trf``: 3 teams of 2 boards, 3 rounds, each team has the
PAB once (320 names the teams and gives no values): team C's boards are written ``U``,
team B's ``+`` against ``0000``, team A's ``F``.  Its 310 totals count each PAB as a drawn
match in match points (TD = 1) and 2 game points (a win on each board)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from swisstb_io.api import read
from swisstb_io.cli import cli
from swisstb_io.teams.kinds import Kind
from swisstb_io.teams.matches import TeamOptions, team_event

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "team" / "own_team_pab_boards.trf"
TEXT = FIXTURE.read_text()


def pab_rows(text: str, options: TeamOptions | None = None) -> list[tuple[int, int, Fraction,
                                                                           Fraction, str]]:
    ev = team_event(read(text.encode(), format="trf"), options)
    return [(r.round, r.team_no, r.mp, r.gp, r.source) for rows in ev.rows.values()
            for r in rows if r.kind is Kind.PAB]


def test_check_finds_a_valid_file_valid(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["check", str(FIXTURE)])
    assert (res.exit_code, res.stdout) == (0, ""), res.stdout
    assert res.stderr == "0 errors, 0 warnings in 1 file\n"


def test_the_boards_give_the_pab_its_game_points() -> None:
    assert pab_rows(TEXT) == [(3, 1, 1, 2, "boards"), (2, 2, 1, 2, "boards"),
                              (1, 3, 1, 2, "boards")]


def test_without_320_the_members_lines_make_the_pab_and_its_game_points() -> None:
    no_320 = "".join(line for line in TEXT.splitlines(keepends=True)
                     if not line.startswith("320")).replace("0000 - F", "0000 - U")
    assert pab_rows(no_320) == [(3, 1, 1, 2, "boards"), (2, 2, 1, 2, "boards"),
                                (1, 3, 1, 2, "boards")]


def test_320_values_and_a_chosen_value_come_first() -> None:
    with_values = TEXT.replace("320           ", "320  2.0  3.0 ")
    assert {(mp, gp) for _, _, mp, gp, _ in pab_rows(with_values)} == {(2, 3)}
    chosen = TeamOptions(pab=(Fraction(2), Fraction(1)))
    assert {(mp, gp) for _, _, mp, gp, _ in pab_rows(TEXT, chosen)} == {(2, 1)}


def test_a_pab_whose_boards_say_nothing_is_a_drawn_match() -> None:
    silent = TEXT.replace("0000 - U", "0000 - -")
    assert (1, 3, 1, Fraction(1), "320") in pab_rows(silent)
