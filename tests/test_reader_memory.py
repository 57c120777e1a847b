"""A reader holds what the event needs, not copies of its file (issue 32 item 7, issue 33
item 8: "memory a small multiple of the file").

The measure is the peak of :mod:`tracemalloc` while one event is read in this process: it
counts allocations, not time, so it does not depend on how busy the machine is, and the
margins can be narrow.  An event's model is the same whatever format it was read from, so
the TRF reader (whose rows are read into the model as they come) is the yardstick for the
others on the same event.
"""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest
from reader_shapes import event

from swisstb_io import api
from swisstb_io.files import read_file
from swisstb_io.limits import MAX_FILE_BYTES


def peak_bytes(data: bytes, path: str) -> int:
    """The most memory allocated at once while ``data`` is read (after a first read, so
    that imports and the first use of each regular expression are not counted)."""
    api.load(data, path=path)
    tracemalloc.start()
    try:
        api.load(data, path=path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("fmt, extension, players, rounds, most", [
    ("swisssys-csv", "csv", 600, 9, 1.25),
    ("swisssys-csv", "csv", 150, 99, 1.25),
    # the DBF's tables are read whole (a dict a record) before the event is built
    ("uscf-dbf", "zip", 150, 99, 4.5),
])
def test_an_event_read_takes_about_the_memory_of_the_same_event_from_trf(
        fmt: str, extension: str, players: int, rounds: int, most: float) -> None:
    t = event(players, rounds)
    yardstick = peak_bytes(api.dumps(t, "trf"), "event.trf")
    peak = peak_bytes(api.dumps(t, fmt), f"event.{extension}")
    assert peak <= most * yardstick, (f"{fmt}: {peak / 1e6:.1f} MB at the peak, the same event "
                                      f"from TRF {yardstick / 1e6:.1f} MB (allowed {most}x)")


def test_reading_a_small_file_does_not_make_room_for_the_largest(tmp_path: Path) -> None:
    """``read(limit + 1)`` allocates the limit (256 MB) before it reads a byte."""
    path = tmp_path / "small.trf"
    path.write_bytes(b"012 Small\n" * 100)
    tracemalloc.start()
    try:
        data = read_file(str(path), MAX_FILE_BYTES)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert data == path.read_bytes()
    assert peak < 1 << 20, f"{peak:,} bytes allocated to read {len(data):,}"


def test_a_file_that_grows_after_its_stat_is_read_to_its_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The size asked for is the one the stat gave; bytes added since are read too, up to
    the limit, past which the file is refused as before."""
    path = tmp_path / "growing.trf"
    path.write_bytes(b"x" * 10 + b"y" * 5)
    real_fstat = os.fstat

    def stat_before_growing(fd: int) -> os.stat_result:
        st = real_fstat(fd)
        return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid,
                               st.st_gid, 10, st.st_atime, st.st_mtime, st.st_ctime))

    monkeypatch.setattr(os, "fstat", stat_before_growing)
    assert read_file(str(path), MAX_FILE_BYTES) == b"x" * 10 + b"y" * 5
    with pytest.raises(OSError, match="too large"):
        read_file(str(path), 12)
