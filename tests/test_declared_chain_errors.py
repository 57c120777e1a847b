"""A declared tie-break chain that cannot be computed is the file's problem (issue 33 item
13): exit 1 at the declaration's ``path:line:col`` (naming the record), in every command,
never a usage error about an option nobody gave."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io.batch import Batch, BatchOptions
from swisstb_io.cli import cli

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CLEAN = (FIXTURES / "check" / "clean.trf").read_text()  # its line 4 is `202 BH,SB`


def _trf(tmp_path: Path, chain: str, record: str = "202") -> Path:
    path = tmp_path / "declared.trf"
    path.write_text(CLEAN.replace("202 BH,SB", f"{record} {chain}"))
    return path


REASONS = {
    "XYZ,SB": ("XYZ SB", 5, "unknown tie-break 'XYZ'"),
    "SB,BH:MP": ("SB BH:MP", 8, "'BH:MP': the :MP suffix chooses match or game points"),
    "BH,MPVGP": ("BH MPVGP", 8, "MPVGP is a team tie-break (FIDE C.07 §13.1) while this is "
                                "an individual event"),
    "SB,BH[unplayed=zz]": ("SB BH[unplayed=zz]", 8, "unknown option 'unplayed=zz'"),
}


@pytest.mark.parametrize("chain", sorted(REASONS))
def test_report_names_the_file_and_the_record(tmp_path: Path, chain: str) -> None:
    path = _trf(tmp_path, chain)
    shown, col, reason = REASONS[chain]
    res = CliRunner().invoke(cli, ["report", str(path)])
    assert res.exit_code == 1
    assert res.stderr.startswith(f"Error: {path}:4:{col}: the file declares the tie-breaks "
                                 f"{shown} in record 202, and "), res.stderr
    assert reason in res.stderr and "Usage" not in res.stderr
    assert res.stderr.endswith("; choose the chain with --tiebreaks\n")


@pytest.mark.parametrize("command", ["prizes", "submit"])
def test_prizes_and_submit_name_it_too(tmp_path: Path, command: str) -> None:
    path = str(_trf(tmp_path, "XYZ,SB"))
    args = (["prizes", path, "-p", str(FIXTURES / "prizes" / "example1.toml")]
            if command == "prizes" else ["submit", "fide", path, "-o", "-"])
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 1, res.stderr
    assert f"Error: {path}:4:5: the file declares the tie-breaks XYZ SB in record 202" \
           in res.stderr


def test_the_standings_order_record_is_the_one_named(tmp_path: Path) -> None:
    path = tmp_path / "order.trf"
    path.write_text(CLEAN.replace("202 BH,SB\n", "202 BH,SB\n212 PTS,XYZ\n"))
    res = CliRunner().invoke(cli, ["report", str(path)])
    assert res.exit_code == 1
    assert res.stderr.startswith(f"Error: {path}:5:9: the file declares the tie-breaks "
                                 "PTS XYZ in record 212, and unknown tie-break 'XYZ'")


def test_the_batch_and_check_locate_it(tmp_path: Path) -> None:
    season = tmp_path / "season"
    season.mkdir()
    _trf(season, "XYZ,SB")
    res = list(Batch(season, tmp_path / "out", BatchOptions(formats=("json",), jobs=1)).run())
    assert [(r.status, r.line, r.col) for r in res] == [("failed", 4, 5)]
    assert res[0].message.startswith("the file declares the tie-breaks XYZ SB in record 202")
    check = CliRunner().invoke(cli, ["check", str(season / "declared.trf")])
    assert check.stdout.startswith(f"{season / 'declared.trf'}:4:5: warning: the declared "
                                   "tie-breaks XYZ, SB cannot be computed")


def test_other_formats_point_at_the_code(tmp_path: Path) -> None:
    path = tmp_path / "declared.xml"
    path.write_text((FIXTURES / "xml" / "minimal.xml").read_text().replace(
        '<tb code="SB"/>', '<tb code="NOPE"/>'))
    res = CliRunner().invoke(cli, ["report", str(path)])
    assert res.exit_code == 1
    assert res.stderr.startswith(f"Error: {path}:8:15: the file declares the tie-breaks "
                                 "BH/C1 NOPE, and unknown tie-break 'NOPE'"), res.stderr


def test_a_cut_too_deep_for_a_declared_chain_is_no_usage_error(tmp_path: Path) -> None:
    """``BH/C1`` declared by a file of no rounds: the file's chain, computed as the batch
    computes it (no "Invalid value for '--tiebreaks'" when no option was given)."""
    path = tmp_path / "none.trf"
    path.write_text("012 No rounds\n042 2026/05/01\n142 0\n202 BH/C1,SB\n"
                    "001    1      Adams, Ann                        2100            1001"
                    "             0.0    1\n")
    res = CliRunner().invoke(cli, ["report", str(path)])
    assert res.exit_code == 0, res.stderr
    assert "--tiebreaks" not in res.stderr and "Usage" not in res.stderr
    given = CliRunner().invoke(cli, ["report", str(path), "-t", "BH/C1"])  # an option: usage
    assert given.exit_code in (0, 2)
