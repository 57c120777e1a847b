"""Every report says where its chain came from (issue 28 item 8): declared by the file
(which record), chosen with ``-t``, or the default because the file declares none; a FIDE
-looking file without a declared chain says so and suggests ``-t fide``, keeping the
default; the ``fide`` preset is FIDE's recommended order for the event (round robin or
Swiss, by edition).

Fixtures: ``trf/own_trf2026_individual.trf`` (declares 212), ``trf/held_swiss_9.trf``
(declares nothing, no FIDE ids), ``trf/own_fide_looking.trf`` (written for this test: 032
GER, FIDE ids for every player, no chain declared), ``trf/held_round_robin.trf``.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io.api import read
from swisstb_io.cli import cli
from swisstb_io.tiebreaks import chain_policy, parse_chain
from swisstb_io.tiebreaks.fide_order import fide_looking, fide_order

FIX = Path(__file__).resolve().parent.parent / "fixtures"
DECLARED = FIX / "trf" / "own_trf2026_individual.trf"
PLAIN = FIX / "trf" / "held_swiss_9.trf"
FIDE_LIKE = FIX / "trf" / "own_fide_looking.trf"
ROUND_ROBIN = FIX / "trf" / "held_round_robin.trf"
FORMATS = ("text", "md", "html", "json")


def _report(path: Path, fmt: str, *args: str) -> str:
    res = CliRunner().invoke(cli, ["report", str(path), "-f", fmt, *args])
    assert res.exit_code == 0, res.output
    return res.stdout


def _said(out: str, fmt: str) -> str:
    """What a report of ``fmt`` says, as plain text (entities decoded, Markdown escapes
    dropped)."""
    if fmt == "html":
        return html.unescape(out)
    if fmt == "md":
        return out.replace("\\", "")
    return out


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(("path", "args", "words"), [
    (DECLARED, (), "Tie-break order declared by the file (record 212)"),
    (DECLARED, ("-t", "SB,BH"), "Tie-break order chosen with -t: SB,BH"),
    (PLAIN, (), "Tie-break order: uscf, the default, as the file declares none"),
])
def test_every_report_says_where_its_chain_came_from(path: Path, args: tuple[str, ...],
                                                     words: str, fmt: str) -> None:
    out = _report(path, fmt, *args)
    if fmt == "json":
        assert json.loads(out)["chain"]["words"] == words
    else:
        assert words in _said(out, fmt)


def test_the_record_of_each_declared_list() -> None:
    t = read(DECLARED)
    assert t.standings_order and t.tiebreaks
    assert chain_policy.choose_chain(t).declared == "standings"
    doc = json.loads(_report(DECLARED, "json"))
    assert doc["chain"]["origin"] == "declared"
    from dataclasses import replace

    only_202 = chain_policy.choose_chain(replace(t, standings_order=()))
    assert only_202.declared == "tiebreaks"
    assert only_202.words("record 202") == "Tie-break order declared by the file (record 202)"


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_fide_looking_file_suggests_the_fide_preset_and_keeps_the_default(fmt: str) -> None:
    out = _report(FIDE_LIKE, fmt)
    hint = ("The file looks like a FIDE event (FIDE ids for 4 of 4 players; federation GER "
            "for the event): -t fide ranks it by FIDE's recommended order")
    if fmt == "json":
        doc = json.loads(out)
        assert doc["chain"]["origin"] == "default" and doc["chain"]["hint"] == hint
        assert [t["code"] for t in doc["tiebreaks"]] == ["MM", "SOLK", "CUM", "OPPCUM"]
    else:
        assert hint in _said(out, fmt)
    assert "looks like a FIDE event" not in _report(PLAIN, fmt)  # no FIDE ids


def test_what_looks_like_a_fide_event() -> None:
    from dataclasses import replace

    t = read(FIDE_LIKE)
    assert fide_looking(t)
    assert not fide_looking(replace(t, federation="USA"))
    abroad = fide_looking(replace(t, federation=""))  # the players' federations decide
    assert abroad.endswith("4 of 4 players from federations other than the USA")
    half = tuple(replace(p, fide_id="") if p.start_no > 2 else p for p in t.players)
    assert fide_looking(replace(t, players=half))  # 2 of 4: half is enough
    one = tuple(replace(p, fide_id="0") if p.start_no == 2 else p for p in half)
    assert not fide_looking(replace(t, players=one))  # "0" is no id: 1 of 4
    assert not fide_looking(replace(t, players=tuple(replace(p, fide_id="00000000")
                                                     for p in t.players)))


def test_the_fide_preset_is_the_events_recommended_order() -> None:
    swiss_rated = chain_policy.choose_chain(read(FIDE_LIKE), "fide")  # all FIDE-rated
    assert [s.key for s in swiss_rated.specs] == [
        "BH/C1", "BH", "DE", "ARO/C1", "WIN", "BWG", "BPG", "SB"]
    assert "C.02 §13.16.5; the C.07 2024 rules name no order" in swiss_rated.preset
    plain = read(PLAIN)
    from dataclasses import replace

    unrated = replace(plain, players=(replace(plain.players[0], fide_rating=None),
                                      *plain.players[1:]))
    swiss = chain_policy.choose_chain(unrated, "fide")
    assert [s.key for s in swiss.specs] == ["BH/C1", "BH", "SB", "PS", "DE", "WIN", "BPG"]
    rr = chain_policy.choose_chain(read(ROUND_ROBIN), "fide,LOT", system="round-robin")
    assert [s.key for s in rr.specs] == ["DE", "WIN", "SB", "KS", "LOT"]
    assert rr.words() == (
        "Tie-break order chosen with -t: fide,LOT; fide is FIDE's recommended order for an "
        "individual round robin: DE, WIN, SB, KS (C.02 §13.16.2; the C.07 2024 rules name "
        "no order)")
    old = fide_order(read(ROUND_ROBIN), "round-robin", "2009")
    assert old.words.endswith("(C.02 §13.16.2)")  # the edition whose order it is
    assert [s.key for s in parse_chain("fide")] == [  # without an event: the Swiss order
        "BH/C1", "BH", "SB", "PS", "DE", "WIN", "BPG"]


def test_the_fide_preset_ranks_in_every_command() -> None:
    runner = CliRunner()
    out = runner.invoke(cli, ["report", str(FIDE_LIKE), "-t", "fide", "-f", "json"]).stdout
    doc = json.loads(out)
    assert doc["chain"]["text"] == "fide" and "hint" not in doc["chain"]
    assert [t["code"] for t in doc["tiebreaks"]][:2] == ["BH/C1", "BH"]
    res = runner.invoke(cli, ["report", str(ROUND_ROBIN), "-t", "fide", "--system",
                              "round-robin"])
    assert res.exit_code == 0 and "  DE   Direct Encounter, FIDE C.07 §6" in res.stdout


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_team_report_says_where_its_team_chain_came_from(fmt: str) -> None:
    out = _report(FIX / "trf" / "echecs_grandmommyscup.trf", fmt)
    words = "Team tie-break order declared by the file (record 202)"
    if fmt == "json":
        decisions = json.loads(out)["team_decisions"]
        assert (decisions["chain_origin"], decisions["chain_words"]) == ("declared", words)
    else:
        assert words in _said(out, fmt)
