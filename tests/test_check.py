"""``swisstb check``: each problem kind, every output format, exit codes, JUnit, GitHub."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from swisstb_io.check import CheckOptions, check_file, check_paths
from swisstb_io.check.output import escape_data, escape_property, to_github
from swisstb_io.cli import cli
from swisstb_io.errors import Diagnostic, Location, Severity

CHECK = Path(__file__).resolve().parent.parent / "fixtures" / "check"
EXPECTED = CHECK / "expected"
FIXTURES = ["clean.trf", "unreadable.trf", "pairing.xml", "mismatch.trf", "impossible.xml",
            "points.xml", "rank.trf", "tiebreak.csv", "tiebreak.jch", "warning.trf"]
SUFFIX = {"text": "txt", "json": "json", "junit": "junit", "github": "github"}


def run(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    monkeypatch.chdir(CHECK)
    res = CliRunner().invoke(cli, ["check", *args])
    return res.exit_code, res.stdout, res.stderr


# Hand-written expectations, one problem kind at a time (text format).
KIND_TEXT = {
    "unreadable.trf": [
        "unreadable.trf:7:5: error: start number 'x' is not a number (columns 5-8)"],
    "pairing.xml": [
        "pairing.xml:9:1: error: round 1: player 1 plays 4, but 4's round 1 has opponent 3",
        "pairing.xml:9:1: error: round 2: results do not mirror: 1 has draw, 2 has win",
        "pairing.xml:14:1: error: player 2: points column says 2.5 but the results give 2",
        "pairing.xml:19:1: error: round 2: players 3 and 4 both have colour 'b'",
        "pairing.xml:19:1: error: round 1: player 3 is paired twice (players 2, 4 name 3 as "
        "their opponent)",
        "pairing.xml:24:1: error: round 1: player 4 plays 3, but 3's round 1 has opponent 2"],
    # a self-pairing (or an opponent who does not exist) makes a file unreadable, in every
    # format: what is read from it would be wrong everywhere
    "impossible.xml": [
        "impossible.xml:9:1: error: round 3: player 1 is paired against themself"],
    "points.xml": [
        "points.xml:9:1: error: player 1: points column says 3 but the results give 2.5"],
    "rank.trf": [
        "rank.trf:7:1: error: player 3 (Clark, Cy): declared rank 3, but swisstb ranks the "
        "player 4 by points, then BH, SB",
        "rank.trf:8:1: error: player 4 (Davis, Di): declared rank 4, but swisstb ranks the "
        "player 3 by points, then BH, SB"],
    "tiebreak.csv": [
        "tiebreak.csv:8:1: error: player 3: column 'SB' says 1.5, but swisstb computes SB = 1 "
        "(FIDE C.07 §9.1)"],
    "tiebreak.jch": [
        "tiebreak.jch:138:8: error: player 2: tieBreakScore[0] (BH) says 4.0, but swisstb "
        "computes BH = 4.5 (FIDE C.07 §8.1)"],
    "warning.trf": [
        "warning.trf:2:1: warning: second 012 record '012 Check Cup (second title)' ignored "
        "(kept verbatim)"],
    "clean.trf": [],
}


@pytest.mark.parametrize("name", sorted(KIND_TEXT))
def test_each_problem_kind_in_text(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    code, out, err = run(monkeypatch, name)
    assert out.splitlines() == KIND_TEXT[name]
    errors = sum(": error: " in x for x in KIND_TEXT[name])
    assert code == (1 if errors else 0)
    warnings = len(KIND_TEXT[name]) - errors
    assert err == (f"{errors} error{'' if errors == 1 else 's'}, {warnings} warning"
                   f"{'' if warnings == 1 else 's'} in 1 file\n")


def test_the_reader_and_the_model_name_the_same_kinds() -> None:
    codes = {name: [d.code for d in check_file(str(CHECK / name)).diagnostics]
             for name in ("mismatch.trf", "pairing.xml", "tiebreak.csv", "unreadable.trf")}
    assert codes == {
        "mismatch.trf": ["rank-mismatch", "pairing-result-mismatch", "rank-mismatch",
                         "points-mismatch", "rank-mismatch"],
        "pairing.xml": ["pairing-asymmetric", "pairing-result-mismatch", "points-mismatch",
                        "pairing-colour-clash", "pairing-asymmetric", "pairing-asymmetric"],
        "tiebreak.csv": ["tiebreak-mismatch"],
        "unreadable.trf": ["unreadable"],
    }


@pytest.mark.parametrize("fmt", sorted(SUFFIX))
@pytest.mark.parametrize("name", FIXTURES)
def test_every_output_format_is_exact(
    monkeypatch: pytest.MonkeyPatch, update_golden: bool, name: str, fmt: str
) -> None:
    code, out, _ = run(monkeypatch, "--format", fmt, name)
    golden = EXPECTED / f"{name.replace('.', '_')}.{SUFFIX[fmt]}"
    if update_golden:
        golden.write_text(out, encoding="utf-8")
    assert out == golden.read_text(encoding="utf-8")
    assert code == (0 if name in ("clean.trf", "warning.trf") else 1)


def test_json_output_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    _, out, _ = run(monkeypatch, "-f", "json", "points.xml", "clean.trf")
    assert json.loads(out) == {
        "schema": "swisstb-check/1",
        "files": [
            {"path": "points.xml", "format": "xml", "problems": [
                {"line": 9, "col": 1, "severity": "error", "code": "points-mismatch",
                 "message": "player 1: points column says 3 but the results give 2.5"}]},
            {"path": "clean.trf", "format": "trf2026", "problems": []},
        ],
        "counts": {"files": 2, "errors": 1, "warnings": 0},
    }


def test_junit_output_validates_against_the_junit_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    schema = etree.XMLSchema(etree.parse(str(CHECK / "junit.xsd")))
    code, out, _ = run(monkeypatch, "--format", "junit", ".")
    assert code == 1
    doc = etree.fromstring(out.encode("utf-8"))
    schema.assertValid(doc)
    suite = doc.find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("10", "6", "2")
    cases = {c.get("name"): c for c in suite.iter("testcase")}
    assert [child.tag for child in cases["clean.trf"]] == []
    assert [child.tag for child in cases["warning.trf"]] == ["system-out"]
    assert [child.tag for child in cases["unreadable.trf"]] == ["error"]
    assert [child.tag for child in cases["rank.trf"]] == ["failure"]
    # the schema does reject what it should: a testcase without a name
    broken = etree.fromstring(out.encode("utf-8"))
    del broken.find("testsuite").find("testcase").attrib["name"]  # type: ignore[union-attr]
    assert not schema.validate(broken)


_ANNOTATION = re.compile(
    r"^::(error|warning|notice) file=(?:[^,:%\r\n]|%25|%0D|%0A|%3A|%2C)+"
    r"(?:,line=\d+(?:,col=\d+)?)?(?:,title=[a-z-]+)?::(?:[^%\r\n]|%25|%0D|%0A)*$")


def test_github_output_matches_the_annotation_syntax(monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run(monkeypatch, "--format", "github", ".")
    lines = out.splitlines()
    assert len(lines) == 19
    for line in lines:
        assert _ANNOTATION.match(line), line
    assert ("::error file=rank.trf,line=7,col=1,title=rank-mismatch::player 3 (Clark, Cy): "
            "declared rank 3, but swisstb ranks the player 4 by points, then BH, SB") in lines


def test_github_escaping() -> None:
    assert escape_data("50% done\r\nnext") == "50%25 done%0D%0Anext"
    assert escape_property("C:\\a,b%\n") == "C%3A\\a%2Cb%25%0A"
    diag = Diagnostic(Location("dir,1/a:b.trf", 3, 4), "bad: 1,5%\nsecond line",
                      Severity.WARNING, "reader-warning")
    from swisstb_io.check import FileReport

    assert to_github([FileReport("dir,1/a:b.trf", "trf", (diag,))]) == (
        "::warning file=dir%2C1/a%3Ab.trf,line=3,col=4,title=reader-warning::"
        "bad: 1,5%25%0Asecond line\n")


def test_warnings_as_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(monkeypatch, "--warnings-as-errors", "warning.trf")
    assert code == 1
    assert out == ("warning.trf:2:1: error: second 012 record '012 Check Cup (second title)' "
                   "ignored (kept verbatim)\n")


def test_tiebreaks_option_replaces_the_declared_chain(monkeypatch: pytest.MonkeyPatch) -> None:
    # with BH alone, Clark and Davis (BH 5 each) share places 3-4: either declared rank is right
    assert run(monkeypatch, "--tiebreaks", "BH", "rank.trf")[:2] == (0, "")
    code, out, _ = run(monkeypatch, "--tiebreaks", "SB", "clean.trf")
    assert (code, out) == (0, "")


def test_usage_errors_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(monkeypatch, "missing.trf")
    assert (code, err) == (2, "Error: missing.trf: no such file or folder\n")
    code, _, err = run(monkeypatch, "--tiebreaks", "NOPE", "clean.trf")
    assert code == 2 and "NOPE" in err
    assert run(monkeypatch, "--format", "xml", "clean.trf")[0] == 2
    assert run(monkeypatch)[0] == 2


def test_folders_are_searched_and_globs_narrow() -> None:
    names = [Path(r.path).name for r in check_paths([str(CHECK)])]
    assert names == sorted(FIXTURES)
    trf = [Path(r.path).name for r in check_paths([str(CHECK)], CheckOptions(patterns=("*.trf",)))]
    assert trf == sorted(n for n in FIXTURES if n.endswith(".trf"))


def test_output_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    code, out, err = run(monkeypatch, "-f", "junit", "-o", str(tmp_path / "r.xml"), "rank.trf")
    assert (code, out) == (1, "")
    assert err == "2 errors, 0 warnings in 1 file\n"
    assert (tmp_path / "r.xml").read_text() == (EXPECTED / "rank_trf.junit").read_text()


@given(st.binary(max_size=300), st.sampled_from([".trf", ".xml", ".csv", ".jch", ".json"]))
def test_check_never_raises_on_any_bytes(tmp_path_factory: pytest.TempPathFactory,
                                         data: bytes, ext: str) -> None:
    path = tmp_path_factory.mktemp("fuzz") / f"f{ext}"
    path.write_bytes(data)
    report = check_file(str(path))
    assert all(isinstance(d, Diagnostic) for d in report.diagnostics)
    if not report.format:
        assert [d.code for d in report.diagnostics] == ["unreadable"]


def test_declared_ranks_in_csv_place_and_chess_json_rank(tmp_path: Path) -> None:
    import json

    csv = (CHECK / "tiebreak.csv").read_text().replace(
        '3,"Clark, Cy",1003,1900,4,', '3,"Clark, Cy",1003,1900,3,').replace(
        '4,"Davis, Di",1004,1800,3,', '4,"Davis, Di",1004,1800,4,')
    (tmp_path / "place.csv").write_text(csv)
    doc = json.loads((CHECK / "tiebreak.jch").read_text())
    for comp in doc["event"]["tournaments"][0]["competitors"]:
        comp.pop("tieBreakScore")
        comp["rank"] = {1: 2, 2: 1}.get(comp["cid"], comp["rank"])
    (tmp_path / "rank.jch").write_text(json.dumps(doc))
    got = {name: [f"{d.location.line}: {d.message}" for d in
                  check_file(str(tmp_path / name)).diagnostics]
           for name in ("place.csv", "rank.jch")}
    columns = [d.location.col for d in check_file(str(tmp_path / "rank.jch")).diagnostics]
    assert got == {
        "place.csv": [
            "8: player 3 (Clark, Cy): declared rank 3, but swisstb ranks the player 4 by "
            "points, then BH, SB",
            "8: player 3: column 'SB' says 1.5, but swisstb computes SB = 1 (FIDE C.07 §9.1)",
            "9: player 4 (Davis, Di): declared rank 4, but swisstb ranks the player 3 by "
            "points, then BH, SB"],
        "rank.jch": [  # json.dumps: one line, each finding at its competitor's "rank"
            "1: player 1 (Adams, Ann): declared rank 2, but swisstb ranks the player 1 by "
            "points, then BH, SB",
            "1: player 2 (Brown, Bob): declared rank 1, but swisstb ranks the player 2 by "
            "points, then BH, SB"],
    }
    text = (tmp_path / "rank.jch").read_text()
    assert [text[col - 1:].startswith(("2,", "1,")) for col in columns] == [True, True]
    assert [text[:col - 1].rstrip().endswith('"rank":') for col in columns] == [True, True]
