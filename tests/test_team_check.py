"""``swisstb check`` on team events (issue 18, item 5): no "second pairing-allocated bye"
for the boards of one team, and the declared 310 totals and ranks and the 801 rows checked
against the computed team rounds, each at its line and column (exact CLI output, exit
codes)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from swisstb_io.cli import cli

FIX = Path(__file__).resolve().parent.parent / "fixtures"
HELD = FIX / "team" / "held_team_2026.trf"
GRANDMOMMY = FIX / "trf" / "echecs_grandmommyscup.trf"
TEAM_PAB = FIX / "trf" / "sharlybbp_team_board_forfeit_win.trf"


def _check(path: Path) -> tuple[int, list[str]]:
    """Exit code, then the diagnostics (stdout) and the summary line (stderr)."""
    res = CliRunner().invoke(cli, ["check", str(path)], prog_name="swisstb")
    return res.exit_code, res.stdout.splitlines() + res.stderr.splitlines()


def test_a_team_pab_is_one_bye_not_one_per_board(tmp_path: Path) -> None:
    """Team E's three boards all have ``U`` in round 1 (its PAB, record 320): one bye."""
    assert _check(TEAM_PAB) == (0, ["0 errors, 0 warnings in 1 file"])
    # without its team records, three players with a PAB in one round are two too many
    alone = tmp_path / "no_teams.trf"
    alone.write_bytes(b"".join(line for line in TEAM_PAB.read_bytes().splitlines(True)
                               if not line.startswith(b"310")))
    code, lines = _check(alone)
    assert code == 1  # the rank column, then checked against the players
    assert [line for line in lines if "pairing-allocated" in line] == [
        f"{alone}:21:99: warning: round 1: second pairing-allocated bye 'U' (player 13 has "
        "one too)",
        f"{alone}:22:99: warning: round 1: second pairing-allocated bye 'U' (player 13 has "
        "one too)"]


def test_declared_310_totals_and_ranks_are_checked(tmp_path: Path) -> None:
    """Held (no chain declared): its 310 ranks agree with the teams' match points; a wrong
    MP, GP and rank are each reported at their column."""
    assert _check(HELD) == (0, ["0 errors, 0 warnings in 1 file"])
    lines = HELD.read_text(encoding="utf-8").splitlines(True)
    no = next(k for k, line in enumerate(lines) if line.startswith("310   1 Antelopes"))
    line = lines[no]
    assert line[54:60] == "  10.0" and line[61:67] == "  17.5" and line[68:71] == "  2"
    lines[no] = line[:54] + "  11.0 " + "  17.0 " + " 12" + line[71:]
    bad = tmp_path / "held_bad_310.trf"
    bad.write_text("".join(lines), encoding="utf-8")
    code, out = _check(bad)
    assert code == 1
    assert out == [
        f"{bad}:{no + 1}:55: error: team 1: 310 declares 11.0 match points, but the board "
        "results give 10",
        f"{bad}:{no + 1}:62: error: team 1: 310 declares 17.0 game points, but the board "
        "results give 17.5",
        f"{bad}:{no + 1}:69: error: team 1 (Antelopes): 310 declares rank 12, but swisstb "
        "ranks the team 1-5 by MP (no chain declared)",
        "3 errors, 0 warnings in 1 file"]


def test_grandmommy_declared_ranks_and_801_rows_disagree_where_the_file_errs() -> None:
    """The reference implementation finds the same: 31 of the 50 declared 310 ranks differ
    from every chain's, and two 801 round blocks (team 11 and team 15, round 7) contradict
    the board results; the 310 match and game points all agree."""
    code, lines = _check(GRANDMOMMY)
    assert code == 1
    assert lines[-1] == "33 errors, 0 warnings in 1 file"
    ranks = [line for line in lines if "310 declares rank" in line]
    assert len(ranks) == 31 and not any("310 declares" in line and "points" in line
                                        for line in lines)
    assert ranks[0] == (
        f"{GRANDMOMMY}:297:69: error: team 3 (Georgia): 310 declares rank 5, but swisstb "
        "ranks the team 7 by MP, then EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP (declared)")
    assert [line for line in lines if ": 801 " in line] == [
        f"{GRANDMOMMY}:558:126: error: team 11 round 7: 801 gives 10=0 = 1.5 game points "
        "against team 1, but the board results give 2.5",
        f"{GRANDMOMMY}:562:126: error: team 15 round 7: 801 gives ==== = 2 game points "
        "against team 30, but the board results give 4"]


def test_801_opponent_and_bye_are_checked(tmp_path: Path) -> None:
    lines = GRANDMOMMY.read_text(encoding="utf-8").splitlines(True)
    no = next(k for k, line in enumerate(lines) if line.startswith("801  1 "))
    line = lines[no]
    assert line[23:39] == " 14 b =0=1 1234 "
    lines[no] = line[:23] + " 13 b =0=1 1234 " + line[39:]
    no3 = next(k for k, line in enumerate(lines) if line.startswith("801  3 "))
    assert lines[no3][23:39] == "      FFFF      "
    lines[no3] = lines[no3][:23] + "      HHHH      " + lines[no3][39:]
    bad = tmp_path / "bad_801.trf"
    bad.write_text("".join(lines), encoding="utf-8")
    code, out = _check(bad)
    assert code == 1
    assert [line for line in out if "round 1: 801" in line] == [
        f"{bad}:{no + 1}:24: error: team 1 round 1: 801 names opponent 13, but the board "
        "results pair team 14",
        f"{bad}:{no3 + 1}:30: error: team 3 round 1: 801 shows HPB, but the team's round "
        "is FPB"]


def test_802_rows_are_checked(tmp_path: Path) -> None:
    """Grandmommy's 802 rows all agree with the board results; a changed game-point value,
    opponent, forfeit mark and bye kind are each reported at their column."""
    lines = GRANDMOMMY.read_text(encoding="utf-8").splitlines(True)
    find = {n: next(k for k, line in enumerate(lines) if line.startswith(f"802 {n:>3} "))
            for n in (1, 2, 3)}
    one, two, three = (lines[find[n]] for n in (1, 2, 3))
    assert one[28:41] == " 14 b  2.0   " and one[41:54] == " 13 w  2.0   "
    lines[find[1]] = one[:28] + " 14 b  2.5   " + " 12 w  2.0   " + one[54:]
    r6 = 28 + 5 * 13
    assert two[r6:r6 + 13] == " 24 b  0.0f  "
    lines[find[2]] = two[:r6] + " 24 b  0.0   " + two[r6 + 13:]
    assert three[28:41] == "FPB    4.0   "
    lines[find[3]] = three[:28] + "HPB    4.0   " + three[41:]
    bad = tmp_path / "bad_802.trf"
    bad.write_text("".join(lines), encoding="utf-8")
    code, out = _check(bad)
    assert code == 1
    assert [line for line in out if ": 802 " in line] == [
        f"{bad}:{find[1] + 1}:35: error: team 1 round 1: 802 gives 2.5 game points, but the "
        "board results give 2",
        f"{bad}:{find[1] + 1}:42: error: team 1 round 2: 802 names opponent 12, but the board "
        "results pair team 13",
        f"{bad}:{find[2] + 1}:104: error: team 2 round 6: 802 does not mark the match as "
        "forfeited, but the team's round is double-forfeit",
        f"{bad}:{find[3] + 1}:29: error: team 3 round 1: 802 shows HPB, but the team's round "
        "is FPB"]
