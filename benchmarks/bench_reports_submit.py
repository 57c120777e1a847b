"""Benchmark: every report format and both rating submissions on large synthetic events.

    python benchmarks/bench_reports_submit.py            # 500 x 9 and 2,000 x 11
    python benchmarks/bench_reports_submit.py 5000x13    # one size

The event is ``bench_report.make_tournament`` (Swiss-like pairings, forfeits, byes,
withdrawals, unrated players).  Figures, best of 3 after a warm-up, per size: the standings
with explanations (what HTML needs), building the neutral table, rendering each format
(bytes written), and preparing + serialising the FIDE TRF and the US Chess DBF trio.
The time per player should stay flat as the event grows (everything is linear).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_report import make_tournament

from swisstb_io.model import Rating
from swisstb_io.reports import REPORT_FORMATS, ReportOptions, build, render
from swisstb_io.submit import prepare_fide, prepare_uscf
from swisstb_io.tiebreaks import CalcOptions, standings


def best(fn: Callable[[], object], repeat: int = 3) -> tuple[float, object]:
    out = fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def run(players: int, rounds: int) -> None:
    t = make_tournament(players, rounds)
    t = replace(t, players=tuple(
        replace(p, ratings=(Rating("USCF", p.fide_rating),) if p.fide_rating else (),
                national_ids=(("USCF", f"{10000000 + p.start_no}"),))
        for p in t.players))
    print(f"{players} players x {rounds} rounds")
    secs, result = best(lambda: standings(t, "uscf", CalcOptions(explain=True)))
    print(f"  standings + explanations  {secs * 1000:8.1f} ms")
    opts = ReportOptions(groups="rating:<1600,1600-1999,2000+")
    secs, report = best(lambda: build(result, opts))  # type: ignore[arg-type]
    print(f"  neutral table (+groups)   {secs * 1000:8.1f} ms")
    for fmt in REPORT_FORMATS:
        secs, data = best(lambda fmt=fmt: render(report, fmt, opts))  # type: ignore[misc]
        size = len(data)  # type: ignore[arg-type]
        print(f"  render {fmt:<5}              {secs * 1000:8.1f} ms  {size / 1e6:7.2f} MB")
    secs, _ = best(lambda: prepare_fide(t, tiebreaks="BH/C1,BH,SB").to_bytes())
    print(f"  submit fide (TRF-2026)    {secs * 1000:8.1f} ms")
    secs, _ = best(lambda: prepare_uscf([t]).files())
    print(f"  submit uscf (DBF trio)    {secs * 1000:8.1f} ms")


def main(argv: list[str]) -> None:
    sizes = [tuple(int(x) for x in a.split("x")) for a in argv] or [(500, 9), (2000, 11)]
    for players, rounds in sizes:
        run(players, rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
