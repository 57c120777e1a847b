"""A batch through kills, Ctrl-C, a second batch and odd season folders (issue 16 items 9-11)."""

from __future__ import annotations

import errno
import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from swisstb_io.batch import Batch, BatchOptions
from swisstb_io.cli import cli

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CLEAN = FIXTURES / "check" / "clean.trf"
BIG = FIXTURES / "trf" / "bbp_issue_15.trf"


def _season(root: Path, n: int = 6) -> Path:
    root.mkdir()
    for k in range(n):
        (root / f"e{k}.trf").write_bytes(CLEAN.read_bytes().replace(b"Check Cup", f"Cup {k}"
                                                                    .encode()))
    return root


def _files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and p.name not in (".swisstb-batch.lock",)}


def _batch(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "swisstb_io", "batch", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _no_process_left(out: Path, wait: float = 10) -> None:
    """No worker of the killed batch outlives it (they would wait for work forever)."""
    mark = os.fsencode(out)
    deadline = time.monotonic() + wait
    while True:
        left = []
        for proc_dir in Path("/proc").iterdir():
            try:
                if proc_dir.name.isdigit() and mark in (proc_dir / "cmdline").read_bytes():
                    left.append(proc_dir.name)
            except OSError:
                continue  # ended meanwhile
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert left == [], f"processes of the killed batch still running: {left}"


def test_sigkill_then_rerun_matches_a_clean_run(tmp_path: Path) -> None:
    """Killed at seeded random points (after 1-4 events, then 0-50 ms into the next), with
    one and two workers; the re-run's folder equals a clean run's, byte for byte."""
    season = _season(tmp_path / "season")
    clean = tmp_path / "clean"
    assert subprocess.run([sys.executable, "-m", "swisstb_io", "batch", str(season), "-o",
                           str(clean), "-j", "1", "-q"], capture_output=True).returncode == 0
    want = _files(clean)
    rng = random.Random(16)
    for k in range(3):  # a few kill points in the default suite
        out = tmp_path / f"out{k}"
        proc = _batch(str(season), "-o", str(out), "-j", "1" if k < 2 else "2")
        assert proc.stderr is not None
        lines = [proc.stderr.readline().decode() for _ in range(rng.randrange(1, 5))]
        assert all(line.endswith(": ok\n") for line in lines)  # then killed in a later one
        finished = {line.split(": ")[0] for line in lines}
        time.sleep(rng.uniform(0, 0.05))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        _no_process_left(out)
        res = subprocess.run([sys.executable, "-m", "swisstb_io", "batch", str(season), "-o",
                              str(out), "-j", "1"], capture_output=True, text=True, timeout=120)
        assert res.returncode == 0, res.stderr
        got = _files(out)
        assert [n for n in got if n.endswith(".tmp")] == []
        assert got == want  # reports, summaries, index and manifest alike
        redone = {line.split(": ")[0] for line in res.stderr.splitlines()
                  if line.endswith(": ok")}
        assert not finished & redone  # what was finished before the kill is not redone


def test_finished_events_survive_a_kill(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 2)
    out = tmp_path / "out"
    batch = Batch(season, out, BatchOptions(formats=("json",)))
    run = batch.run()
    first = next(run)
    assert first.status == "ok"
    journal = (out / ".swisstb-batch.journal").read_text()
    assert first.rel in journal  # written as the event finished, not at the end
    run.close()
    again = list(Batch(season, out, BatchOptions(formats=("json",))).run())
    assert [r.status for r in again] == ["skipped", "ok"]


def test_a_second_batch_on_one_folder_refuses(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 1)
    out = tmp_path / "out"
    out.mkdir()
    holder = subprocess.Popen(  # another process holds the folder, as a running batch does
        [sys.executable, "-c", "import sys, time; from pathlib import Path; "
         "from swisstb_io.batch._safety import OutputLock; "
         f"lock = OutputLock(Path({str(out)!r})); lock.acquire(); print('locked', flush=True); "
         "time.sleep(60)"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        res = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out)])
        assert res.exit_code == 2  # refused, as a usage error (issue 32 item 14)
        assert res.stderr == (f"Error: {out}: another swisstb batch is writing to this folder "
                              f"(process {holder.pid}); wait for it to finish or choose "
                              "another output folder\n")
    finally:
        holder.kill()
        holder.wait(timeout=30)
    assert CliRunner().invoke(cli, ["batch", str(season), "-o", str(out)]).exit_code == 0


