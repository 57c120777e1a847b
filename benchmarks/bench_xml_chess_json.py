"""Write and read times of the XML and Chess-JSON formats on synthetic Swiss events.

Run: ``python benchmarks/bench_xml_chess_json.py``.  Prints, per size, the seconds for
write and read and the microseconds per player-round, which should stay flat (linear).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from swisstb_io.model import Color, Outcome, Player, RoundResult, Tournament
from swisstb_io.registry import ReadOptions, WriteOptions, find

ROUNDS = 11


def synthetic(players: int, rounds: int = ROUNDS) -> Tournament:
    """A consistent event: round r pairs i with i + shift, an odd player out gets the bye."""
    table: dict[int, list[RoundResult]] = {n: [] for n in range(1, players + 1)}
    for r in range(1, rounds + 1):
        order = list(range(1, players + 1))
        shift = r % max(players - 1, 1)
        order = order[shift:] + order[:shift]
        if len(order) % 2:
            table[order.pop()].append(RoundResult(Outcome.PAIRING_BYE))
        for k in range(0, len(order), 2):
            a, b = order[k], order[k + 1]
            kind = (a + b + r) % 3
            out = (
                (Outcome.WIN, Outcome.LOSS)
                if kind == 0
                else ((Outcome.DRAW, Outcome.DRAW) if kind == 1 else (Outcome.LOSS, Outcome.WIN))
            )
            table[a].append(RoundResult(out[0], b, Color.WHITE))
            table[b].append(RoundResult(out[1], a, Color.BLACK))
    return Tournament(
        name="Benchmark Open",
        total_rounds=rounds,
        players=tuple(
            Player(
                n,
                f"Player{n:05d}, Given",
                tuple(table[n]),
                fide_rating=1000 + n % 1500,
                federation="NOR",
                fide_id=str(10_000_000 + n),
            )
            for n in range(1, players + 1)
        ),
    )


def _time(action: Callable[[], object]) -> float:
    best = math.inf
    for _ in range(3):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    print(
        f"{'format':<11}{'players':>8}{'rounds':>7}{'bytes':>11}{'write s':>9}{'read s':>9}"
        f"{'us/pl-rd w':>12}{'us/pl-rd r':>12}"
    )
    for name in ("xml", "chess-json"):
        spec = find(name)
        assert spec.writer is not None and spec.reader is not None
        writer, reader = spec.writer, spec.reader
        for n in (500, 1000, 2000, 4000):
            t = synthetic(n)
            data = writer(t, WriteOptions())
            back = reader(data, "bench", ReadOptions()).tournament
            assert back.players[-1].results == t.players[-1].results
            w = _time(lambda t=t, writer=writer: writer(t, WriteOptions()))
            r = _time(lambda data=data, reader=reader: reader(data, "bench", ReadOptions()))
            cells = n * ROUNDS
            print(
                f"{name:<11}{n:>8}{ROUNDS:>7}{len(data):>11}{w:>9.3f}{r:>9.3f}"
                f"{w / cells * 1e6:>12.2f}{r / cells * 1e6:>12.2f}"
            )


if __name__ == "__main__":
    main()
