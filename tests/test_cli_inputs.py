"""Which inputs the commands take (issue 16 items 14, 15 and 18).

``-`` is stdin; a folder with no tournament file, or a ``--glob`` that matches nothing, is a
usage error (exit 2) rather than a green run on nothing, and so is a missing input in every
command; files named explicitly are chosen as folder files are, so a pre-commit hook
handing over other changed files checks nothing.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import swisstb_io
from swisstb_io.cli import cli
from swisstb_io.registry import all_formats

CHECK = Path(__file__).resolve().parent.parent / "fixtures" / "check"
ROOT = CHECK.parent.parent


def run(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, ["check", *args], input=stdin)
    return res.exit_code, res.stdout, res.stderr


def test_dash_reads_stdin() -> None:
    code, out, err = run("-", stdin=(CHECK / "rank.trf").read_bytes())
    assert code == 1
    assert out.splitlines()[0].startswith("<stdin>:7:1: error: player 3 (Clark, Cy): declared")
    assert err == "2 errors, 0 warnings in 1 file\n"
    assert run("-", stdin=(CHECK / "clean.trf").read_bytes())[:2] == (0, "")


def test_an_empty_folder_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("shopping list\n")
    code, out, err = run(str(tmp_path))
    assert (code, out) == (2, "")
    assert err == f"Error: no tournament file found in {tmp_path}\n"


def test_a_glob_matching_nothing_is_a_usage_error() -> None:
    code, out, err = run("--glob", "*.nothing", str(CHECK))
    assert (code, out) == (2, "")
    assert err == f"Error: no tournament file found in {CHECK} matching --glob *.nothing\n"


def test_explicit_files_are_sniffed_like_folder_files(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a tournament\n")
    code, out, err = run(str(notes))
    assert (code, out) == (0, "")
    assert err == "no tournament file among the 1 given; nothing checked\n"
    trf_as_txt = tmp_path / "event.txt"
    trf_as_txt.write_bytes((CHECK / "rank.trf").read_bytes())
    code, out, err = run(str(notes), str(trf_as_txt))
    assert code == 1 and out.startswith(f"{trf_as_txt}:7:1: error: player 3")
    assert err == "2 errors, 0 warnings in 1 file\n"


def test_a_tournament_extension_is_always_checked(tmp_path: Path) -> None:
    bad = tmp_path / "broken.trf"
    bad.write_text("hello\n")
    code, out, _ = run(str(bad))
    assert code == 1 and ": error: " in out


def test_pre_commit_hook_pattern_skips_generic_extensions() -> None:
    text = (ROOT / ".pre-commit-hooks.yaml").read_text()
    files = re.search(r"^  files: '(.*)'$", text, re.M)
    assert files is not None
    rx = re.compile(files[1])
    for name in ("notes.txt", "package.json", "x.py", "trf.md"):
        assert not rx.search(name), name
    generic = {".txt", ".json"}
    exts = {e for s in all_formats() if s.reader is not None for e in s.extensions} - generic
    for ext in exts:
        assert rx.search(f"fixtures/x{ext}") and rx.search(f"X{ext.upper()}"), ext


@pytest.mark.parametrize("name", ["a.trf", "b.jch"])
def test_missing_file_is_a_usage_error(name: str) -> None:
    assert run(name) == (2, "", f"Error: {name}: no such file or folder\n")


@pytest.mark.parametrize("args", [
    ["info", "missing.trf"], ["report", "missing.trf"], ["convert", "missing.trf", "x.xml"],
    ["submit", "fide", "missing.trf", "-o", "x.trf"],
    ["submit", "uscf", "missing.trf", "-o", "x.zip"], ["check", "missing.trf"]])
def test_a_missing_input_is_exit_2_in_every_command(args: list[str], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(cli, args)
    assert (res.exit_code, res.stdout, res.stderr) == (
        2, "", "Error: missing.trf: no such file or folder\n")
    assert list(tmp_path.iterdir()) == []


def test_a_missing_season_folder_is_exit_2(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["batch", str(tmp_path / "nope"), "-o", str(tmp_path / "o")])
    assert res.exit_code == 2 and "does not exist" in res.stderr


def runtime_dependencies(into: Path) -> Path:
    """A folder ``into`` of links to the installed distributions swisstb_io needs to run
    (its dependencies and theirs, with their metadata), for ``PYTHONPATH``."""
    from importlib import metadata

    from packaging.requirements import Requirement  # pytest's own dependency
    from packaging.utils import canonicalize_name

    into.mkdir()
    seen: set[str] = set()
    todo = ["swisstb_io"]
    while todo:
        dist = metadata.distribution(todo.pop())
        for text in dist.requires or ():
            req = Requirement(text)
            name = canonicalize_name(req.name)
            if name not in seen and (req.marker is None or req.marker.evaluate({"extra": ""})):
                seen.add(name)
                todo.append(name)
        if canonicalize_name(dist.metadata["Name"]) == "swisstb-io":
            continue  # the hook installs the checkout's HEAD itself
        tops = {f.parts[0] for f in dist.files or ()} - {"..", "__pycache__"}
        for top in sorted(tops):
            if not (into / top).exists():
                (into / top).symlink_to(Path(str(dist.locate_file(top))))
    return into


def test_the_pre_commit_hook_runs_through_pre_commit(tmp_path: Path) -> None:
    """``pre-commit try-repo`` on this checkout's HEAD, offline: pre-commit builds the
    hook's environment from the packages already installed where this test runs (no
    index, no build isolation) and runs it on a repository holding a tournament file with
    wrong ranks and a note.

    The installed packages are those this test runs with, a virtualenv's when the tests
    run in one (as the README installs them): a virtualenv's "system site packages" would
    be the base interpreter's, which on a fresh machine hold none of the dependencies.
    ``PYTHONPATH`` hands swisstb_io's run-time dependencies (and only those: not the build
    tools, which the hook's environment brings) to the hook's pip, which then finds them
    installed, and to the hook itself."""
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()
    work = tmp_path / "repo"
    work.mkdir()
    (work / "rank.trf").write_bytes((CHECK / "rank.trf").read_bytes())
    (work / "notes.txt").write_text("not a tournament\n")
    subprocess.run(["git", "init", "-q"], cwd=work, check=True)
    subprocess.run(["git", "add", "."], cwd=work, check=True)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"),
           "PYTHONPATH": str(runtime_dependencies(tmp_path / "deps")),
           "PIP_NO_INDEX": "1",
           "PIP_NO_BUILD_ISOLATION": "0"}  # pip reads "0" here as "do not isolate"
    res = subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(ROOT),
                          "swisstb-check", "--ref", head, "--files", "rank.trf", "notes.txt"],
                         cwd=work, env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 1, res.stdout + res.stderr
    assert "rank.trf:7:1: error: player 3 (Clark, Cy): declared rank 3" in res.stdout
    assert "notes.txt" not in res.stdout.split("=" * 79)[-1]
    assert "2 errors, 0 warnings in 1 file" in res.stdout


def test_the_readme_pins_the_hook_to_this_version() -> None:
    readme = (ROOT / "README.md").read_text()
    rev = re.search(r"repo: https://github.com/\S+\n\s+rev: (\S+)\n", readme)
    assert rev is not None
    assert rev[1] == f"v{swisstb_io.__version__}"
