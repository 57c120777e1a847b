"""The batch never touches what it did not write (issue 33 items 1-4): the manifest read
as input, files of the user's never overwritten or deleted, workers that stop with their
batch, and a full disk that names the file and keeps the previous index."""

from __future__ import annotations

import errno
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from swisstb_io.batch import Batch, BatchOptions, FileResult, process_event
from swisstb_io.cli import cli

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CLEAN = FIXTURES / "check" / "clean.trf"
BIG = FIXTURES / "trf" / "bbp_issue_15.trf"
JSON = BatchOptions(formats=("json",), jobs=1)


def _season(root: Path, n: int = 2) -> Path:
    root.mkdir()
    for k in range(n):
        (root / f"e{k}.trf").write_bytes(CLEAN.read_bytes().replace(
            b"Check Cup", f"Cup {k}".encode()))
    return root


def _run(season: Path, out: Path, options: BatchOptions = JSON) -> list[tuple[str, str]]:
    return [(r.rel, r.status) for r in Batch(season, out, options).run()]


def _edit_manifest(out: Path, edit: Any) -> None:
    path = out / ".swisstb-batch.json"
    doc = json.loads(path.read_text("utf-8"))
    edit(doc["events"])
    path.write_text(json.dumps(doc), "utf-8")


# item 1: the manifest is input


@pytest.mark.parametrize("how", ["absolute", "dotdot"])
def test_a_manifest_naming_a_file_outside_the_folder_deletes_nothing(
        tmp_path: Path, how: str) -> None:
    season = _season(tmp_path / "season")
    out = tmp_path / "out"
    _run(season, out)
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's")
    name = str(victim) if how == "absolute" else "events/../../victim.txt"

    def point_outside(events: dict[str, Any]) -> None:
        entry = events["e0.trf"]  # whatever else the entry holds, it names the victim
        entry["outputs"].append(name)
        if isinstance(entry.get("files"), dict):
            entry["files"][name] = entry["files"][entry["summary"]]

    _edit_manifest(out, point_outside)
    (season / "e0.trf").write_text("garbage\n")  # fails: the batch removes its old reports
    (season / "e1.trf").unlink()  # gone: the batch removes its reports
    assert _run(season, out) == [("e0.trf", "failed")]
    assert victim.read_text() == "the user's"
    assert sorted(p.name for p in (out / "events").iterdir()) == []  # its own files: removed


def test_a_report_changed_since_the_batch_wrote_it_is_not_deleted(tmp_path: Path) -> None:
    season = _season(tmp_path / "season")
    out = tmp_path / "out"
    _run(season, out)
    report = out / "events" / "e0.trf.json"
    report.write_text("my notes on the event")  # no longer what the batch wrote
    (season / "e0.trf").write_text("garbage\n")
    assert dict(_run(season, out))["e0.trf"] == "failed"
    assert report.read_text() == "my notes on the event"
    assert not (out / "events" / "e0.trf.summary.json").exists()  # its own: removed


def test_a_damaged_manifest_entry_is_dropped_and_its_event_redone(tmp_path: Path) -> None:
    season = _season(tmp_path / "season")
    out = tmp_path / "out"
    _run(season, out)

    def damage(events: dict[str, Any]) -> None:
        events["e0.trf"]["outputs"] = "events/e0.trf.json"  # not a list
        events["e1.trf"]["files"] = {"/etc/passwd": [1, "0" * 64]}

    _edit_manifest(out, damage)
    before = (out / "events" / "e1.trf.json").read_bytes()
    # both entries are dropped and their events done again; e0's files are still known by
    # their records, e1's records are gone: its files are no longer the batch's
    res = {r.rel: r for r in Batch(season, out, JSON).run()}
    assert {k: r.status for k, r in res.items()} == {"e0.trf": "ok", "e1.trf": "failed"}
    assert "events/e1.trf.json, events/e1.trf.summary.json: these files were not written " \
           "by swisstb batch" in res["e1.trf"].message
    assert (out / "events" / "e1.trf.json").read_bytes() == before


