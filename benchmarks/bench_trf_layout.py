"""Benchmark: the TRF line layout (``extras["trf:layout"]``): its size and what it costs.

    python benchmarks/bench_trf_layout.py                   # sizes and CPU times
    python benchmarks/bench_trf_layout.py --instructions    # sizes and instruction counts
    PYTHONPATH=/path/to/other/checkout python benchmarks/bench_trf_layout.py   # compare

Files measured: every TRF under ``fixtures/`` that reads (``bad/`` folders left out), and
the 2,000 x 11 event of ``bench_trf.generate`` written as TRF-2026 in four spellings:

* ``canonical``: as this writer writes it (every line a bare key in the layout);
* ``fide-id-0``: no FIDE IDs, written ``0`` on every 001 line (the spelling of
  held_swiss_5.trf): a one-column difference on every player line;
* ``padded``: every 001 line with three trailing spaces;
* ``fide-id-0 padded``: both (two differences far apart on every player line).

Figures per group (sums over the fixtures): reading (``read_trf``, the layout not built),
reading and building the layout (the first look at ``extras["trf:layout"]``), reading,
building and writing the model back (``write_trf``); the layout's size in characters, the
size it would have if each line that differs kept its whole text and the checksum instead
of edits ("as texts"; run it with this checkout's swisstb_io), the size of the event
written as our XML (which keeps every extra), and how many files wrote back byte for byte.
Times are CPU seconds, best of 15 after a warm-up; on a shared machine they move with the
neighbours, so ``--instructions`` counts the instructions of one child process per group
and stage with valgrind's callgrind instead (millions; the child that only loads the
files is subtracted; about fifteen minutes).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench_trf import generate  # this folder is first on sys.path when run as a script

import swisstb_io
from swisstb_io.api import dumps
from swisstb_io.errors import FormatError
from swisstb_io.model import Tournament
from swisstb_io.registry import ReadOptions, WriteOptions
from swisstb_io.trf import _lines, read_trf, write_trf

ROOT = Path(__file__).resolve().parent.parent
LAYOUT = "trf:layout"
STAGES = ("load", "read", "read+layout", "read+layout+write")


def cpu(fn: Callable[[], object], repeat: int = 15) -> float:
    fn()
    times = []
    for _ in range(repeat):
        c0 = time.process_time()
        fn()
        times.append(time.process_time() - c0)
    return min(times)


def fixtures() -> list[tuple[str, bytes]]:
    out = []
    for path in sorted(ROOT.glob("fixtures/**/*.trf")):
        if "bad" in path.parts:
            continue
        data = path.read_bytes()
        try:
            read_trf(data, path.name, ReadOptions())
        except FormatError:
            continue
        out.append((str(path.relative_to(ROOT)), data))
    return out


def respell(data: bytes, fn: Callable[[str], str]) -> bytes:
    lines = data.decode().split("\r\n")
    return "\r\n".join(fn(ln) if ln.startswith("001") else ln for ln in lines).encode()


def fide_id_0(line: str) -> str:
    if line[57:68].strip():
        return line
    return line[:67] + "0" + line[68:]


def big_files() -> list[tuple[str, bytes]]:
    data = write_trf(generate(2000, 11), WriteOptions())
    blanked = respell(data, lambda ln: ln[:57] + " " * 11 + ln[68:])  # no FIDE IDs
    return [("2000x11 canonical", data),
            ("2000x11 fide-id-0", respell(blanked, fide_id_0)),
            ("2000x11 padded", respell(data, lambda ln: ln + "   ")),
            ("2000x11 fide-id-0 padded", respell(blanked, lambda ln: fide_id_0(ln) + "   "))]


def stage(name: str, files: list[tuple[str, bytes]]) -> None:
    """Run one of :data:`STAGES` over ``files`` (the child process of ``--instructions``)."""
    for path, data in files:
        if name == "load":
            continue
        t = read_trf(data, path, ReadOptions()).tournament
        if name != "read":
            t.extras.get(LAYOUT)
        if name == "read+layout+write":
            write_trf(t, WriteOptions())


def instructions(files: list[Path], name: str) -> int:
    cmd = [sys.executable, __file__, "--stage", name, *map(str, files)]
    subprocess.run(cmd, capture_output=True, check=True)  # .pyc files written
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          *cmd], capture_output=True, text=True, check=True).stderr
    match = re.search(r"Collected : (\d+)", out)
    if match is None:
        raise SystemExit(f"no count in valgrind's output:\n{out}")
    return int(match.group(1))


def as_texts(t: Tournament) -> int:
    """The size the layout of ``t`` would have if each line that differs from its canonical
    text kept that text and the checksum (``[key, text, crc]``) instead of edits."""
    players = {p.start_no: p for p in t.players}
    size = len(t.extras[LAYOUT])
    for key, text, eol in _lines.decode(t.extras[LAYOUT]):
        if isinstance(text, tuple):
            canonical = _lines.render(key, t, players, t.teams) or ""
            short = [key, [text[0], *(x for change in text[1] for x in change)]]
            long = [key, _lines.apply(text, canonical), text[0]]
            size += len(json.dumps(long + [eol] * (eol is not None), ensure_ascii=False)) \
                - len(json.dumps(short + [eol] * (eol is not None), ensure_ascii=False))
    return size


def sizes(files: list[tuple[str, bytes]]) -> str:
    layout_chars = texts = xml_bytes = exact = 0
    for name, data in files:
        t = read_trf(data, name, ReadOptions()).tournament
        layout_chars += len(t.extras[LAYOUT])
        texts += as_texts(t)
        xml_bytes += len(dumps(t, "xml"))
        exact += write_trf(t, WriteOptions()) == data
    return (f"layout {layout_chars:>8,} chars (as texts {texts:>8,})  xml {xml_bytes:>10,} B  "
            f"byte-exact {exact}/{len(files)}")


def times(files: list[tuple[str, bytes]]) -> list[float]:
    def run(name: str) -> Callable[[], None]:
        return lambda: stage(name, files)

    return [cpu(run(name)) * 1000 for name in STAGES[1:]]


def counts(files: list[tuple[str, bytes]], folder: Path) -> list[float]:
    paths = []
    for k, (_, data) in enumerate(files):
        paths.append(folder / f"{k}.trf")
        paths[-1].write_bytes(data)
    with ThreadPoolExecutor(2) as pool:
        load, *rest = pool.map(lambda name: instructions(paths, name), STAGES)
    return [(n - load) / 1e6 for n in rest]


def main(argv: list[str]) -> None:
    if argv[:1] == ["--stage"]:
        stage(argv[1], [(path, Path(path).read_bytes()) for path in argv[2:]])
        return
    by_count = argv == ["--instructions"]
    print(f"swisstb_io from {Path(swisstb_io.__file__).parent}")
    unit = "M instr" if by_count else "ms CPU"
    print(f"{'':<25} {'':>9}  {'read':>8} {'+layout':>8} {'+write':>8} ({unit})")
    groups = [("fixtures (all)", fixtures()), *((name, [(name, data)])
                                               for name, data in big_files())]
    with tempfile.TemporaryDirectory() as tmp:
        for k, (group, files) in enumerate(groups):
            if by_count:
                folder = Path(tmp) / str(k)
                folder.mkdir()
                figures = counts(files, folder)
            else:
                figures = times(files)
            print(f"{group:<25} {len(files):>3} files  "
                  + " ".join(f"{x:8.1f}" for x in figures) + f"  {sizes(files)}")


if __name__ == "__main__":
    main(sys.argv[1:])
