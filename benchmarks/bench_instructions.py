"""Benchmark: instructions executed by whole ``swisstb`` processes (prints figures).

    python benchmarks/bench_instructions.py            # 2,000 x 11
    python benchmarks/bench_instructions.py 5000x13

Wall and CPU times on a shared or virtual machine move with the neighbours (on the build
machine the same run varies by up to 2x within minutes); the number of instructions a
process executes does not.  This script counts them with valgrind's callgrind tool
(install valgrind first; each run takes about a minute) for

* ``python -c pass``: the interpreter alone;
* ``python -m swisstb_io info FILE``: start-up, imports, reading the TRF (issue 2);
* ``python -m swisstb_io report FILE --tiebreaks PTS,BH/C1,BH,SB,PS,DE,ARO,TPR --format
  json``: the FIDE chain of issue 4.

The file is the one ``bench_fide.py`` generates.  Run it with ``PYTHONDONTWRITEBYTECODE``
unset (the first, untimed run of each command writes the .pyc files), preferably from a
virtual environment, whose start-up has no editable-install hooks.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_fide import CHAIN, make_trf


def instructions(cmd: list[str]) -> int:
    """Instructions callgrind counts for ``cmd`` (after one untimed run)."""
    subprocess.run(cmd, capture_output=True, check=True)
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          *cmd], capture_output=True, text=True, check=True).stderr
    match = re.search(r"Collected : (\d+)", out)
    if match is None:
        raise SystemExit(f"no count in valgrind's output:\n{out}")
    return int(match.group(1))


def main(argv: list[str]) -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt install valgrind)")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("warning: PYTHONDONTWRITEBYTECODE is set; imports are compiled on every run")
    players, rounds = (int(x) for x in (argv[0] if argv else "2000x11").split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"fide_{players}x{rounds}.trf"
        path.write_text(make_trf(players, rounds), encoding="utf-8")
        py = [sys.executable]
        runs = {
            "python -c pass": [*py, "-c", "pass"],
            "swisstb info": [*py, "-m", "swisstb_io", "info", str(path)],
            "swisstb report (FIDE chain, JSON)": [
                *py, "-m", "swisstb_io", "report", str(path), "--tiebreaks", CHAIN,
                "--format", "json", "-o", str(path.with_suffix(".json"))],
        }
        with ThreadPoolExecutor() as pool:
            counts = dict(zip(runs, pool.map(instructions, runs.values()), strict=True))
    print(f"{players} players x {rounds} rounds; millions of instructions, whole process")
    for name, count in counts.items():
        print(f"  {name:<36} {count / 1e6:8.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
