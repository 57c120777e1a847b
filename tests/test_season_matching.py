"""Season matching (issue 28 item 9): placeholder ids are no ids, two entrants of one event
are never one person, and a start date that is not a date is not shown as one.

``fixtures/season/``: ``autumn.csv`` (ids ``-----------`` and ``00000000``), ``winter.csv``
(one id typed for two players, two entrants named "Smith, John" without an id) and
``spring.trf`` (042 ``Spring 2026``)."""

from __future__ import annotations

import shutil
from decimal import Decimal
from pathlib import Path

from swisstb_io.batch import Batch, BatchOptions, FileResult, read_index
from swisstb_io.batch.matching import entrant_keys, event_keys
from swisstb_io.batch.season import season_players
from swisstb_io.batch.season_parts import SeasonEntry
from swisstb_io.model import Player

SEASON = Path(__file__).resolve().parent.parent / "fixtures" / "season"


def test_placeholders_are_no_ids() -> None:
    for placeholder in ("-----------", "00000000", "  ", "0"):
        assert entrant_keys("Ann", placeholder, placeholder) == ("name:ann",)
    assert entrant_keys("Ann", "", "12345678") == ("uscf:12345678",)


def test_an_id_two_entrants_of_an_event_share_is_no_id_for_them() -> None:
    players = [Player(1, "Ann", fide_id="555", national_ids=(("USCF", "11111111"),)),
               Player(2, "Bo", national_ids=(("USCF", "11111111"),)),
               Player(3, "Cy", national_ids=(("USCF", "22222222"),))]
    assert event_keys(players) == [("fide:555",), ("name:bo",), ("uscf:22222222",)]


def test_a_season_matches_by_the_next_key_and_never_joins_one_event_s_entrants(
        tmp_path: Path) -> None:
    shutil.copytree(SEASON, tmp_path / "season")
    out = tmp_path / "site"
    results = list(Batch(tmp_path / "season", out,
                         BatchOptions(formats=("json",), jobs=1)).run())
    assert [r.status for r in results] == ["ok"] * 3
    index = read_index(out)
    assert [(e["file"], e["date"]) for e in index["events"]] == [
        ("autumn.csv", "2025-09-06"), ("spring.trf", ""), ("winter.csv", "2025-12-06")]
    players = [(p["name"], p["matched_by"], p["uscf_id"], [e[0] for e in p["events"]])
               for p in index["players"]]
    assert players == [
        ("Alpha, Ann", "name", "", [1, 0, 2]),  # no date first, then autumn, winter
        ("Beta, Bo", "name", "", [0, 2]),
        ("Delta, Di", "name", "", [0]),
        ("Gamma, Cy", "US Chess id", "12345678", [0, 2]),
        ("Smith, John", "name", "", [1]),  # spring's John Smith is neither of winter's two
        ("Smith, John", "name", "", [2]),
        ("Smith, John", "name", "", [2]),
    ]


def test_links_through_other_events_never_join_two_entrants_of_one_event() -> None:
    """Event a: Ann (FIDE 555), Bea (US Chess 12345678); event b: one entrant holding both
    ids.  b's entrant is Ann (her FIDE id, and a comes first in date order); Bea stays
    herself."""
    def result(rel: str, *entrants: tuple[str, str, str]) -> FileResult:
        season = tuple(SeasonEntry(keys=entrant_keys(name, fide, uscf), name=name, place=1,
                                   points=Decimal(0), played=0, score=(0, 2), rated=0,
                                   rating_sum=0, halves=0, start_no=1, rating=None,
                                   performance=None, games=())
                       for name, fide, uscf in entrants)
        return FileResult(rel, rel, "ok", season=season)

    players = season_players([result("a.trf", ("Ann", "555", ""), ("Bea", "", "12345678")),
                              result("b.trf", ("A. N. Other", "555", "12345678"))])
    assert sorted((p.name, p.events) for p in players) == [("Ann", [0, 1]), ("Bea", [0])]
