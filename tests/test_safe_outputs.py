"""No command destroys its input, and ``-o`` decides the format (issue 32 items 4 and 5).

``-o`` naming an input (the event, the prize file, the player data, a file ``check`` checks),
by the same path, a hard link or a symlink, is a usage error (exit 2) before anything is
read or written: the input keeps its bytes and no other file appears.  ``-o page.html``
without ``--format`` writes HTML (``.json``, ``.md``, ``.csv`` alike; ``.xml`` and ``.json``
for ``check``), and a ``--format`` that contradicts the extension is refused.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io.cli import cli

ROOT = Path(__file__).resolve().parent.parent
EVENT = ROOT / "fixtures" / "check" / "clean.trf"
PRIZE_EVENT = ROOT / "fixtures" / "prizes" / "example1.csv"
PRIZES = ROOT / "fixtures" / "prizes" / "example1.toml"


def _same(target: Path, where: Path) -> Path:
    return target


def _hard_link(target: Path, where: Path) -> Path:
    link = where / f"hard-{target.name}"
    os.link(target, link)
    return link


def _symlink(target: Path, where: Path) -> Path:
    link = where / "sub" / f"sym-{target.name}"
    link.parent.mkdir()
    link.symlink_to(target)
    return link


WAYS: dict[str, Callable[[Path, Path], Path]] = {
    "same path": _same, "hard link": _hard_link, "symlink": _symlink}

# (args with {event}, {prizes} and {out}; which input {out} names)
COMMANDS = [
    (["report", "{event}", "-o", "{out}"], "event"),
    (["report", "{event}", "--format", "html", "-o", "{out}"], "event"),
    (["report", "{event}", "--prizes", "{prizes}", "-o", "{out}"], "prizes"),
    (["prizes", "{event}", "--prizes", "{prizes}", "-o", "{out}"], "event"),
    (["prizes", "{event}", "--prizes", "{prizes}", "-o", "{out}"], "prizes"),
    (["check", "{event}", "-o", "{out}"], "event"),
    (["submit", "fide", "{event}", "-o", "{out}"], "event"),
    (["submit", "uscf", "{event}", "-o", "{out}"], "event"),
    (["ratings", "{event}", "--system", "fide", "-o", "{out}"], "event"),
    (["ratings", "{event}", "--system", "fide", "--player-data", "{prizes}", "-o", "{out}"],
     "prizes"),
    (["convert", "{event}", "{out}"], "event"),
    (["convert", "{event}", "{out}", "--to", "xml"], "event"),
]


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize(("args", "named"), COMMANDS,
                         ids=[f"{' '.join(a[:2])}-{n}" for a, n in COMMANDS])
def test_no_command_writes_over_its_input(args: list[str], named: str, way: str,
                                          tmp_path: Path) -> None:
    uses_prizes = "{prizes}" in args and args[0] != "ratings"
    event = tmp_path / ("event.csv" if uses_prizes else "event.trf")
    shutil.copy(PRIZE_EVENT if uses_prizes else EVENT, event)
    prizes = tmp_path / "event.toml"  # the prize file, or (ratings) the player data
    if args[0] == "ratings":
        prizes.write_text("start_no,k\n1,40\n", encoding="utf-8")
    else:
        shutil.copy(PRIZES, prizes)
    out = WAYS[way](event if named == "event" else prizes, tmp_path)
    before = _tree(tmp_path)
    argv = [a.format(event=event, prizes=prizes, out=out) for a in args]
    res = CliRunner().invoke(cli, argv)
    assert res.exit_code == 2, res.output
    assert res.stdout == ""
    assert "which writing it would destroy; write the output to another path" in res.stderr
    assert "Traceback" not in res.output
    assert _tree(tmp_path) == before  # the input whole, nothing new


def test_the_message_names_the_input_a_link_stands_for(tmp_path: Path) -> None:
    event = tmp_path / "event.trf"
    shutil.copy(EVENT, event)
    link = _symlink(event, tmp_path)
    res = CliRunner().invoke(cli, ["report", str(event), "-o", str(link)])
    assert (res.exit_code, res.stderr) == (2, (
        f"Error: {link}: it is a link to the input {event}, which writing it would destroy; "
        "write the output to another path\n"))


def test_check_never_writes_over_a_file_found_in_a_folder(tmp_path: Path) -> None:
    season = tmp_path / "season"
    season.mkdir()
    shutil.copy(EVENT, season / "a.trf")
    before = _tree(tmp_path)
    res = CliRunner().invoke(cli, ["check", str(season), "-o", str(season / "a.trf")])
    assert res.exit_code == 2 and "it is the input" in res.stderr
    assert _tree(tmp_path) == before


def test_split_parts_never_write_over_the_input(tmp_path: Path) -> None:
    """``convert --split`` names its outputs itself: none of them may be the input."""
    src = ROOT / "fixtures" / "sjson"
    multi = next(p for p in sorted(src.glob("*.sjson")) if b'"Sections"' in p.read_bytes()
                 and CliRunner().invoke(cli, ["info", str(p)]).stdout.count(" players, ") > 1)
    info = CliRunner().invoke(cli, ["info", str(multi)]).stdout
    first = next(line for line in info.splitlines() if line.startswith("  1 "))
    name = first[4:].split(":")[0]
    slug = "".join(ch if ch.isalnum() else "-" for ch in name.casefold()).strip("-")
    event = tmp_path / f"x-1-{slug}.sjson"
    shutil.copy(multi, event)
    before = _tree(tmp_path)
    res = CliRunner().invoke(cli, ["convert", str(event), str(tmp_path / "x.sjson"),
                                   "--split"])
    assert res.exit_code == 2 and "it is the input" in res.stderr, res.output
    assert _tree(tmp_path) == before


# ---- item 5: the format from -o's extension --------------------------------------------

@pytest.mark.parametrize("command", ["report", "prizes", "ratings"])
@pytest.mark.parametrize(("ext", "starts"), [
    (".html", b"<!DOCTYPE html>"), (".json", b"{"), (".md", b"#"), (".csv", None),
    (".txt", None)])
def test_the_extension_of_out_gives_the_format(command: str, ext: str, starts: bytes | None,
                                               tmp_path: Path) -> None:
    out = tmp_path / f"page{ext}"
    args = {"prizes": [str(PRIZE_EVENT), "--prizes", str(PRIZES)],
            "ratings": [str(EVENT), "--system", "fide"]}.get(command, [str(EVENT)])
    res = CliRunner().invoke(cli, [command, *args, "-o", str(out)])
    assert res.exit_code == 0, res.output
    data = out.read_bytes()
    name = {".txt": "text"}.get(ext, ext[1:])
    want = CliRunner().invoke(cli, [command, *args, "--format", name]).stdout_bytes
    assert data == want  # the same bytes as --format names them
    if starts is not None:
        assert data.lstrip().startswith(starts), data[:40]
    if ext == ".json":
        json.loads(data)


@pytest.mark.parametrize(("ext", "name"), [(".json", "json"), (".xml", "junit"),
                                           (".txt", "text")])
def test_check_takes_the_format_from_the_extension(ext: str, name: str, tmp_path: Path) -> None:
    out = tmp_path / f"report{ext}"
    res = CliRunner().invoke(cli, ["check", str(EVENT), "-o", str(out)])
    assert res.exit_code == 0, res.output
    want = CliRunner().invoke(cli, ["check", str(EVENT), "--format", name]).stdout_bytes
    assert out.read_bytes() == want
    if name == "junit":
        assert out.read_bytes().startswith(b"<?xml")


@pytest.mark.parametrize("args", [
    ["report", str(EVENT), "--format", "text", "-o", "{tmp}/page.html"],
    ["report", str(EVENT), "--format", "json", "-o", "{tmp}/page.md"],
    ["prizes", str(PRIZE_EVENT), "--prizes", str(PRIZES), "--format", "md", "-o",
     "{tmp}/p.csv"],
    ["ratings", str(EVENT), "--system", "fide", "--format", "csv", "-o", "{tmp}/r.html"],
    ["check", str(EVENT), "--format", "text", "-o", "{tmp}/r.xml"],
    ["check", str(EVENT), "--format", "junit", "-o", "{tmp}/r.json"],
])
def test_a_format_that_contradicts_the_extension_is_refused(args: list[str],
                                                            tmp_path: Path) -> None:
    argv = [a.format(tmp=tmp_path) for a in args]
    res = CliRunner().invoke(cli, argv)
    assert res.exit_code == 2, res.output
    assert "contradicts -o" in res.stderr and "whose extension says" in res.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_extension_without_a_format_of_its_own_keeps_the_default(tmp_path: Path) -> None:
    out = tmp_path / "standings.log"
    assert CliRunner().invoke(cli, ["report", str(EVENT), "-o", str(out)]).exit_code == 0
    assert out.read_bytes() == CliRunner().invoke(cli, ["report", str(EVENT)]).stdout_bytes
    both = tmp_path / "page.html"
    res = CliRunner().invoke(cli, ["report", str(EVENT), "-f", "html", "-o", str(both)])
    assert res.exit_code == 0 and both.read_bytes().startswith(b"<!DOCTYPE html>")
