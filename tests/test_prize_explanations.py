"""Prize explanations never say "nothing left" for a prize that was still open (issue 28
item 12): a player who took a larger item instead is told so, and where the open prize
went; the CSV prize list holds every award, items and team prizes too, with points as
numbers (item 13).

``fixtures/prizes/own_item_instead.trf`` / ``.toml`` (written for these tests, FIDE
system, no sharing): A 2150 3 points, B 2050 2, C 1950 born 2008 1, D 1900 0; place
300 / 200, u2000 100, youth (born 2005 on) an item worth 150.  A and B take the place
prizes; C, eligible for u2000 and youth, takes the youth trophy (150 > 100); the u2000
money passes down to D.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from swisstb_io.api import load
from swisstb_io.prizes import parse_prize_file, prize_list, read_prize_file
from swisstb_io.prizes.render_tables import CSV_COLUMNS, to_csv
from swisstb_io.prizes.result import PrizeResult

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "prizes"
EVENT = FIX / "own_item_instead.trf"
PRIZES = FIX / "own_item_instead.toml"


def _result(toml: str | None = None) -> PrizeResult:
    t = load(EVENT).tournament
    pf = read_prize_file(str(PRIZES)) if toml is None else parse_prize_file(toml, "p.toml")
    return prize_list(t, pf)


def test_a_player_who_took_a_larger_item_is_told_so_and_where_the_prize_went() -> None:
    notes = _result().player_notes[3]
    assert ("u2000: took the Youth trophy (1st youth, worth €150.00) instead of 1st u2000 "
            "€100.00, still open; it went to Dahl, Dag") in notes
    assert "place: nothing left for 1 point" in notes  # both place prizes went above
    assert not any(n.startswith("u2000") and "nothing left" in n for n in notes)


def test_a_lapsed_prize_is_said_to_have_lapsed() -> None:
    toml = PRIZES.read_text("utf-8").replace('below = 2000\n', 'below = 2000\non_vacate = '
                                             '"lapse"\n')
    result = _result(toml)
    went = ("it was not awarded: lapsed: its best candidate Conti, Carla took 1st youth "
            "(on_vacate = lapse)")
    assert any(n.endswith(went) and n.startswith("u2000: took the Youth trophy")
               for n in result.player_notes[3])
    assert (f"u2000: 1st u2000 €100.00 was still open at this player's turn; {went}"
            in result.player_notes[4])


def _cases() -> list[Path]:
    return sorted(p for p in FIX.glob("*.toml") if p.with_suffix(".csv").exists()
                  or p.with_suffix(".trf").exists())


@pytest.mark.parametrize("toml", _cases(), ids=lambda p: p.stem)
def test_nothing_left_is_said_only_when_the_group_was_used_up_above(toml: Path) -> None:
    """In every prize example: a "nothing left" note names only groups whose every prize
    went to players ranked above the player."""
    event = toml.with_suffix(".csv") if toml.with_suffix(".csv").exists() else \
        toml.with_suffix(".trf")
    result = prize_list(load(event).tournament, read_prize_file(str(toml)))
    rank = {e.start_no: e.rank for e in result.entrants}
    held: dict[str, list[int]] = {}
    for pool in result.pools:
        for p in pool.prizes:
            held.setdefault(p.group.id, []).extend(s.entrant.start_no for s in pool.shares)
    open_groups = {u.prize.group.id for u in result.unawarded if not u.item}
    for start_no, notes in result.player_notes.items():
        for note in notes:
            if ": nothing left for " not in note:
                continue
            for group in note.split(":", 1)[0].split(", "):
                assert group not in open_groups, (toml.name, start_no, note)
                assert all(rank[h] < rank[start_no] for h in held.get(group, ())), (
                    toml.name, start_no, note)


def test_the_csv_prize_list_holds_every_award_with_points_as_numbers() -> None:
    from swisstb_io.api import load as load_event

    t = load_event(FIX / "example3.csv").tournament
    result = prize_list(t, read_prize_file(str(FIX / "example3.toml")))
    rows = list(csv.DictReader(io.StringIO(to_csv(result))))
    assert tuple(rows[0]) == CSV_COLUMNS
    kinds = [r["award"] for r in rows]
    shares = sum(len(p.shares) for p in result.pools)
    assert kinds == ["cash"] * shares + ["item"] * len(result.items) + ["team"] * len(
        result.teams)
    assert result.items and result.teams
    cups = [(r["start_no"], r["item"], r["points"]) for r in rows if r["award"] == "item"]
    assert cups == [("1", "Cup", "8"), ("2", "Cup", "8"), ("3", "Cup", "7.5")]
    team = next(r for r in rows if r["award"] == "team")
    assert (team["team"], team["points"], team["paid"], team["members"]) == (
        "Nord", "21.5", "60.00", "1 A; 4 D; 8 H")
    assert not any("½" in value for r in rows for value in r.values())
    assert {r["points"] for r in rows if r["prizes"] == "3rd main"} == {"7.5"}


def test_an_item_only_award_is_in_the_csv() -> None:
    rows = list(csv.DictReader(io.StringIO(to_csv(_result()))))
    assert [(r["award"], r["name"], r["item"], r["prizes"]) for r in rows
            if r["award"] == "item"] == [("item", "Conti, Carla", "Youth trophy", "1st youth")]