def test_a_link_in_the_output_folder_is_never_written_through(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 1)
    out = tmp_path / "out"
    _run(season, out)
    victim = tmp_path / "victim.json"
    victim.write_text("the user's")
    (out / "events" / "e0.trf.json").unlink()
    (out / "events" / "e0.trf.json").symlink_to(victim)
    (season / "e0.trf").write_bytes(CLEAN.read_bytes().replace(b"Check Cup", b"Changed"))
    res = list(Batch(season, out, JSON).run())
    assert [r.status for r in res] == ["failed"]
    assert "events/e0.trf.json: this file was not written by swisstb batch" in res[0].message
    assert victim.read_text() == "the user's"


# item 2: files the batch did not write


def test_a_users_index_refuses_the_run_and_is_kept(tmp_path: Path) -> None:
    season = _season(tmp_path / "season")
    out = tmp_path / "out"
    out.mkdir()
    (out / "index.html").write_text("<p>my club's home page</p>")
    res = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out)])
    assert res.exit_code == 1
    assert res.stderr == (
        f"Error: {out}: index.html: this file was not written by swisstb batch, and the "
        "batch never overwrites a file it did not write; move them away or choose another "
        "output folder\n")
    assert (out / "index.html").read_text() == "<p>my club's home page</p>"
    assert not (out / "events").exists()  # refused before any work


def test_a_users_event_page_fails_that_event_only_and_is_kept(tmp_path: Path) -> None:
    season = _season(tmp_path / "season")
    out = tmp_path / "out"
    (out / "events").mkdir(parents=True)
    (out / "events" / "e0.trf.html").write_text("my own page")
    res = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out), "-j", "1", "-q"])
    assert res.exit_code == 1
    assert (f"{season / 'e0.trf'}: error: {out}: events/e0.trf.html: this file was not "
            "written by swisstb batch") in res.stderr
    assert (out / "events" / "e0.trf.html").read_text() == "my own page"
    assert (out / "events" / "e1.trf.html").is_file()  # the other event is done
    assert not (out / "events" / "e0.trf.json").exists()  # none of e0's files
    # the next run still refuses, and still keeps it
    again = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out), "-j", "1", "-q"])
    assert again.exit_code == 1
    assert (out / "events" / "e0.trf.html").read_text() == "my own page"


def test_files_named_like_the_batchs_temporaries_are_kept(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 1)
    out = tmp_path / "out"
    (out / "events").mkdir(parents=True)
    theirs = [out / ".index.html.abcd1234.tmp", out / ".swisstb-batch.json.abcd1234.tmp",
              out / "events" / ".e0.trf.json.abcd1234.tmp"]
    for f in theirs:
        f.write_text("the user's")
    _run(season, out)
    assert [f.read_text() for f in theirs] == ["the user's"] * 3


def test_a_player_page_no_longer_needed_is_removed_only_if_the_batchs(tmp_path: Path) -> None:
    season = tmp_path / "season"
    season.mkdir()
    lines = CLEAN.read_text().splitlines(keepends=True)
    players = [x for x in lines if x.startswith("001 ")]
    for k in range(15):  # 15 events of 4 players each: 60 players, two pages of fifty
        text = "".join(x if not x.startswith("001 ") else  # a name and a FIDE id of its own
                       x[:14] + f"P{k:02d}" + x[17:57] + f"{k:03d}" + x[60:] for x in lines)
        (season / f"e{k:02d}.trf").write_text(text)
    out = tmp_path / "out"
    _run(season, out)
    assert len(players) == 4
    assert sorted(p.name for p in (out / "players").iterdir()) == ["1.html", "2.html"]
    (out / "players" / "3.html").write_text("the user's")
    for k in range(3, 15):
        (season / f"e{k:02d}.trf").unlink()  # 12 players left: one page
    _run(season, out)
    assert sorted(p.name for p in (out / "players").iterdir()) == ["1.html", "3.html"]


# item 3: workers stop with their batch