def _small_pipe() -> tuple[int, int, int]:
    """A pipe ``(read end, write end, capacity in bytes)`` made as small as the system
    allows (one page on Linux), so a writer that is not read blocks soon."""
    import fcntl

    r, w = os.pipe()
    set_size = getattr(fcntl, "F_SETPIPE_SZ", None)
    if set_size is not None:
        fcntl.fcntl(w, set_size, 4096)
    get_size = getattr(fcntl, "F_GETPIPE_SZ", None)
    return r, w, fcntl.fcntl(w, get_size) if get_size is not None else 65536


def _read_line(fd: int) -> bytes:
    """One line from ``fd``, a byte at a time: nothing after it is taken from the pipe."""
    line = b""
    while not line.endswith(b"\n"):
        byte = os.read(fd, 1)
        if not byte:
            break
        line += byte
    return line


def test_ctrl_c_exits_130_without_traceback(tmp_path: Path) -> None:
    """Ctrl-C while the batch is certainly still at work: its stderr is a pipe the test
    stops reading after the first event's line, and the lines of the other events do not
    fit in it, so the batch cannot finish (nor write its index) before the signal, however
    fast or slow the machine is: no race with a clock."""
    r, w, capacity = _small_pipe()
    season = tmp_path / "season"
    season.mkdir()
    name = "e{:03d}-" + "x" * 200 + ".trf"  # long names: long "path: ok" lines
    line = len(f"{season / name.format(0)}: ok\n")
    events = 2 * capacity // line + 4  # the lines after the first one fill the pipe twice
    for k in range(events):
        (season / name.format(k)).write_bytes(CLEAN.read_bytes())
    try:
        for jobs in ("1", "4"):
            out = tmp_path / f"out{jobs}"
            proc = subprocess.Popen(
                [sys.executable, "-m", "swisstb_io", "batch", str(season), "-o", str(out),
                 "-j", jobs, "-t", "uscf", "-f", "html,json"],
                stdout=subprocess.DEVNULL, stderr=w)
            first = _read_line(r)  # the first event is done: interrupt the rest
            assert first.endswith(b": ok\n"), first
            proc.send_signal(signal.SIGINT)
            err = first + _read_to_end_of(proc, r)
            assert proc.wait(timeout=60) == 130, err
            assert b"Traceback" not in err
            assert err.endswith(b"Interrupted; nothing half-written is left.\n")
            assert err.count(b": ok\n") < events  # it was interrupted, not finished
            assert not (out / "index.html").exists()
            assert [p for p in out.rglob("*.tmp")] == []
            again = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out), "-j", "1",
                                             "-t", "uscf", "-f", "html,json"])
            assert again.exit_code == 0, again.stderr
            assert "unchanged" in again.stderr and ": skipped" in again.stderr
    finally:
        os.close(r)
        os.close(w)


def _read_to_end_of(proc: subprocess.Popen[bytes], fd: int) -> bytes:
    """What ``proc`` writes to the pipe ``fd`` until it ends (the test's own copy of the
    write end stays open, so the end is the process's exit, not end of file)."""
    import select

    data, deadline = b"", time.monotonic() + 60
    while time.monotonic() < deadline:
        if select.select([fd], [], [], 0.1)[0]:
            data += os.read(fd, 65536)
        elif proc.poll() is not None:
            return data
    raise AssertionError(f"the interrupted batch did not end within 60 s: {data!r}")


