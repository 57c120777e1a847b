"""Benchmark: one event read from each format, in process (prints CPU seconds).

The readers' bytes per second (``bench_read_<format>.py``) depend on how dense a format is;
this compares what each reader costs for the same event (``tests/reader_shapes.event``),
and for the shapes of many tiny sections.  Best of ``--repeat`` reads after a first one.

    python benchmarks/bench_read_same_event.py [--players 9998] [--rounds 9] [--repeat 3]

To compare two versions, run it from outside both checkouts with ``PYTHONPATH`` naming
the other one's folder.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from reader_shapes import HOSTILE, event

from swisstb_io import api

FORMATS = (("trf", ".trf"), ("swisssys-csv", ".csv"), ("uscf-dbf", ".zip"),
           ("sjson", ".sjson"), ("chess-json", ".jch"), ("xml", ".xml"))
SECTION_SHAPES = ("DBF sections x records", "sections naming another's players")


def best_of(data: bytes, path: str, repeat: int) -> float:
    api.load(data, path=path)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        api.load(data, path=path)
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=9998)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--scale", type=int, default=2, help="scale of the section shapes")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    t = event(args.players, args.rounds)
    cases: list[tuple[str, str, Callable[[], bytes]]] = [
        (f"{fmt}, {args.players} x {args.rounds}", f"event{ext}",
         lambda fmt=fmt: api.dumps(t, fmt)) for fmt, ext in FORMATS]
    for shape in HOSTILE:
        if shape.name in SECTION_SHAPES:
            cases.append((f"{shape.name} x{args.scale}", f"event{shape.extension}",
                          lambda shape=shape: shape.make(args.scale)))
    print(f"{'read':<48}{'bytes':>13}{'CPU s':>9}")
    for label, path, make in cases:
        data = make()
        print(f"{label:<48}{len(data):>13,}{best_of(data, path, args.repeat):>9.3f}",
              flush=True)


if __name__ == "__main__":
    main()