def test_a_worker_whose_batch_is_gone_writes_nothing(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 1)
    out = tmp_path / "out"
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    gone = ended.pid  # a batch that has ended (and been reaped)
    with pytest.raises(SystemExit):  # BatchGone
        process_event(str(season / "e0.trf"), "e0.trf", str(out), JSON, None, parent=gone)
    assert [p for p in out.rglob("*") if p.is_file()] == []
    ok = process_event(str(season / "e0.trf"), "e0.trf", str(out), JSON, None,
                       parent=os.getppid())
    assert ok.status == "ok"


def test_a_worker_not_forked_by_its_batch_writes_while_the_batch_lives(tmp_path: Path) -> None:
    # A worker started by a fork server (Python 3.14's default) has the server as its
    # parent: the batch, alive, is another process.
    season = _season(tmp_path / "season", 1)
    ok = process_event(str(season / "e0.trf"), "e0.trf", str(tmp_path / "out"), JSON, None,
                       parent=os.getpid())
    assert ok.status == "ok"


def _snapshot(out: Path) -> dict[str, int]:
    """Every file and folder of ``out`` with its mtime, but the batch's temporaries (a
    worker caught writing one when its batch dies removes it again; the next run sweeps
    what is left)."""
    seen = {}
    for p in out.rglob("*"):
        if ".swisstb-batch.tmp" in p.relative_to(out).parts:
            continue
        try:
            seen[p.relative_to(out).as_posix()] = p.lstat().st_mtime_ns
        except FileNotFoundError:
            continue
    return seen


def test_workers_of_a_killed_batch_write_nothing_after_it(tmp_path: Path) -> None:
    season = tmp_path / "season"
    season.mkdir()
    for k in range(8):
        (season / f"e{k}.trf").write_bytes(BIG.read_bytes())
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "swisstb_io", "batch", str(season), "-o",
                             str(out), "-j", "2", "-t", "uscf", "-f", "html,json,text,md"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    assert proc.stderr.readline().endswith(b": ok\n")  # both workers are busy on the next
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    at_kill = _snapshot(out)
    time.sleep(3)  # the workers notice within half a second; nothing is written meanwhile
    assert _snapshot(out) == at_kill
    res = subprocess.run([sys.executable, "-m", "swisstb_io", "batch", str(season), "-o",
                          str(out), "-j", "2", "-t", "uscf", "-f", "html,json,text,md", "-q"],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr  # and what they wrote is known as the batch's


# item 4: a full disk


class _FullDisk(io.RawIOBase):
    def writable(self) -> bool:
        return True

    def write(self, b: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _disk_full_after(monkeypatch: pytest.MonkeyPatch, good: int) -> None:
    """Every temporary file after the first ``good`` fails as on a full disk (the write
    in :func:`swisstb_io.files.write_temporary`, where every file reaches the disk)."""
    from swisstb_io import files

    real, count = os.fdopen, [0]

    def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        if count[0] > good:
            os.close(fd)
            return _FullDisk()
        return real(fd, *args, **kwargs)

    monkeypatch.setattr(files.os, "fdopen", fdopen)


@pytest.mark.parametrize("good", [2, 3, 4, 5])  # the disk fills at each file of the site
# (5: the site is whole, the manifest is not: the new index, whole)
def test_a_full_disk_names_the_file_and_keeps_the_previous_index(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, good: int) -> None:
    season = _season(tmp_path / "season")
    out = tmp_path / "out"
    _run(season, out)
    index = {n: (out / n).read_bytes() for n in ("index.json", "index.html", "players/1.html")}
    (season / "e0.trf").write_bytes(CLEAN.read_bytes().replace(b"Check Cup", b"Changed"))
    # e0's report and summary are written (2 files), then the site's page, index.json and
    # index.html: the disk is full from file `good + 1` on
    _disk_full_after(monkeypatch, good)
    res = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out), "-j", "1", "-q",
                                   "-f", "json"])
    assert res.exit_code == 1
    last = res.stderr.splitlines()[-1]
    assert last.startswith(f"Error: {out}/") and last.endswith(
        ": cannot write: No space left on device; the disk is full: free some space or "
        "choose another disk"), res.stderr
    during = {n: (out / n).read_bytes() for n in index}
    assert list(out.rglob("*.tmp")) == []
    monkeypatch.undo()  # space again: the next run completes the site
    again = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out), "-j", "1", "-q",
                                     "-f", "json"])
    assert again.exit_code == 0, again.stderr
    now = {n: (out / n).read_bytes() for n in index}
    assert b"Changed" in now["index.json"]
    assert during == (now if good == 5 else index)  # all of the site, or none of it


