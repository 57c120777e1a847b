"""Benchmark: rating-change estimates against the FIDE tie-break chain on the same event
(prints figures, as ratios).

    python benchmarks/bench_ratings.py            # 2,000 x 11
    python benchmarks/bench_ratings.py 5000x13 --runs 15

The event is ``bench_fide.make_trf``'s synthetic Swiss (everybody rated, about 2 %
forfeits and byes).  Timed, as CPU seconds:

* whole process: ``swisstb ratings FILE --system fide|uscf --format json`` against
  ``swisstb report FILE --tiebreaks <bench_fide's chain> --format json`` (start-up,
  reading, computing, the JSON document);
* in process, the file read once: ``rating_changes(t, FIDE)`` and ``rating_changes(t,
  USCF)`` (the ratings read as US Chess ratings) against ``standings(t, CHAIN)`` (context,
  systems, ranking): "compute".  The estimates make each player's notes here, the texts of
  their output, which the chain's report makes later; so also
* in process, from the tournament to the JSON document: the ``swisstb-ratings/1`` text of
  each estimate against the report's JSON text of the chain (``event_report`` and
  ``render``, as ``swisstb report`` makes it): "document".

Each figure is the best of ``--runs`` (default 7) runs, the three commands taking turns, so
that a busy moment of the machine falls on all three alike.

Printed: each time and its ratio to the chain's (the target: at most 1).  In process the
garbage collector is set as ``swisstb`` sets it (``cli.tune_collector``).  The machine's
load moves both sides alike, so the ratios are steadier than the times; on a busy machine
run it twice.
"""

from __future__ import annotations

import math
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_fide import CHAIN, make_trf


def in_turn(runs: dict[str, Callable[[], float]], times: int) -> dict[str, float]:
    """The best of ``times`` figures of each run, the runs taking turns."""
    out = dict.fromkeys(runs, math.inf)
    for _ in range(times):
        for name, run in runs.items():
            out[name] = min(out[name], run())
    return out


def cpu(run: Callable[[], object]) -> Callable[[], float]:
    """``run`` as a figure: the CPU seconds of one call in this process."""
    def figure() -> float:
        start = time.process_time()
        run()
        return time.process_time() - start
    return figure


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The children's environment: they write their .pyc files even where the caller's
environment says not to (compiling is no part of either command's cost)."""


def child(args: list[str]) -> Callable[[], float]:
    """``python -m swisstb_io ARGS`` as a figure: its CPU seconds (user and system)."""
    def figure() -> float:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "swisstb_io", *args], check=True, env=ENV)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return figure


def main(argv: list[str]) -> None:
    import swisstb_io
    from swisstb_io.cli import tune_collector
    from swisstb_io.event_report import ReportRequest, event_report
    from swisstb_io.rating_change import RatingSystem, rating_changes
    from swisstb_io.rating_change.render_json import dumps, to_json
    from swisstb_io.reports import render
    from swisstb_io.tiebreaks import standings

    tune_collector()
    times = 7
    if "--runs" in argv:
        at = argv.index("--runs")
        times = int(argv[at + 1])
        argv = argv[:at] + argv[at + 2:]
    sizes = [tuple(int(x) for x in a.split("x")) for a in argv] or [(2000, 11)]
    print(f"chain: {CHAIN}; CPU seconds; ratio = time / the chain's time")
    print(f"{'size':>10} {'':>8} {'chain':>7} {'FIDE':>7} {'ratio':>6} {'US':>7} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        for players, rounds in sizes:
            path = Path(tmp) / f"bench_{players}x{rounds}.trf"
            path.write_text(make_trf(players, rounds), encoding="utf-8")
            out = str(path.with_suffix(".json"))
            commands = {
                "chain": child(["report", str(path), "--tiebreaks", CHAIN, "-f", "json",
                                "-o", out]),
                "fide": child(["ratings", str(path), "--system", "fide", "-f", "json", "-o",
                               out]),
                "us": child(["ratings", str(path), "--system", "uscf", "-f", "json", "-o",
                             out]),
            }
            in_turn(commands, 1)  # the .pyc files
            chain, fide, us = in_turn(commands, times).values()
            size = f"{players:>5}x{rounds:<4}"
            print(f"{size} {'process':>8} {chain:>7.3f} {fide:>7.3f} {fide / chain:>6.2f} "
                  f"{us:>7.3f} {us / chain:>6.2f}")
            t = swisstb_io.read(path)
            chain, fide, us = in_turn({
                "chain": cpu(lambda t=t: standings(t, CHAIN)),
                "fide": cpu(lambda t=t: rating_changes(t, RatingSystem.FIDE)),
                "us": cpu(lambda t=t: rating_changes(t, RatingSystem.USCF)),
            }, times).values()
            print(f"{size} {'compute':>8} {chain:>7.3f} {fide:>7.3f} {fide / chain:>6.2f} "
                  f"{us:>7.3f} {us / chain:>6.2f}")
            chain, fide, us = in_turn({
                "chain": cpu(lambda t=t: render(event_report(t, ReportRequest(
                    tiebreaks=CHAIN)), "json")),
                "fide": cpu(lambda t=t: dumps(to_json(rating_changes(t, RatingSystem.FIDE)))),
                "us": cpu(lambda t=t: dumps(to_json(rating_changes(t, RatingSystem.USCF)))),
            }, times).values()
            print(f"{size} {'document':>8} {chain:>7.3f} {fide:>7.3f} {fide / chain:>6.2f} "
                  f"{us:>7.3f} {us / chain:>6.2f}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main(sys.argv[1:])
