"""Cost stays linear (issue 16, item 7), measured on the whole command in a process of its
own: CPU time and peak resident memory (``resource.getrusage``), each under 5 s and
500 MB.  A tie of 9,999 players was quadratic in the JSON report (every entry listed every
other member of its tie: 22-30 s and 2.7 GB) and in the group tie-breaks; a 10 MB single
line is refused quickly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SECONDS = 5.0
MEGABYTES = 500

_MEASURE = """
import json, resource, sys, time
from swisstb_io.cli import main
start = time.perf_counter()
try:
    main(sys.argv[1:])
    code = 0
except SystemExit as e:
    code = e.code
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_SELF)
peak = usage.ru_maxrss / 1024  # KiB on Linux
try:  # Linux: ru_maxrss keeps the peak of the forked copy of the test process across the
    # exec (a long pytest run is itself hundreds of MB); VmHWM is this program's own peak
    with open("/proc/self/status", encoding="ascii") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024
except (OSError, StopIteration):
    pass
print(json.dumps({"code": code, "seconds": usage.ru_utime + usage.ru_stime, "wall": wall,
                  "megabytes": peak}), file=sys.stderr)
"""


def _measure(*args: str) -> dict[str, float]:
    """Exit code, CPU seconds (user + system, start-up included: wall time on the shared
    2-core machine is up to 3x that under load), wall seconds and peak resident megabytes
    of ``swisstb ARGS``, in a process of its own (the last line of its standard error)."""
    done = subprocess.run([sys.executable, "-c", _MEASURE, *args], capture_output=True,
                          text=True, timeout=120)
    figures: dict[str, float] = json.loads(done.stderr.strip().splitlines()[-1])
    return figures


def _no_results(path: Path, players: int) -> None:
    lines = ["012 Everyone tied", "XXR 0"]
    lines += [f"001 {i:4d} m    {'Player ' + str(i):<33} 1500 USA             1990/01/01  0.0"
              f" {i:4d}" for i in range(1, players + 1)]
    path.write_text("\n".join(lines) + "\n", encoding="ascii")


@pytest.mark.parametrize("fmt", ["json", "html"])
def test_a_tie_of_9999_players_is_reported_in_linear_cost(fmt: str, tmp_path: Path) -> None:
    source, out = tmp_path / "ties.trf", tmp_path / f"ties.{fmt}"
    _no_results(source, 9999)
    got = _measure("report", str(source), "--format", fmt, "-o", str(out))
    assert got["code"] == 0
    assert got["seconds"] < SECONDS and got["megabytes"] < MEGABYTES, got
    if fmt == "json":
        doc = json.loads(out.read_bytes())
        rows = doc["standings"]
        assert len(rows) == 9999 and doc["schema"] == "swisstb-report/3"
        assert {(r["place"], r["last_place"]) for r in rows} == {(1, 9999)}
        assert out.stat().st_size < 300 * 9999  # linear: no list of the other 9,998


@pytest.mark.parametrize(("chain", "fmt"), [("uscf,RBT", "json"), ("PTS,DE", "json"),
                                           ("PTS,DE", "html"), ("RBT[mode=strict]", "html")])
def test_group_tiebreaks_of_a_9999_player_tie_cost_linear(chain: str, fmt: str,
                                                          tmp_path: Path) -> None:
    """The systems applied to the group still tied (US Chess 34E5 RBT, FIDE DE) walked the
    whole group per member: 18 s (RBT) and 70-110 s (DE) for 9,999 tied players; the HTML
    report also explains every member's value, which named the whole group each time."""
    source = tmp_path / "ties.trf"
    _no_results(source, 9999)
    got = _measure("report", str(source), "-t", chain, "--format", fmt,
                   "-o", str(tmp_path / f"ties.{fmt}"))
    assert got["code"] == 0
    assert got["seconds"] < SECONDS and got["megabytes"] < MEGABYTES, got


def test_a_prize_list_shared_by_9999_tied_players_costs_linear(tmp_path: Path) -> None:
    """Every player's cash and prizes were found by scanning every share of every prize
    (9,999 players sharing the place prizes: 43 s)."""
    source = tmp_path / "ties.trf"
    _no_results(source, 9999)
    prize_file = Path(__file__).resolve().parent.parent / "fixtures/prizes/example1.toml"
    out = tmp_path / "prizes.json"
    got = _measure("prizes", str(source), "-p", str(prize_file), "-f", "json", "-o", str(out))
    assert got["code"] == 0
    assert got["seconds"] < SECONDS and got["megabytes"] < MEGABYTES, got
    players = json.loads(out.read_bytes())["players"]
    assert len(players) == 9999 and len({p["cash"] for p in players}) == 1


@pytest.mark.parametrize(("name", "data"), [
    ("line.trf", b"012 X\n001    1 m    " + b"A" * 10_000_000 + b"\n"),
    ("line.csv", b"Pair,Name,Rd 1\n1," + b"A" * 10_000_000 + b",\n"),
    ("commas.csv", b"," * 10_000_000 + b"\n"),
], ids=["trf", "csv", "commas"])  # short ids: pytest puts the id in PYTEST_CURRENT_TEST, and
# a 10 MB variable in the environment makes starting the measured process fail (E2BIG)
def test_a_10_mb_single_line_is_one_error_in_linear_cost(name: str, data: bytes,
                                                         tmp_path: Path) -> None:
    (tmp_path / name).write_bytes(data)
    got = _measure("report", str(tmp_path / name), "--format", "json")
    assert got["code"] == 1
    assert got["seconds"] < SECONDS and got["megabytes"] < MEGABYTES, got
