"""Devices, pipes, folders and huge files where a command expects a file (issue 32 items 6
and 14).

Every command that reads a path applies the batch's own rules: a pipe (FIFO), a device or a
socket is refused with one line and exit 2, as a missing file is, and so is a folder where
a file is expected; a file larger than the size limit is refused before it is read.  ``-``
stays the way to read a pipe, up to the same limit.  The commands run in a subprocess
with a timeout and a memory limit, so a command that would wait for ever or read without
end fails the test instead of hanging it.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io.cli import cli
from swisstb_io.limits import MAX_FILE_BYTES

ROOT = Path(__file__).resolve().parent.parent
EVENT = ROOT / "fixtures" / "check" / "clean.trf"
PRIZE_EVENT = ROOT / "fixtures" / "prizes" / "example1.csv"
PRIZES = ROOT / "fixtures" / "prizes" / "example1.toml"
MEMORY = 2 * 1024**3
"""Address space each command may use: far more than it needs, far less than ``/dev/zero``
read without end."""


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def swisstb(*args: str, stdin: object = subprocess.DEVNULL, timeout: float = 60
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "swisstb_io", *args], stdin=stdin,
                          capture_output=True, text=True, timeout=timeout,
                          preexec_fn=_limited)


# (argv with {x} for the path that is no file)
EVENT_READERS = [
    ["info", "{x}"], ["report", "{x}"], ["check", "{x}"], ["convert", "{x}", "{tmp}/o.xml"],
    ["submit", "fide", "{x}", "-o", "{tmp}/o.trf"],
    ["submit", "uscf", "{x}", "-o", "{tmp}/o.zip"],
    ["prizes", "{x}", "--prizes", str(PRIZES)],
    ["ratings", "{x}", "--system", "fide"],
]
FILE_READERS = [  # options that name a file (never a folder)
    ["report", str(PRIZE_EVENT), "--prizes", "{x}"],
    ["prizes", str(PRIZE_EVENT), "--prizes", "{x}"],
    ["submit", "uscf", str(EVENT), "--event-meta", "{x}", "-o", "{tmp}/o.zip"],
    ["batch", "{tmp}/season", "-o", "{tmp}/out", "--prizes", "{x}"],
    ["ratings", str(EVENT), "--system", "fide", "--player-data", "{x}"],
    ["report", str(EVENT), "--ratings", "fide", "--player-data", "{x}"],
    ["batch", "{tmp}/season", "-o", "{tmp}/out", "--ratings", "fide", "--player-data", "{x}"],
]


def _argv(args: list[str], x: Path, tmp: Path) -> list[str]:
    (tmp / "season").mkdir(exist_ok=True)
    (tmp / "season" / "a.trf").write_bytes(EVENT.read_bytes())
    return [a.format(x=x, tmp=tmp) for a in args]


def _not_written(tmp: Path) -> None:
    assert not [p.name for p in tmp.iterdir() if p.name.startswith("o")]


NOT_A_FILE = "it is not a regular file (a pipe, a device or a socket)"


@pytest.mark.parametrize("args", EVENT_READERS + FILE_READERS, ids=" ".join)
def test_a_fifo_without_a_writer_is_refused_at_once(args: list[str], tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.trf"
    os.mkfifo(fifo)
    res = swisstb(*_argv(args, fifo, tmp_path))
    assert res.returncode == 2, res.stderr
    assert res.stderr.splitlines() == [f"Error: {fifo}: {NOT_A_FILE}: name a file, or read a "
                                       "pipe as standard input (`-`)"]
    _not_written(tmp_path)


@pytest.mark.parametrize("args", EVENT_READERS + FILE_READERS[:1], ids=" ".join)
def test_a_device_is_refused_without_reading_it(args: list[str], tmp_path: Path) -> None:
    link = tmp_path / "zero.trf"  # a name that looks like an event, standing for /dev/zero
    link.symlink_to("/dev/zero")
    for x in (Path("/dev/zero"), link):
        res = swisstb(*_argv(args, x, tmp_path))
        assert res.returncode == 2, res.stderr[-2000:]
        assert len(res.stderr.splitlines()) == 1 and NOT_A_FILE in res.stderr, res.stderr
        assert "Traceback" not in res.stderr and "MemoryError" not in res.stderr
    _not_written(tmp_path)


def test_dash_still_reads_a_pipe() -> None:
    res = swisstb("info", "-", stdin=EVENT.open("rb"))
    assert res.returncode == 0 and "players:" in res.stdout


def test_a_pipe_that_never_ends_is_cut_at_the_size_limit() -> None:
    with open("/dev/zero", "rb") as zero:
        res = swisstb("info", "-", stdin=zero)
    assert res.returncode == 1
    assert res.stderr == (f"Error: <stdin>: cannot read standard input: it gives more than "
                          f"{MAX_FILE_BYTES // 2**20} MB, too large for a tournament file\n")


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge.trf"
    with huge.open("wb") as fh:
        fh.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk used, and never read
    for args in (["info", str(huge)], ["report", str(huge)]):
        res = swisstb(*args)
        assert (res.returncode, res.stderr) == (1, (
            f"Error: {huge}: cannot read the file: it is {MAX_FILE_BYTES // 2**20} MB, too "
            "large for a tournament file\n"))
    res = swisstb("check", str(huge))
    assert res.returncode == 1 and "too large for a tournament file" in res.stdout


def test_a_huge_prize_or_player_data_file_is_named_for_what_it_is(tmp_path: Path) -> None:
    huge = tmp_path / "huge.toml"
    with huge.open("wb") as fh:
        fh.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk used, and never read
    res = swisstb("prizes", str(EVENT), "--prizes", str(huge))
    assert res.returncode == 1 and "too large for a prize file" in res.stderr
    res = swisstb("ratings", str(EVENT), "--system", "fide", "--player-data", str(huge))
    assert res.returncode == 1 and "too large for a player-data file" in res.stderr


# ---- item 14: a folder where a file is expected ------------------------------------------

@pytest.mark.parametrize("args", [a for a in EVENT_READERS if a[0] != "check"], ids=" ".join)
def test_a_folder_as_an_event_is_exit_2_like_a_missing_file(args: list[str],
                                                            tmp_path: Path) -> None:
    """(``check`` reads every file in a folder.)"""
    folder = tmp_path / "notes"
    folder.mkdir()
    res = CliRunner().invoke(cli, _argv(args, folder, tmp_path))
    assert res.exit_code == 2, res.output
    assert res.stderr.startswith(f"Error: {folder}: this is a folder, not a tournament file")
    _not_written(tmp_path)


@pytest.mark.parametrize("args", FILE_READERS, ids=" ".join)
def test_a_folder_as_a_prize_or_toml_file_is_exit_2(args: list[str], tmp_path: Path) -> None:
    folder = tmp_path / "prizes"
    folder.mkdir()
    res = CliRunner().invoke(cli, _argv(args, folder, tmp_path))
    assert (res.exit_code, res.stderr) == (
        2, f"Error: {folder}: this is a folder, not a file: name a file\n"), res.output
    _not_written(tmp_path)
    assert not (tmp_path / "out").exists()


def test_batch_of_one_file_is_documented_and_does_what_it_says(tmp_path: Path) -> None:
    help_text = CliRunner().invoke(cli, ["batch", "--help"]).stdout
    assert "SEASON_DIR may also be one tournament file" in help_text
    res = CliRunner().invoke(cli, ["batch", str(EVENT), "-o", str(tmp_path / "site")])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "site" / "index.html").is_file()
    assert [p.name for p in (tmp_path / "site" / "events").glob("*.html")] == ["clean.trf.html"]


def test_the_help_says_what_a_failure_line_looks_like(tmp_path: Path) -> None:
    """``batch --help`` and ``check --help`` show the line the command prints."""
    season = tmp_path / "season"
    season.mkdir()
    (season / "bad.trf").write_text("012 Cup\n001    x m    Kim, Al\n")  # no start number
    res = CliRunner().invoke(cli, ["batch", str(season), "-o", str(tmp_path / "out"), "-q"])
    printed = res.stderr.splitlines()[0]
    assert printed.startswith(f"{season / 'bad.trf'}:2:5: error: start number 'x'")
    batch_help = " ".join(CliRunner().invoke(cli, ["batch", "--help"]).stdout.split())
    assert "(path:line:col: error: message)" in batch_help
    check_help = " ".join(CliRunner().invoke(cli, ["check", "--help"]).stdout.split())
    out = CliRunner().invoke(cli, ["check", str(season / "bad.trf")]).stdout
    assert out.startswith(f"{season / 'bad.trf'}:2:5: error: start number 'x'")
    assert "path:line:col: error: message" in check_help
