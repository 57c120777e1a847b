"""Failing disks, hostile names and careless hands (issue 16 items 8, 12-16, 19): one clear
message and the right exit code, never a traceback, never a surprise."""

from __future__ import annotations

import dataclasses
import io
import os
import stat
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import swisstb_io as st
from swisstb_io.cli import cli
from swisstb_io.files import atomic_write
from swisstb_io.textsafe import shown, spreadsheet_safe, spreadsheet_unsafe

ROOT = Path(__file__).resolve().parent.parent
CLEAN = ROOT / "fixtures" / "check" / "clean.trf"
NOT_A_DIR = "Not a directory; a part of the path is a file, not a folder: choose another path"


def invoke(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, list(args), input=stdin)
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exc_info
    return res.exit_code, res.stdout, res.stderr


# --- item 8: outputs that cannot be written -----------------------------------------------

@pytest.mark.parametrize("args", [
    ["report", str(CLEAN), "-o", "{out}"],
    ["convert", str(CLEAN), "{out}", "--to", "sjson"],
    ["submit", "fide", str(CLEAN), "-o", "{out}"],
    ["check", str(CLEAN), "-o", "{out}"],
])
def test_a_path_through_a_plain_file_is_one_error(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / "plain").write_text("")
    out = str(tmp_path / "plain" / "x")
    code, stdout, stderr = invoke(*(a.replace("{out}", out) for a in args))
    assert code == 1 and stdout == ""
    assert stderr.splitlines()[-1] == f"Error: {out}: cannot write: {NOT_A_DIR}"


def test_a_batch_into_a_path_through_a_plain_file(tmp_path: Path) -> None:
    season = tmp_path / "season"
    season.mkdir()
    (season / "a.trf").write_bytes(CLEAN.read_bytes())
    (tmp_path / "plain").write_text("")
    out = tmp_path / "plain" / "site"
    code, _, stderr = invoke("batch", str(season), "-o", str(out))
    assert (code, stderr) == (1, f"Error: {out}: cannot write: {NOT_A_DIR}\n")


@pytest.mark.skipif(not Path("/dev/full").is_char_device(), reason="needs Linux /dev/full")
def test_a_full_disk_is_one_error_and_the_device_stays() -> None:
    code, _, stderr = invoke("report", str(CLEAN), "-o", "/dev/full")
    assert (code, stderr) == (1, "Error: /dev/full: cannot write: No space left on device; "
                                 "the disk is full: free some space or choose another disk\n")
    assert Path("/dev/full").is_char_device()  # written in place, never renamed over


