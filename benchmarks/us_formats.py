"""Time the US formats (CSV, .sjson, DBF) on synthetic Swiss events; prints figures.

Run: python benchmarks/us_formats.py  (sizes: players x rounds; each figure is the best of 3)
"""

from __future__ import annotations

import time
from collections.abc import Callable

from swisstb_io.model import Color, Outcome, Player, Rating, RoundResult, Tournament
from swisstb_io.registry import ReadOptions, WriteOptions, find


def event(n: int, rounds: int) -> Tournament:
    """n players (n even); in round r player i meets i + r (mod n), colours alternate."""
    res: list[list[RoundResult]] = [[] for _ in range(n)]
    for r in range(1, rounds + 1):
        seen: set[int] = set()
        for i in range(n):
            if i in seen:
                continue
            j = (i + 2 * r - 1) % n
            while j in seen or j == i:
                j = (j + 1) % n
            seen |= {i, j}
            kind = (i + r) % 3
            a, b = [(Outcome.WIN, Outcome.LOSS), (Outcome.DRAW, Outcome.DRAW),
                    (Outcome.LOSS, Outcome.WIN)][kind]
            res[i].append(RoundResult(a, j + 1, Color.WHITE))
            res[j].append(RoundResult(b, i + 1, Color.BLACK))
    players = tuple(
        Player(i + 1, f"Player, Number {i + 1}", tuple(res[i]), ratings=(Rating("USCF", 1000 + i),),
               national_ids=(("USCF", f"{10000000 + i}"),))
        for i in range(n)
    )
    return Tournament(name="Bench", section="Open", players=players, total_rounds=rounds)


def best(fn: Callable[[], object]) -> float:
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    print(f"{'format':<14}{'players x rounds':>18}{'bytes':>11}{'write ms':>10}{'read ms':>10}")
    for name in ("swisssys-csv", "sjson", "uscf-dbf"):
        spec = find(name)
        writer, reader = spec.writer, spec.reader
        assert writer is not None and reader is not None
        for n, rounds in ((1000, 9), (4000, 9)):
            t = event(n, rounds)
            data = writer(t, WriteOptions())
            w = best(lambda: writer(t, WriteOptions()))  # noqa: B023 - called at once
            r = best(lambda: reader(data, "bench", ReadOptions()))  # noqa: B023
            back = reader(data, "bench", ReadOptions()).tournament
            assert [p.results for p in back.players] == [p.results for p in t.players]
            print(f"{name:<14}{f'{n} x {rounds}':>18}{len(data):>11}{w * 1000:>10.1f}"
                  f"{r * 1000:>10.1f}")


if __name__ == "__main__":
    main()
