"""A batch through kills, Ctrl-C, a second batch and odd season folders (issue 16 items 9-11)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from swisstb_io.batch import Batch, BatchOptions
from swisstb_io.batch._safety import OutputLock
from swisstb_io.cli import cli

CLEAN = Path(__file__).resolve().parent.parent / "fixtures" / "check" / "clean.trf"


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


def test_sigkill_then_rerun_matches_a_clean_run(tmp_path: Path) -> None:
    season = _season(tmp_path / "season")
    clean = tmp_path / "clean"
    assert subprocess.run([sys.executable, "-m", "swisstb_io", "batch", str(season), "-o",
                           str(clean), "-j", "1", "-q"], capture_output=True).returncode == 0
    want = _files(clean)
    rng = random.Random(16)
    for k in range(3):  # a few kill points in the default suite
        out = tmp_path / f"out{k}"
        proc = _batch(str(season), "-o", str(out), "-j", "1", "-q")
        time.sleep(rng.uniform(0.2, 1.2))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        res = subprocess.run([sys.executable, "-m", "swisstb_io", "batch", str(season), "-o",
                              str(out), "-j", "1"], capture_output=True, text=True, timeout=120)
        assert res.returncode == 0, res.stderr
        got = _files(out)
        assert [n for n in got if n.endswith(".tmp")] == []
        assert got.keys() == want.keys()
        assert {n: b for n, b in got.items() if n.startswith("events/")} == {
            n: b for n, b in want.items() if n.startswith("events/")}


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
    lock = OutputLock(out)
    lock.acquire()
    try:
        res = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out)])
        assert res.exit_code == 1
        assert res.stderr == (f"Error: {out}: another swisstb batch is writing to this folder "
                              f"(process {os.getpid()}); wait for it to finish or choose "
                              "another output folder\n")
    finally:
        lock.release()
    assert CliRunner().invoke(cli, ["batch", str(season), "-o", str(out)]).exit_code == 0


def test_ctrl_c_exits_130_without_traceback(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 12)
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}"
        proc = _batch(str(season), "-o", str(out), "-j", jobs, "-f", "html,json,md,csv,text")
        time.sleep(1.5)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        if proc.returncode == 0:
            continue  # finished before the signal on a fast machine
        assert proc.returncode == 130, err
        assert b"Traceback" not in err and err.endswith(b"Interrupted; nothing half-written "
                                                        b"is left.\n")
        assert [p for p in out.rglob("*.tmp")] == []


def test_jobs_4_and_jobs_1_give_the_same_bytes(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 5)
    for jobs in (1, 4):
        list(Batch(season, tmp_path / f"o{jobs}", BatchOptions(jobs=jobs)).run())
    one, four = _files(tmp_path / "o1"), _files(tmp_path / "o4")
    one.pop(".swisstb-batch.json"), four.pop(".swisstb-batch.json")
    assert one == four


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
    res = CliRunner().invoke(cli, ["batch", str(season), "-o", str(tmp_path / "out"), "-q"])
    assert res.exit_code == 1
    lines = res.stderr.splitlines()
    assert f"{season / 'pipe.trf'}: skipped: it is not a regular file (a pipe, a device or a " \
           "socket)" in lines
    assert f"{season / 'zero.trf'}: skipped: it is not a regular file (a pipe, a device or a " \
           "socket)" in lines
    assert f"{season / 'e0.trf.summary'}: error: its outputs would overwrite those of e0.trf " \
           "(events/e0.trf.summary.html…); rename one of the two files" in lines


def test_a_non_utf8_file_name_works(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 0)
    (season / os.fsdecode(b"caf\xe9.trf")).write_bytes(CLEAN.read_bytes())
    res = list(Batch(season, tmp_path / "out", BatchOptions(formats=("json",))).run())
    assert [(r.rel, r.status) for r in res] == [("caf\ufffd.trf", "ok")]
    assert (tmp_path / "out" / "index.html").is_file()
