"""Benchmark: reading large PGN files (prints figures).

    python benchmarks/bench_pgn.py          # 100 MB of each shape
    python benchmarks/bench_pgn.py 20       # 20 MB of each shape
    python benchmarks/bench_pgn.py 20 --against OTHER_CHECKOUT

Two deterministic (seeded) synthetic files of about the size asked, written to a temporary
folder:

* ``broadcast``: lichess-broadcast style, a ``{ [%clk h:mm:ss] }`` comment after every
  move on one long line, events of 200 players x 9 rounds with FIDE ids, titles, ratings;
* ``database``: TWIC style, moves wrapped at 80 columns, no clocks, now and then a
  variation, a NAG and a comment, many small events (40 players x 7 rounds).

For each file:

* read in process: ``swisstb_io.pgn.read(bytes)`` (best of 3, with the collector set as
  ``swisstb`` sets it, ``cli.tune_collector``), in MB/s of wall and of CPU time (the second
  is the fairer figure on a shared, busy machine);
* whole process: ``python -m swisstb_io info FILE --section 1`` once, started before this
  process loads the file, its wall time and peak resident memory (``ru_maxrss`` of the
  child), next to the file's size: reading holds the bytes, a record per game and the
  model, never a decoded copy of the file.

With ``--against OTHER_CHECKOUT`` (the root of another checkout of swisstb_io, e.g. the
main branch before a change), each file is also read by that checkout's reader, in child
processes taking turns with this one's (three turns, best of two reads each, CPU time):
the ratio of the two is what to look at on a busy machine, where both figures move.

Target (issue 30): 100 MB in bounded memory at 20 MB/s or more on one core.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from swisstb_io.cli import tune_collector
from swisstb_io.pgn import read
from swisstb_io.registry import ReadOptions

_MOVES = ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",
          "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5",
          "Nc3", "Bb7", "Bg5", "b4", "Nb1", "h6", "Bh4", "c5", "dxe5", "Nxe4", "Bxe7",
          "Qxe7", "exd6", "Qf6", "Nbd2", "Nxd6", "Nc4", "Nxc4", "Bxc4", "Nb6", "Ne5",
          "Rae8", "Bxf7+", "Rxf7", "Nxf7", "Rxe1+", "Qxe1", "Kxf7", "Qe3", "Qg5")
_RESULTS = ("1-0", "0-1", "1/2-1/2")


def _moves(rng: random.Random, plies: int, clocks: bool, wrap: bool) -> str:
    tokens: list[str] = []
    for ply in range(plies):
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.")
        elif clocks:
            tokens.append(f"{ply // 2 + 1}...")
        tokens.append(rng.choice(_MOVES))
        if clocks:
            tokens.append(f"{{ [%clk {rng.randint(0, 1)}:{rng.randint(0, 59):02d}:"
                          f"{rng.randint(0, 59):02d}] }}")
        elif rng.random() < 0.01:
            tokens.append(f"(${rng.randint(1, 20)} {rng.choice(_MOVES)} {rng.choice(_MOVES)})")
        elif rng.random() < 0.01:
            tokens.append("{a short note on the position}")
    if not wrap:
        return " ".join(tokens)
    lines, line = [], ""
    for token in tokens:
        if len(line) + len(token) + 1 > 80:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    lines.append(line)
    return "\n".join(lines)


def _event(rng: random.Random, number: int, players: int, rounds: int, broadcast: bool
           ) -> list[str]:
    games = []
    for rnd in range(1, rounds + 1):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        for board in range(1, players // 2 + 1):
            white, black = order[2 * board - 2], order[2 * board - 1]
            result = rng.choice(_RESULTS)
            tags = [("Event", f"Synthetic {'Open' if broadcast else 'Rapid'} {number}"),
                    ("Site", "Testville"), ("Date", f"2025.05.{rnd:02d}"),
                    ("Round", f"{rnd}.{board}"), ("White", f"Player {white}, Ann"),
                    ("Black", f"Player {black}, Ann"), ("Result", result),
                    ("WhiteElo", str(2600 - white)), ("BlackElo", str(2600 - black)),
                    ("WhiteFideId", str(number * 10_000 + white)),
                    ("BlackFideId", str(number * 10_000 + black)), ("ECO", "C65")]
            if broadcast:
                tags += [("WhiteTitle", "GM" if white < 20 else ""),
                         ("TimeControl", "40/5400:1800+30"), ("UTCTime", "13:00:00")]
            head = "\n".join(f'[{k} "{v}"]' for k, v in tags if v)
            plies = rng.randint(30, 110)
            games.append(f"{head}\n\n{_moves(rng, plies, broadcast, not broadcast)} {result}\n")
    return games


def make(kind: str, megabytes: float, seed: int = 30) -> bytes:
    """A synthetic PGN file of about ``megabytes`` MB in the shape ``kind``."""
    rng = random.Random(seed)
    parts: list[str] = []
    size, number = 0, 0
    broadcast = kind == "broadcast"
    while size < megabytes * 1_000_000:
        number += 1
        for game in _event(rng, number, 200 if broadcast else 40, 9 if broadcast else 7,
                           broadcast):
            parts.append(game)
            size += len(game) + 1
    return "\n".join(parts).encode("utf-8")


def _best(seconds: list[float]) -> float:
    return min(seconds)


def _peak_of_child(args: list[str]) -> tuple[float, float]:
    """Wall seconds and peak resident MB of ``python -m ARGS``, as the child says it (started
    while this process is small: a child's peak counts what its parent held at the fork)."""
    code = ("import resource, runpy, sys\n"
            "sys.argv = sys.argv[1:]\n"
            "try:\n"
            "    runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True)\n"
            "except SystemExit:\n"
            "    pass\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n")
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, *args], check=True, capture_output=True,
                          text=True)
    wall = time.perf_counter() - start
    return wall, int(done.stderr.split()[-1]) / 1024


