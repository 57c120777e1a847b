"""Dialects of real programs' files (project issue 15): each with its minimal fixture."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from swisstb_io.model import Outcome, Rating
from swisstb_io.registry import ReadOptions, ReadResult, WriteOptions
from swisstb_io.trf import read_trf, write_trf

ROOT = Path(__file__).resolve().parent.parent
TRF_DIR = ROOT / "fixtures" / "trf"


def _trf(name: str) -> tuple[bytes, ReadResult]:
    data = (TRF_DIR / name).read_bytes()
    return data, read_trf(data, name, ReadOptions())


# -- item 1: a half-point bye written as a draw against nobody --------------------------

def test_half_point_bye_written_as_a_draw_against_nobody() -> None:
    data, res = _trf("own_half_bye_as_draw.trf")
    t = res.tournament
    assert not res.diagnostics
    by = t.by_start_no()
    assert by[1].results[2].outcome is Outcome.HALF_BYE  # "0000 - ="
    assert by[3].results[1].outcome is Outcome.HALF_BYE  # "     - ="
    assert by[4].results[0].opponent is None
    assert [by[n].points(t.point_system) for n in (1, 2, 3, 4)] == [
        Fraction(5, 2), Fraction(3, 2), Fraction(1, 2), Fraction(3, 2)]
    assert write_trf(t, WriteOptions()) == data  # the '=' text comes back verbatim


def test_half_point_bye_as_draw_rewritten_canonically_when_the_player_changes() -> None:
    from dataclasses import replace

    _, res = _trf("own_half_bye_as_draw.trf")
    t = res.tournament
    p = replace(t.player(4), fide_rating=1500)
    t = replace(t, players=tuple(p if q.start_no == 4 else q for q in t.players))
    line = next(ln for ln in write_trf(t, WriteOptions()).decode().splitlines()
                if ln.startswith("001    4"))
    assert line.endswith("0000 - H  0000 - H  0000 - H")


def test_a_game_result_against_nobody_is_still_refused() -> None:
    from swisstb_io.errors import FormatError

    head = f"001 {1:>4} m    {'Alpha, A':<33} {'':>4} {'':3} {'':>11} {'':10} {'':>4} {'':>4}"
    with pytest.raises(FormatError, match="result '1' needs an opponent"):
        read_trf(f"012 x\n{head}  0000 - 1\n".encode(), "t.trf", ReadOptions())
    with pytest.raises(FormatError, match="result '=' needs an opponent"):
        read_trf(f"012 x\n{head}  0000 w =\n".encode(), "t.trf", ReadOptions())


# -- item 2: lines are not invented or dropped ------------------------------------------

def test_a_file_without_012_is_written_back_without_one() -> None:
    data, res = _trf("own_no_012.trf")
    t = res.tournament
    assert t.name == ""
    out = write_trf(t, WriteOptions())
    assert out == data and b"012" not in out
    for version in ("16", "2026"):
        assert not any(ln.startswith("012") for ln in
                       write_trf(t, WriteOptions(version=version)).decode().splitlines())


def test_a_model_built_elsewhere_still_gets_its_012() -> None:
    from swisstb_io.model import Player, Tournament

    out = write_trf(Tournament(players=(Player(1, "Alpha, A"),)), WriteOptions())
    assert out.splitlines()[0] == b"012 "


def test_look_alike_records_are_kept_verbatim_not_read_as_ratings() -> None:
    data, res = _trf("own_look_alike_records.trf")
    t = res.tournament
    assert res.format == "trf2026"  # the IRL record
    assert t.extras["trf:TNR"] == "TNR 5\nTNR    1"
    assert t.extras["trf:BYE"] == "BYE 20"
    assert t.player(1).ratings == (Rating("IRL", 1910),)
    assert t.player(1).national_ids == (("IRL", "4321"),)
    assert t.player(2).ratings == () and t.extras["trf:ENG"] == "ENG    2      Byrne, Brian"
    codes = {d.code for d in res.diagnostics}
    assert codes == {"trf-unknown-record"}
    assert write_trf(t, WriteOptions()) == data
    # to TRF16: the unknown records stay, the national-rating records go (TRF16 has none)
    lines16 = write_trf(t, WriteOptions(version="16")).decode().splitlines()
    assert {"TNR 5", "BYE 20", "TNR    1"} <= set(lines16)
    assert not any(ln.startswith(("IRL", "ENG")) for ln in lines16)


# -- item 7: a declared rank of 0 is no rank ---------------------------------------------

def test_check_reads_a_rank_of_zero_as_no_rank() -> None:
    from swisstb_io.check import check_file

    path = TRF_DIR / "own_rank_zero.trf"
    t = read_trf(path.read_bytes(), path.name, ReadOptions()).tournament
    assert {p.declared_rank for p in t.players} == {0}
    assert [d.code for d in check_file(str(path)).diagnostics] == []
    # the same file with ranks 1-4 (two of them wrong) is still checked
    ranked = ROOT / "fixtures" / "check" / "rank.trf"
    assert [d.code for d in check_file(str(ranked)).diagnostics] == ["rank-mismatch"] * 2


# -- item 8: a US Chess DBF folder read twice gives the same bytes -----------------------

def test_a_dbf_folder_reads_as_the_same_bytes_every_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil
    import time

    from swisstb_io.api import read_source

    folder = tmp_path / "event"
    shutil.copytree(ROOT / "fixtures" / "uscf_dbf" / "wintd_two_sections", folder)
    first, _ = read_source(folder)
    monkeypatch.setattr(time, "time", lambda: 2_000_000_000.0)  # read again, years later
    second, _ = read_source(folder)
    assert first == second


def test_batch_skips_an_unchanged_dbf_folder(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil
    import time

    from swisstb_io.batch import Batch, BatchOptions

    season = tmp_path / "season"
    shutil.copytree(ROOT / "fixtures" / "uscf_dbf" / "wintd_two_sections", season / "event")
    options = BatchOptions(formats=("json",), jobs=1)
    # two sections: two events (item 4)
    assert [r.status for r in Batch(season, tmp_path / "site", options).run()] == ["ok"] * 2
    monkeypatch.setattr(time, "time", lambda: 2_000_000_000.0)
    assert [r.status for r in Batch(season, tmp_path / "site", options).run()] == [
        "skipped"] * 2


# -- item 3: SwissSys 11.5x .sjson -------------------------------------------------------

SJSON_115X = ROOT / "fixtures" / "sjson" / "swisssys_115x_midevent.sjson"


def _cells(p: object) -> list[tuple[str, int | None, str]]:
    return [(r.outcome.name, r.opponent, r.color.value) for r in p.results]  # type: ignore[attr-defined]


def test_sjson_115x_opponent_minus_one_and_pending_games() -> None:
    from swisstb_io import api

    res = api.load(SJSON_115X)
    assert res.diagnostics == ()
    by = res.tournament.by_start_no()
    assert _cells(by[1]) == [("WIN", 3, "w"), ("HALF_BYE", None, "-"), ("NOT_PAIRED", 2, "b")]
    assert _cells(by[3])[2] == ("FULL_BYE", None, "-")
    assert _cells(by[4])[1:] == [("FORFEIT_WIN", None, "-"), ("ZERO_BYE", None, "-")]
    second = res.all_sections[1].by_start_no()
    assert _cells(second[1])[1] == ("PAIRING_BYE", None, "-")


def test_sjson_section_tiebreaks_are_the_declared_chain() -> None:
    from swisstb_io import api

    res = api.load(SJSON_115X)
    assert [t.tiebreaks for t in res.every_section()] == [
        ("MM", "SOLK", "CUM", "OPPCUM"), ("MED", "KASH")]  # "Med" is Modified Median


def test_sjson_every_section_is_read() -> None:
    from swisstb_io import api

    res = api.load(SJSON_115X)
    assert [(t.section, len(t.players)) for t in res.every_section()] == [
        ("Open", 4), ("U1600", 3)]
    assert res.tournament is res.all_sections[0]
    second = api.load(SJSON_115X, section="U1600")
    assert second.tournament == res.all_sections[1]
    one = api.load(ROOT / "fixtures" / "trf" / "held_swiss_5.trf")
    assert one.all_sections == () and one.every_section() == (one.tournament,)


def test_sjson_115x_written_back_in_its_own_dialect() -> None:
    import json

    from swisstb_io import api
    from swisstb_io.sjson.writer import dump_sections

    res = api.load(SJSON_115X)
    out = dump_sections(res.every_section())
    doc = json.loads(out)
    open_ = doc["Sections"][0]
    assert open_["Tiebreaks"] == ["Med", "Solk", "Cum", "Opp Cum"]
    assert open_["Players"][0]["Results"] == [
        "+;3;W;0;3;3;0", "H;-1;-;0;-1;-1;0", "~;2;B;0;2;2;0"]
    back = api.load(out, format="sjson")
    assert back.every_section() == res.every_section()


def test_sjson_unknown_tiebreak_label_is_kept_and_the_known_ones_listed() -> None:
    import json

    from swisstb_io.sjson import read

    doc = {"Sections": [{"Tie-breaks": ["Med", "Speed"], "Players": []}]}
    res = read(json.dumps(doc).encode(), "e.sjson", ReadOptions())
    assert res.tournament.tiebreaks == ("MM", "Speed")
    (diag,) = res.diagnostics
    assert diag.code == "sjson-unknown-tiebreak"
    assert "unknown tie-break label 'Speed'" in diag.message
    assert "Med (MM), Median (MED), Solk (SOLK)" in diag.message
