"""Worker processes keep the memory they free, instead of handing it back to the system.

glibc's ``malloc`` serves every block above 128 KiB with its own ``mmap`` and unmaps it on
``free``.  A batch worker builds and drops several such blocks an event (the report pages,
their bytes, the joined lists: ~1 MB), so each event faults those pages in afresh and the
kernel zeroes them again: ~140 page faults an event, about 1.5 % of a worker's time.  With
the thresholds raised, freed blocks stay in the heap and the next event reuses them; a
worker then holds on to the peak memory of its largest event.

Only on Linux with glibc (``mallopt`` found); elsewhere nothing happens.
"""

from __future__ import annotations

import sys

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 * 1024 * 1024
"""The largest value glibc accepts on 64-bit systems (``DEFAULT_MMAP_THRESHOLD_MAX``)."""
TRIM_THRESHOLD = 128 * 1024 * 1024


def keep_freed_memory() -> bool:
    """Raise glibc's mmap and trim thresholds in this process; True when it was done."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt
    except (ImportError, OSError, AttributeError, TypeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
