"""Benchmark: instructions of the batch's per-event steps, and of a whole batch (callgrind).

    python benchmarks/bench_batch_instructions.py --season /tmp/season1000
    python benchmarks/bench_batch_instructions.py --season /tmp/season1000 --events 60 --whole

CPU time on this shared 2-core machine moves by 5% or more from run to run (and the system
part with what the file system was doing); the instructions a process executes do not.
This counts them with valgrind's callgrind tool (install valgrind first) for:

* each step ``swisstb batch`` takes for an HTML + JSON event, on the first ``--events``
  events of the season (read, standings with explanations, report table, HTML, JSON,
  summary and season share), as millions of instructions an event: each step is the
  difference between two runs that stop before and after it;
* with ``--whole``, the whole ``swisstb batch SEASON --format html,json --jobs 1`` (about
  20 minutes for 1,000 events under callgrind), season index included.

The season is ``bench_batch.make_season``'s (generated into ``--season`` when that folder is
empty).  The collector is set as the command sets it (:func:`swisstb_io.cli.tune_collector`).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench_batch import STEPS, event_steps, make_season, season_events  # noqa: E402
from bench_instructions import instructions  # noqa: E402


def run_steps(season: Path, events: int, upto: int) -> None:
    """The first ``upto`` steps on the first ``events`` events (the part callgrind counts)."""
    from swisstb_io.cli import tune_collector

    tune_collector()
    for path in season_events(season, events):
        for _ in zip(range(upto), event_steps(path), strict=False):
            pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--season", type=Path, required=True,
                    help="the season folder (generated there when it is empty)")
    ap.add_argument("--events", type=int, default=60, help="events the steps run on")
    ap.add_argument("--whole", action="store_true", help="also count a whole batch")
    ap.add_argument("--generate", type=int, default=1000, metavar="N",
                    help="events to generate when the season folder is empty")
    ap.add_argument("--upto", type=int, help=argparse.SUPPRESS)  # the counted child
    args = ap.parse_args()
    if args.upto is not None:
        run_steps(args.season, args.events, args.upto)
        return
    if not args.season.is_dir() or not any(args.season.iterdir()):
        make_season(args.season, args.generate)
    me = [sys.executable, str(Path(__file__).resolve()), "--season", str(args.season),
          "--events", str(args.events), "--upto"]
    with ThreadPoolExecutor(max_workers=2) as pool:
        counts = list(pool.map(lambda k: instructions([*me, str(k)]), range(len(STEPS) + 1)))
    print(f"python {sys.version.split()[0]} ({sys.executable}); {args.events} events of "
          f"{args.season}")
    print("M instructions an event, by step:")
    for step, low, high in zip(STEPS, counts, counts[1:], strict=False):
        print(f"  {step:<26} {(high - low) / args.events / 1e6:8.1f}")
    print(f"  {'total':<26} {(counts[-1] - counts[0]) / args.events / 1e6:8.1f}")
    if args.whole:
        with tempfile.TemporaryDirectory() as tmp:
            whole = instructions([sys.executable, "-m", "swisstb_io", "batch",
                                  str(args.season), "-o", str(Path(tmp) / "out"),
                                  "--format", "html,json", "--jobs", "1", "--quiet",
                                  "--force"])
        print(f"whole batch (--jobs 1, season index included): {whole / 1e6:,.0f} M")


if __name__ == "__main__":
    main()
