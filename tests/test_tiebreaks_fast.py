"""Values are the same with and without explanations, and the whole-field sums count what
the rules count (against plain per-player references).

Every system computes its values once for the whole field; explanations are built apart
(that every explanation accounts for its value is ``test_tiebreaks_explained``).  Asking
for them must change no value and no place, for any point system, start numbering, rule
edition, Swiss or round robin.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from fide_build import context, explanation
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import consistent_tournaments

from swisstb_io.model import Color, Outcome, Player, RoundResult, Tournament
from swisstb_io.tiebreaks import CalcOptions, Context, parse_chain, standings
from swisstb_io.tiebreaks import compute_values as chain_values

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

FIDE_CHAIN = ("BH,BH/C1,BH/M1,BH/C2,BH/P,BH/C1/P,BH/C1/S,SB,SB/C1,SB/C2,SB/P,SB/C1/S,"
              "PS,PS/C1,PS/C3,ARO,ARO/C1,ARO/M1,TPR,ARO/U1400,TPR/U1400,BH/C1/V0,SB/V0")
FORE = "FB,FB/C1,FB/M1"
US_CHAIN = ("MM,SOLK,MED,CUM,OPPCUM,KASH,BLK,USSB,AVGOPP,OPPPERF,MM[own-unplayed=omit],"
            "CUM[unplayed=full-only;rounds=participated],OPPCUM[forfeits=include],"
            "USSB[scores=raw],AVGOPP/U1400")


def _values(t: Tournament, chain: str, explain: bool, **kw: object
            ) -> dict[str, dict[int, Fraction | None]]:
    ctx = Context(t, CalcOptions(explain=explain, **kw))  # type: ignore[arg-type]
    got = chain_values(ctx, parse_chain(chain))
    return {key: {sn: v.value for sn, v in vals.items()} for key, vals in got.items()}


@settings(max_examples=60, deadline=None)
@given(t=consistent_tournaments(teams=False),
       rules=st.sampled_from(("2024", "2026", "2009")),
       system=st.sampled_from((None, "swiss", "round-robin")))
def test_fast_values_equal_explained_values(t: Tournament, rules: str, system: str | None
                                            ) -> None:
    chain = FIDE_CHAIN + ("" if rules == "2009" else "," + FORE) + "," + US_CHAIN
    kw = {"fide_rules": rules, "system": system}
    assert _values(t, chain, False, **kw) == _values(t, chain, True, **kw)


def _cell(outcome: Outcome, opponent: int | None = None, color: Color = Color.NONE
          ) -> RoundResult:
    return RoundResult(outcome, opponent, color)


def test_cut_prefers_the_vur_in_a_row_with_a_dummy_opponent() -> None:
    """Player 1 has a requested half-point bye (a VUR, 16.1.2) and draws the weakest
    player: BH/C1 drops the VUR's dummy value, not the lowest opponent score (16.5)."""
    w, b, o = Color.WHITE, Color.BLACK, Outcome
    players = (
        Player(1, "A", (_cell(o.HALF_BYE), _cell(o.DRAW, 4, w), _cell(o.WIN, 2, b))),
        Player(2, "B", (_cell(o.WIN, 3, w), _cell(o.DRAW, 3, b), _cell(o.LOSS, 1, w))),
        Player(3, "C", (_cell(o.LOSS, 2, b), _cell(o.DRAW, 2, w), _cell(o.PAIRING_BYE))),
        Player(4, "D", (_cell(o.ZERO_BYE), _cell(o.DRAW, 1, b), _cell(o.ZERO_BYE))),
    )
    t = Tournament(name="vur", players=players, total_rounds=3)
    for rules in ("2024", "2026"):
        fast = _values(t, "BH,BH/C1,SB/C1", False, fide_rules=rules)
        slow = _values(t, "BH,BH/C1,SB/C1", True, fide_rules=rules)
        assert fast == slow
        dummy = _dummy(t, rules)
        assert dummy > Fraction(1)  # more than the weakest opponent's adjusted score
        assert fast["BH/C1"][1] == fast["BH"][1] - dummy


def _dummy(t: Tournament, rules: str) -> Fraction:
    rows = explanation(context(t, edition=rules), "BH/C1", 1).rows
    cut = [p for p in rows if p.dropped]
    assert len(cut) == 1 and cut[0].round == 1 and cut[0].value is not None, rows
    return cut[0].value


