"""Mid-event files (project issue 15, item 6): columns after the last paired round are
future rounds; byes entered there ahead count in no point and no tie-break, and
``Tournament.after_round(n)`` gives the event as it stood after any round."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import consistent_tournaments

import swisstb_io
from swisstb_io.model import NOT_PAIRED, Outcome, RoundResult, Tournament
from swisstb_io.tiebreaks import standings

ROOT = Path(__file__).resolve().parent.parent
JAVAFO = ROOT / "fixtures" / "trf" / "echecs_javafo_sample2.trf"
US = "MM,SOLK,MED,CUM,OPPCUM,KASH,BLK,USSB,AVGOPP,OPPPERF"
FIDE = "BH,BH/C1,FB,SB,AOB,ARO,PS,WIN,WON,GE,BPG,BWG,KS,TPR,APRO"
PRE_ENTERED = (Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.FULL_BYE, Outcome.NOT_PAIRED)


def _values(t: Tournament, chain: str) -> dict[int, tuple[object, ...]]:
    res = standings(t, chain)
    return {r.start_no: (r.points, *(r.values[s.key].value for s in res.chain))
            for r in res.rows}


def test_javafo_round_5_holds_only_pre_entered_byes() -> None:
    t = swisstb_io.read(JAVAFO)
    assert (t.rounds, t.rounds_paired) == (9, 4)
    row = next(r for r in standings(t, "BH").rows if r.start_no == 1)
    # opponents 26, 13, 8, 4 have 2, 3, 2, 3 after round 4; rounds 5-9 add nothing (they
    # added a dummy opponent of 4 each, and ½ a round to every opponent: 40 before)
    assert row.values["BH"].value == 10
    assert row.points == 4


def test_after_round_cuts_results_adjustments_and_declared_values() -> None:
    t = swisstb_io.read(JAVAFO)
    after2 = t.after_round(2)
    assert {len(p.results) for p in after2.players} <= {0, 1, 2}
    assert after2.total_rounds == t.total_rounds == 9
    assert all(p.declared_points is None and p.declared_rank is None for p in after2.players)
    assert t.after_round(9) is t and t.after_round(4).rounds_paired == 4
    row = next(r for r in standings(after2, "BH").rows if r.start_no == 1)
    assert (row.points, row.values["BH"].value) == (2, 2)  # opponents 26, 13: 1 each
    with pytest.raises(ValueError, match="counted from 1"):
        t.after_round(-1)


def test_after_round_keeps_the_adjustments_given_by_then() -> None:
    t = swisstb_io.read(ROOT / "fixtures" / "trf" / "sharlybbp_indiv_299_bonus.trf")
    players = [p for p in t.players if p.adjustments]
    assert players, "the fixture has a bonus"
    last = max(len(p.results) for p in t.players)
    for n in range(last):
        for p in t.after_round(n).players:
            assert all(a.round is not None and a.round <= n for a in p.adjustments)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), t=consistent_tournaments(max_players=8, max_rounds=5, teams=False))
def test_pre_entered_byes_in_future_columns_change_nothing(data: st.DataObject,
                                                           t: Tournament) -> None:
    paired = t.rounds_paired
    assume(any(len(p.results) >= paired > 0 and (p.results[paired - 1].outcome.has_opponent
               or p.results[paired - 1].outcome is Outcome.PAIRING_BYE) for p in t.players))
    # a schedule (XXR) that covers the future columns, or none (the columns make the rounds)
    t = replace(t, total_rounds=data.draw(st.sampled_from((None, t.rounds + 3))))
    ahead = []
    for p in t.players:
        cells = list(p.results[:paired]) + [NOT_PAIRED] * (paired - len(p.results[:paired]))
        cells += list(p.results[paired:])
        extra = data.draw(st.lists(st.sampled_from(PRE_ENTERED), max_size=3))
        cells = cells[:paired] + [RoundResult(o) for o in extra]
        ahead.append(replace(p, results=tuple(cells)))
    moved = replace(t, players=tuple(ahead))
    # the original has no pre-entered byes either: its future columns are dropped, and it
    # declares the rounds the columns show (the same event: FB draws the final round's
    # games only, C.07 §8.3, so it must know which round is the final one)
    base = replace(t, total_rounds=moved.rounds,
                   players=tuple(replace(p, results=p.results[:paired]) for p in t.players))
    assert moved.rounds_paired == base.rounds_paired
    for chain in (US, FIDE):
        assert _values(moved, chain) == _values(base, chain)


def test_byes_entered_ahead_are_shown_as_entered_ahead() -> None:
    t = swisstb_io.read(JAVAFO)
    assert t.entered_ahead() == ((5, 22, Outcome.ZERO_BYE), (5, 28, Outcome.ZERO_BYE),
                                 (5, 43, Outcome.HALF_BYE))
    from click.testing import CliRunner

    from swisstb_io.cli import cli

    for fmt in ("text", "md", "html"):
        out = CliRunner().invoke(cli, ["report", str(JAVAFO), "-t", "BH", "-f", fmt]).stdout
        assert "Entered ahead for round 5 (not paired yet, counted nowhere): 22 U, 28 U, " \
               "43 H" in out, fmt
    done = swisstb_io.read(ROOT / "fixtures" / "trf" / "held_swiss_5.trf")
    assert done.entered_ahead() == ()
