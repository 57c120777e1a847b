"""Benchmark: ``swisstb batch`` over a season of generated events, HTML + JSON reports each.

    python benchmarks/bench_batch.py                 # 1,000 events, --jobs 1 and 2
    python benchmarks/bench_batch.py 200 --jobs 1,2,4
    python benchmarks/bench_batch.py 1000 --cli      # also time the whole `swisstb batch`
    python benchmarks/bench_batch.py --season /tmp/season1000   # generate once, then reuse
    python benchmarks/bench_batch.py 200 --jobs 2 --stages 100  # + CPU ms per step and event

The season: ``N`` deterministic Swiss-like events (20-200 players, 5-9 rounds, pairings by
score, results weighted by rating, a few forfeits and half-point byes, players drawn from
one pool of 3,000 FIDE-rated club members so the season view has real matches), written in
rotating formats (TRF, XML, Chess-JSON, SwissSys CSV) to a temporary folder.

Figures printed, for each ``--jobs`` value: wall time of the whole batch (discovery, reading,
tie-breaks, both reports, the season index) into a fresh output folder, events per second,
the CPU time it took (this process and its workers, user + system: on a shared machine the
wall time also measures the neighbours), the time of a second run in which every event
is unchanged (skipped), and the part of the wall time after the last event: the season
index, which this process writes alone, whatever ``--jobs``.
Target (issue 7): the whole 1,000-event batch under 20 s on 2 cores, throughput growing
with --jobs.

The batch runs in this process with the garbage collector set as the ``swisstb`` command
sets it (:func:`swisstb_io.cli.tune_collector`, the one place it is tuned), so the figures
are the command's.  Library code leaves the collector alone: with the default setting the
1,000-event batch spends about 5 s more in collections (``--default-gc`` shows it).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

from swisstb_io.api import dumps
from swisstb_io.batch import Batch, BatchOptions
from swisstb_io.cli import tune_collector
from swisstb_io.model import Color, DateText, Outcome, Player, RoundResult, Tournament

OC = Outcome
FORMATS = (("trf", ".trf"), ("xml", ".xml"), ("chess-json", ".jch"), ("swisssys-csv", ".csv"))
POOL = [(f"Member{k:04d}, Club", str(5_000_000 + k), 1200 + (k * 7919) % 1300)
        for k in range(3000)]


def make_event(seed: int) -> Tournament:
    rng = random.Random(seed)
    n = rng.randint(20, 200)
    rounds = rng.randint(5, 9)
    people = sorted(rng.sample(POOL, n), key=lambda p: -p[2])
    score = dict.fromkeys(range(1, n + 1), Fraction(0))
    res: dict[int, list[RoundResult]] = {s: [] for s in score}
    for _ in range(rounds):
        order = sorted(score, key=lambda s: (-score[s], s))
        for s in list(order):
            if rng.random() < 0.01:
                res[s].append(RoundResult(OC.HALF_BYE))
                score[s] += Fraction(1, 2)
                order.remove(s)
        if len(order) % 2:
            s = order.pop()
            res[s].append(RoundResult(OC.PAIRING_BYE))
            score[s] += 1
        for a, b in zip(order[::2], order[1::2], strict=True):
            x = rng.random()
            if x < 0.01:
                oa, ob = OC.FORFEIT_WIN, OC.FORFEIT_LOSS
            else:
                edge = (people[b - 1][2] - people[a - 1][2]) / 800
                oa, ob = ((OC.WIN, OC.LOSS) if x < 0.4 - edge else
                          (OC.DRAW, OC.DRAW) if x < 0.7 - edge else (OC.LOSS, OC.WIN))
            ca, cb = (Color.WHITE, Color.BLACK) if rng.random() < 0.5 else (Color.BLACK,
                                                                             Color.WHITE)
            res[a].append(RoundResult(oa, b, ca))
            res[b].append(RoundResult(ob, a, cb))
            score[a] += {OC.WIN: 1, OC.DRAW: Fraction(1, 2), OC.FORFEIT_WIN: 1}.get(oa, 0)
            score[b] += {OC.WIN: 1, OC.DRAW: Fraction(1, 2), OC.FORFEIT_WIN: 1}.get(ob, 0)
    players = tuple(Player(s, people[s - 1][0], tuple(res[s]), fide_id=people[s - 1][1],
                           fide_rating=people[s - 1][2]) for s in range(1, n + 1))
    return Tournament(name=f"Season event {seed}", players=players, total_rounds=rounds,
                      start_date=DateText.from_date(dt.date(2026, 1, 1)
                                                    + dt.timedelta(days=seed % 365)),
                      tiebreaks=("BH/C1", "BH", "SB"))


def make_season(root: Path, count: int) -> int:
    total_players = 0
    for k in range(count):
        fmt, ext = FORMATS[k % len(FORMATS)]
        t = make_event(k)
        total_players += len(t.players)
        path = root / f"month{k % 12 + 1:02d}" / f"event{k:04d}{ext}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(dumps(t, fmt))
    return total_players


def timed_run(root: Path, out: Path, jobs: int) -> tuple[float, float, int, float]:
    """Wall time, CPU time (this process and its workers: on a shared machine the wall
    time also measures the neighbours), the number of events, and the wall time after the
    last event (the season index, written by this process alone)."""
    batch = Batch(root, out, BatchOptions(formats=("html", "json"), jobs=jobs))
    start, before = time.perf_counter(), os.times()
    results = []
    last = start
    for res in batch.run():
        results.append(res)
        last = time.perf_counter()
    end, after = time.perf_counter(), os.times()
    cpu = sum(after[:4]) - sum(before[:4])  # user + system, of this process and children
    bad = [r for r in results if r.status == "failed"]
    if bad:
        raise SystemExit(f"{len(bad)} events failed, e.g. {bad[0].location}: {bad[0].message}")
    return end - start, cpu, len(results), end - last


def python_probe() -> float:
    """Milliseconds a fixed pure-Python loop takes: this VM's speed changes by up to 2x
    within minutes, so each figure is printed next to it."""
    start = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i * i % 7
    return (time.perf_counter() - start) * 1000


def file_probe(folder: Path) -> float:
    """Microseconds to write one small file atomically in ``folder`` (the batch writes
    three an event; on a file system where creating files is slow, that shows)."""
    from swisstb_io.api import atomic_write

    probe = folder / "probe"
    start = time.perf_counter()
    for k in range(200):
        atomic_write(probe / f"f{k}", b"x" * 1000)
    elapsed = time.perf_counter() - start
    shutil.rmtree(probe)
    return elapsed / 200 * 1e6


STEPS = ("read", "standings + explanations", "report table", "HTML", "JSON",
         "summary + season share")
"""The steps ``swisstb batch`` takes for an HTML + JSON event (:func:`event_steps`)."""


def event_steps(path: Path) -> Iterator[str]:
    """Take the steps of :data:`STEPS` on the event at ``path``, yielding each one's name
    when it is done (so a caller can time each, or stop after any)."""
    from swisstb_io.api import load, read_source
    from swisstb_io.batch.season_parts import entry_to_json, season_entries
    from swisstb_io.batch.summary import summarise
    from swisstb_io.jsonwrite import dumps
    from swisstb_io.reports import ReportOptions, build, render
    from swisstb_io.tiebreaks import CalcOptions, standings

    data, _ = read_source(str(path))
    got = load(data, path=str(path))
    yield STEPS[0]
    t = got.tournament
    result = standings(t, None, CalcOptions(explain=True))  # the chain policy
    yield STEPS[1]
    options = ReportOptions(source=path.name, input_format=got.format)
    table = build(result, options)
    yield STEPS[2]
    render(table, "html", options)
    yield STEPS[3]
    render(table, "json", options)
    yield STEPS[4]
    summary = summarise(t, table)
    season = season_entries(t, result)
    dumps({**summary, "entrants": [entry_to_json(e) for e in season]}, indent=None)
    yield STEPS[5]


def season_events(root: Path, count: int) -> list[Path]:
    """The first ``count`` event files of the season in ``root``, in path order."""
    return sorted(p for p in root.rglob("*") if p.is_file())[:count]


def stage_times(root: Path, count: int) -> None:
    """CPU time per event of each step ``swisstb batch`` takes for an HTML + JSON event
    (the garbage collector set as in the batch)."""
    events = season_events(root, count)
    spent = dict.fromkeys(STEPS, 0.0)
    for path in events:
        clock = time.process_time()
        for step in event_steps(path):
            now = time.process_time()
            spent[step] += now - clock
            clock = now
    n = max(len(events), 1)
    print(f"per event, CPU ms (mean of {len(events)} events): " + ", ".join(
        f"{step} {seconds / n * 1000:.1f}" for step, seconds in spent.items())
        + f"; total {sum(spent.values()) / n * 1000:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("events", nargs="?", type=int, default=1000)
    ap.add_argument("--jobs", default="1,2", help="comma-separated --jobs values to time")
    ap.add_argument("--cli", action="store_true", help="also time the `swisstb batch` command")
    ap.add_argument("--season", type=Path, help="keep the generated season in this folder and "
                    "reuse it when it is already there")
    ap.add_argument("--stages", type=int, metavar="N", default=0,
                    help="also time each step on the first N events (CPU ms per event)")
    ap.add_argument("--out", type=Path, help="write the outputs under this folder (default: "
                    "the temporary folder; its file system's speed counts)")
    ap.add_argument("--default-gc", action="store_true",
                    help="leave the garbage collector at Python's default setting instead of "
                         "the command's (swisstb_io.cli.tune_collector)")
    args = ap.parse_args()
    if not args.default_gc:
        tune_collector()
    jobs_list = [int(j) for j in args.jobs.split(",")]
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    with tempfile.TemporaryDirectory() as tmp:
        root = args.season or Path(tmp) / "season"
        if args.season is not None and root.is_dir() and any(root.iterdir()):
            print(f"reusing the season in {root}; {cpus} CPUs available")
        else:
            start = time.perf_counter()
            players = make_season(root, args.events)
            print(f"generated {args.events} events ({players} player entries) in "
                  f"{time.perf_counter() - start:.1f} s; {cpus} CPUs available")
        if args.stages:
            stage_times(root, args.stages)
        base = args.out or Path(tmp)
        base.mkdir(parents=True, exist_ok=True)
        # The interpreter's build counts: on the 2-vCPU VM of the notes, pyenv's default
        # build (no PGO/LTO) took about 1.15x the time of Debian's python3.11 on this batch.
        print(f"python {platform.python_version()} ({sys.executable})")
        print(f"machine: a fixed Python loop takes {python_probe():.0f} ms; writing a small "
              f"file in {base} takes {file_probe(base):.0f} us")
        for jobs in jobs_list:
            out = base / f"out{jobs}"
            elapsed, cpu, n, index = timed_run(root, out, jobs)
            again = timed_run(root, out, jobs)[0]
            print(f"--jobs {jobs}: {elapsed:6.2f} s, {n / elapsed:6.1f} events/s "
                  f"(CPU {cpu:.1f} s, {cpu / n * 1000:.0f} ms an event); "
                  f"re-run with nothing changed: {again:5.2f} s")
            print(f"  after the last event (the season index): {index:.2f} s")
            pages = [f.stat().st_size for f in (out / "players").glob("*.html")]
            print(f"  index.json {(out / 'index.json').stat().st_size / 2**20:.1f} MiB, "
                  f"index.html {(out / 'index.html').stat().st_size / 2**20:.2f} MiB, "
                  f"{len(pages)} player page files, {sum(pages) / 2**20:.0f} MiB in all")
            shutil.rmtree(out)
            print(f"  machine after: the Python loop takes {python_probe():.0f} ms")
        if args.cli:
            out = Path(tmp) / "outcli"
            start = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "swisstb_io", "batch", str(root), "-o",
                                   str(out), "--format", "html,json", "--jobs",
                                   str(max(jobs_list)), "--quiet"], capture_output=True)
            print(f"`swisstb batch --jobs {max(jobs_list)}` (whole process): "
                  f"{time.perf_counter() - start:.2f} s, exit {proc.returncode}")


if __name__ == "__main__":
    main()
