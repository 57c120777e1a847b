"""The `swisstb` command line: exact output and exit codes for the foundation commands."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from swisstb_io.cli import cli
from swisstb_io.cli.formats import formats_table
from swisstb_io.registry import all_formats

FIX = Path(__file__).resolve().parent.parent / "fixtures"
HELD5 = FIX / "trf" / "held_swiss_5.trf"


def run(*args: str, input: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_formats_lists_every_registered_format() -> None:
    code, out, _ = run("formats")
    assert code == 0
    assert out == formats_table() + "\n"
    lines = out.splitlines()
    assert lines[0].split() == ["name", "read", "write", "extensions", "description"]
    assert [line.split()[0] for line in lines[1:]] == [s.name for s in all_formats()]


def test_info_on_a_good_file() -> None:
    code, out, err = run("info", str(HELD5))
    assert code == 0, err
    assert out.splitlines() == [
        f"file:          {HELD5}",
        "format:        trf16",
        "encoding:      utf-8",
        "version:       16",
        "line endings:  LF",
        "BOM:           no",
        "final newline: yes",
        "event:         FIDE C.07 2023 Tie-Break Exercises",
        "dates:         2024-08-01",
        "rounds:        5 (5 with results)",
        "players:       16",
        "diagnostics:   none",
    ]


def test_info_on_a_bad_file_is_one_clear_line_and_exit_1() -> None:
    bad = FIX / "trf" / "bad" / "start_number_twice.trf"
    code, out, err = run("info", str(bad))
    assert code == 1
    assert out == ""
    assert err == f"Error: {bad}:4:5: start number 2 is used twice (first on line 3)\n"


def test_info_on_a_missing_file() -> None:
    code, _, err = run("info", "no/such/file.trf")
    assert code == 2  # the same code in every command (issue 16 item 15)
    assert err == "Error: no/such/file.trf: no such file or folder\n"


def test_unknown_format_name_is_a_usage_error() -> None:
    code, _, err = run("convert", str(HELD5), "out.trf", "--to", "vega")
    assert code == 2
    assert err.startswith("Error: unknown format 'vega'; known formats: trf, trf16, trf2026")


def test_unknown_output_extension_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = run("convert", str(HELD5), str(tmp_path / "x.foo"))
    assert code == 2
    assert "cannot tell the output format from" in err and "name it with --to" in err


def test_undetectable_input_exit_1(tmp_path: Path) -> None:
    junk = tmp_path / "notes.dat"
    junk.write_text("hello\n")
    code, _, err = run("info", str(junk))
    assert code == 1
    assert err.startswith(f"Error: {junk}: cannot tell the file's format; name it with --from")


def test_convert_refuses_in_equal_out(tmp_path: Path) -> None:
    src = tmp_path / "a.trf"
    shutil.copy(HELD5, src)
    code, _, err = run("convert", str(src), str(src))
    assert code == 2
    assert err == (f"Error: {src}: it is the input, which writing it would destroy; write "
                   "the output to another path\n")
    assert src.read_bytes() == HELD5.read_bytes()


def test_convert_trf_round_trip_is_byte_identical(tmp_path: Path) -> None:
    out = tmp_path / "copy.trf"
    code, _, err = run("convert", str(HELD5), str(out))
    assert code == 0, err
    assert out.read_bytes() == HELD5.read_bytes()


def test_convert_stdin_to_stdout() -> None:
    code, out, err = run("convert", "-", "-", "--to", "trf", input=HELD5.read_bytes())
    assert code == 0, err
    assert out.encode() == HELD5.read_bytes()


def test_stdout_needs_to() -> None:
    code, _, err = run("convert", str(HELD5), "-")
    assert code == 2
    assert err == "Error: writing to stdout needs --to FORMAT.\n"


def test_no_traceback_on_garbage_bytes(tmp_path: Path) -> None:
    junk = tmp_path / "junk.trf"
    junk.write_bytes(bytes(range(256)) * 4)
    code, _, err = run("info", str(junk))
    assert code == 1
    assert "Traceback" not in err and err.startswith("Error: ")


def test_python_dash_m_runs_the_cli() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "swisstb_io", "--version"], capture_output=True, text=True
    )
    assert proc.returncode == 0
    assert proc.stdout.startswith("swisstb, version ")


def test_written_files_get_ordinary_permissions(tmp_path: Path) -> None:
    import os

    out = tmp_path / "copy.xml"
    code, _, err = run("convert", str(HELD5), str(out))
    assert code == 0, err
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask
