"""Benchmark: two checkouts of swisstb_io side by side, interleaved, in CPU seconds.

    python benchmarks/bench_compare.py BEFORE_PYTHON [AFTER_PYTHON] [--runs 5] [--events 300]

``BEFORE_PYTHON`` and ``AFTER_PYTHON`` (default: the interpreter running this script) are
interpreters whose environments have the two versions installed, for example::

    git worktree add /tmp/before <commit>
    python -m venv /tmp/venv-before && /tmp/venv-before/bin/pip install -e /tmp/before
    python -m venv /tmp/venv-after && /tmp/venv-after/bin/pip install -e .
    python benchmarks/bench_compare.py /tmp/venv-before/bin/python /tmp/venv-after/bin/python

Give both sides an environment of the same kind: an interpreter whose site-packages holds
many other packages (their ``.pth`` files run at every start) starts up measurably slower.

(``PYTHONPATH`` cannot choose the checkout: an editable install's import hook wins over
it.)  Each figure is the CPU time (user + system, the process and everything it waited
for) of one whole ``python -m swisstb_io`` process, so interpreter start, imports, reading
and writing all count:

* ``report-us``: ``report FILE --format json`` on a 2,000 x 11 Swiss (the ``uscf`` chain);
* ``report-fide``: the same with ``-t PTS,BH/C1,BH,SB,PS,DE,ARO,TPR``;
* ``batch``: ``batch SEASON -o OUT --format html,json --jobs 1`` on ``--events``
  generated events (``bench_batch.make_season``), into an empty ``OUT`` each run, as
  ``bench_batch`` times it.  ``OUT`` is emptied before the timed process starts: written
  over, each version's run would pay for deleting the other's files (the two write
  different amounts: 0.45 against 0.8 GB for 1,000 events).

The inputs are generated once, with this checkout's code; the runs alternate between the
two checkouts (before, after, before, after, ...), so a slow spell of a shared machine hits
both.  Printed: every run, the median of each, and after / before.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_batch import make_season  # noqa: E402
from bench_report import make_tournament  # noqa: E402

from swisstb_io.api import write  # noqa: E402

FIDE_CHAIN = "PTS,BH/C1,BH,SB,PS,DE,ARO,TPR"


def bytecode_env(cache: Path) -> dict[str, str]:
    """The environment of the timed processes: compiled modules cached (under ``cache``,
    outside both source trees), as an installed package has them, even where the
    caller's environment sets ``PYTHONDONTWRITEBYTECODE``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def child_cpu(python: str, args: list[str], env: dict[str, str]) -> float:
    """CPU seconds of one ``python -m swisstb_io ARGS`` process and its waited-for children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([python, "-m", "swisstb_io", *args], check=True, cwd=tempfile.gettempdir(),
                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def imported_from(python: str) -> str:
    return subprocess.run([python, "-c", "import swisstb_io; print(swisstb_io.__file__)"],
                          check=True, capture_output=True, text=True,
                          cwd=tempfile.gettempdir()).stdout.strip()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", help="the interpreter of the 'before' version")
    ap.add_argument("after", nargs="?", default=sys.executable,
                    help="the interpreter of the 'after' version (default: this one)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--events", type=int, default=300)
    ap.add_argument("--only", choices=("report-us", "report-fide", "batch"), action="append")
    args = ap.parse_args()
    pythons = {"before": args.before, "after": args.after}
    for name, python in pythons.items():
        print(f"{name}: {python} (imports {imported_from(python)})")

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        trf = root / "swiss_2000x11.trf"
        write(make_tournament(2000, 11), str(trf), format="trf")
        season = root / "season"
        make_season(season, args.events)
        cases = {
            "report-us": ["report", str(trf), "--format", "json"],
            "report-fide": ["report", str(trf), "--format", "json", "-t", FIDE_CHAIN],
            "batch": ["batch", str(season), "-o", str(root / "out"), "--format", "html,json",
                      "--jobs", "1"],
        }
        chosen = args.only or list(cases)
        envs = {name: bytecode_env(root / f"pyc-{name}") for name in pythons}
        times: dict[tuple[str, str], list[float]] = {}
        for case in chosen:
            for name, python in pythons.items():  # one warm-up each (disk cache, .pyc files)
                shutil.rmtree(root / "out", ignore_errors=True)
                child_cpu(python, cases[case], envs[name])
            for _ in range(args.runs):
                for name, python in pythons.items():
                    shutil.rmtree(root / "out", ignore_errors=True)
                    times.setdefault((case, name), []).append(
                        child_cpu(python, cases[case], envs[name]))
        print(f"\nCPU seconds, {args.runs} interleaved runs each")
        print(f"{'case':<12} {'before':>8} {'after':>8} {'ratio':>6}   runs before | after")
        for case in chosen:
            b, a = times[(case, "before")], times[(case, "after")]
            mb, ma = statistics.median(b), statistics.median(a)
            runs = " ".join(f"{x:.2f}" for x in b) + " | " + " ".join(f"{x:.2f}" for x in a)
            print(f"{case:<12} {mb:8.2f} {ma:8.2f} {ma / mb:6.2f}   {runs}")


if __name__ == "__main__":
    main()