def test_a_folder_one_may_not_write_to(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run as root, a read-only folder is writable: the refusal is simulated where the
    temporary file is made."""
    import tempfile

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied", str(tmp_path))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    out = tmp_path / "r.txt"
    code, _, stderr = invoke("report", str(CLEAN), "-o", str(out))
    assert (code, stderr) == (1, f"Error: {out}: cannot write: Permission denied; choose a "
                                 "folder you may write to, or change its permissions\n")
    assert list(tmp_path.iterdir()) == []


# --- item 12: overwriting ------------------------------------------------------------------

def test_overwriting_keeps_the_mode(tmp_path: Path) -> None:
    f = tmp_path / "a.txt"
    f.write_text("old")
    f.chmod(0o640)
    atomic_write(f, b"new")
    assert (f.read_bytes(), stat.S_IMODE(f.stat().st_mode)) == (b"new", 0o640)


def test_a_symlink_is_written_through(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    atomic_write(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real.txt"]


def test_a_long_legal_name_stays_legal(tmp_path: Path) -> None:
    name = "é" * 120 + ".txt"  # 244 bytes: legal; its temporary name must be too
    atomic_write(tmp_path / name, b"x")
    assert (tmp_path / name).read_bytes() == b"x"
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_a_device_is_written_in_place() -> None:
    atomic_write(Path("/dev/null"), b"x")
    assert Path("/dev/null").is_char_device()


def test_a_folder_is_not_replaced(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError):
        atomic_write(tmp_path, b"x")
    assert tmp_path.is_dir()


# --- item 13: names that are formulas or terminal codes -----------------------------------

EVIL = "=HYPERLINK(\"http://x\")\x1b[2K\rok.trf:1:1: error: fake\n"


def _evil_file(tmp_path: Path) -> Path:
    t = st.read(CLEAN)
    players = (dataclasses.replace(t.players[0], name=EVIL, team="@SUM(A1)"), *t.players[1:])
    path = tmp_path / "evil.sjson"
    st.write(dataclasses.replace(t, players=players), path)
    return path


def test_formulas_are_neutralised_in_every_csv(tmp_path: Path) -> None:
    evil = _evil_file(tmp_path)
    code, out, _ = invoke("report", str(evil), "-f", "csv")
    assert code == 0 and "\"'=HYPERLINK" in out
    assert invoke("convert", str(evil), str(tmp_path / "e.csv"))[0] == 0
    written = (tmp_path / "e.csv").read_text()
    assert "'=HYPERLINK" in written and ",'@SUM(A1)," in written
    back = st.read(tmp_path / "e.csv").players[0]
    assert back.name.startswith('=HYPERLINK("http://x")\x1b[2K')  # read back as it was
    assert back.team == "@SUM(A1)"


def test_spreadsheet_safe_round_trips() -> None:
    for text in ["=1+2", "+x", "-x", "@x", "\tx", "-", "-3", "12.5", "Ann", "'=x", "''@", "'a",
                 ""]:
        assert spreadsheet_unsafe(spreadsheet_safe(text)) == text
    assert [spreadsheet_safe(x) for x in ("=1", "-", "-3", "Ann")] == ["'=1", "-", "-3", "Ann"]


def test_control_characters_are_shown_harmlessly(tmp_path: Path) -> None:
    evil = _evil_file(tmp_path)
    code, out, _ = invoke("report", str(evil))
    assert code == 0
    assert "\x1b" not in out and "\r" not in out
    assert not any(line.startswith("ok.trf:1:1") for line in out.splitlines())
    assert " 1  1  =HYPERLINK(\"http://x\")\\x1b[2K\\   unr  2.5" in out  # cut to the width
    assert shown("a\x1b[31m\u202eb\n") == "a\\x1b[31m\\u202eb\\n"


def test_check_lines_cannot_be_faked(tmp_path: Path) -> None:
    t = st.read(CLEAN)
    bad = dataclasses.replace(t.players[2], name="X\nfake.trf:1:1: error: forged",
                              declared_rank=1)
    path = tmp_path / "e.jch"
    st.write(dataclasses.replace(t, players=(*t.players[:2], bad, t.players[3])), path)
    code, out, _ = invoke("check", str(path))
    assert code == 1
    assert all(line.startswith(f"{path}:") for line in out.splitlines())
    assert "(X\\nfake.trf:1:1: error: forged)" in out


# --- item 14: - is stdin / stdout ----------------------------------------------------------

def test_submit_uscf_to_stdout_writes_the_zip(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(cli, ["submit", "uscf", str(CLEAN), "-o", "-"])
    assert res.exit_code == 0
    with zipfile.ZipFile(io.BytesIO(res.stdout_bytes)) as zf:
        assert sorted(zf.namelist()) == ["TDEXPORT.DBF", "THEXPORT.DBF", "TSEXPORT.DBF"]
    assert list(tmp_path.iterdir()) == []  # never a folder named "-"


def test_submit_fide_to_stdout_and_stdin(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = invoke("submit", "fide", "-", "-o", "-", stdin=CLEAN.read_bytes())
    assert code == 0 and out.startswith("012 Check Cup\n")
    assert list(tmp_path.iterdir()) == []


# --- item 15: exit codes --------------------------------------------------------------------

def test_submit_fide_bad_tiebreaks_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = invoke("submit", "fide", str(CLEAN), "-o", str(tmp_path / "x.trf"),
                          "-t", "FOO")
    assert code == 2 and "Invalid value for '--tiebreaks': unknown tie-break 'FOO'" in err
    assert list(tmp_path.iterdir()) == []


def test_a_batch_that_finds_no_events_says_so(tmp_path: Path) -> None:
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "notes.txt").write_text("no event\n")
    code, _, err = invoke("batch", str(tmp_path / "s"), "-o", str(tmp_path / "o"))
    assert (code, err) == (2, f"Error: no tournament file found in {tmp_path / 's'}\n")
    code, _, err = invoke("batch", str(tmp_path / "s"), "-o", str(tmp_path / "o"),
                          "--glob", "*.trf")
    assert (code, err) == (2, f"Error: no tournament file found in {tmp_path / 's'} "
                              "matching --glob *.trf\n")


# --- item 16: values that make no sense ----------------------------------------------------

@pytest.mark.parametrize(("args", "message"), [
    (["--rating-list", "ELO"],
     "Invalid value for '--rating-list': unknown rating list 'ELO'; use auto or one of "
     "FIDE, USCF"),
    (["--group", "team"],
     "Invalid value for '--group': no player of 'Check Cup' has a team, so every player "
     "would be in one group; group by another field"),
    (["--labels", "XX=1"],
     "Invalid value for '--labels': XX is not in the tie-break chain (BH, SB); label one of "
     "those"),
    (["--playoff", "1,2"],
     "Invalid value for '--playoff': no two of the players named are tied on points (1: 2.5, "
     "2: 1.5); a play-off orders players on the same score"),
    (["--unrated-rating", "-5"],
     "Invalid value for '--unrated-rating': -5 is not in the range x>=0."),
    (["--notation", "fide"],
     "--notation sets the crosstable of md and html reports; the text report has none in "
     "that notation: drop --notation or choose --format md or html"),
    (["-f", "csv", "--explain"],
     "the csv report cannot show explanations: drop --explain or choose --format text, "
     "json or html"),
])
def test_senseless_values_are_usage_errors(args: list[str], message: str) -> None:
    code, out, err = invoke("report", str(CLEAN), *args)
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == f"Error: {message}"


def test_prizes_checks_its_playoff_and_chain_the_same_way() -> None:
    prizes = str(ROOT / "fixtures" / "prizes" / "based_on_1000.toml")
    code, _, err = invoke("prizes", str(CLEAN), "--prizes", prizes, "--playoff", "1,2")
    assert code == 2 and err.splitlines()[-1].startswith(
        "Error: Invalid value for '--playoff': no two of the players named are tied")
    code, _, err = invoke("prizes", str(CLEAN), "--prizes", prizes, "-t", "BH/C9/X")
    assert code == 2 and "Invalid value for '--tiebreaks'" in err


def test_sensible_values_still_work() -> None:
    for args in (["--rating-list", "fide"], ["-t", "BH/C1"], ["--labels", "BH=B"],
                 ["-f", "md", "--notation", "fide"], ["--unrated-rating", "0"]):
        assert invoke("report", str(CLEAN), *args)[0] == 0, args


# --- item 19: the library as people use it -------------------------------------------------

def test_write_infers_the_format_from_the_extension(tmp_path: Path) -> None:
    t = st.read(CLEAN)
    st.write(t, tmp_path / "a.xml")
    assert st.load(tmp_path / "a.xml").format == "xml"
    with pytest.raises(st.UnknownFormatError, match="cannot tell the output format"):
        st.write(t, tmp_path / "a.unknown")
    with pytest.raises(st.UnknownFormatError, match="pass format="):
        st.write(t, io.BytesIO())


def test_load_of_a_text_stream_says_binary_mode() -> None:
    with CLEAN.open() as fh, pytest.raises(TypeError, match="open the file in binary mode"):
        st.load(fh)  # type: ignore[arg-type]


def test_read_takes_a_section(tmp_path: Path) -> None:
    from swisstb_io.sjson.writer import dump_sections

    t = st.read(CLEAN)
    reserve = tuple(dataclasses.replace(p, name=f"{p.name} R") for p in t.players)
    (tmp_path / "two.sjson").write_bytes(dump_sections([t, dataclasses.replace(
        t, players=reserve)]))
    assert st.read(tmp_path / "two.sjson").players[0].name == "Adams, Ann"
    assert st.read(tmp_path / "two.sjson", section="2").players[0].name == "Adams, Ann R"


def test_standings_and_render_are_exported() -> None:
    result = st.standings(st.read(CLEAN), "BH,SB")
    assert st.render(result, "text").startswith(b"Check Cup\n")
    assert {"standings", "render", "CalcOptions"} <= set(st.__all__)
    assert st.standings.__doc__ and st.render.__doc__


def test_the_readme_installs_so_that_mypy_sees_the_package() -> None:
    """A plain ``pip install -e .`` hides the package from mypy behind an import hook; the
    README's install lines (CI runs the second) put the checkout on the path instead."""
    readme = (ROOT / "README.md").read_text()
    block = readme.split("## Quick start", 1)[1].split("```bash\n", 1)[1].split("```", 1)[0]
    lines = [x for x in block.splitlines() if x.strip()]
    assert all("pip install -e" in x and "editable_mode=compat" in x for x in lines[:2])


# --- item 17: a US Chess submission completed from a batch ------------------------------

META = ('affiliate_id = "A6001234"\nchief_td_id = "12345678"\ncity = "Gainesville"\n'
        'state = "FL"\nzip = "32601"\ntime_control = "G/90;d5"\n')


def test_batch_submit_uscf_takes_the_event_meta(tmp_path: Path) -> None:
    season = tmp_path / "s"
    season.mkdir()
    (season / "a.trf").write_bytes(CLEAN.read_bytes())
    (season / "b.trf").write_text("junk\n")
    (tmp_path / "meta.toml").write_text(META)
    out = tmp_path / "o"
    bare = invoke("batch", str(season), "-o", str(out), "--submit", "uscf", "-f", "json")
    assert "a.trf: uscf submission: event: affiliate ID: missing" in bare[2]
    code, _, err = invoke("batch", str(season), "-o", str(out), "--submit", "uscf", "-f",
                          "json", "--event-meta", str(tmp_path / "meta.toml"), "--city", "Ocala")
    assert code == 1
    assert "event:" not in err  # every event item given; the players' IDs are still missing
    assert "a.trf: uscf submission: section 1, player 1 (Adams, Ann): US Chess ID" in err
    with zipfile.ZipFile(out / "events" / "a.trf.uscf.zip") as zf:
        assert b"Ocala" in zf.read("THEXPORT.DBF")  # the option overrides the file
    lines = err.splitlines()  # the failures again, before the final line
    assert lines[-3:] == ["failed:",
                          f"  {season / 'b.trf'}:1:1: error: no 012 or 001 record found; this "
                          "does not look like a TRF file",
                          f"2 events: 1 done, 0 unchanged, 1 failed; index: {out / 'index.html'}"]


def test_event_meta_without_submit_uscf_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "a.trf").write_bytes(CLEAN.read_bytes())
    code, _, err = invoke("batch", str(tmp_path / "s"), "-o", str(tmp_path / "o"),
                          "--state", "FL")
    assert code == 2
    assert err.splitlines()[-1] == ("Error: --event-meta and the event options complete a US "
                                    "Chess submission: add --submit uscf, or drop them")


