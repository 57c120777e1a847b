"""The season index of ``swisstb batch``: entrants worked out in the workers, pages of fifty
players."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from swisstb_io import api
from swisstb_io.batch import Batch, BatchOptions, FileResult, read_index
from swisstb_io.batch.matching import entrant_keys
from swisstb_io.batch.season_html import players_html
from swisstb_io.batch.season_parts import (
    Game,
    SeasonEntry,
    SiteEvent,
    entries_from_json,
    entry_to_json,
    season_entries,
)
from swisstb_io.batch.season_players import season_players
from swisstb_io.jsonwrite import dumps
from swisstb_io.model import Color, DateText, Outcome, Player, RoundResult, Tournament
from swisstb_io.reports.charts import SeasonCharts
from swisstb_io.tiebreaks import parse_chain, standings

ODD_NAME = 'Quote "Q" \\ <b>&amp; Ünïcødé'
"""JSON and HTML both have something to escape in it."""


def _event(k: int, first_id: int, n: int, odd: bool = False) -> Tournament:
    """A round robin-ish event: player i meets i+1, i+2 (mod n) in rounds 1, 2."""
    results: dict[int, list[RoundResult]] = {i: [] for i in range(1, n + 1)}
    for rnd in (1, 2):
        for i in range(1, n + 1, 2 * rnd):
            j = i + rnd
            if j > n or len(results[i]) >= rnd or len(results[j]) >= rnd:
                continue
            results[i].append(RoundResult(Outcome.WIN, j, Color.WHITE))
            results[j].append(RoundResult(Outcome.LOSS, i, Color.BLACK))
        for i in range(1, n + 1):
            if len(results[i]) < rnd:
                results[i].append(RoundResult(Outcome.HALF_BYE))
    players = tuple(
        Player(i, ODD_NAME if odd and i == 20 else f"Player{first_id + i:04d}, Pat",
               tuple(results[i]), fide_id=str(9_000_000 + first_id + i),
               fide_rating=1500 + i)
        for i in range(1, n + 1))
    return Tournament(name=f"Event {k}", players=players, total_rounds=2,
                      start_date=DateText.from_date(dt.date(2026, 3, k)))


def _season(root: Path) -> None:
    """Three events of 40 players; neighbouring events share 10 players: 100 in all."""
    root.mkdir()
    for k, fmt, ext in ((1, "trf", ".trf"), (2, "chess-json", ".jch"), (3, "xml", ".xml")):
        t = _event(k, 30 * (k - 1), 40, odd=k == 2)
        (root / f"e{k}{ext}").write_bytes(api.dumps(t, fmt))


def test_player_pages_hold_fifty_players_each_and_every_link_lands(tmp_path: Path) -> None:
    root, out = tmp_path / "s", tmp_path / "o"
    _season(root)
    list(Batch(root, out, BatchOptions(jobs=1, formats=("json",))).run())
    players = read_index(out)["players"]
    assert len(players) == 100
    assert sorted(f.name for f in (out / "players").iterdir()) == ["1.html", "2.html"]
    index_html = (out / "index.html").read_text()
    pages = {name: (out / "players" / name).read_text() for name in ("1.html", "2.html")}
    for p in players:
        n = int(p["id"][1:])
        page = f"{(n - 1) // 50 + 1}.html"
        assert f'<a href="players/{page}#{p["id"]}">' in index_html
        assert f'<h2 id="{p["id"]}">' in pages[page]
        assert sum(f'id="{p["id"]}"' in text for text in pages.values()) == 1
    shared = [p for p in players if len(p["events"]) == 2]
    assert len(shared) == 20  # players 31-40 and 61-70 play two events


def test_index_from_the_workers_equals_the_index_rebuilt_from_the_summaries(
    tmp_path: Path
) -> None:
    """The season pieces a worker sends with its event, and those the parent makes from
    the summary file of a skipped event, give the same bytes."""
    root, out = tmp_path / "s", tmp_path / "o"
    _season(root)
    first = list(Batch(root, out, BatchOptions(jobs=2, formats=("html", "json"))).run())
    assert {r.status for r in first} == {"ok"}
    assert all(r.season is not None and r.summary is not None
               and "entrants" not in r.summary for r in first)
    names = ("index.json", "index.html", "players/1.html", "players/2.html")
    fresh = {name: (out / name).read_bytes() for name in names}
    (out / "index.html").unlink()  # the next run rebuilds the index, from the summaries
    again = list(Batch(root, out, BatchOptions(jobs=1, formats=("html", "json"))).run())
    assert {r.status for r in again} == {"skipped"} and all(r.season is None for r in again)
    assert {name: (out / name).read_bytes() for name in names} == fresh


def test_rounds_rows_name_their_event_and_keep_odd_names_exact(tmp_path: Path) -> None:
    root, out = tmp_path / "s", tmp_path / "o"
    _season(root)
    list(Batch(root, out, BatchOptions(jobs=1, formats=("html",))).run())
    index = read_index(out)
    events = [e["file"] for e in index["events"]]
    assert events == ["e1.trf", "e2.jch", "e3.xml"]
    by_name = {p["name"]: p for p in index["players"]}
    odd = by_name[ODD_NAME]
    assert odd["events"] == [[1, *odd["events"][0][1:4], None]]  # no --ratings: no after
    assert index["player_event_columns"] == ["event", "place", "points", "rating", "after"]
    assert [row[0] for row in odd["rounds"]] == [1, 1]
    opponent = by_name["Player0031, Pat"]  # start number 1 of event 2 (and 31 of event 1)
    assert [row[0] for row in opponent["rounds"]] == [0, 0, 1, 1]
    assert odd["rounds"] == [[1, 1, "L", "b", "Player0049, Pat", 1519],
                             [1, 2, "H", "-", "", None]]
    meets_odd = [row for p in index["players"] for row in p["rounds"] if row[4] == ODD_NAME]
    assert meets_odd and all(row[0] == 1 for row in meets_odd)
    page = next((out / "players").glob("*.html")).parent
    html = "".join(f.read_text() for f in page.iterdir())
    assert "Quote &quot;Q&quot; \\ &lt;b&gt;&amp;amp; Ünïcødé" in html
    assert ODD_NAME not in html


def test_season_entries_add_up() -> None:
    """One entrant's counts: games over the board, rated games, score as fractions."""
    rr = RoundResult
    a = Player(1, "A", (rr(Outcome.WIN, 2, Color.WHITE), rr(Outcome.DRAW, 3, Color.BLACK),
                        rr(Outcome.HALF_BYE), rr(Outcome.FORFEIT_WIN, 4),
                        rr(Outcome.DRAW_UNRATED, 5, Color.WHITE), rr(Outcome.NOT_PAIRED)),
               national_ids=(("USCF", "0000"),))
    others = [Player(2, "B", (rr(Outcome.LOSS, 1, Color.BLACK),), fide_rating=1800),
              Player(3, "C", (rr(Outcome.NOT_PAIRED), rr(Outcome.DRAW, 1, Color.WHITE))),
              Player(4, "D", (rr(Outcome.NOT_PAIRED),) * 3 + (rr(Outcome.FORFEIT_LOSS, 1),),
                     fide_rating=1700),
              Player(5, "E", (rr(Outcome.NOT_PAIRED),) * 4
                     + (rr(Outcome.DRAW_UNRATED, 1, Color.BLACK),), fide_rating=1900)]
    t = Tournament(name="Cup", players=(a, *others), total_rounds=6,
                   start_date=DateText.from_date(dt.date(2026, 1, 2)))
    result = standings(t, parse_chain("uscf"))
    entry = season_entries(t, result)[0]
    assert entry.keys == ("name:a",)
    assert (entry.name, entry.points, entry.played) == ("A", Decimal("3.5"), 3)
    assert entry.place == next(r.place for r in result.rows if r.start_no == 1)
    assert entry.score == (4, 2)  # in the event's units (halves), not reduced
    assert (entry.rated, entry.rating_sum, entry.halves) == (1, 1800, 2)
    assert entry.games == (Game(1, "W", "w", "B", 1800), Game(2, "D", "b", "C", None),
                           Game(3, "H", "-", "", None), Game(4, "X", "-", "D", 1700),
                           Game(5, "D", "w", "E", 1900))
    # performance: one rated game, a win against 1800 (dp 800); no rating of its own
    assert entry.performance == 2600
    text = dumps([entry_to_json(entry)], indent=None)
    assert entries_from_json(json.loads(text)) == (entry,)


