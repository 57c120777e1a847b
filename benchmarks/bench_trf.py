"""Benchmark: reading and writing large FIDE TRF files (prints figures).

    python benchmarks/bench_trf.py            # 2,000 x 11 and 5,000 x 13
    python benchmarks/bench_trf.py 2000x11    # one size

For each size a deterministic (seeded) synthetic Swiss event is built as a model: random
Swiss-like pairings, a pairing-allocated bye for odd rounds, about 2 % requested half- and
full-point byes, 2 % forfeits, a few double forfeits, and 3 % of the field withdrawing
part-way (zero-point byes or nothing afterwards).  It is written to a temporary TRF-2026
file with ``write_trf``, then timed:

* read in process: ``read_trf(bytes)`` (best of 5 after a warm-up);
* write in process: ``write_trf`` of the model just read (original lines kept) and of the
  model with its layout removed (every line built from the model), best of 5;
* whole process: ``python -m swisstb_io info FILE`` (interpreter start, imports, reading),
  best of 5, wall and child CPU time, next to ``python -c pass`` (the interpreter alone).
  Run it with ``PYTHONDONTWRITEBYTECODE`` unset, and preferably from a virtual
  environment with a regular (not editable) install: an editable install's import hook
  and other ``.pth`` files add their own start-up time to every process.

Target: reading 2,000 x 11 well under 0.2 s in process; time grows linearly with size.
"""

from __future__ import annotations

import dataclasses
import math
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from swisstb_io.model import (
    MIRROR,
    Color,
    Outcome,
    Player,
    PointSystem,
    RoundResult,
    Tournament,
)
from swisstb_io.registry import ReadOptions, WriteOptions
from swisstb_io.trf import read_trf, write_trf

SIZES = ((2000, 11), (5000, 13))


def generate(players: int, rounds: int, seed: int = 2026) -> Tournament:
    """A consistent synthetic Swiss event (same seed, same event)."""
    rnd = random.Random(seed)
    results: dict[int, list[RoundResult]] = {sn: [] for sn in range(1, players + 1)}
    withdraw_after = {sn: rnd.randint(1, rounds - 1) for sn in results if rnd.random() < 0.03}
    for r in range(1, rounds + 1):
        present = []
        for sn in results:
            if sn in withdraw_after and r > withdraw_after[sn]:
                if rnd.random() < 0.5:
                    results[sn].append(RoundResult(Outcome.ZERO_BYE))
                else:
                    results[sn].append(RoundResult(Outcome.NOT_PAIRED))
            elif rnd.random() < 0.02:
                results[sn].append(RoundResult(rnd.choice((Outcome.HALF_BYE, Outcome.FULL_BYE))))
            else:
                present.append(sn)
        # Swiss-like: sort by score with noise, pair neighbours
        score = {sn: sum(1 for x in results[sn] if x.outcome is Outcome.WIN) for sn in present}
        present.sort(key=lambda sn: (-score[sn], rnd.random()))
        if len(present) % 2:
            results[present.pop()].append(RoundResult(Outcome.PAIRING_BYE))
        for a, b in zip(present[::2], present[1::2], strict=True):
            x = rnd.random()
            if x < 0.005:
                outcome = Outcome.DOUBLE_FORFEIT
            elif x < 0.02:
                outcome = rnd.choice((Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS))
            else:
                outcome = rnd.choice((Outcome.WIN, Outcome.DRAW, Outcome.LOSS))
            white = rnd.random() < 0.5
            ca, cb = (Color.WHITE, Color.BLACK) if white else (Color.BLACK, Color.WHITE)
            results[a].append(RoundResult(outcome, b, ca))
            results[b].append(RoundResult(MIRROR[outcome], a, cb))
    for seq in results.values():
        while seq and seq[-1].outcome is Outcome.NOT_PAIRED:
            seq.pop()
    points = PointSystem()
    people = []
    for sn, res in results.items():
        p = Player(sn, f"Player{sn:05d}, Test", tuple(res), sex=rnd.choice("mw"),
                   fide_rating=rnd.randint(1000, 2800), federation=rnd.choice(("NOR", "ESP")),
                   fide_id=str(1_000_000 + sn), birth=f"{rnd.randint(1950, 2015)}/01/01")
        people.append(dataclasses.replace(p, declared_points=p.points(points)))
    return Tournament(name=f"Synthetic {players}x{rounds}", players=tuple(people),
                      total_rounds=rounds, pairing_system="FIDE_DUTCH_2025")


def best(fn: Callable[[], object], repeat: int = 5) -> tuple[float, float]:
    """Best wall-clock and best CPU time of ``repeat`` runs after a warm-up (CPU time is
    the steadier figure on a shared machine)."""
    fn()
    wall, cpu = [], []
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
    return min(wall), min(cpu)


def whole_process(cmd: list[str], repeat: int = 5) -> tuple[float, float, int]:
    """Best wall-clock and best child CPU seconds (user + system) of ``cmd``, and its exit
    code; one untimed run first so .pyc files exist."""
    subprocess.run(cmd, capture_output=True, check=False)
    wall = cpu = math.inf
    code = 0
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        w0 = time.perf_counter()
        code = subprocess.run(cmd, capture_output=True, check=False).returncode
        wall = min(wall, time.perf_counter() - w0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = min(cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall, cpu, code


def run(players: int, rounds: int, folder: Path) -> None:
    model = generate(players, rounds)
    data = write_trf(model, WriteOptions())
    path = folder / f"synthetic_{players}x{rounds}.trf"
    path.write_bytes(data)
    read = read_trf(data, str(path), ReadOptions())
    assert read.diagnostics == (), read.diagnostics[:3]
    t = read.tournament
    fresh = dataclasses.replace(t, extras={})
    assert write_trf(t, WriteOptions()) == data
    t_read = best(lambda: read_trf(data, str(path), ReadOptions()))
    t_write = best(lambda: write_trf(t, WriteOptions()))
    t_fresh = best(lambda: write_trf(fresh, WriteOptions()))
    t_proc, cpu_proc, code = whole_process([sys.executable, "-m", "swisstb_io", "info",
                                            str(path)])
    t_bare, cpu_bare, _ = whole_process([sys.executable, "-c", "pass"])
    blocks = players * rounds
    print(f"{players} players x {rounds} rounds ({len(data) / 1e6:.2f} MB, {blocks} round blocks)")
    print("                               wall ms    cpu ms")
    for what, (wall, cpu) in (("read  (in process)", t_read), ("write (layout kept)", t_write),
                              ("write (from the model only)", t_fresh)):
        print(f"  {what:<27} {wall * 1000:8.1f}  {cpu * 1000:8.1f}")
    print(f"  read per round block        {t_read[1] / blocks * 1e6:8.2f} us (cpu)")
    print(f"  python -m swisstb_io info   {t_proc * 1000:8.1f}  {cpu_proc * 1000:8.1f}   "
          f"(exit {code}; whole process, best of 5)")
    print(f"  python -c pass              {t_bare * 1000:8.1f}  {cpu_bare * 1000:8.1f}   "
          "(the interpreter alone, for comparison)")


def main(argv: list[str]) -> None:
    sizes = [tuple(int(x) for x in a.split("x")) for a in argv] or list(SIZES)
    with tempfile.TemporaryDirectory() as tmp:
        for players, rounds in sizes:
            run(players, rounds, Path(tmp))


if __name__ == "__main__":
    main(sys.argv[1:])
