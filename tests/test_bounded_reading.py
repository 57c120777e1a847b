"""Every reader bounds its work by its input (issue 32 item 7, issue 33 items 5, 7 and 8,
issue 28 item 14).

Each hostile shape of :mod:`reader_shapes` (a shape that once made a reader or a command
quadratic, unbounded, or end in a traceback) is run as the ``swisstb`` command that showed
it, in a process of its own with a timeout and a memory limit: it must end as it should
(one located line, or a clean read) and cost about what a valid file of its size costs.
Both are measured as CPU time in the same way, one after the other, so a busy machine
slows both; the factor allowed (:data:`FACTOR`) is far above what linear work needs and
far below what the old costs were (10x to 1,000x and more, or no end).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from reader_shapes import HOSTILE, Shape, matches, valid

FACTOR = 8.0
"""How much more CPU time a hostile shape may take than a valid file of its size."""
SLACK = 0.5
"""CPU seconds added to the allowance (start-up and imports differ between commands)."""
TIMEOUT = 120
MEMORY = 2 << 30

_MEASURE = """
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
from swisstb_io.cli import main
start = time.process_time()
try:
    main(sys.argv[1:])
    code = 0
except SystemExit as e:
    code = e.code if isinstance(e.code, int) else 1
print(json.dumps({{"code": code, "seconds": time.process_time() - start}}), file=sys.stderr)
"""


def measure(command: str, path: Path, *options: str) -> tuple[int, str, float]:
    """Exit code, standard error (without the measurement) and CPU seconds of
    ``swisstb COMMAND PATH OPTIONS``."""
    script = _MEASURE.format(memory=MEMORY)
    args = [command, str(path), *options]
    done = subprocess.run([sys.executable, "-c", script, *args], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, timeout=TIMEOUT,
                          stdin=subprocess.DEVNULL)
    *err, last = done.stderr.splitlines() or [""]
    try:
        figures = json.loads(last)
    except ValueError:  # killed, or a traceback before the measurement was printed
        raise AssertionError(f"no measurement: exit {done.returncode}\n{done.stderr[-3000:]}"
                             ) from None
    return figures["code"], "".join(line + "\n" for line in err), figures["seconds"]


@pytest.mark.parametrize("shape", HOSTILE, ids=[s.name for s in HOSTILE])
def test_a_hostile_shape_costs_what_its_size_costs(shape: Shape, tmp_path: Path) -> None:
    data = shape.make(1)
    hostile = tmp_path / f"hostile{shape.extension}"
    hostile.write_bytes(data)
    code, err, seconds = measure(shape.command, hostile, *shape.options)
    assert matches(shape.expect, code, err), (code, err[-2000:])
    assert "Traceback" not in err
    base = tmp_path / f"valid{shape.extension}"
    base.write_bytes(valid(shape.extension, max(len(data), 100_000)))
    base_code, base_err, base_seconds = measure(shape.command, base)
    assert base_code == 0, base_err
    allowed = FACTOR * base_seconds + SLACK
    assert seconds <= allowed, (f"{shape.name}: {len(data):,} bytes took {seconds:.2f} s "
                                f"of CPU; a valid file of {base.stat().st_size:,} bytes "
                                f"{base_seconds:.2f} s (allowed {allowed:.2f} s)")