_READ_IN_CHILD = """
import sys, time
sys.path.insert(0, sys.argv[1])
from swisstb_io.cli import tune_collector
from swisstb_io.pgn import read
from swisstb_io.registry import ReadOptions
tune_collector()
data = open(sys.argv[2], "rb").read()
best = float("inf")
for _ in range(int(sys.argv[3])):
    start = time.process_time()
    read(data, sys.argv[2], ReadOptions())
    best = min(best, time.process_time() - start)
print(best)
"""
"""Read a file with the reader of the checkout at ``argv[1]``; print the best CPU time."""


def _compare(path: Path, other: str, turns: int = 3) -> None:
    """CPU time of reading ``path`` with this checkout's reader and ``other``'s, in turns."""
    roots = {"this checkout": str(Path(__file__).resolve().parent.parent), other: other}
    best = dict.fromkeys(roots, float("inf"))
    for _ in range(turns):
        for name, root in roots.items():
            done = subprocess.run([sys.executable, "-c", _READ_IN_CHILD, root, str(path), "2"],
                                  check=True, capture_output=True, text=True)
            best[name] = min(best[name], float(done.stdout))
    mb = path.stat().st_size / 1e6
    for name, seconds in best.items():
        print(f"  {name}: {mb / seconds:.1f} MB/s of CPU time")
    print(f"  this checkout / {other}: {best['this checkout'] / best[other]:.2f} of the time")


def main(argv: list[str]) -> None:
    if argv[1:2] == ["--make"]:  # python bench_pgn.py --make KIND MB PATH
        Path(argv[4]).write_bytes(make(argv[2], float(argv[3])))
        return
    other = argv[argv.index("--against") + 1] if "--against" in argv else None
    if other is not None:
        argv = [a for a in argv if a not in ("--against", other)]
    megabytes = float(argv[1]) if len(argv) > 1 else 100.0
    tune_collector()  # as `swisstb` runs
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("broadcast", "database"):
            path = Path(tmp) / f"{kind}.pgn"
            subprocess.run([sys.executable, __file__, "--make", kind, str(megabytes),
                            str(path)], check=True)
            wall, peak = _peak_of_child(["swisstb_io", "info", str(path), "--section", "1"])
            data = path.read_bytes()
            times, cpu = [], []
            for _ in range(3):
                start, start_cpu = time.perf_counter(), time.process_time()
                result = read(data, str(path), ReadOptions())
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            mb = len(data) / 1e6
            games = result.details["games"]
            print(f"{kind}: {mb:.1f} MB, {games} games, {result.details['events']} events: "
                  f"read {_best(times):.2f} s = {mb / _best(times):.1f} MB/s wall, "
                  f"{mb / _best(cpu):.1f} MB/s of CPU time (best of 3)")
            print(f"  swisstb info: {wall:.2f} s wall, peak resident memory {peak:.0f} MB "
                  f"(the file is {mb:.0f} MB)")
            del data, result
            if other is not None:
                _compare(path, other)


if __name__ == "__main__":
    main(sys.argv)