def test_a_player_page_row_of_an_entrant() -> None:
    """An entrant's games on its player's page: the event's heading, a row per game; and
    its row of the events table, linked to its line of the event page."""
    rr = RoundResult
    a = Player(1, "A", (rr(Outcome.WIN, 2, Color.WHITE), rr(Outcome.HALF_BYE)))
    b = Player(2, 'B <"b">', (rr(Outcome.LOSS, 1, Color.BLACK), rr(Outcome.HALF_BYE)),
               fide_rating=1800)
    t = Tournament(name="Cup", players=(a, b), total_rounds=2)
    entry = season_entries(t, standings(t, parse_chain("uscf")))[0]
    (player,) = (p for p in season_players([_result("cup.trf", entry)]) if p.name == "A")
    page = players_html([player], SeasonCharts(),
                        [SiteEvent("cup.trf", "Cup", "2026-01-02", "../events/cup.trf.html")])
    assert ('<tbody><tr class="ev"><th colspan="5" scope="rowgroup">'
            '<a href="../events/cup.trf.html">cup.trf</a> Cup, 2026-01-02: place 1, '
            "1 points</th></tr>\n<tr><td>1</td><td>w</td><td>B &lt;&quot;b&quot;&gt;</td>"
            "<td>1800</td><td>W</td></tr>\n<tr><td>2</td><td>-</td><td></td><td></td>"
            "<td>H</td></tr></tbody>") in page
    assert ('<tr><td>2026-01-02</td><td><a href="../events/cup.trf.html#x1">Cup</a>'
            "</td><td>1</td><td>1</td><td>1</td><td>2600</td><td></td></tr>") in page


