"""The one chain policy: ``--tiebreaks``, else the file's declaration, else ``uscf``; used
by ``report``, ``batch``, ``submit fide``, ``check`` and the library's ``standings()``."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io.api import load, read
from swisstb_io.batch import Batch, BatchOptions
from swisstb_io.cli import cli
from swisstb_io.errors import TiebreakError
from swisstb_io.model import Tournament
from swisstb_io.tiebreaks import chain_policy, standings
from swisstb_io.tiebreaks.chain_policy import (
    DEFAULT_CHAIN,
    ChainChoice,
    ChainOrigin,
    DeclaredChainError,
    choose_chain,
)

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
HELD9 = FIXTURES / "trf" / "held_swiss_9.trf"  # declares no chain
TRF26 = FIXTURES / "trf" / "own_trf2026_individual.trf"  # declares one (212/202)


def _keys(choice: ChainChoice) -> list[str]:
    return [s.key for s in choice.specs]


def test_given_then_declared_then_the_default() -> None:
    t = read(HELD9)
    assert not t.standings_order and not t.tiebreaks
    assert DEFAULT_CHAIN == "uscf"
    default = choose_chain(t)
    assert default.origin is ChainOrigin.DEFAULT and _keys(default) == [
        "MM", "SOLK", "CUM", "OPPCUM"]
    declared = choose_chain(replace(t, tiebreaks=("BH", "SB")))
    assert declared.origin is ChainOrigin.DECLARED and _keys(declared) == ["BH", "SB"]
    ordered = choose_chain(replace(t, tiebreaks=("BH",), standings_order=("PTS", "DE", "SB")))
    assert _keys(ordered) == ["DE", "SB"]  # the 212 standings order wins over 202
    given = choose_chain(replace(t, tiebreaks=("BH",)), "SB,BH/C1")
    assert given.origin is ChainOrigin.GIVEN and _keys(given) == ["SB", "BH/C1"]
    assert _keys(choose_chain(t, "PTS")) == []  # an empty chain: points alone


def test_a_bad_given_chain_and_a_bad_declared_chain_are_different_errors() -> None:
    t = read(HELD9)
    with pytest.raises(TiebreakError) as given:
        choose_chain(t, "NOPE")
    assert not isinstance(given.value, DeclaredChainError)
    with pytest.raises(DeclaredChainError) as declared:
        choose_chain(replace(t, tiebreaks=("NOPE",)))
    assert declared.value.declared == ("NOPE",)
    assert str(declared.value).startswith("the file declares the tie-breaks NOPE, and ")
    assert str(declared.value).endswith("; choose the chain with --tiebreaks")


def test_the_library_standings_follow_the_policy() -> None:
    t = read(TRF26)
    assert t.standings_order or t.tiebreaks
    assert standings(t).chain == choose_chain(t).specs
    plain = read(HELD9)
    assert standings(plain).chain == choose_chain(plain, "uscf").specs


class _Spy:
    """Stands in for the policy: records each call and answers ``SB`` as if declared."""

    def __init__(self) -> None:
        self.calls: list[str | None] = []

    def __call__(self, t: Tournament, given: str | None = None, **options: str | None
                 ) -> ChainChoice:
        self.calls.append(given)
        return ChainChoice(chain_policy.parse_chain("SB"), ChainOrigin.DECLARED, "SB")


def test_every_caller_asks_the_one_policy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = _Spy()
    monkeypatch.setattr(chain_policy, "choose_chain", spy)
    t = read(HELD9)
    runner = CliRunner()
    by_sb = standings(t, "SB")  # the library, a chain given and none
    places = {r.start_no: r.place for r in by_sb.rows}

    assert standings(t).chain == by_sb.chain
    assert spy.calls == ["SB", None]

    res = runner.invoke(cli, ["report", str(HELD9), "-f", "json"])  # report
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert [c["code"] for c in doc["tiebreaks"]] == ["SB"]
    assert {e["start_no"]: e["place"] for e in doc["standings"]} == places

    out = tmp_path / "sub.trf"  # submit fide
    res = runner.invoke(cli, ["submit", "fide", str(HELD9), "-o", str(out)])
    assert res.exit_code == 0, res.output
    ranks = {p.start_no: p.declared_rank for p in load(out.read_bytes()).tournament.players}
    assert ranks == places

    res = runner.invoke(cli, ["check", str(HELD9)])  # check: ranks compared by SB
    assert res.exit_code == 1
    assert "ranks the player 4 by points, then SB" in res.output

    season = tmp_path / "season"  # batch
    season.mkdir()
    shutil.copy(HELD9, season / HELD9.name)
    results = list(Batch(season, tmp_path / "out", BatchOptions(formats=("json",))).run())
    assert [r.status for r in results] == ["ok"]
    batch_doc = json.loads((tmp_path / "out" / "events" / f"{HELD9.name}.json").read_text())
    assert [c["code"] for c in batch_doc["tiebreaks"]] == ["SB"]

    assert len(spy.calls) == 6, spy.calls


def test_a_declared_code_is_found_as_a_code_of_its_own() -> None:
    from swisstb_io.tiebreaks.chain_policy import declaration_place

    data = b"# Tie-breaks: ABH, BH/C1, BH[x=1], BH:MP, BH\n"
    place, record = declaration_place("e.csv", "swisssys-csv", "BH", data)
    assert (str(place), record) == ("e.csv:1:43", "")
    data = b"012 x\n202 SB/C1 SB\n"
    place, record = declaration_place("e.trf", "trf16", "SB", data)
    assert (str(place), record) == ("e.trf:2:11", "record 202")
    place, _ = declaration_place("e.trf", "trf16", "KS", data)
    assert str(place) == "e.trf:2:1"
