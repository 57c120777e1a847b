"""A file name that is not UTF-8 (issue 33 item 6): every place a path is printed or
embedded renders it one way (``caf%E9.trf``, :func:`swisstb_io.errors.readable_path`), as
the batch does, and no output crashes or carries bytes that are not UTF-8."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io.cli import cli
from swisstb_io.errors import Location

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def test_readable_path_shows_each_byte_that_is_not_utf8() -> None:
    from swisstb_io.errors import readable_path

    assert readable_path("plain/caf\u00e9 100%.trf") == "plain/caf\u00e9 100%.trf"
    assert readable_path(os.fsdecode(b"caf\xe9 100%.trf")) == "caf%E9 100%25.trf"
    assert str(Location(os.fsdecode(b"r\xe9.trf"), 7, 1)) == "r%E9.trf:7:1"


@pytest.fixture
def odd_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    shutil.copy(FIXTURES / "check" / "clean.trf", os.fsdecode(b"caf\xe9.trf"))
    shutil.copy(FIXTURES / "check" / "rank.trf", os.fsdecode(b"r\xe9.trf"))
    Path(os.fsdecode(b"g\xe9.trf")).write_text("garbage\n")
    return tmp_path


def _invoke(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return (res.exit_code, res.stdout_bytes.decode("utf-8"),  # strict: UTF-8 or it fails
            res.stderr_bytes.decode("utf-8"))


@pytest.mark.parametrize("fmt", ["json", "html", "text", "md", "csv"])
def test_every_report_format_takes_the_name(odd_names: Path, fmt: str) -> None:
    code, out, _ = _invoke("report", os.fsdecode(b"caf\xe9.trf"), "--format", fmt)
    assert code == 0
    if fmt in ("json", "html"):  # the formats that name their source
        assert "caf%E9.trf" in out


@pytest.mark.parametrize("fmt", ["text", "json", "junit", "github"])
def test_every_check_format_takes_the_name(odd_names: Path, fmt: str) -> None:
    code, out, _ = _invoke("check", os.fsdecode(b"r\xe9.trf"), os.fsdecode(b"g\xe9.trf"),
                           "--format", fmt)
    assert code == 1
    shown = "r%25E9.trf" if fmt == "github" else "r%E9.trf"  # % escaped as GitHub wants
    assert shown in out and "\udce9" not in out


def test_messages_name_the_file_the_same_way(odd_names: Path) -> None:
    code, _, err = _invoke("report", os.fsdecode(b"g\xe9.trf"))
    assert (code, err) == (1, "Error: g%E9.trf:1:1: no 012 or 001 record found; this does not "
                              "look like a TRF file\n")
    code, _, err = _invoke("report", os.fsdecode(b"x\xe9.trf"))
    assert (code, err) == (2, "Error: x%E9.trf: no such file or folder\n")


def test_the_prize_list_takes_the_name(odd_names: Path) -> None:
    shutil.copy(FIXTURES / "prizes" / "example1.csv", os.fsdecode(b"p\xe9.csv"))
    for fmt in ("json", "md", "text", "html"):
        code, out, err = _invoke("prizes", os.fsdecode(b"p\xe9.csv"), "-p",
                                 str(FIXTURES / "prizes" / "example1.toml"), "-f", fmt)
        assert code == 0, err
        assert "p%E9.csv" in out


def test_a_usage_error_names_the_file_the_same_way(odd_names: Path) -> None:
    code, _, err = _invoke("report", os.fsdecode(b"caf\xe9.trf"), "--section", "2")
    assert code == 2
    assert ("--section 2: caf%E9.trf is a trf2026 file, which holds one section; leave "
            "--section out") in err and "\udce9" not in err


@pytest.mark.parametrize(("args", "shown"), [
    (["report", "x.trf", "--format", os.fsdecode(b"x\xe9")],
     "Invalid value for '-f' / '--format': 'x%E9' is not one of"),
    (["ratings", "x.trf", "--system", os.fsdecode(b"f\xe9")],
     "Invalid value for '--system': 'f%E9' is not one of"),
    (["report", "x.trf", os.fsdecode(b"--bogus\xe9")], "No such option '--bogus%E9'"),
    ([os.fsdecode(b"bogus\xe9")], "No such command 'bogus%E9'"),
], ids=["choice", "subcommand-choice", "option", "command"])
def test_click_usage_errors_show_bytes_as_every_message_does(
        args: list[str], shown: str) -> None:
    """click's own messages (a bad choice, an unknown option or command) show an
    argument's bytes that are not UTF-8 as ``%XX``, never as ``\\udce9``."""
    code, _, err = _invoke(*args)
    assert code == 2
    assert shown in err and "udce9" not in err