def _result(rel: str, *entries: SeasonEntry) -> FileResult:
    return FileResult(rel, rel, "ok", summary={"name": rel, "date": ""}, season=entries)


def _entry(keys: tuple[str, ...], name: str) -> SeasonEntry:
    return SeasonEntry(keys=keys, name=name, place=1, points=Decimal(0), played=0,
                       score=(0, 2), rated=0, rating_sum=0, halves=0, start_no=1, rating=None,
                       performance=None, games=())


def test_a_damaged_summary_s_entrants_count_as_none() -> None:
    """Entrants read back from a summary file are checked field by field: the season index
    shows their texts and adds their numbers."""
    good = entry_to_json(SeasonEntry(
        keys=("fide:1",), name="A", place=1, points=Decimal("3.5"), played=3, score=(7, 2),
        rated=1, rating_sum=1800, halves=2, start_no=1, rating=None, performance=2600,
        games=(Game(1, "W", "w", "B", 1800),)))
    assert entries_from_json([dict(good)]) is not None
    for field, bad in [("keys", []), ("keys", [1]), ("name", None), ("place", "1"),
                       ("points", 3.5), ("points", "NaN"), ("points", "x"), ("played", True),
                       ("score", [7]), ("score", [7, 0]), ("score", [7, "2"]),
                       ("rating", 1.5), ("performance", "2600"), ("games", None),
                       ("games", [[1, "W", "w", "B"]]), ("games", [[1, "W", "w", None, 1]])]:
        obj = dict(good)
        obj[field] = bad
        assert entries_from_json([dict(good), obj]) is None, (field, bad)
    assert entries_from_json([{k: v for k, v in good.items() if k != "games"}]) is None
    assert entries_from_json({"not": "a list"}) is None


