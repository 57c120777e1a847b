"""``swisstb submit fide`` on team events (issue 18, item 5): the team records come back
line for line (013, 310, 300, 320, 330, 240, 352, 362, 299, 192, 801, 802), and a team chain
declared by the file ranks the board players by points, with a note (exact CLI output and
exit code)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io.cli import cli

FIX = Path(__file__).resolve().parent.parent / "fixtures"
TEAM_RECORDS = ("013", "310", "300", "320", "330", "240", "352", "362", "299", "192", "801",
                "802")


def _records(data: bytes) -> dict[str, list[bytes]]:
    lines = data.splitlines()
    return {code: [line for line in lines if line.startswith(code.encode())]
            for code in TEAM_RECORDS}


@pytest.mark.parametrize(("name", "present"), [
    ("trf/echecs_grandmommyscup.trf", {"013", "310", "300", "320", "330", "240", "352", "362",
                                        "192", "801", "802"}),
    ("team/held_team_2026.trf", {"310", "320", "330", "240", "352", "362", "192"}),
    ("trf/sharlybbp_team_299_all.trf", {"299", "310", "362", "192"}),
    ("trf/sharlybbp_team_c2_forfeit.trf", {"299", "310", "362", "192"}),
])
def test_submit_fide_keeps_the_team_records(name: str, present: set[str],
                                            tmp_path: Path) -> None:
    source = FIX / name
    out = tmp_path / "fide.trf"
    res = CliRunner().invoke(cli, ["submit", "fide", str(source), "-o", str(out)],
                             prog_name="swisstb")
    assert res.exit_code == 0, res.stderr
    before, after = _records(source.read_bytes()), _records(out.read_bytes())
    assert {code for code, lines in before.items() if lines} >= present
    for code in TEAM_RECORDS:
        assert after[code] == before[code], code


def test_submit_fide_of_a_team_chain_ranks_the_players_by_points(tmp_path: Path) -> None:
    source = FIX / "trf" / "echecs_grandmommyscup.trf"
    out = tmp_path / "fide.trf"
    res = CliRunner().invoke(cli, ["submit", "fide", str(source), "-o", str(out)],
                             prog_name="swisstb")
    assert res.exit_code == 0 and res.stdout == ""
    lines = res.stderr.splitlines()
    assert lines[0] == ("event: note: tie-breaks: the file declares a team chain "
                        "(EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP): the board players' 001 ranks "
                        "are by points (choose with --tiebreaks)")
    assert lines[-1] == f"wrote {out}: TRF-2026, 249 players, 249 problems"
    assert all(line.startswith("player ") and line.endswith(": sex: missing (m or w)")
               for line in lines[1:-1])
    players = [line for line in out.read_text(encoding="utf-8").splitlines()
               if line.startswith("001")]
    points = [(Decimal(line[80:84]), int(line[85:89])) for line in players]
    by_rank = sorted(points, key=lambda pr: pr[1])
    assert [p for p, _ in by_rank] == sorted((p for p, _ in points), reverse=True)
    assert by_rank[0][1] == 1
    given = CliRunner().invoke(cli, ["submit", "fide", str(source), "-o", str(out), "-t",
                                     "BH:MP"], prog_name="swisstb")
    assert given.exit_code == 2 and "'BH:MP'" in given.stderr
