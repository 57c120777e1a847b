"""Benchmark: team standings on a large synthetic team Swiss (prints figures).

    python benchmarks/bench_teams.py              # 250 teams x 6 boards x 13 rounds
    python benchmarks/bench_teams.py 100x4x9      # teams x boards x rounds

A deterministic synthetic TRF-2026 team event (random team pairings, board k against board
k, 1-½-0 game results, 310 / 352 / 362 / 192 / 202 records) is written to a temporary
folder; then the whole process is timed (best of 3) for

* the team report: ``python -m swisstb_io report FILE --format json`` with grandmommy's
  chain (202 ``EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP``);
* the individual report of the same players: ``--view individual -t PTS,BH/C1,BH,SB``.

Issue 18 asks the first to take at most twice the second.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHAIN = "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"


def make_event(teams: int, boards: int, rounds: int, seed: int = 18) -> str:
    """The TRF-2026 text of a synthetic team event."""
    rng = random.Random(seed)
    size = boards + 1
    members = {t: [(t - 1) * size + k for k in range(1, size + 1)] for t in range(1, teams + 1)}
    cells: dict[int, list[str]] = {sn: [] for ms in members.values() for sn in ms}
    for _ in range(rounds):
        order = list(range(1, teams + 1))
        rng.shuffle(order)
        bye = order.pop() if len(order) % 2 else None
        for a, b in zip(order[::2], order[1::2], strict=True):
            sit_a, sit_b = rng.randrange(size), rng.randrange(size)
            pa = [m for k, m in enumerate(members[a]) if k != sit_a]
            pb = [m for k, m in enumerate(members[b]) if k != sit_b]
            for k, (x, y) in enumerate(zip(pa, pb, strict=True)):
                cx, cy = ("w", "b") if k % 2 == 0 else ("b", "w")
                rx = rng.choice("10=")
                ry = {"1": "0", "0": "1", "=": "="}[rx]
                cells[x].append(f"{y:4d} {cx} {rx}")
                cells[y].append(f"{x:4d} {cy} {ry}")
            for m in (members[a][sit_a], members[b][sit_b]):
                cells[m].append("0000 - -")
        if bye is not None:
            for m in members[bye]:
                cells[m].append("0000 - U")
    lines = ["012 Synthetic team Swiss", "042 2025/01/01", f"142 {rounds}",
             "192 FIDE_TEAM_BAKU", f"202 {CHAIN}", "352 " + "WB" * (boards // 2) + "W" * (
                 boards % 2), "362 TW 2.0   TD 1.0   TL 0.0",
             "320  1.0 " + f"{boards / 2:4.1f}"]
    worth = {"1": 2, "=": 1, "0": 0, "-": 0, "U": 2}  # half points
    for sn in sorted(cells):
        points = sum(worth[c[-1]] for c in cells[sn]) / 2
        head = f"001 {sn:4d}      {'Player ' + str(sn):<33} 2000{'':<28}{points:4.1f} {sn:4d}"
        lines.append(head.ljust(89) + "  " + "  ".join(cells[sn]))
    for t, ms in members.items():
        lines.append(f"310 {t:3d} {'Team ' + str(t):<32}" + " " * 33
                     + " ".join(f"{m:4d}" for m in ms))
    return "\n".join(lines) + "\n"


def best(cmd: list[str], n: int = 3) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    size = sys.argv[1] if len(sys.argv) > 1 else "250x6x13"
    teams, boards, rounds = (int(x) for x in size.split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "teams.trf"
        path.write_text(make_event(teams, boards, rounds), "utf-8")
        base = [sys.executable, "-m", "swisstb_io", "report", str(path), "-f", "json"]
        team = best(base)
        individual = best([*base, "--view", "individual", "-t", "PTS,BH/C1,BH,SB"])
    print(f"{teams} teams x {boards} boards x {rounds} rounds "
          f"({teams * (boards + 1)} players): team report {team:.2f} s, individual report "
          f"{individual:.2f} s, ratio {team / individual:.2f}")


if __name__ == "__main__":
    main()