def test_a_player_page_shows_each_event_s_heading_and_games(tmp_path: Path) -> None:
    """The page is rendered in the parent from the entrants' data: the event's heading
    (link to its HTML report, name, date, place, points), then a row per game."""
    root, out = tmp_path / "s", tmp_path / "o"
    _season(root)
    list(Batch(root, out, BatchOptions(jobs=1, formats=("html",))).run())
    page = (out / "players" / "1.html").read_text()
    index = read_index(out)
    p = index["players"][0]
    ev, place, points, _rating, _after = p["events"][0]
    event = index["events"][ev]
    head = (f'<tr class="ev"><th colspan="5" scope="rowgroup">'
            f'<a href="../{event["links"]["html"]}">'
            f'{event["file"]}</a> {event["name"]}, {event["date"]}: place {place}, '
            f"{points} points</th></tr>")
    assert head in page
    first = next(r for r in p["rounds"] if r[0] == ev)
    rating = "" if first[5] is None else first[5]
    assert (f"{head}\n<tr><td>{first[1]}</td><td>{first[3]}</td>"
            f"<td>{first[4]}</td><td>{rating}</td><td>{first[2]}</td></tr>") in page


def test_an_entrant_with_both_ids_links_them_across_events() -> None:

    def result(rel: str, *entrants: tuple[str, str, str]) -> FileResult:
        season = tuple(_entry(entrant_keys(name, fide, uscf), name)
                       for name, fide, uscf in entrants)
        return FileResult(rel, rel, "ok", season=season)

    players = season_players([
        result("a.trf", ("Ann", "", "12345678"), ("Bob", "", "")),
        result("b.trf", ("Ann B.", "555", "")),
        result("c.trf", ("Ann C.", "555", "12345678"), ("bob", "", "")),
    ])
    assert [(p.name, p.other_names, p.matched_by, len(p.entries)) for p in players] == [
        ("Ann", ["Ann B.", "Ann C."], "FIDE id + US Chess id", 3),
        ("Bob", ["bob"], "name", 2),
    ]
    assert [p.id for p in players] == ["p1", "p2"]


def test_a_player_s_events_are_in_date_order() -> None:
    """Events without a date first, then by date; on the same date in the index's order
    (the events' paths): ``index.json`` and the player's page list them so."""

    def result(rel: str, date: str) -> FileResult:
        entry = _entry(entrant_keys("Ann", "555", ""), "Ann")
        return FileResult(rel, rel, "ok", summary={"date": date}, season=(entry,))

    dates = ["2026-03-01", "", "2026-01-15", "2026-03-01", "2025-12-31"]
    (ann,) = season_players([result(f"e{n}.trf", d) for n, d in enumerate(dates)])
    assert ann.events == [1, 4, 2, 0, 3]


def test_build_index_is_the_document_index_json_holds(tmp_path: Path) -> None:
    """The document as data (:func:`build_index`) and the text the batch writes say the
    same thing."""
    from swisstb_io.batch import build_index

    root, out = tmp_path / "s", tmp_path / "o"
    _season(root)
    batch = Batch(root, out, BatchOptions(jobs=1, formats=("html",)))
    list(batch.run())
    assert build_index(batch.results) == read_index(out)


