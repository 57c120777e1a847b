"""Benchmark: the pgn reader's bytes per second on a large valid file and on each
hostile shape of its format (prints figures; see read_bench.py and benchmarks/README.md;
bench_pgn.py measures the broadcast and database shapes).

    python benchmarks/bench_read_pgn.py [--valid-mb 1,4] [--scales 1,4] [--repeat 3]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from read_bench import run

if __name__ == "__main__":
    run(".pgn")
