"""Benchmark: rating-change estimates against the FIDE tie-break chain on the same event
(prints figures, as a ratio).

    python benchmarks/bench_ratings.py            # 2,000 x 11
    python benchmarks/bench_ratings.py 5000x13

The event is ``bench_fide.make_trf``'s synthetic Swiss (everybody rated, about 2 %
forfeits and byes).  It is read once, then timed in process, best of 5 CPU seconds:

* the FIDE tie-break chain of ``bench_fide`` (``standings(t, CHAIN)``: context, systems,
  ranking);
* ``rating_changes(t, FIDE)`` and ``rating_changes(t, USCF)`` (the ratings read as US Chess
  ratings), and the FIDE estimate rendered as the JSON document (``to_json``).

Printed: each time and its ratio to the tie-break chain (the target: at most 1).  The
machine's load moves both sides alike, so the ratio is steadier than the times.
"""

from __future__ import annotations

import math
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_fide import CHAIN, make_trf


def best(run: Callable[[], object], times: int = 5) -> float:
    out = math.inf
    for _ in range(times):
        start = time.process_time()
        run()
        out = min(out, time.process_time() - start)
    return out


def main(argv: list[str]) -> None:
    import swisstb_io
    from swisstb_io.rating_change import RatingSystem, rating_changes
    from swisstb_io.rating_change.render_json import to_json
    from swisstb_io.tiebreaks import standings

    sizes = [tuple(int(x) for x in a.split("x")) for a in argv] or [(2000, 11)]
    print(f"chain: {CHAIN}; CPU seconds, best of 5; ratio = time / chain's time")
    print(f"{'size':>10} {'chain':>7} {'FIDE':>7} {'ratio':>6} {'US':>7} {'ratio':>6} "
          f"{'FIDE+json':>9} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        for players, rounds in sizes:
            path = Path(tmp) / f"bench_{players}x{rounds}.trf"
            path.write_text(make_trf(players, rounds), encoding="utf-8")
            t = swisstb_io.read(path)
            chain = best(lambda: standings(t, CHAIN))
            fide = best(lambda: rating_changes(t, RatingSystem.FIDE))
            us = best(lambda: rating_changes(t, RatingSystem.USCF))
            with_json = best(lambda: to_json(rating_changes(t, RatingSystem.FIDE)))
            print(f"{players:>5}x{rounds:<4} {chain:>7.3f} {fide:>7.3f} {fide / chain:>6.2f} "
                  f"{us:>7.3f} {us / chain:>6.2f} {with_json:>9.3f} {with_json / chain:>6.2f}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main(sys.argv[1:])
