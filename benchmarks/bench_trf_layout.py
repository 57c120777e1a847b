"""Benchmark: the TRF line layout (``extras["trf:layout"]``): its size and what it costs.

    python benchmarks/bench_trf_layout.py
    PYTHONPATH=/path/to/other/checkout python benchmarks/bench_trf_layout.py   # compare

Files measured: every TRF under ``fixtures/`` that reads (``bad/`` folders left out), and
the 2,000 x 11 event of ``bench_trf.generate`` written as TRF-2026 in three spellings:

* ``canonical``: as this writer writes it (every line a bare key in the layout);
* ``fide-id-0``: no FIDE IDs, written ``0`` on every 001 line (the spelling of
  held_swiss_5.trf): a one-column difference on every player line;
* ``padded``: every 001 line with three trailing spaces;
* ``fide-id-0 padded``: both, the worst case of one edit per line (columns 68 to the end).

Figures per group, CPU seconds, best of 7 after a warm-up (sums over the fixtures):
reading (``read_trf``, the layout not built), reading and building the layout (the first
look at ``extras["trf:layout"]``), writing the model read back (``write_trf``), the
layout's size in characters, the size of the event written as our XML (which keeps every
extra), and how many files wrote back byte for byte.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from bench_trf import generate  # this folder is first on sys.path when run as a script

import swisstb_io
from swisstb_io.api import dumps
from swisstb_io.errors import FormatError
from swisstb_io.registry import ReadOptions, WriteOptions
from swisstb_io.trf import read_trf, write_trf

ROOT = Path(__file__).resolve().parent.parent
LAYOUT = "trf:layout"


def cpu(fn: Callable[[], object], repeat: int = 7) -> float:
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


def measure(group: str, files: list[tuple[str, bytes]]) -> None:
    read_s = with_layout_s = write_s = 0.0
    layout_chars = xml_bytes = exact = 0
    for name, data in files:
        def read(data: bytes = data, name: str = name) -> object:
            return read_trf(data, name, ReadOptions()).tournament

        def read_and_layout(data: bytes = data, name: str = name) -> object:
            return read_trf(data, name, ReadOptions()).tournament.extras[LAYOUT]

        t = read_trf(data, name, ReadOptions()).tournament
        read_s += cpu(read)
        with_layout_s += cpu(read_and_layout)
        write_s += cpu(lambda t=t: write_trf(t, WriteOptions()))
        layout_chars += len(t.extras[LAYOUT])
        xml_bytes += len(dumps(t, "xml"))
        exact += write_trf(t, WriteOptions()) == data
    print(f"{group:<25} {len(files):>3} files  read {read_s * 1000:8.1f} ms  "
          f"read+layout {with_layout_s * 1000:7.1f} ms  write {write_s * 1000:8.1f} ms  "
          f"layout {layout_chars:>8,} chars  xml {xml_bytes:>10,} B  "
          f"byte-exact {exact}/{len(files)}")


def main() -> None:
    print(f"swisstb_io from {Path(swisstb_io.__file__).parent}")
    files = fixtures()
    measure("fixtures (all)", files)
    for name, data in big_files():
        measure(name, [(name, data)])


if __name__ == "__main__":
    main()