SPRING = ROOT / "fixtures" / "swisssys_csv" / "spring_open.csv"


def test_several_groups_give_several_tables() -> None:
    code, out, _ = invoke("report", str(SPRING), "--group", "state", "--group",
                          "rating:<1800,<2000")
    assert code == 0
    titles = [line for line in out.splitlines() if line.endswith(" players)")]
    one = [line for line in invoke("report", str(SPRING), "--group", "state")[1].splitlines()
           if line.endswith(" players)")]
    assert titles[:len(one)] == one  # the state groups, then the rating classes
    assert titles[len(one):] == ["Under 1800 (3 players)", "Under 2000 (5 players)",
                                 *[t for t in titles[len(one) + 2:] if t.startswith("Unrated")]]


def test_half_overlapping_rating_classes_are_a_usage_error() -> None:
    code, out, err = invoke("report", str(SPRING), "--group", "rating:1800-1999,1900-2099")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == (
        "Error: rating classes '1800-1999' and '1900-2099' overlap in part; classes may nest "
        "(Under 1600 inside Under 1800) but not half-overlap: fix the bounds")
    assert invoke("report", str(SPRING), "--group", "rating:<1600,<1800,1800+")[0] == 0


@pytest.mark.parametrize("args", [
    ["prizes", str(CLEAN), "--prizes", "missing.toml"],
    ["report", str(CLEAN), "--prizes", "missing.toml"],
    ["submit", "uscf", str(CLEAN), "-o", "x.zip", "--event-meta", "missing.toml"],
    ["batch", str(CLEAN), "-o", "out", "--prizes", "missing.toml"],
    ["batch", str(CLEAN), "-o", "out", "--submit", "uscf", "--event-meta", "missing.toml"],
])
def test_a_missing_option_file_is_a_missing_input(args: list[str], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert invoke(*args) == (2, "", "Error: missing.toml: no such file or folder\n")
    assert list(tmp_path.iterdir()) == []


def test_a_comment_line_cannot_smuggle_a_formula_cell(tmp_path: Path) -> None:
    t = dataclasses.replace(st.read(CLEAN), name="Open,=HYPERLINK(1),'@x,-2")
    st.write(t, tmp_path / "e.csv")
    text = (tmp_path / "e.csv").read_text()
    assert "# Event: Open,'=HYPERLINK(1),''@x,-2\n" in text  # -2 is a number: kept
    assert st.read(tmp_path / "e.csv").name == t.name


def test_batch_to_dash_is_a_usage_error_not_a_folder(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = invoke("batch", str(CLEAN), "-o", "-")
    assert code == 2 and err.splitlines()[-1] == (
        "Error: a batch writes a folder of reports, not one stream: give OUT_DIR a name "
        "(-o site/)")
    assert list(tmp_path.iterdir()) == []


def test_a_long_folder_name_for_the_dbf_trio_stays_legal(tmp_path: Path) -> None:
    out = tmp_path / ("d" * 250)
    code, _, err = invoke("submit", "uscf", str(CLEAN), "-o", str(out))
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == ["TDEXPORT.DBF", "THEXPORT.DBF",
                                                     "TSEXPORT.DBF"]
    assert [p.name for p in tmp_path.iterdir()] == [out.name]


def test_dev_stdout_is_written_in_place_when_it_is_a_pipe_or_a_file(tmp_path: Path) -> None:
    import subprocess
    import sys

    cmd = [sys.executable, "-m", "swisstb_io", "report", str(CLEAN), "-o", "/dev/stdout"]
    piped = subprocess.run(cmd, capture_output=True, timeout=60)
    assert (piped.returncode, piped.stdout[:10]) == (0, b"Check Cup\n")
    with (tmp_path / "out.txt").open("wb") as fh:  # a shell's `> out.txt`
        assert subprocess.run(cmd, stdout=fh, timeout=60).returncode == 0
        same_file = os.fstat(fh.fileno()).st_ino == (tmp_path / "out.txt").stat().st_ino
    assert same_file  # written into the shell's file, not renamed over it
    assert (tmp_path / "out.txt").read_bytes() == piped.stdout


def test_a_fifo_is_written_in_place(tmp_path: Path) -> None:
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    atomic_write(fifo, b"through the pipe")
    reader.join(timeout=10)
    assert got == [b"through the pipe"] and stat.S_ISFIFO(fifo.stat().st_mode)


def test_prize_lists_and_submission_problems_cannot_fake_lines(tmp_path: Path) -> None:
    t = st.read(CLEAN)
    evil = (dataclasses.replace(t.players[0], name="Evil\x1b[31m\nfake line"), *t.players[1:])
    path = tmp_path / "e.jch"
    st.write(dataclasses.replace(t, players=evil), path)
    prizes = ROOT / "fixtures" / "prizes" / "based_on_1000.toml"
    code, out, _ = invoke("prizes", str(path), "--prizes", str(prizes))
    assert code == 0 and "Evil\\x1b[31m\\nfake line" in out
    assert not any(line.startswith("fake") for line in out.splitlines())
    code, _, err = invoke("submit", "fide", str(path), "-o", str(tmp_path / "x.trf"))
    assert "player 1 (Evil\\x1b[31m\\nfake line): sex: missing" in err
    assert not any(line.startswith("fake") for line in err.splitlines())


def test_a_folder_that_cannot_be_created() -> None:
    code, _, err = invoke("report", str(CLEAN), "-o", "/proc/no-such-process/x.txt")
    assert (code, err) == (1, "Error: /proc/no-such-process/x.txt: cannot write: No such file "
                              "or directory; a folder on the way cannot be created there: "
                              "choose another path\n")