@pytest.mark.parametrize("chain", ["PTS,BH/C1,BH,SB,PS,DE,ARO,TPR", "uscf", "uscf-scholastic"])
def test_standings_same_with_and_without_explanations(chain: str) -> None:
    t = _sample()
    plain = standings(t, chain)
    explained = standings(t, chain, CalcOptions(explain=True))
    assert [(r.place, r.start_no, r.last_place) for r in plain.rows] == \
        [(r.place, r.start_no, r.last_place) for r in explained.rows]
    for a, b in zip(plain.rows, explained.rows, strict=True):
        assert {k: v.value for k, v in a.values.items()} == \
            {k: v.value for k, v in b.values.items()}
        assert all(v.explanation is None for v in a.values.values())


def _sample() -> Tournament:
    w, b = Color.WHITE, Color.BLACK
    o = Outcome
    table = {
        1: [(o.WIN, 2, w), (o.DRAW, 3, b), (o.HALF_BYE, None, Color.NONE), (o.WIN, 4, w)],
        2: [(o.LOSS, 1, b), (o.WIN, 4, w), (o.FORFEIT_WIN, 3, Color.NONE), (o.DRAW, 5, b)],
        3: [(o.DRAW, 5, w), (o.DRAW, 1, w), (o.FORFEIT_LOSS, 2, Color.NONE), (o.WIN, 6, b)],
        4: [(o.WIN, 6, b), (o.LOSS, 2, b), (o.WIN, 5, w), (o.LOSS, 1, b)],
        5: [(o.DRAW, 3, b), (o.PAIRING_BYE, None, Color.NONE), (o.LOSS, 4, b), (o.DRAW, 2, w)],
        6: [(o.LOSS, 4, w), (o.ZERO_BYE, None, Color.NONE), (o.PAIRING_BYE, None, Color.NONE),
            (o.LOSS, 3, w)],
    }
    return Tournament(
        name="sample",
        players=tuple(Player(sn, f"P{sn}", tuple(_cell(*c) for c in cells),
                             fide_rating=2000 - 50 * sn) for sn, cells in table.items()),
        total_rounds=5,
    )


_FULL_POINT_UNPLAYED = {Outcome.FULL_BYE, Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN}
_ABSENT = {Outcome.NOT_PAIRED, Outcome.ZERO_BYE}


@settings(max_examples=40, deadline=None)
@given(t=consistent_tournaments(teams=False))
def test_us_sums_match_a_plain_per_player_reference(t: Tournament) -> None:
    """SOLK, CUM (both options) and OPPCUM against a round-by-round reference (34E1-34E4):
    the field-wide sums must count exactly what the rules count."""
    ctx = Context(t)
    chain = ("SOLK,CUM,CUM[unplayed=full-only],CUM[unplayed=full-only;rounds=participated],"
             "OPPCUM,OPPCUM[unplayed=full-only],OPPCUM[forfeits=include],"
             "USSB[scores=adjusted]")
    got = {k: {sn: v.value for sn, v in vals.items()}
           for k, vals in chain_values(ctx, parse_chain(chain)).items()}
    frac, nr = ctx.frac, ctx.n_rounds
    adj = [sum(p if pl else ctx.draw for p, pl in zip(ctx.pts[i], ctx.played[i], strict=True))
           for i in range(len(ctx))]

    def cum(i: int, sub_all: bool, every: bool) -> int:
        running = total = 0
        for r in range(nr):
            p, o = ctx.pts[i][r], ctx.outcome[i][r]
            running += p
            if every or o not in _ABSENT:
                total += running
            if not ctx.played[i][r] and (sub_all or o in _FULL_POINT_UNPLAYED):
                total -= p
        return total

    for i, sn in enumerate(ctx.start_nos):
        rounds = list(zip(ctx.opp[i], ctx.played[i], ctx.pts[i], strict=True))
        assert got["SOLK"][sn] == frac(sum(adj[j] for j, pl, _ in rounds if pl))
        assert got["CUM"][sn] == frac(cum(i, True, True))
        assert got["CUM[unplayed=full-only]"][sn] == frac(cum(i, False, True))
        key = "CUM[unplayed=full-only;rounds=participated]"
        assert got[key][sn] == frac(cum(i, False, False))
        assert got["OPPCUM"][sn] == frac(sum(cum(j, True, True) for j, pl, _ in rounds
                                             if j >= 0 and pl))
        assert got["OPPCUM[unplayed=full-only]"][sn] == frac(
            sum(cum(j, False, True) for j, pl, _ in rounds if j >= 0 and pl))
        assert got["OPPCUM[forfeits=include]"][sn] == frac(sum(cum(j, True, True)
                                                               for j, _, _ in rounds if j >= 0))
        assert got["USSB[scores=adjusted]"][sn] == frac(
            sum(adj[j] * p for j, pl, p in rounds if pl), ctx.win or ctx.unit)
