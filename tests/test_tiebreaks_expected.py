"""US Chess values of the licensed samples against fixtures/expected/*.expected.json (``uscf``).

The expected values come from an independent implementation of the recommended defaults
of the US Chess notes.  Two documented differences, checked explicitly below:

* ``avg-opp-rating`` is ``"0"`` there for a player with no rated opponent; we give
  ``None`` (undefined, JSON null);
* for ``echecs_javafo_sample2`` (4 of 9 scheduled rounds played) the expected MM and
  Median discard 1 per side (rounds completed), our default follows A7 (2 per side from
  9 *scheduled* rounds); ``MM[discards=auto-completed]`` reproduces the expected values.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from swisstb_io.api import read
from swisstb_io.tiebreaks import Context, standings

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SAMPLES = sorted(p.name.removesuffix(".expected.json")
                 for p in (FIXTURES / "expected").glob("*.expected.json"))
CODES = {
    "modified-median": "MM",
    "solkoff": "SOLK",
    "median": "MED",
    "cumulative": "CUM",
    "opp-cumulative": "OPPCUM",
    "kashdan": "KASH",
    "most-blacks": "BLK",
    "sonneborn-berger": "USSB",
    "avg-opp-rating": "AVGOPP",
}
#: Samples where the expected discards follow the rounds completed, not the schedule.
COMPLETED_DISCARDS = {"echecs_javafo_sample2"}


def _expected(name: str) -> dict[str, dict[str, str | None]]:
    data = json.loads((FIXTURES / "expected" / f"{name}.expected.json").read_text("utf-8"))
    uscf: dict[str, dict[str, str | None]] = data["uscf"]
    return uscf


def test_the_licensed_samples_are_all_here() -> None:
    assert SAMPLES == [
        "bbp_dutch_2025_C5", "bbp_dutch_2025_C9", "bbp_issue_15", "bbp_issue_7",
        "echecs_javafo_sample2", "held_round_robin", "held_swiss_5", "held_swiss_9",
    ]


@pytest.mark.parametrize("name", SAMPLES)
def test_uscf_values_match(name: str) -> None:
    t = read(FIXTURES / "trf" / f"{name}.trf")
    option = "[discards=auto-completed]" if name in COMPLETED_DISCARDS else ""
    chain = [code + (option if code in ("MM", "MED") else "") for code in CODES.values()]
    res = standings(t, chain)
    rows = {r.start_no: r for r in res.rows}
    ctx = res.context
    expected = _expected(name)
    assert set(expected) == {str(sn) for sn in rows}
    checked = 0
    for sn_text, want in expected.items():
        row = rows[int(sn_text)]
        assert row.points == Fraction(str(want["points"])), (name, sn_text)
        for field, code in CODES.items():
            key = code + (option if code in ("MM", "MED") else "")
            got = row.values[key].value
            value = want[field]
            if field == "avg-opp-rating" and value == "0" and got is None:
                # Undefined for us: check that the player truly met no rated opponent.
                i = ctx.index[row.start_no]
                ratings = ctx.ratings()
                assert not any(pl and ratings[j] for j, pl in
                               zip(ctx.opp[i], ctx.played[i], strict=True))
                continue
            assert got == (None if value is None else Fraction(value)), (name, sn_text, field)
            checked += 1
    assert checked >= len(expected) * 8


def test_javafo_default_discards_follow_the_schedule() -> None:
    """A7: 9 scheduled rounds discard 2 per side even after 4 rounds (expected file: 1)."""
    t = read(FIXTURES / "trf" / "echecs_javafo_sample2.trf")
    ctx = Context(t)
    assert (ctx.scheduled, ctx.n_rounds) == (9, 4)
    res = standings(t, "MM,MED,MM[discards=auto-completed]", context=ctx)
    row = next(r for r in res.rows if r.start_no == 1)
    # Player 1: 4/4 (plus).  Opponents' adjusted scores 2, 2.5, 2.5, 3 (rounds 1-4).
    # Expected file: MM 8 (drop 2), Median 5 (drop 2 and 3).
    # A7 default: MM 5.5 (drop 2 and 2.5), Median 0 (all four dropped).
    assert row.values["MM[discards=auto-completed]"].value == 8
    assert row.values["MM"].value == Fraction(11, 2)
    assert row.values["MED"].value == 0
    want = _expected("echecs_javafo_sample2")["1"]
    assert (want["modified-median"], want["median"]) == ("8", "5")


def test_points_ignore_byes_entered_for_a_round_not_yet_paired() -> None:
    """javafo player 43: 1.0 declared (with the pre-entered ``0000 - H`` of round 5)."""
    t = read(FIXTURES / "trf" / "echecs_javafo_sample2.trf")
    p43 = t.player(43)
    assert p43.declared_points == 1
    row = next(r for r in standings(t, "MM").rows if r.start_no == 43)
    assert row.points == Fraction(1, 2)