def test_a_season_score_adds_events_of_different_point_systems_exactly() -> None:
    """One player in a 1-1/2-0 event and in a 3-1-0 event: the season score is the exact sum
    of the points of the games played (1 + 1/2, then 3 + 1), whatever each event's unit."""
    from swisstb_io.model import PointSystem

    rr = RoundResult

    def event(name: str, points: PointSystem) -> FileResult:
        players = (Player(1, "Ann", (rr(Outcome.WIN, 2, Color.WHITE), rr(Outcome.DRAW, 3,
                                                                        Color.BLACK)),
                          fide_id="555"),
                   Player(2, "Bob", (rr(Outcome.LOSS, 1, Color.BLACK), rr(Outcome.HALF_BYE))),
                   Player(3, "Cy", (rr(Outcome.HALF_BYE), rr(Outcome.DRAW, 1, Color.WHITE))))
        t = Tournament(name=name, players=players, total_rounds=2, point_system=points)
        entries = season_entries(t, standings(t, parse_chain("uscf")))
        return FileResult(f"{name}.trf", f"{name}.trf", "ok", season=entries)

    football = PointSystem(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3),
                           pairing_bye=Fraction(3), full_bye=Fraction(3), half_bye=Fraction(1))
    ann = next(p for p in season_players([event("a", PointSystem()), event("b", football)])
               if p.name == "Ann")
    assert [e.score for e in ann.entrants] == [(3, 2), (4, 1)]
    assert (ann.games, ann.score) == (4, Decimal("5.5"))


def test_an_event_whose_summary_cannot_be_read_is_processed_again(tmp_path: Path) -> None:
    """A re-run that must rebuild the index reads the skipped events' summaries back; one
    that is damaged (not JSON, an entrant or a header fact changed) is redone, so no
    entrant is lost and nothing of the wrong kind reaches the pages."""
    root, out = tmp_path / "s", tmp_path / "o"
    _season(root)
    list(Batch(root, out, BatchOptions(jobs=1, formats=("html",))).run())
    whole = read_index(out)
    (out / "events" / "e1.trf.summary.json").write_text("{not json", "utf-8")
    changed = json.loads((out / "events" / "e2.jch.summary.json").read_text("utf-8"))
    changed["entrants"][0][12] = 5  # its games' rows, not a text
    (out / "events" / "e2.jch.summary.json").write_text(json.dumps(changed), "utf-8")
    changed = json.loads((out / "events" / "e3.xml.summary.json").read_text("utf-8"))
    changed["name"] = 5  # a header fact of the wrong kind
    (out / "events" / "e3.xml.summary.json").write_text(json.dumps(changed), "utf-8")
    (out / "index.json").unlink()
    again = Batch(root, out, BatchOptions(jobs=1, formats=("html",)))
    assert [r.status for r in again.run()] == ["skipped"] * 3
    assert read_index(out) == whole
    assert [n.split(": ", 1)[1] for n in again.notes] == [
        f"its summary events/{name}.summary.json could not be read (damaged or changed); "
        "the event was processed again" for name in ("e1.trf", "e2.jch", "e3.xml")]
    assert json.loads((out / "events" / "e1.trf.summary.json").read_text("utf-8"))["name"]


def test_the_command_says_which_events_it_processed_again(tmp_path: Path) -> None:
    """The note comes after the events' lines, before the last line."""
    from click.testing import CliRunner

    from swisstb_io.cli import cli

    root, out = tmp_path / "s", tmp_path / "o"
    _season(root)
    args = ["batch", str(root), "-o", str(out), "--jobs", "1", "--format", "html"]
    assert CliRunner().invoke(cli, args).exit_code == 0
    (out / "events" / "e3.xml.summary.json").write_text("[]", "utf-8")
    (out / "index.html").unlink()
    run = CliRunner().invoke(cli, args)
    assert run.exit_code == 0, run.output
    assert run.stderr.splitlines()[-2:] == [
        f"{root / 'e3.xml'}: its summary events/e3.xml.summary.json could not be read "
        "(damaged or changed); the event was processed again",
        f"3 events: 0 done, 3 unchanged, 0 failed; index: {out / 'index.html'}"]