def test_a_full_disk_on_an_event_names_its_file(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    season = _season(tmp_path / "season", 1)
    out = tmp_path / "out"
    _disk_full_after(monkeypatch, 0)
    res: FileResult | None = None
    with pytest.raises(OSError) as caught:  # and then the index cannot be written either
        for r in Batch(season, out, JSON).run():
            res = r
    assert res is not None and res.status == "failed"
    assert res.message == (f"cannot write {out / 'events/e0.trf.json'}: No space left on "
                           "device; the disk is full: free some space or choose another disk")
    assert caught.value.filename and caught.value.filename.startswith(str(out))


_IN_A_SMALL_TMPFS = r"""
import json, os, subprocess, sys
from pathlib import Path
season, out = Path(sys.argv[1]), Path(sys.argv[2])
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=400k", "tmpfs", str(out)], check=True)
def batch():
    return subprocess.run([sys.executable, "-m", "swisstb_io", "batch", str(season), "-o",
                           str(out), "-j", "1", "-q", "-f", "json"], capture_output=True, text=True)
first = batch()
before = {n: (out / n).read_bytes().decode() for n in ("index.json", "index.html")}
fd = os.open(out / "filler", os.O_WRONLY | os.O_CREAT)
try:  # fill the disk
    while os.write(fd, b"x" * 4096):
        pass
except OSError:
    os.close(fd)
(season / "e0.trf").write_bytes((season / "e0.trf").read_bytes().replace(b"Cup 0", b"Changed"))
second = batch()
after = {n: (out / n).read_bytes().decode() for n in ("index.json", "index.html")}
tmps = [str(p) for p in out.rglob("*.tmp")]
print(json.dumps({"first": first.returncode, "second": second.returncode, "err": second.stderr,
                  "same": before == after, "tmps": tmps}))
"""


def test_a_real_full_disk_in_a_small_tmpfs(tmp_path: Path) -> None:
    """The same on a real full file system: a 400 KB tmpfs, mounted in a user namespace
    (no root needed); skipped where the system allows no such namespace."""
    if shutil.which("unshare") is None:
        pytest.skip("no unshare(1)")
    if subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode != 0:
        pytest.skip("user namespaces are not allowed here")
    season = _season(tmp_path / "season")
    out = tmp_path / "out"
    out.mkdir()
    script = tmp_path / "full.py"
    script.write_text(_IN_A_SMALL_TMPFS)
    run = subprocess.run(["unshare", "-rm", sys.executable, str(script), str(season), str(out)],
                         capture_output=True, text=True, timeout=300)
    if run.returncode != 0 and "mount" in run.stderr:
        pytest.skip(f"cannot mount a tmpfs: {run.stderr.strip()[-200:]}")
    result = json.loads(run.stdout)
    assert result["first"] == 0 and result["second"] == 1, result
    assert result["same"], result  # the previous index, whole
    assert result["tmps"] == []
    assert "No space left on device" in result["err"]
    assert f"cannot write {out}/events/e0.trf" in result["err"], result["err"]


def test_a_site_of_an_older_swisstb_is_refused_with_the_way_out(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", 1)
    out = tmp_path / "out"
    out.mkdir()
    (out / ".swisstb-batch.json").write_text(json.dumps(
        {"schema": "swisstb-batch-manifest/1", "index": "", "events": {}}))
    (out / "index.html").write_text("an older site")
    res = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out)])
    assert res.exit_code == 1
    assert ("index.html: this file was not written by swisstb batch (the folder's manifest "
            "is an older swisstb's, which does not record what it wrote: remove the old site "
            "and run again)") in res.stderr
    assert (out / "index.html").read_text() == "an older site"