def test_jobs_4_and_jobs_1_give_the_same_bytes(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 5)
    for jobs in (1, 4):
        list(Batch(season, tmp_path / f"o{jobs}", BatchOptions(jobs=jobs)).run())
    one, four = _files(tmp_path / "o1"), _files(tmp_path / "o4")
    assert one == four and ".swisstb-batch.json" in one  # the manifest too


def test_a_failed_or_vanished_event_loses_its_stale_reports(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 2)
    out = tmp_path / "out"
    list(Batch(season, out, BatchOptions(formats=("json",))).run())
    assert (out / "events/e0.trf.json").exists() and (out / "events/e1.trf.json").exists()
    (season / "e0.trf").write_text("garbage\n")
    (season / "e1.trf").unlink()
    res = list(Batch(season, out, BatchOptions(formats=("json",))).run())
    assert [r.status for r in res] == ["failed"]
    assert sorted(p.name for p in (out / "events").iterdir()) == []


def test_pipes_devices_and_colliding_names(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 1)
    os.mkfifo(season / "pipe.trf")
    (season / "zero.trf").symlink_to("/dev/zero")
    (season / "e0.trf.summary").write_bytes(CLEAN.read_bytes())
    out = tmp_path / "out"
    res = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out), "-q"])
    assert res.exit_code == 0, res.stderr
    lines = res.stderr.splitlines()
    assert f"{season / 'pipe.trf'}: skipped: it is not a regular file (a pipe, a device or a " \
           "socket)" in lines
    assert f"{season / 'zero.trf'}: skipped: it is not a regular file (a pipe, a device or a " \
           "socket)" in lines
    assert f"{season / 'e0.trf.summary'}: its outputs are named events/e0.trf.summary-2.*, " \
           "since events/e0.trf.summary.* would overwrite those of e0.trf (names compared " \
           "as macOS and Windows compare them, ignoring case)" in lines
    # e0.trf's summary is its own; the other event's report has a name of its own
    summary = json.loads((out / "events/e0.trf.summary.json").read_text("utf-8"))
    report = json.loads((out / "events/e0.trf.summary-2.json").read_text("utf-8"))
    assert (summary["name"], report["event"]["name"]) == ("Cup 0", "Check Cup")


def _names_by_disk(out: Path) -> dict[str, list[str]]:
    """The output files by the name a case-insensitive disk sees."""
    seen: dict[str, list[str]] = {}
    for p in sorted(out.rglob("*")):
        name = p.relative_to(out).as_posix()
        seen.setdefault(name.casefold(), []).append(name)
    return seen


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_names_that_differ_only_by_case_get_distinct_outputs(tmp_path: Path,
                                                             jobs: str) -> None:
    """``Open.trf`` and ``open.trf`` in one season folder: on macOS or Windows their pages
    would overwrite each other, so the later one (in name order) is named apart, the same
    way on every run."""
    season = tmp_path / "season"
    season.mkdir()
    for name in ("OPEN", "Open", "open"):
        (season / f"{name}.trf").write_bytes(CLEAN.read_bytes().replace(
            b"Check Cup", f"Cup {name}".encode()))
    out = tmp_path / "out"
    for run in range(2):  # the second run finds every event unchanged, under the same names
        res = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out), "--jobs", jobs])
        assert res.exit_code == 0, res.stderr
        assert [line for line in res.stderr.splitlines() if "named" in line] == [
            f"{season / name}.trf: its outputs are named events/{name}.trf-{n}.*, since "
            f"events/{name}.trf.* would overwrite those of OPEN.trf (names compared as macOS "
            "and Windows compare them, ignoring case)" for name, n in (("Open", 2), ("open", 3))]
        assert res.stderr.count(": skipped\n" if run else ": ok\n") == 3
    assert all(len(names) == 1 for names in _names_by_disk(out).values()), _names_by_disk(out)
    links = {e["file"]: e["links"]["html"] for e in json.loads(
        (out / "index.json").read_text("utf-8"))["events"]}
    assert links == {"OPEN.trf": "events/OPEN.trf.html", "Open.trf": "events/Open.trf-2.html",
                     "open.trf": "events/open.trf-3.html"}
    for file, page in links.items():
        assert f"Cup {file[:-4]}" in (out / page).read_text("utf-8")


