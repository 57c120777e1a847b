"""Benchmark: the prize calculation on a large open, US Chess and FIDE style.

    python benchmarks/bench_prizes.py            # 1,000 players
    python benchmarks/bench_prizes.py 5000

The field: ``N`` players on scores 0-9 (half points, many ties), ratings 1000-2400 with
5 % unrated, drawn from a fixed seed. The prize file: 20 place prizes, under prizes every
200 points from U2200 to U1200 (three places each), an unrated prize, a women's prize and
trophies. Printed: the time of one ``award`` (best of 3) for ``system = "uscf"`` and for
``system = "fide"`` with Hort sharing, and the number of pools.
"""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction

from swisstb_io.prizes import Entrant, award, parse_prize_file


def field(n: int) -> list[Entrant]:
    rng = random.Random(7)
    points = sorted((Fraction(rng.randint(0, 18), 2) for _ in range(n)), reverse=True)
    out = []
    for rank, pts in enumerate(points, 1):
        rating = None if rng.random() < 0.05 else rng.randint(1000, 2400)
        ratings = {"uscf": rating, "fide": rating} if rating else {}
        out.append(Entrant(rank, f"P{rank}", pts, rank, ratings=ratings,
                           sex="F" if rng.random() < 0.2 else "M"))
    return out


def prize_text(system: str) -> str:
    lines = ['schema = "swisstb-prizes/1"', "[event]", f'system = "{system}"',
             'rating = "uscf"']
    lines += ["[[group]]", 'id = "place"', 'kind = "place"',
              f"cash = {[2000 - 90 * k for k in range(20)]}", 'items = ["Cup", "Cup", "Cup"]']
    if system == "fide":
        lines.append('sharing = "hort"')
    for below in range(2200, 1000, -200):
        lines += ["[[group]]", f'id = "u{below}"', 'kind = "under"', f"below = {below}",
                  f"cash = [{below // 10}, {below // 20}, {below // 40}]",
                  f'items = ["U{below} trophy"]']
    lines += ["[[group]]", 'id = "unrated"', 'kind = "unrated"', "cash = [100]"]
    lines += ["[[group]]", 'id = "women"', 'kind = "criteria"', 'sex = "F"', "cash = [150]"]
    return "\n".join(lines) + "\n"


def best_of(runs: int, fn: object) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    people = field(n)
    for system in ("uscf", "fide"):
        pf = parse_prize_file(prize_text(system))
        result = award(people, pf)
        seconds = best_of(3, lambda pf=pf: award(people, pf))
        print(f"{system}: {n} players, {len(result.pools)} pools, "
              f"{seconds * 1000:.1f} ms per prize list")


if __name__ == "__main__":
    main()
