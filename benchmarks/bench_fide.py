"""Benchmark: FIDE tie-breaks on large synthetic Swiss events (prints figures).

    python benchmarks/bench_fide.py            # 2,000 x 11 and 5,000 x 13
    python benchmarks/bench_fide.py 2000x11    # one size

For each size a deterministic synthetic TRF (Swiss-like pairings, about 2 % forfeits and
byes, ratings for everybody) is written to a temporary folder, then timed

* whole process: ``python -m swisstb_io report FILE --tiebreaks PTS,BH/C1,BH,SB,PS,DE,ARO,TPR
  --format json`` (interpreter start, imports, TRF parsing, tie-breaks, JSON);
* in process: read the file, then compute the standings on it (best of 5); ``us/cell`` is
  the standings time per player-round (constant when the growth is linear).

FIDE's reference implementation needs about 4.5 s for 2,000 x 11 (rules-fide.md).  To time
it on the same machine, give ``--reference PYTHON``: an interpreter with FIDE's package
installed (``pip install gacrux``); it is run once per size
(``PYTHON -m gacrux.tiebreakchecker -i FILE -t PTS BH/C1 ... -o /dev/null``) between two runs
of ours, and the ratio printed (its reader is quadratic: about a minute for 2,000 x 11 and
several for 5,000 x 13).
"""

from __future__ import annotations

import math
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHAIN = "PTS,BH/C1,BH,SB,PS,DE,ARO,TPR"
REFERENCE_2000x11 = 4.5


def make_trf(players: int, rounds: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    rating = {s: 2700 - (s * 1600) // players for s in range(1, players + 1)}
    score = dict.fromkeys(rating, 0)
    cells: dict[int, list[str]] = {s: [] for s in rating}
    for _ in range(rounds):
        order = sorted(rating, key=lambda s: (-score[s], rng.random()))
        absent = [s for s in order if rng.random() < 0.01]
        for s in absent:
            order.remove(s)
            half = rng.random() < 0.5
            cells[s].append("0000 - " + ("H" if half else "Z"))
            score[s] += 1 if half else 0
        if len(order) % 2:
            s = order.pop()
            cells[s].append("0000 - U")
            score[s] += 2
        for a, b in zip(order[::2], order[1::2], strict=True):
            x = rng.random()
            if x < 0.01:
                ra, rb = "+", "-"
            elif x < 0.40 + (rating[a] - rating[b]) / 4000:
                ra, rb = "1", "0"
            elif x < 0.70:
                ra, rb = "=", "="
            else:
                ra, rb = "0", "1"
            pts = {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0}
            score[a] += pts[ra]
            score[b] += pts[rb]
            cells[a].append(f"{b:4d} w {ra}")
            cells[b].append(f"{a:4d} b {rb}")
    lines = ["012 Synthetic benchmark", "042 2025-06-01", f"062 {players}", f"XXR {rounds}"]
    for s in rating:
        pts = f"{score[s] // 2}.{5 if score[s] % 2 else 0}"
        name = f"Player {s:05d}"
        lines.append(f"001 {s:4d} m    {name:<33} {rating[s]:4d} NOR {s:11d} 1990/01/01 "
                     f"{pts:>4} {s:4d}  " + "  ".join(cells[s]))
    return "\n".join(lines) + "\n"


def whole_process(path: Path, runs: int = 3) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child) of one ``swisstb report`` run, best of
    ``runs``."""
    best_wall = best_cpu = math.inf
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "swisstb_io", "report", str(path), "--tiebreaks",
                        CHAIN, "--format", "json", "-o", str(path.with_suffix(".json"))],
                       check=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
    return best_wall, best_cpu


def reference_ratio(path: Path, python: str) -> str:
    """FIDE's reference implementation on ``path``, between two runs of ours: its wall
    time and how many times ours (the mean of the two) that is."""
    ours_before = whole_process(path, runs=1)[0]
    start = time.perf_counter()
    subprocess.run([python, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-t",
                    *CHAIN.split(","), "-o", os.devnull], check=True,
                   stdout=subprocess.DEVNULL)
    reference = time.perf_counter() - start
    ours = (ours_before + whole_process(path, runs=1)[0]) / 2
    return f"reference {reference:.1f} s, ours {ours:.3f} s: {reference / ours:.0f}x"


def in_process(path: Path) -> tuple[float, float, float]:
    """Best-of-5 CPU seconds: read the file, compute the standings (context, every system
    of the chain, ranking) on it, and the FIDE systems alone on a fresh context."""
    import swisstb_io
    from swisstb_io.tiebreaks import Context, parse_chain, standings

    best_read = best_tb = best_fide = math.inf
    specs = [s for s in parse_chain(CHAIN) if s.system.values is not None]
    for _ in range(5):
        t0 = time.process_time()
        t = swisstb_io.read(path)
        t1 = time.process_time()
        standings(t, CHAIN)
        t2 = time.process_time()
        ctx = Context(t)
        t3 = time.process_time()
        for spec in specs:
            assert spec.system.values is not None
            spec.system.values(ctx, spec)
        t4 = time.process_time()
        best_read = min(best_read, t1 - t0)
        best_tb = min(best_tb, t2 - t1)
        best_fide = min(best_fide, t4 - t3)
    return best_read, best_tb, best_fide


def main(argv: list[str]) -> None:
    reference = None
    if "--reference" in argv:
        at = argv.index("--reference")
        reference = argv[at + 1]
        argv = argv[:at] + argv[at + 2:]
    sizes = [tuple(int(x) for x in a.split("x")) for a in argv] or [(2000, 11), (5000, 13)]
    print(f"chain: {CHAIN}")
    print("whole process: wall and child CPU seconds (best of 3); in process: CPU seconds "
          "(best of 5): read the TRF, standings (context + systems + ranking), FIDE = the "
          "FIDE systems of the chain on a fresh context; 'vs 4.5 s': the reference's time "
          "quoted in rules-fide.md (another machine) over ours (--reference times it here)")
    print(f"{'size':>10} {'cells':>7} {'proc wall':>9} {'proc cpu':>9} {'read':>7} "
          f"{'standings':>9} {'FIDE':>7} {'us/cell':>8} {'vs 4.5 s':>11}")
    with tempfile.TemporaryDirectory() as tmp:
        for players, rounds in sizes:
            path = Path(tmp) / f"bench_{players}x{rounds}.trf"
            path.write_text(make_trf(players, rounds), encoding="utf-8")
            wall, cpu = whole_process(path)
            read_s, tb_s, fide_s = in_process(path)
            cells = players * rounds
            ratio = f"{REFERENCE_2000x11 / cpu:.1f}x" if (players, rounds) == (2000, 11) else ""
            print(f"{players:>5}x{rounds:<4} {cells:>7} {wall:>9.3f} {cpu:>9.3f} {read_s:>7.3f} "
                  f"{tb_s:>9.3f} {fide_s:>7.3f} {tb_s / cells * 1e6:>8.2f} {ratio:>11}")
            if reference is not None:
                print(f"{'':>10} FIDE's reference on the same file: "
                      f"{reference_ratio(path, reference)}")


if __name__ == "__main__":
    main(sys.argv[1:])