def test_a_non_utf8_file_name_works(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 0)
    (season / os.fsdecode(b"caf\xe9.trf")).write_bytes(CLEAN.read_bytes())
    res = list(Batch(season, tmp_path / "out", BatchOptions(formats=("json",))).run())
    assert [(r.rel, r.status) for r in res] == [("caf%E9.trf", "ok")]
    assert (tmp_path / "out" / "index.html").is_file()


def test_non_utf8_names_that_differ_in_one_byte_stay_apart(tmp_path: Path) -> None:
    """Both read as ``caf\ufffd.trf`` before, so one event's outputs overwrote the other's."""
    season = _season(tmp_path / "season", 0)
    for byte in (b"\xe8", b"\xe9"):
        (season / os.fsdecode(b"caf" + byte + b".trf")).write_bytes(
            CLEAN.read_bytes().replace(b"Check Cup", b"Cup " + byte.hex().encode()))
    out = tmp_path / "out"
    res = list(Batch(season, out, BatchOptions(formats=("json",))).run())
    assert sorted((r.rel, r.status) for r in res) == [("caf%E8.trf", "ok"), ("caf%E9.trf", "ok")]
    names = {json.loads((out / f"events/caf%{b}.trf.json").read_bytes())["event"]["name"]
             for b in ("E8", "E9")}
    assert names == {"Cup e8", "Cup e9"}


def test_index_links_survive_any_file_name(tmp_path: Path) -> None:
    """A space, ``#``, ``?`` or ``%`` in a file name is percent-encoded in every link of the
    index and the player pages (``#`` cut the link to a fragment before)."""
    from urllib.parse import unquote

    season = _season(tmp_path / "season", 0)
    (season / "a b#c%d?.trf").write_bytes(CLEAN.read_bytes())
    out = tmp_path / "out"
    list(Batch(season, out, BatchOptions(formats=("html", "json"))).run())
    hrefs = [(page, href) for page in [out / "index.html", *(out / "players").glob("*.html")]
             for href in re.findall(r'href="([^"]+)"', page.read_text("utf-8"))
             if "a%20b" in href]
    assert len(hrefs) >= 4
    for page, href in hrefs:
        target = (page.parent / unquote(href.partition("#")[0])).resolve()
        assert target.is_file() and target.name.startswith("a b#c%d?.trf."), href


