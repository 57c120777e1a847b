"""Lossy conversions are said out loud (project issue 15, item 5)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

import swisstb_io
from swisstb_io.cli import cli
from swisstb_io.cli.formats import losses_block
from swisstb_io.losses import LABELS, describe_lossy, fit, losses, without_extras
from swisstb_io.model import Color, Outcome, Player, RoundResult, Tournament
from swisstb_io.registry import all_formats, find

ROOT = Path(__file__).resolve().parent.parent
TRF = ROOT / "fixtures" / "trf"


def run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, list(args))
    return res.exit_code, res.stdout, res.stderr


def test_every_lossy_entry_has_words() -> None:
    for spec in all_formats():
        for entry in spec.lossy:
            assert entry.startswith("outcome:") or entry in LABELS, (spec.name, entry)
        assert len(describe_lossy(spec)) == len(spec.lossy)


def test_trf2026_to_sjson_names_each_kind_once(tmp_path: Path) -> None:
    out = tmp_path / "e.sjson"
    code, _, err = run("convert", str(TRF / "own_trf2026_individual.trf"), str(out))
    assert code == 0 and out.exists()
    lines = [line.partition(": warning: sjson cannot hold ")[2] for line in err.splitlines()]
    assert all(lines) and len(lines) == len(set(lines))
    assert ("the point system (win 3.0, draw 1.0, loss 0.0): points count 1-½-0 there, so "
            "Rao, Anil's 9.0 points become 3.0") in lines
    assert {"FIDE IDs (3 players)", "FIDE ratings (3 players)", "titles (2 players)",
            "IND ratings (2 players)"} <= set(lines)


def test_strict_refuses_to_write_what_the_target_cannot_hold(tmp_path: Path) -> None:
    out = tmp_path / "e.sjson"
    code, _, err = run("convert", str(TRF / "own_trf2026_individual.trf"), str(out),
                       "--strict")
    assert code == 1 and not out.exists()
    assert err.splitlines()[-1].startswith(f"Error: {out}: not written (--strict)")
    # nothing lost: --strict writes
    code, _, err = run("convert", str(TRF / "held_swiss_5.trf"), str(tmp_path / "e.xml"),
                       "--strict")
    assert (code, err) == (0, "")


def test_only_data_the_file_has_is_warned_about() -> None:
    game = (RoundResult(Outcome.WIN, 2, Color.WHITE),), (RoundResult(Outcome.LOSS, 1, Color.BLACK),)
    plain = Tournament(name="x", players=(Player(1, "Able, Ann", game[0]),
                                          Player(2, "Baker, Bob", game[1])))
    for spec in all_formats():
        if spec.writer is not None:
            assert losses(plain, spec) == [], spec.name


def test_the_target_s_own_extras_are_not_a_loss() -> None:
    t = swisstb_io.read(TRF / "own_extensions.trf")
    assert not [x for x in losses(t, find("trf")) if "extras" in x.entry]
    sjson = [x.message for x in losses(t, find("sjson")) if x.entry == "tournament.extras"]
    assert sjson and "trf:DAT" in sjson[0] and "trf:layout" not in sjson[0]


def test_a_long_name_is_cut_to_its_trf_column_with_a_warning(tmp_path: Path) -> None:
    long = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"
    t = Tournament(name="x", players=(Player(1, long), Player(2, "Baker, Bob")))
    fitted, cut = fit(t, find("trf"))
    assert fitted.player(1).name == long[:33] and fitted.player(2).name == "Baker, Bob"
    assert [x.message for x in cut] == [
        f"player 1 ({long}): the name is cut to 33 characters, {long[:33]!r}"]
    assert fit(t, find("xml")) == (t, [])
    src = tmp_path / "long.xml"
    swisstb_io.write(t, src, format="xml")
    code, _, err = run("convert", str(src), str(tmp_path / "long.trf"))
    assert code == 0 and "the name is cut to 33 characters" in err
    assert swisstb_io.read(tmp_path / "long.trf").player(1).name == long[:33]


def test_a_dat_line_break_in_csv_names_player_field_and_way_out(tmp_path: Path) -> None:
    src = TRF / "own_extensions.trf"
    code, _, err = run("convert", str(src), str(tmp_path / "e.csv"))
    assert code == 1
    assert ("Error: cannot write trf:DAT of player 1 (Ant, A), player 2 (Bee, B): its 2 lines "
            "('DAT 0001 EMAIL ant@example.org'…) do not fit one CSV metadata line; write XML "
            "or TRF, which keep it, or leave such data out with `swisstb convert "
            "--no-extras`") in err
    code, _, err = run("convert", str(src), str(tmp_path / "e.csv"), "--no-extras")
    assert code == 0 and "left out (--no-extras): trf:DAT" in err
    t = swisstb_io.read(tmp_path / "e.csv")
    assert "trf:DAT" not in t.extras and "trf:XXA" not in t.extras


def test_without_extras_keeps_the_target_s_own() -> None:
    t = swisstb_io.read(TRF / "own_extensions.trf")
    same, dropped = without_extras(t, find("trf"))
    assert (same, dropped) == (t, [])
    p = replace(t.players[0], extras={"csv:column:Club": "X"})
    t2, dropped = without_extras(replace(t, players=(p, *t.players[1:])), find("sjson"))
    assert dropped and not t2.players[0].extras and "trf:DAT" not in t2.extras


@pytest.mark.parametrize("spec", [s for s in all_formats() if s.writer and s.dossier],
                         ids=lambda s: s.name)
def test_each_dossier_says_what_its_format_loses(spec: object) -> None:
    text = (ROOT / spec.dossier).read_text("utf-8")  # type: ignore[attr-defined]
    assert losses_block(spec) in text  # type: ignore[arg-type]


def test_formats_command_lists_the_losses() -> None:
    code, out, _ = run("formats", "--losses")
    assert code == 0
    for spec in all_formats():
        if spec.writer is not None:
            assert losses_block(spec) in out
    code, out, _ = run("formats")
    assert "cannot hold" not in out


def test_a_trf_file_written_as_trf_warns_about_nothing(tmp_path: Path) -> None:
    for path in sorted(TRF.glob("*.trf")):
        t = swisstb_io.read(path)
        assert losses(t, find("trf")) == [], path.name


def test_trf2026_to_trf16_names_the_records_it_drops(tmp_path: Path) -> None:
    code, _, err = run("convert", str(TRF / "own_trf2026_individual.trf"),
                       str(tmp_path / "x.trf"), "--to", "trf16")
    assert code == 0
    assert "trf16 cannot hold the TRF-2026 records ###, 172, 182, 222" in err
