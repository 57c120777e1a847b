"""Bytes per second of one reader: on a large valid file and on each hostile shape of
``tests/reader_shapes.py`` (the shapes that once made a reader, or the command after it,
grow faster than the input); shared by the ``bench_read_<format>.py`` scripts.

Each figure is the command's CPU time in a process of its own (``swisstb info FILE``, or
the command the shape names), best of ``--repeat``; the start-up of the interpreter is not
counted, the command's own (about 0.1 s: its imports) is, so small files show low rates.
Linear work shows as rates of one order of magnitude at every size; a shape refused at
once (a claim the file cannot hold) shows the command's start-up alone.

    python benchmarks/bench_read_trf.py            # valid 1 MB and 4 MB; shapes x4 and x16
    python benchmarks/bench_read_trf.py --valid-mb 8 --scales 1,2,8
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from reader_shapes import FORMATS, HOSTILE, valid  # noqa: E402

_MEASURE = """
import json, sys, time
from swisstb_io.cli import main
start = time.process_time()
try:
    main(sys.argv[1:])
    code = 0
except SystemExit as e:
    code = e.code if isinstance(e.code, int) else 1
print(json.dumps({"code": code, "seconds": time.process_time() - start}), file=sys.stderr)
"""


def cpu_seconds(command: str, path: Path, options: tuple[str, ...], repeat: int) -> tuple[
        int, float]:
    best = float("inf")
    code = 0
    for _ in range(repeat):
        done = subprocess.run([sys.executable, "-c", _MEASURE, command, str(path), *options],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              stdin=subprocess.DEVNULL, timeout=600)
        figures = json.loads(done.stderr.strip().splitlines()[-1])
        code, best = figures["code"], min(best, figures["seconds"])
    return code, best


def run(extension: str) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--valid-mb", default="1,4", help="sizes of the valid file, in MB")
    parser.add_argument("--scales", default="4,16", help="scales of each hostile shape")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"reader: {FORMATS[extension]} ({extension})")
    print(f"{'file':<44}{'bytes':>13}{'exit':>6}{'CPU s':>9}{'MB/s':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"file{extension}"
        rows = [(f"valid, {mb} MB", "info", (), lambda mb=mb: valid(extension, int(
            float(mb) * 1e6))) for mb in args.valid_mb.split(",")]
        rows += [(f"{shape.name} x{scale}", shape.command, shape.options,
                  lambda shape=shape, scale=int(scale): shape.make(scale))
                 for shape in HOSTILE if shape.extension == extension
                 for scale in args.scales.split(",")]
        for label, command, options, make in rows:
            data = make()
            path.write_bytes(data)
            code, seconds = cpu_seconds(command, path, options, args.repeat)
            rate = len(data) / seconds / 1e6 if seconds else float("inf")
            print(f"{label:<44}{len(data):>13,}{code:>6}{seconds:>9.3f}{rate:>9.2f}",
                  flush=True)
