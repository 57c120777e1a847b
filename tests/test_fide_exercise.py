"""The FIDE TEC tie-break exercise (Held, C.07-2023): every value of the answers.

Expected values are FIDE's (fixtures/fide/held_exercise.c07.json, transcribed from the
exercise answers), never produced by this code.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from fide_build import context, explanation, values

import swisstb_io
from swisstb_io.tiebreaks import CalcOptions, standings
from swisstb_io.tiebreaks.unplayed import adjusted_scores

FIX = Path(__file__).resolve().parent.parent / "fixtures"
ANSWERS = json.loads((FIX / "fide" / "held_exercise.c07.json").read_text("utf-8"))


def _load(name: str) -> swisstb_io.Tournament:
    return swisstb_io.read(FIX / "trf" / name)


def _num(text: str | None) -> Fraction | None:
    return None if text is None else Fraction(Decimal(text))


def _column(code: str, edition: str = "2024", system: str | None = None,
            name: str = "held_swiss_5.trf") -> dict[str, Fraction | None]:
    ctx = context(_load(name), edition=edition, system=system)
    spec = code.replace("BH-C1", "BH/C1")
    return {str(s): v for s, v in values(ctx, spec).items()}


CODES_2024 = sorted({k for row in ANSWERS["rules_2024"].values() for k in row})


@pytest.mark.parametrize("code", CODES_2024)
def test_2024_table_every_player(code: str) -> None:
    got = _column(code)
    want = {sno: _num(row[code]) for sno, row in ANSWERS["rules_2024"].items()}
    assert got == want


def test_file_date_selects_2024_rules() -> None:
    rules = context(_load("held_swiss_5.trf")).fide_rules()
    assert rules.edition == "2024"
    assert "2024-08-01" in rules.edition_reason


@pytest.mark.parametrize("code", sorted(ANSWERS["rules_2026"]))
def test_2026_values(code: str) -> None:
    got = _column(code, edition="2026")
    for sno, text in ANSWERS["rules_2026"][code].items():
        assert got[sno] == _num(text), (code, sno)


def test_adjusted_scores_exercise_12() -> None:
    ctx = context(_load("held_swiss_5.trf"), edition="2024")
    adj, _ = adjusted_scores(ctx, ctx.fide_rules(), fore=False)
    got = {str(s): ctx.frac(a) for s, a in zip(ctx.start_nos, adj, strict=True)}
    for sno, text in ANSWERS["adjusted_scores_2024"].items():
        assert got[sno] == _num(text), sno


@pytest.mark.parametrize(("code", "key"), [("APRO", "apro_2024"), ("PTP", "ptp_2024")])
def test_apro_ptp(code: str, key: str) -> None:
    got = _column(code)
    for sno, text in ANSWERS[key].items():
        assert got[sno] == _num(text)


def test_bh_cut_takes_vur_first_player_14() -> None:
    ctx = context(_load("held_swiss_5.trf"), edition="2024")
    assert values(ctx, "BH/C1")[14] == 9
    expl = explanation(ctx, "BH/C1", 14)
    cut = [p for p in expl.rows if p.dropped]
    assert len(cut) == 1 and cut[0].value == 2 and "VUR" in cut[0].dropped
    assert expl.rule.startswith("FIDE C.07 §8.1 Buchholz (2024 rules)")


@pytest.mark.parametrize("name", sorted(ANSWERS["de_ranks"]))
def test_direct_encounter_ranks(name: str) -> None:
    system = "round-robin" if "round_robin" in name else None
    res = standings(_load(name), "DE", CalcOptions(system=system))
    places = {str(r.start_no): r.place for r in res.rows}
    for sno, rank in ANSWERS["de_ranks"][name].items():
        assert places[sno] == rank, sno


@pytest.mark.parametrize("code", sorted(ANSWERS["round_robin"]))
def test_round_robin_values(code: str) -> None:
    got = _column(code, system="round-robin", name="held_round_robin.trf")
    want = {sno: _num(v) for sno, v in ANSWERS["round_robin"][code].items()}
    assert got == want


def test_round_robin_forfeit_counts_as_played_against_scheduled_opponent() -> None:
    # Round 4: player 6 won by forfeit against 5.  In a round robin the game counts as
    # played against 5; under Swiss rules it is a dummy opponent (16.4).
    t = _load("held_round_robin.trf")
    rr_part = explanation(context(t, system="round-robin"), "SB", 6).rows[3]
    swiss_part = explanation(context(t, system="swiss"), "SB", 6).rows[3]
    assert rr_part.opponent == 5 and "opponent 5" in rr_part.note
    assert "dummy" in swiss_part.note
