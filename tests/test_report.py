"""``swisstb report``: exact text and JSON output, options and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io.cli import cli

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
T1 = str(FIXTURES / "uscf" / "t1.trf")

T1_TEXT = """\
US Chess notes T1
5 players, 4 rounds (4 played)
Tie-break order: uscf, the default, as the file declares none
Tie-breaks:
  ModMed  Modified Median, US Chess 34E1
  Solk    Solkoff, US Chess 34E2
  Cum     Cumulative, US Chess 34E3
  OppCum  Cumulative of Opposition, US Chess 34E4 (34E9 before the 7th edition)
US Chess 34E actual-play rule applied: points scored in play rank ahead of an all-unplayed tie

Pl No  Name           Rtg  Pts  ModMed  Solk  Cum  OppCum
---------------------------------------------------------
 1  1  A             1800  3.5     5.5   6.5  9.0    16.0
 2  4  D             1400  2.5     6.5   6.5  5.5    16.5
 3  2  B             1600  2.5     6.5   6.5  4.5    17.5
 4  3  C             1500  1.5     4.0   7.5  3.0    19.0
 5  5  E *           1200  1.0     0.0   3.5  3.0     9.0
* whole score from unplayed games: ranked below tied players who scored in play (US Chess 34E)

Crosstable (opponents by start number): W/D/L played, X/F forfeit won/lost,
B full-point bye, H half-point bye, U not played
No  Name          Pts R1  R2  R3  R4
------------------------------------
 1  A             3.5 W2  W5  D4  W3
 4  D             2.5 D3  B   D1  D2
 2  B             2.5 L1  W3  B   D4
 3  C             1.5 D4  L2  X5  L1
 5  E             1.0 B   L1  F3  U
