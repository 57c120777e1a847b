"""Benchmark: ``swisstb report`` with the ``uscf`` preset on large synthetic Swiss events.

    python benchmarks/bench_report.py              # 2,000 x 11 and 5,000 x 13
    python benchmarks/bench_report.py 2000x11      # one size
    python benchmarks/bench_report.py --profile    # cProfile of the in-process compute

For each size a deterministic synthetic event (Swiss-like pairings by score, about 1 %
forfeits, 1 % half-point or zero-point byes, a pairing bye, withdrawals, USCF-style
ratings with some unrated players) is built with the model and written as TRF to a
temporary folder.  Figures printed:

* whole process: ``python -m swisstb_io report FILE --format json`` (interpreter start,
  imports, TRF parsing, tie-breaks, JSON), best of 3;
* in process, best of 5 after a warm-up: the compute alone (context + MM, SOLK, CUM,
  OPPCUM + ranking), then rendering the JSON, and reading the TRF for reference;
* a 110 x 7 event with ``CalcOptions(explain=True)`` (what ``swisstb batch`` computes per
  event): the compute with and without explanations, and the JSON report with them.

Targets: compute <= 0.25 s and whole process < 1 s for 2,000 x 11; 5,000 x 13 at most
3.5 x the 2,000 x 11 compute time.
"""

from __future__ import annotations

import gc
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from swisstb_io.api import dumps, read
from swisstb_io.model import Color, Outcome, Player, RoundResult, Tournament
from swisstb_io.reports import ReportOptions
from swisstb_io.reports import render as render_report
from swisstb_io.tiebreaks import CalcOptions, standings

GAINED = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.FORFEIT_WIN: Fraction(1)}


def make_tournament(players: int, rounds: int, seed: int = 11) -> Tournament:
    rng = random.Random(seed)
    rating = {s: (2600 - (s * 1600) // players if rng.random() > 0.03 else None)
              for s in range(1, players + 1)}
    score = dict.fromkeys(rating, Fraction(0))
    res: dict[int, list[RoundResult]] = {s: [] for s in rating}
    withdrawn: set[int] = set()
    for rnd in range(rounds):
        order = sorted(rating, key=lambda s: (-score[s], rng.random()))
        if rnd >= rounds // 2:
            withdrawn |= {s for s in order if rng.random() < 0.003}
        for s in list(order):
            if s in withdrawn:
                res[s].append(RoundResult(Outcome.NOT_PAIRED))
                order.remove(s)
            elif rng.random() < 0.01:
                half = rng.random() < 0.5
                res[s].append(RoundResult(Outcome.HALF_BYE if half else Outcome.ZERO_BYE))
                score[s] += Fraction(1, 2) if half else 0
                order.remove(s)
        if len(order) % 2:
            s = order.pop()
            res[s].append(RoundResult(Outcome.PAIRING_BYE))
            score[s] += 1
        for a, b in zip(order[::2], order[1::2], strict=True):
            x = rng.random()
            if x < 0.01:
                oa, ob = Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
            elif x < 0.40:
                oa, ob = Outcome.WIN, Outcome.LOSS
            elif x < 0.70:
                oa, ob = Outcome.DRAW, Outcome.DRAW
            else:
                oa, ob = Outcome.LOSS, Outcome.WIN
            played = oa.played
            res[a].append(RoundResult(oa, b, Color.WHITE if played else Color.NONE))
            res[b].append(RoundResult(ob, a, Color.BLACK if played else Color.NONE))
            score[a] += GAINED.get(oa, 0)
            score[b] += GAINED.get(ob, 0)
    return Tournament(
        name=f"Synthetic {players} x {rounds}",
        players=tuple(Player(s, f"Player {s:05d}", tuple(res[s]), fide_rating=rating[s])
                      for s in rating),
        total_rounds=rounds,
    )


def best(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Best wall-clock and best CPU time (user + system, children included) of ``repeat`` runs.

    CPU time is printed too because the figures are often taken on a shared, loaded
    machine, where wall-clock time mostly measures the neighbours.
    """
    walls, cpus = [], []
    for _ in range(repeat):
        gc.collect()
        c0 = _cpu()
        t0 = time.perf_counter()
        fn()
        walls.append(time.perf_counter() - t0)
        cpus.append(_cpu() - c0)
    return min(walls), min(cpus)


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run(players: int, rounds: int, folder: Path) -> float:
    t = make_tournament(players, rounds)
    path = folder / f"synthetic_{players}x{rounds}.trf"
    path.write_bytes(dumps(t, "trf16"))
    loaded = read(path)
    standings(loaded, "uscf")  # warm-up
    compute = best(lambda: standings(loaded, "uscf"), 7)
    res = standings(loaded, "uscf")
    options = ReportOptions(source=str(path), input_format="trf16")
    render = best(lambda: render_report(res, "json", options), 5)
    reading = best(lambda: read(path), 3)
    cmd = [sys.executable, "-m", "swisstb_io", "report", str(path), "--format", "json"]
    subprocess.run(cmd, check=True, capture_output=True)  # warm the file cache
    whole = best(lambda: subprocess.run(cmd, check=True, capture_output=True), 3)
    startup = best(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), 3)
    print(f"{players} x {rounds} (wall / CPU seconds, best of 3-7)")
    for label, (wall, cpu) in (("compute (uscf chain)", compute), ("render JSON", render),
                               ("read TRF", reading), ("whole process", whole),
                               ("bare python startup", startup)):
        print(f"  {label:<22} {wall:7.3f} / {cpu:7.3f}")
    return compute[1]


def explained(players: int = 110, rounds: int = 7) -> None:
    """The per-event work of ``swisstb batch`` on a club-sized event: the ``uscf`` chain with
    explanations (``CalcOptions(explain=True)``), and its JSON report with them."""
    t = make_tournament(players, rounds)
    options = CalcOptions(explain=True)
    standings(t, "uscf", options)  # warm-up
    plain = best(lambda: standings(t, "uscf"), 20)
    compute = best(lambda: standings(t, "uscf", options), 20)
    res = standings(t, "uscf", options)
    explained = ReportOptions(source="x", input_format="trf16", explain=True)
    render = best(lambda: render_report(res, "json", explained), 10)
    print(f"{players} x {rounds}, uscf chain (wall / CPU seconds, best of 10-20)")
    for label, (wall, cpu) in (("compute, no explain", plain), ("compute, explain", compute),
                               ("JSON with explain", render)):
        print(f"  {label:<22} {wall:7.4f} / {cpu:7.4f}")


def profile(players: int = 2000, rounds: int = 11) -> None:
    import cProfile
    import pstats

    t = make_tournament(players, rounds)
    standings(t, "uscf")
    prof = cProfile.Profile()
    prof.enable()
    standings(t, "uscf")
    prof.disable()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(15)


def main(argv: list[str]) -> None:
    if "--profile" in argv:
        profile()
        return
    sizes = [tuple(map(int, a.split("x"))) for a in argv if "x" in a] or [(2000, 11),
                                                                         (5000, 13)]
    with tempfile.TemporaryDirectory() as tmp:
        times = {size: run(size[0], size[1], Path(tmp)) for size in sizes}
    explained()
    if (2000, 11) in times and (5000, 13) in times:
        ratio = times[(5000, 13)] / times[(2000, 11)]
        print(f"compute CPU ratio 5000x13 / 2000x11: {ratio:.2f} (target <= 3.5; "
              f"players x rounds ratio {5000 * 13 / (2000 * 11):.2f})")


if __name__ == "__main__":
    main(sys.argv[1:])