class _FullDisk(io.RawIOBase):
    """A file on a full disk: every write fails as write(2) does there."""

    def writable(self) -> bool:
        return True

    def write(self, b: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def full_disk_after(monkeypatch: pytest.MonkeyPatch, good: int,
                    bad: int | None = None) -> list[str]:
    """Make the disk full after ``good`` files (for ``bad`` files, default: for ever): the
    temporary file's write fails with ENOSPC (in :func:`swisstb_io.files.write_temporary`,
    where every file the package writes reaches the disk).  Returns the temporaries
    opened, in order."""
    from swisstb_io import files

    opened: list[str] = []
    real = os.fdopen

    def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        opened.append(os.readlink(f"/proc/self/fd/{fd}"))
        if len(opened) > good and (bad is None or len(opened) <= good + bad):
            os.close(fd)
            return _FullDisk()
        return real(fd, *args, **kwargs)

    monkeypatch.setattr(files.os, "fdopen", fdopen)
    return opened


def test_an_event_failing_half_way_leaves_none_of_its_new_outputs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    season = _season(tmp_path / "season", 1)
    full_disk_after(monkeypatch, 1, 1)
    res = list(Batch(season, tmp_path / "out", BatchOptions(formats=("html", "json"))).run())
    assert [(r.status, r.message) for r in res] == [  # names the file, not the folder
        ("failed", f"cannot write {tmp_path / 'out/events/e0.trf.json'}: No space left on "
                   "device; the disk is full: free some space or choose another disk")]
    assert list((tmp_path / "out" / "events").iterdir()) == []  # the first one is gone again
    assert list((tmp_path / "out").glob("**/*.tmp")) == []


def test_a_huge_file_and_an_unreadable_folder_are_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from swisstb_io.batch.discovery import discover
    from swisstb_io.limits import MAX_FILE_BYTES as MAX_EVENT_BYTES

    season = _season(tmp_path / "season", 1)
    with (season / "huge.trf").open("wb") as fh:
        fh.truncate(MAX_EVENT_BYTES + 1)  # sparse: no disk used
    (season / "locked").mkdir()
    real = os.scandir

    def refuse(path: object = ".") -> object:
        if str(path).endswith("locked"):  # as root, permissions cannot make it unreadable
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", refuse)
    notes: list[str] = []
    found = discover(season, notes=notes)
    assert [p.name for p in found] == ["e0.trf"]
    assert notes == [
        f"{season / 'huge.trf'}: skipped: it is 256 MB, too large for a tournament file",
        f"{season / 'locked'}: skipped: the folder cannot be read (Permission denied)"]


def test_a_section_that_is_gone_loses_its_reports(tmp_path: Path) -> None:
    import dataclasses

    import swisstb_io as st
    from swisstb_io.sjson.writer import dump_sections

    t = st.read(CLEAN)
    reserve = dataclasses.replace(t, players=tuple(
        dataclasses.replace(p, name=f"{p.name} R") for p in t.players))
    season = tmp_path / "season"
    season.mkdir()
    (season / "club.sjson").write_bytes(dump_sections([t, reserve]))
    out = tmp_path / "out"
    first = list(Batch(season, out, BatchOptions(formats=("json",))).run())
    assert sorted(r.rel for r in first) == ["club.sjson#1", "club.sjson#2"]
    (season / "club.sjson").write_bytes(dump_sections([t]))
    list(Batch(season, out, BatchOptions(formats=("json",))).run())
    assert sorted(p.name for p in (out / "events").iterdir()) == [
        "club.sjson.json", "club.sjson.summary.json"]


def test_a_killed_runs_player_page_temporaries_are_swept(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 1)
    out = tmp_path / "out"
    (out / "players").mkdir(parents=True)
    (out / ".swisstb-batch.tmp").mkdir()
    ours = out / ".swisstb-batch.tmp" / ".3.html.k2j4_x9q.tmp"
    ours.write_bytes(b"half a page")
    theirs = out / "players" / ".3.html.k2j4_x9q.tmp"  # named like one, but not in its folder
    theirs.write_bytes(b"the user's")
    list(Batch(season, out, BatchOptions(formats=("json",))).run())
    assert not ours.exists() and theirs.exists()
    assert not (out / ".swisstb-batch.tmp").exists()  # the batch's folder, empty, is removed


def test_distinct_stems_compare_names_as_a_forgiving_disk_does() -> None:
    from swisstb_io.batch._safety import distinct_stems

    natural = {"a.trf": "events/a.trf", "A.TRF": "events/A.TRF", "a.trf-2": "events/a.trf-2",
               "Caf\u00e9": "events/Caf\u00e9", "cafe\u0301": "events/cafe\u0301",
               "a.trf.summary": "events/a.trf.summary"}
    assert distinct_stems(natural, ["html", "json", "summary.json"]) == {
        "a.trf": ("events/a.trf", None),
        "A.TRF": ("events/A.TRF-2", "a.trf"),
        "a.trf-2": ("events/a.trf-2-2", "A.TRF"),  # its own name went to A.TRF
        "Caf\u00e9": ("events/Caf\u00e9", None),
        "cafe\u0301": ("events/cafe\u0301-2", "Caf\u00e9"),  # the same name, decomposed
        "a.trf.summary": ("events/a.trf.summary-2", "a.trf"),  # a.trf's summary
    }
