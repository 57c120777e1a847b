"""Invariants of the FIDE tie-breaks on generated, consistent events (hypothesis).

Events come from ``strategies.consistent_tournaments()`` (any point system, unrated players,
byes, forfeits, double forfeits, Swiss or round-robin 192 records).
"""

from __future__ import annotations

from dataclasses import replace

from fide_build import context, ranks, values
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import consistent_tournaments

from swisstb_io.model import PointSystem, Tournament

EDITIONS = st.sampled_from(["2009", "2024", "2026"])
SYSTEMS = st.sampled_from(["swiss", "round-robin"])


@settings(max_examples=25)
@given(consistent_tournaments(), EDITIONS, SYSTEMS)
def test_cut_never_raises_the_value(t: Tournament, edition: str, system: str) -> None:
    ctx = context(t, edition=edition, system=system)
    bh = list(values(ctx, "BH").values())
    c1 = list(values(ctx, "BH/C1").values())
    m1 = list(values(ctx, "BH/M1").values())
    assert all(a is not None and b is not None and b <= a for a, b in zip(bh, c1, strict=True))
    assert all(a is not None and b is not None and b <= a for a, b in zip(c1, m1, strict=True))


@settings(max_examples=25)
@given(consistent_tournaments(), EDITIONS, SYSTEMS)
def test_sb_at_most_bh_under_one_half_zero(t: Tournament, edition: str, system: str) -> None:
    t = replace(t, point_system=PointSystem())
    ctx = context(t, edition=edition, system=system)
    for bh, sb in zip(values(ctx, "BH").values(), values(ctx, "SB").values(), strict=True):
        assert bh is not None and sb is not None and sb <= bh


CODES = ("BH", "BH/C1", "BH/M1", "FB", "SB", "SB/C1", "AOB", "PS", "PS/C1", "KS", "WIN",
         "WON", "BPG", "BWG", "GE", "STD", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO")


@settings(max_examples=20)
@given(consistent_tournaments(), st.data(), EDITIONS, SYSTEMS)
def test_renumbering_changes_nothing(t: Tournament, data: st.DataObject, edition: str,
                                     system: str) -> None:
    olds = [p.start_no for p in t.players]
    news = data.draw(st.permutations([s * 3 + 7 for s in olds]))
    remap = dict(zip(olds, news, strict=True))
    players = tuple(
        replace(p, start_no=remap[p.start_no], results=tuple(
            replace(r, opponent=remap[r.opponent] if r.opponent is not None else None)
            for r in p.results))
        for p in reversed(t.players)
    )
    t2 = replace(t, players=players)
    a = context(t, edition=edition, system=system)
    b = context(t2, edition=edition, system=system)
    for code in CODES:
        if edition == "2009" and code == "FB":
            continue
        va = {remap[s]: v for s, v in values(a, code).items()}
        assert va == values(b, code), code


@settings(max_examples=20)
@given(consistent_tournaments(), st.data(), SYSTEMS)
def test_renumbering_keeps_direct_encounter(t: Tournament, data: st.DataObject,
                                            system: str) -> None:
    olds = [p.start_no for p in t.players]
    news = data.draw(st.permutations([s + 100 for s in olds]))
    remap = dict(zip(olds, news, strict=True))
    players = tuple(
        replace(p, start_no=remap[p.start_no], results=tuple(
            replace(r, opponent=remap[r.opponent] if r.opponent is not None else None)
            for r in p.results))
        for p in t.players
    )
    a = context(t, system=system)
    b = context(replace(t, players=players), system=system)
    ranks_a, _ = ranks(a, "DE", olds)
    ranks_b, _ = ranks(b, "DE", news)
    assert {remap[s]: r for s, r in ranks_a.items()} == ranks_b