"""


def run(*args: str, input: bytes | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, ["report", *args], input=input)


def test_text_report_default_chain_is_uscf() -> None:
    result = run(T1)
    assert result.exit_code == 0, result.output
    assert result.stdout == T1_TEXT
    assert max(len(line) for line in result.stdout.splitlines()) <= 100


def test_json_report_contract() -> None:
    result = run(T1, "--format", "json", "-t", "modified-median,34E2,USSB,AVGOPP,RBT")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["schema"] == "swisstb-report/3"
    assert doc["event"] == {"name": "US Chess notes T1", "rounds": 4, "rounds_played": 4,
                            "source": T1, "format": "trf16", "start_date": "",
                            "end_date": "", "after_round": None}
    assert doc["chain"] == {
        "origin": "given", "text": "modified-median,34E2,USSB,AVGOPP,RBT",
        "words": "Tie-break order chosen with -t: modified-median,34E2,USSB,AVGOPP,RBT"}
    assert [t["code"] for t in doc["tiebreaks"]] == ["MM", "SOLK", "USSB", "AVGOPP", "RBT"]
    assert doc["tiebreaks"][0] == {"code": "MM", "name": "Modified Median",
                                   "rule": "US Chess 34E1", "direction": "higher"}
    assert doc["decisions"] == {
        "actual_play_rule": True, "playoff": None, "lot_seed": None,
        "actual_play_rule_reason": "US Chess 34E actual-play rule applied: points scored in "
                                   "play rank ahead of an all-unplayed tie"}
    first, d, b = doc["standings"][:3]
    assert first == {
        "place": 1, "last_place": 1, "start_no": 1, "name": "A", "rating": 1800,
        "points": 3.5,
        "tiebreaks": {"MM": 5.5, "SOLK": 6.5, "USSB": 5.5, "AVGOPP": 1425, "RBT": None},
    }
    assert list(first)[:2] == ["place", "last_place"] and "shared_with" not in first
    # B and D: equal on MM, SOLK and RBT (their drawn game); D's SB 3.25 puts D first.
    assert (d["start_no"], d["tiebreaks"]["USSB"], d["tiebreaks"]["RBT"]) == (4, 3.25, None)
    # AVGOPP 4700/3 is not a multiple of 1/4: rounded to whole points (34E11).
    assert b["tiebreaks"]["AVGOPP"] == 1567
    assert '"USSB": 3.25' in result.stdout  # an exact JSON number, not a string


def test_json_golden(update_golden: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES / "uscf")
    result = run("t1.trf", "--format", "json", "-t", "uscf,KASH,BLK,OPPPERF", "--explain")
    assert result.exit_code == 0, result.output
    golden = FIXTURES / "uscf" / "t1.report.json"
    if update_golden:
        golden.write_text(result.stdout, "utf-8")
    assert result.stdout == golden.read_text("utf-8")
    doc = json.loads(result.stdout)
    b = next(s for s in doc["standings"] if s["start_no"] == 2)
    assert b["explain"]["MM"]["rounds"][2] == {
        "round": 3, "result": "B", "opponent": None, "value": 0,
        "note": "own unplayed round: counts 0 (34E1)", "dropped": "lowest"}
    # SwissSys's 34E10 (rules-uscf.md): (1566 + 1400 + 1633 + 1333) / 4 = 1483 (the linear
    # formula gives 4450/3, printed 1483.33)
    assert '"OPPPERF": 1483\n' in result.stdout


def test_output_file(tmp_path: Path) -> None:
    out = tmp_path / "r.txt"
    result = run(T1, "-o", str(out))
    assert result.exit_code == 0 and result.stdout == ""
    assert out.read_text("utf-8") == T1_TEXT


def test_stdin() -> None:
    result = run("-", "--from", "trf", input=Path(T1).read_bytes())
    assert result.exit_code == 0, result.output
    assert result.stdout == T1_TEXT


def test_declared_chain_is_the_default() -> None:
    result = run(str(FIXTURES / "uscf" / "t1_declared.trf"), "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert [t["code"] for t in doc["tiebreaks"]] == ["KASH", "MM"]  # 212 wins over 202
    assert [s["start_no"] for s in doc["standings"]] == [1, 2, 4, 3, 5]  # KASH: B 7 > D 6


def test_unknown_declared_code_is_an_error() -> None:
    result = run(str(FIXTURES / "uscf" / "unknown_declared.trf"))
    assert result.exit_code == 1
    assert "declares the tie-breaks XYZ" in result.stderr
    assert "--tiebreaks" in result.stderr
    assert run(str(FIXTURES / "uscf" / "unknown_declared.trf"), "-t", "uscf").exit_code == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-t", "MM,NOPE"], "Invalid value for '--tiebreaks': unknown tie-break 'NOPE'; "
                            "known codes: MM, SOLK, CUM, OPPCUM, RBT,"),
        (["-t", "34E4"], "'34E4' is ambiguous: 34E4 is Cumulative of Opposition in the 7th "
                         "edition but Median in older editions"),
        (["-t", "MM/C1"], "MM (US Chess 34E1) takes no /C1 modifier"),
        (["--playoff", "2,x"], "'2,x' is not a list of start numbers such as 3,7,1"),
        (["--playoff", "2,2"], "names a player twice"),
        (["--playoff", "2,99"], "no player with start number 99"),
        (["--format", "xml"], "Invalid value for '-f' / '--format'"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    result = run(T1, *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_unreadable_file_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("001    x\n")
    result = run(str(bad))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {bad}:1:")


def test_missing_file_exit_2(tmp_path: Path) -> None:
    result = run(str(tmp_path / "missing.trf"))
    assert result.exit_code == 2
    assert result.stderr == f"Error: {tmp_path / 'missing.trf'}: no such file or folder\n"


def test_playoff_and_lot_are_printed() -> None:
    result = run(T1, "-t", "RBT", "--playoff", "2,4")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert " 2  2  B             1600  2.5    0    2" in lines
    assert " 3  4  D             1400  2.5    0    1" in lines
    assert "Play-off order (US Chess 34E12): 2,4" in lines
    seeded = run(T1, "-t", "RBT", "--lot-seed", "11", "--format", "json")
    doc = json.loads(seeded.stdout)
    assert doc["decisions"]["lot_seed"] == 11
    assert [s["place"] for s in doc["standings"]] == [1, 2, 3, 4, 5]
    again = run(T1, "-t", "RBT", "--lot-seed", "11", "--format", "json")
    assert again.stdout == seeded.stdout
    text = run(T1, "-t", "RBT", "--lot-seed", "11").stdout
    assert "Remaining ties decided by lot (US Chess 34E13), seed 11" in text


def test_shared_places_in_text_and_json() -> None:
    result = run(T1, "-t", "RBT")
    lines = result.stdout.splitlines()
    assert any(line.startswith("2-3  4  D") for line in lines)
    assert any(line.startswith("2-3  2  B") for line in lines)
    doc = json.loads(run(T1, "-t", "RBT", "-f", "json").stdout)
    tied = [s for s in doc["standings"] if s["points"] == 2.5]
    assert [(s["place"], s["last_place"], s["start_no"]) for s in tied] == [(2, 3, 2), (2, 3, 4)]
    assert all("shared_with" not in s for s in doc["standings"])


def test_explain_text() -> None:
    result = run(T1, "-t", "MM", "--explain")
    assert result.exit_code == 0
    out = result.stdout
    assert "2 B: 2.5 pts, place 2\n  ModMed = 6.5\n" in out
    assert "    R3 B             0  own unplayed round: counts 0 (34E1) [dropped: lowest]" \
        in out


def test_empty_event_renders() -> None:
    from swisstb_io.model import Tournament
    from swisstb_io.reports import ReportOptions, render
    from swisstb_io.tiebreaks import standings

    res = standings(Tournament(name="empty"), "uscf,RBT")
    text = render(res, "text").decode()
    assert text.splitlines()[:2] == ["empty", "0 players, 0 rounds (0 played)"]
    doc = json.loads(render(res, "json", ReportOptions(source="x", input_format="model")))
    assert doc["standings"] == [] and len(doc["tiebreaks"]) == 5


def test_a_json_report_does_not_load_the_other_backends() -> None:
    """The report registry imports a backend when it is first used: ``--format json``
    does not pay for the HTML, Markdown and CSV machinery."""
    import subprocess
    import sys

    probe = ("import sys; from swisstb_io.cli import main\n"
             "try:\n    main(['report', sys.argv[1], '-f', 'json', '-o', sys.argv[2]])\n"
             "except SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith('swisstb_io.reports.')))")
    out = subprocess.run([sys.executable, "-c", probe, T1, "-"], capture_output=True,
                         text=True, check=True).stdout
    loaded = out.strip().splitlines()[-1]
    assert "swisstb_io.reports.json_report" in loaded
    for backend in ("html_report", "md_report", "csv_report", "text_report"):
        assert f"swisstb_io.reports.{backend}" not in loaded


@pytest.mark.parametrize("fmt", ["html", "json", "text", "md", "csv"])
@pytest.mark.parametrize("explain", [False, True])
def test_every_report_computes_the_standings_once(monkeypatch: pytest.MonkeyPatch, fmt: str,
                                                  explain: bool) -> None:
    """One computation per report (HTML once computed them twice: without, then again
    with explanations); counted at the calculator's tie-break pass."""
    import importlib

    standings_module = importlib.import_module("swisstb_io.tiebreaks.ranking")

    calls: list[bool] = []
    compute = standings_module.compute_values

    def counted(ctx, chain):  # type: ignore[no-untyped-def]
        calls.append(ctx.explain)
        return compute(ctx, chain)

    monkeypatch.setattr(standings_module, "compute_values", counted)
    result = run(T1, "-f", fmt, *(["--explain"] if explain else []))
    if explain and fmt in ("md", "csv"):  # they cannot show explanations: a usage error
        assert (result.exit_code, calls) == (2, [])
        return
    assert result.exit_code == 0, result.output
    shows = fmt == "html" or (explain and fmt in ("json", "text"))
    assert calls == [shows]
