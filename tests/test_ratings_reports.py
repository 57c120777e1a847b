"""``report --ratings`` and ``batch --ratings``: the change column in the standings of
every format, the swisstb-ratings/1 document in the JSON report, and on a season's player
pages the rating after each event (the events table and a line of the chart)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import lxml.html
import pytest
from click.testing import CliRunner

from swisstb_io.batch import Batch, BatchOptions, read_index
from swisstb_io.cli import cli

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "fixtures" / "ratings" / "club_rr.trf"
SPRING = ROOT / "fixtures" / "swisssys_csv" / "spring_open.csv"


def report(*args: str) -> str:
    out = CliRunner().invoke(cli, ["report", *args], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    return out.output


def test_text_standings_get_the_change_column() -> None:
    lines = report(str(CLUB), "--ratings", "fide").splitlines()
    head = next(x for x in lines if x.startswith("Pl No"))
    assert head.endswith("FIDE ±")
    berg = next(x for x in lines if "Berg, Bo" in x and x.split()[0] == "2")
    assert berg.endswith("+10.80")
    falk = next(x for x in lines if "Falk, Finn" in x and x.split()[0] == "5")
    assert falk.endswith("31.0")  # not rated yet: no change, no first rating (blank)


@pytest.mark.parametrize(("fmt", "needle"), [
    ("md", "| FIDE ± |"), ("csv", ",OppCum,FIDE ±\n"),
    ("html", '<td class="num"><button class="why-open">+10.80</button></td>')])
def test_every_format_shows_it(fmt: str, needle: str) -> None:
    text = report(str(CLUB), "--ratings", "fide", "-f", fmt)
    assert needle in text
    if fmt == "csv":
        assert "2,2,\"Berg, Bo\",2180,NOR,3.0,11.5,12.0,9.5,34.5,10.80\n" in text


def test_json_report_holds_the_ratings_document() -> None:
    doc = json.loads(report(str(CLUB), "--ratings", "fide", "-f", "json"))
    ratings = doc["ratings"]
    assert ratings["schema"] == "swisstb-ratings/1" and ratings["system"] == "fide"
    assert {p["start_no"]: p["change"] for p in ratings["players"]}[2] == "10.80"
    assert "ratings" not in json.loads(report(str(CLUB), "-f", "json"))


def test_us_chess_first_ratings_show_as_new() -> None:
    text = report(str(SPRING), "--ratings", "uscf")
    gamma = next(x for x in text.splitlines() if "Gamma" in x and "unr" in x)
    assert gamma.endswith("new 1500")
    assert "US ±" in text


def _season(root: Path) -> None:
    root.mkdir()
    text = CLUB.read_text(encoding="utf-8")
    (root / "april.trf").write_text(text, encoding="utf-8")
    may = (text.replace("042 2026/04/10", "042 2026/05/10")
           .replace("052 2026/04/12", "052 2026/05/12")
           .replace("2180 NOR", "2191 NOR"))  # Berg plays May at April's new rating
    (root / "may.trf").write_text(may, encoding="utf-8")


def test_batch_puts_the_change_on_event_pages_and_the_rating_after_on_player_pages(
        tmp_path: Path) -> None:
    root, out = tmp_path / "season", tmp_path / "site"
    _season(root)
    results = list(Batch(root, out, BatchOptions(formats=("html", "json"), jobs=1,
                                                 ratings="fide")).run())
    assert [r.status for r in results] == ["ok", "ok"]
    page = (out / "events" / "april.trf.html").read_text(encoding="utf-8")
    assert "FIDE ±" in page and '<button class="why-open">+10.80</button>' in page
    doc = json.loads((out / "events" / "april.trf.json").read_text(encoding="utf-8"))
    assert doc["ratings"]["schema"] == "swisstb-ratings/1"
    assert "explanation" not in doc["ratings"]["players"][1]  # the page explains
    players = (out / "players" / "1.html").read_text(encoding="utf-8")
    berg = players[players.index('id="p2">Berg, Bo'):]
    berg = berg[:berg.index("</section>")]
    assert "<button type=\"button\">After</button>" in berg
    rows = re.findall(r"<tr><td>2026-0[45]-10</td>.*?</tr>", berg)
    assert [re.findall(r"<td>(\d*)</td>", r)[-2:] for r in rows] == [["2180", "2191"],
                                                                    ["2191", "2201"]]
    assert "rating after (estimate)" in berg
    index = read_index(out)  # index.json: the rating used and the rating after, per event
    bo = next(p for p in index["players"] if p["name"] == "Berg, Bo")
    assert index["player_event_columns"][3:] == ["rating", "after"]
    assert [e[3:] for e in bo["events"]] == [[2180, 2191], [2191, 2201]]
    assert berg.count("<polyline") == 3  # rating used, performance, rating after
    plain = tmp_path / "plain"
    list(Batch(root, plain, BatchOptions(formats=("html",), jobs=1)).run())
    without = (plain / "players" / "1.html").read_text(encoding="utf-8")
    assert "After" not in without and "rating after" not in without


def test_batch_ratings_option_is_checked(tmp_path: Path) -> None:
    from swisstb_io.errors import SwisstbError

    with pytest.raises(SwisstbError, match="unknown rating system"):
        BatchOptions(ratings="ecf")
    assert BatchOptions(ratings="fide").fingerprint() != BatchOptions().fingerprint()
    with pytest.raises(SwisstbError, match="go with ratings"):
        BatchOptions(player_data="players.csv")
    with pytest.raises(SwisstbError, match="US Chess rule"):
        BatchOptions(ratings="fide", dual_rated=True)
    with pytest.raises(SwisstbError, match="edition of the US Chess rules"):
        BatchOptions(ratings="fide", rating_rules="uscf-2025")
    plain = BatchOptions(ratings="uscf").fingerprint()
    assert plain != BatchOptions(ratings="uscf", dual_rated=True).fingerprint()
    assert plain != BatchOptions(ratings="uscf", rating_rules="uscf-2023").fingerprint()


def test_a_team_event_with_ratings_reports_its_board_players() -> None:
    team = ROOT / "fixtures" / "team" / "held_team_2026.trf"
    text = report(str(team), "--ratings", "fide")
    assert "FIDE ±" in text
    out = CliRunner().invoke(cli, ["report", str(team), "--ratings", "fide", "--view", "team"])
    assert out.exit_code == 2 and "--ratings gives the board players' rating changes" in out.output


def test_the_report_page_explains_each_change() -> None:
    """The change column opens each player's explanation as a tie-break value does: its
    header names the column of the page's explanation data, which holds the game-by-game
    explanation after the tie-breaks' (rat's leftover of issue 31 item 5)."""
    page = lxml.html.fromstring(report(str(CLUB), "--ratings", "fide", "-f", "html"))
    table = page.get_element_by_id("standings")
    head = table.find("thead").findall(".//th")[-1]
    assert head.text_content() == "FIDE ±" and head.get("data-col") == "4"
    assert "Estimated FIDE rating change, FIDE B.02" in head.find("button").get("title")
    berg = next(tr for tr in table.iter("tr") if tr.get("data-no") == "2")
    assert berg.findall("td")[-1].find("button").text == "+10.80"
    falk = next(tr for tr in table.iter("tr") if tr.get("data-no") == "6")
    assert falk.findall("td")[-1].find("button").text == "not rated"  # opens why
    data = json.loads(page.get_element_by_id("why-data").text)
    assert data["c"] == ["ModMed", "Solk", "Cum", "OppCum", "FIDE ±"]
    rule, rows, notes = data["p"]["2"][4]
    assert data["s"][rule].startswith("FIDE B.02 §8.3 rating change (fide-2025-10)")
    assert [r[3] for r in rows] == ["3.20", "13.20", None, "8.80", "-14.40"]
    assert data["s"][notes[-1]].startswith("4 games, score 3, expected 2.73")
    rule, rows, notes = data["p"]["6"][4]  # not rated yet: the initial rating, and why
    assert data["s"][rule].startswith("FIDE B.02 §8.2 initial rating")
    assert any(data["s"][n].startswith("not rated yet: needs 1 more game") for n in notes)


def test_a_page_of_sections_keeps_the_change_columns_apart() -> None:
    """Each section's change column has its own column of the page's data, after that
    section's tie-breaks, and the next section's columns follow it."""
    path = str(ROOT / "fixtures" / "sjson" / "club_championship.sjson")
    page = lxml.html.fromstring(report(path, "--ratings", "uscf", "-f", "html"))
    data = json.loads(page.get_element_by_id("why-data").text)
    tables = [t for t in page.iter("table") if (t.get("id") or "").endswith("standings")]
    assert len(tables) > 1
    for table in tables:
        cols = [th.get("data-col") for th in table.find("thead").iter("th")
                if th.get("data-col") is not None]
        k = int(cols[-1])
        assert data["c"][k] == "US ±"
        opened = [tr for tr in table.find("tbody").iter("tr")
                  if tr.findall("td")[-1].find("button") is not None]
        assert opened and all(data["p"][tr.get("data-no")][k] is not None for tr in opened)


def test_json_report_explains_the_changes_with_explain() -> None:
    plain = json.loads(report(str(CLUB), "--ratings", "fide", "-f", "json"))
    assert "explanation" not in plain["ratings"]["players"][1]
    doc = json.loads(report(str(CLUB), "--ratings", "fide", "-f", "json", "--explain"))
    assert "explanation" in doc["ratings"]["players"][1]


def test_report_ratings_take_the_rules_and_the_player_data(tmp_path: Path) -> None:
    """``report --ratings`` with ``--rating-rules`` and ``--player-data``, as ``swisstb
    ratings`` has ``--rules`` and ``--player-data`` (rat's leftover of issue 31 item 6)."""
    doc = json.loads(report(str(CLUB), "--ratings", "fide", "--rating-rules", "fide-2022-01",
                            "-f", "json"))
    assert doc["ratings"]["rules"]["edition"] == "fide-2022-01"
    data = tmp_path / "players.csv"
    data.write_text("start_no,name,k\n3,\"Carlsen, Cai\",40\n", encoding="utf-8")
    doc = json.loads(report(str(CLUB), "--ratings", "fide", "--player-data", str(data),
                            "-f", "json"))
    carlsen = doc["ratings"]["players"][2]
    assert carlsen["k"] == "40" and "K 40: given in the player data" in carlsen["notes"]
    text = report(str(CLUB), "--ratings", "fide", "--player-data", str(data))
    line = next(x for x in text.splitlines() if "Carlsen, Cai" in x and x.split()[0] == "4")
    assert line.endswith("-8.80")  # K 40, not the 20 the file's facts give

    def refused(*args: str) -> str:
        out = CliRunner().invoke(cli, ["report", str(CLUB), *args])
        assert out.exit_code == 2, out.output
        return out.output

    assert "--rating-rules goes with --ratings" in refused("--rating-rules", "fide-2024-03")
    assert "--player-data goes with --ratings" in refused("--player-data", str(data))
    assert "is an edition of the US Chess rules" in refused("--ratings", "fide",
                                                            "--rating-rules", "uscf-2025")
    sections = CliRunner().invoke(cli, [
        "report", str(ROOT / "fixtures" / "sjson" / "club_championship.sjson"), "--ratings",
        "uscf", "--player-data", str(data)])
    assert sections.exit_code == 2 and "choose it with --section" in sections.output
    bad = tmp_path / "bad.csv"
    bad.write_text("start_no,k\n99,40\n", encoding="utf-8")
    out = CliRunner().invoke(cli, ["report", str(CLUB), "--ratings", "fide", "--player-data",
                                   str(bad)])
    assert out.exit_code == 1
    assert f"Error: {bad}:2:1: no player with start number 99 in the event" in out.output
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("start_no,name\n2,Somebody Else\n", encoding="utf-8")
    warn = CliRunner().invoke(cli, ["report", str(CLUB), "--ratings", "fide",
                                    "--player-data", str(wrong)])
    assert warn.exit_code == 0
    assert f"{wrong}:2:3: warning: start number 2 is 'Berg, Bo' in the event" in warn.output


def test_report_ratings_uscf_takes_dual_rated() -> None:
    """``report --ratings uscf --dual-rated`` rates as ``ratings --dual-rated`` does: the
    2450 player's K is the dual-rated one (2200-2500), so the change shrinks; the others'
    stay.  Without ``--ratings uscf`` the flag is refused (exit 2)."""
    def line(text: str, name: str) -> str:
        return next(x for x in text.splitlines() if name in x and x.split()[0].isdigit())

    plain = report(str(CLUB), "--ratings", "uscf")
    dual = report(str(CLUB), "--ratings", "uscf", "--dual-rated")
    assert line(plain, "Aronsen, Alma").endswith("-2.416")
    assert line(dual, "Aronsen, Alma").endswith("-0.906")  # K 5.4545, not 14.5455
    assert line(dual, "Berg, Bo") == line(plain, "Berg, Bo")  # 2180: no dual K below 2200
    doc = json.loads(report(str(CLUB), "--ratings", "uscf", "--dual-rated", "-f", "json"))
    assert doc["ratings"]["players"][0]["k"] == "5.4545"
    assert "dual-rated event (--dual-rated): K is smaller above 2200" in \
        doc["ratings"]["rules"]["notes"]
    for args, needle in ((["--dual-rated"], "--dual-rated goes with --ratings uscf"),
                         (["--ratings", "fide", "--dual-rated"],
                          "it goes with --ratings uscf, not --ratings fide")):
        out = CliRunner().invoke(cli, ["report", str(CLUB), *args])
        assert out.exit_code == 2 and needle in out.output, out.output


def test_text_explain_gives_each_change_game_by_game() -> None:
    text = report(str(CLUB), "--ratings", "fide", "-t", "MM", "--explain")
    after = text.split("2 Berg, Bo: 3 pts, place 2\n", 1)[1].splitlines()
    lines = after[:next(n for n, x in enumerate(after) if not x.startswith(" "))]
    start = lines.index("  FIDE ± = +10.80")
    assert lines[start + 1].startswith("    FIDE B.02 §8.3 rating change (fide-2025-10)")
    assert "    R2 D1        13.20  rated 2450: D −270, PD .17, scored ½" in lines
    assert lines[-1].startswith("    4 games, score 3, expected 2.73")
    assert "FIDE ± =" not in report(str(CLUB), "--ratings", "fide", "-t", "MM")
    falk = text.split("6 Falk, Finn: 1.5 pts, place 5\n", 1)[1]  # not rated yet: why
    assert "  FIDE ± = not rated\n    FIDE B.02 §8.2 initial rating" in falk


def _site(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file()}


def test_batch_takes_the_rating_rules_player_data_and_dual_rating(tmp_path: Path) -> None:
    """``batch --ratings`` with ``--rating-rules``, ``--player-data`` and ``--dual-rated``,
    spelled and checked as ``report``'s: the player data applies to every event, a row where
    its start number is a player of its name, and a changed file redoes the events."""
    root, out = tmp_path / "season", tmp_path / "site"
    _season(root)
    data = root / "players.csv"  # in the season folder, but no event of it
    data.write_text("start_no,name,k\n3,\"Carlsen, Cai\",40\n", encoding="utf-8")

    def batch(*args: str) -> str:
        r = CliRunner().invoke(cli, ["batch", str(root), "-o", str(out), "-j", "1", *args])
        assert r.exit_code == 0, r.output
        return r.output

    first = batch("--ratings", "fide", "--rating-rules", "fide-2022-01", "--player-data",
                  str(data))
    assert "2 events: 2 done" in first  # and the season's players.csv is no event:
    assert not any(line.startswith(str(data)) for line in first.splitlines())
    assert f"player data {data}: 1 of 1 rows are this event's players" in first
    for event in ("april", "may"):
        doc = json.loads((out / "events" / f"{event}.trf.json").read_text(encoding="utf-8"))
        assert doc["ratings"]["rules"]["edition"] == "fide-2022-01"
        carlsen = doc["ratings"]["players"][2]
        assert carlsen["k"] == "40" and "K 40: given in the player data" in carlsen["notes"]
    page = (out / "events" / "april.trf.html").read_text(encoding="utf-8")
    assert '<button class="why-open">-8.80</button>' in page  # K 40, not 20: -4.40
    assert "2 events: 0 done, 2 unchanged" in batch(
        "--ratings", "fide", "--rating-rules", "fide-2022-01", "--player-data", str(data))
    data.write_text("start_no,name,k\n3,Someone Else,10\n", encoding="utf-8")
    again = batch("--ratings", "fide", "--rating-rules", "fide-2022-01", "--player-data",
                  str(data))
    assert "2 events: 2 done" in again  # a changed player-data file redoes the events
    assert f"player data {data}: 0 of 1 rows are this event's players" in again
    page = (out / "events" / "april.trf.html").read_text(encoding="utf-8")
    assert '<button class="why-open">-4.40</button>' in page  # K 20: not Someone Else's K
    data.write_text("start_no,name,k\n3,Cai Carlsen,10\n", encoding="utf-8")
    batch("--ratings", "fide", "--rating-rules", "fide-2022-01", "--player-data", str(data))
    page = (out / "events" / "april.trf.html").read_text(encoding="utf-8")
    assert '<button class="why-open">-2.20</button>' in page  # K 10: the same name
    batch("--ratings", "uscf", "--dual-rated", "--glob", "*.trf")
    page = (out / "events" / "april.trf.html").read_text(encoding="utf-8")
    assert '<button class="why-open">-0.906</button>' in page  # -2.416 without
    assert '<button class="why-open">-10.009</button>' in page  # 2180: K as without

    def refused(*args: str) -> str:
        r = CliRunner().invoke(cli, ["batch", str(root), "-o", str(tmp_path / "new"),
                                     *args])
        assert r.exit_code == 2 and not (tmp_path / "new").exists(), r.output
        return r.output

    assert "--dual-rated goes with --ratings uscf" in refused("--dual-rated")
    assert "not --ratings fide" in refused("--ratings", "fide", "--dual-rated")
    assert "--player-data goes with --ratings" in refused("--player-data", str(data))
    assert "is an edition of the US Chess rules" in refused("--ratings", "fide",
                                                            "--rating-rules", "uscf-2025")


def test_batch_refuses_a_bad_player_data_file_before_writing_anything(tmp_path: Path) -> None:
    """A player-data file that cannot be read, or whose rows do not name their players, is
    one located error (exit 1) before the batch writes anything; a named row is used in
    the event that has its player only."""
    root, out = tmp_path / "season", tmp_path / "site"
    _season(root)
    r = CliRunner().invoke(cli, ["batch", str(root), "-o", str(out), "-j", "1",
                                 "--ratings", "fide"])
    assert r.exit_code == 0, r.output
    before = _site(out)
    bad = tmp_path / "bad.csv"
    bad.write_text("start_no,k\n3,99\n", encoding="utf-8")
    for target in (out, tmp_path / "fresh"):
        r = CliRunner().invoke(cli, ["batch", str(root), "-o", str(target), "-j", "1",
                                     "--ratings", "fide", "--player-data", str(bad),
                                     "--force"])
        assert r.exit_code == 1, r.output
        assert f"Error: {bad}:2:3: k '99' is not a FIDE K from 1 to 40" in r.output
    assert _site(out) == before and not (tmp_path / "fresh").exists()
    nine = ROOT / "fixtures" / "trf" / "held_swiss_9.trf"  # nine players
    (root / "nine.trf").write_bytes(nine.read_bytes())
    seven = tmp_path / "seven.csv"
    seven.write_text("start_no,k\n7,20\n", encoding="utf-8")  # no names: refused up front
    r = CliRunner().invoke(cli, ["batch", str(root), "-o", str(out), "-j", "1",
                                 "--ratings", "fide", "--player-data", str(seven)])
    assert r.exit_code == 1, r.output
    assert (f"Error: {seven}:2:1: start number 7 without a name: a player-data file for "
            "several events or sections needs each row's name") in r.output
    assert _site(out) == before
    seven.write_text("start_no,name,k\n7,Genevieve,20\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["batch", str(root), "-o", str(out), "-j", "1",
                                 "--ratings", "fide", "--player-data", str(seven)])
    assert r.exit_code == 0, r.output  # start number 7 is nine.trf's Genevieve only
    assert f"player data {seven}: 0 of 1 rows are this event's players" in r.output
    assert f"player data {seven}: 1 of 1 rows are this event's players" in r.output
    assert "3 events: 3 done, 0 unchanged, 0 failed" in r.output
    assert "K 20: given in the player data" in (out / "events" / "nine.trf.json").read_text(
        encoding="utf-8")


def _renumbered(text: str, swap: dict[int, int]) -> str:
    """A TRF event with the start numbers of ``swap`` exchanged (columns 5-8 of a player
    line and the opponent of each round, columns 92-95, 102-105 …): the same games, the
    players numbered afresh, as the next event of a season numbers them."""
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            cells = list(line)
            for start in [4, *range(91, len(line), 10)]:
                number = int(line[start:start + 4])
                cells[start:start + 4] = f"{swap.get(number, number):>4}"
            line = "".join(cells)
        lines.append(line)
    return "\n".join(lines) + "\n"


def _own_season(root: Path) -> None:
    """April and May with the same games, Carlsen 3 and Dahl 4 in April, Carlsen 4 and
    Dahl 3 in May, each with its own player data beside it: Carlsen's K 40 in April, 10 in
    May (the file's facts give him 20: -4.40)."""
    root.mkdir()
    april = CLUB.read_text(encoding="utf-8")
    (root / "april.trf").write_text(april, encoding="utf-8")
    may = _renumbered(april.replace("042 2026/04/10", "042 2026/05/10"), {3: 4, 4: 3})
    (root / "may.trf").write_text(may, encoding="utf-8")
    (root / "april.players.csv").write_text("start_no,name,k\n3,\"Carlsen, Cai\",40\n",
                                            encoding="utf-8")
    (root / "may.players.csv").write_text("start_no,name,k\n4,\"Carlsen, Cai\",10\n",
                                          encoding="utf-8")


def _carlsen(out: Path, event: str) -> tuple[str, str]:
    """Carlsen's K in the event's JSON report and his change on its HTML page."""
    doc = json.loads((out / "events" / f"{event}.trf.json").read_text(encoding="utf-8"))
    by_no = {s["start_no"]: s["name"] for s in doc["standings"]}
    player = next(p for p in doc["ratings"]["players"] if by_no[p["start_no"]] == "Carlsen, Cai")
    page = (out / "events" / f"{event}.trf.html").read_text(encoding="utf-8")
    changes = {"40": "-8.80", "20": "-4.40", "10": "-2.20"}
    assert f'<button class="why-open">{changes[player["k"]]}</button>' in page
    return player["k"], changes[player["k"]]


def _run(root: Path, out: Path, *args: str, code: int = 0) -> str:
    r = CliRunner().invoke(cli, ["batch", str(root), "-o", str(out), "-j", "1", *args])
    assert r.exit_code == code, r.output
    return r.output


def test_batch_reads_each_events_own_player_data_beside_it(tmp_path: Path) -> None:
    """``batch --ratings`` without ``--player-data``: each event's ``<event>.players.csv``
    is its player data, by its own start numbers (Carlsen is 3 in April, 4 in May), and
    is no event of the season."""
    root, out = tmp_path / "season", tmp_path / "site"
    _own_season(root)
    first = _run(root, out, "--ratings", "fide")
    assert "2 events: 2 done, 0 unchanged, 0 failed" in first
    assert "players.csv" not in first  # neither an event nor a warning
    assert _carlsen(out, "april") == ("40", "-8.80")
    assert _carlsen(out, "may") == ("10", "-2.20")
    assert sorted(p.name for p in (out / "events").glob("*.json")) == [
        "april.trf.json", "april.trf.summary.json", "may.trf.json", "may.trf.summary.json"]


def test_a_players_csv_is_never_an_event(tmp_path: Path) -> None:
    """Without ``--ratings`` the player data beside an event is not read (a bad one fails
    nothing) and is still no event, whatever ``--glob`` asks for."""
    root, out = tmp_path / "season", tmp_path / "site"
    _own_season(root)
    (root / "may.players.csv").write_text("start_no,k\n4,99\n", encoding="utf-8")
    (root / "June.Players.CSV").write_text("start_no,k\n1,20\n", encoding="utf-8")
    assert "2 events: 2 done, 0 unchanged, 0 failed" in _run(root, out)
    doc = json.loads((out / "events" / "may.trf.json").read_text(encoding="utf-8"))
    assert "ratings" not in doc
    nothing = _run(root, tmp_path / "none", "--glob", "*.csv", code=2)
    assert "no tournament file found" in nothing
    from swisstb_io.batch import discover

    assert [p.name for p in discover(root)] == ["april.trf", "may.trf"]


def test_a_bad_player_data_file_beside_an_event_fails_that_event_only(tmp_path: Path) -> None:
    """A bad ``<event>.players.csv`` fails its event with the located error (the file, the
    row and the column), as a bad ``<event>.prizes.toml`` does; the other event goes on.  A
    name that is not the event's player is a warning on the event's line."""
    root, out = tmp_path / "season", tmp_path / "site"
    _own_season(root)
    bad = root / "may.players.csv"
    bad.write_text("start_no,name,k\n4,\"Carlsen, Cai\",99\n", encoding="utf-8")
    (root / "april.players.csv").write_text("start_no,name,k\n3,Somebody Else,40\n",
                                            encoding="utf-8")
    text = _run(root, out, "--ratings", "fide", code=1)
    assert (f"may.trf: error: player data {bad}:2:18: k '99' is not a FIDE K from 1 to 40"
            in text)
    assert (f"{root / 'april.players.csv'}:2:3: warning: start number 3 is 'Carlsen, Cai' "
            "in the event") in text
    assert "2 events: 1 done, 0 unchanged, 1 failed" in text
    assert _carlsen(out, "april") == ("40", "-8.80")
    assert not (out / "events" / "may.trf.html").exists()


def test_a_changed_player_data_file_beside_an_event_redoes_that_event_only(
        tmp_path: Path) -> None:
    """The bytes of an event's own player data are part of its digest: unchanged, the
    event is skipped; changed, added or removed, that event alone is done again."""
    root, out = tmp_path / "season", tmp_path / "site"
    _own_season(root)
    assert "2 events: 2 done" in _run(root, out, "--ratings", "fide")
    assert "2 events: 0 done, 2 unchanged" in _run(root, out, "--ratings", "fide")
    (root / "may.players.csv").write_text("start_no,k\n4,40\n", encoding="utf-8")
    again = _run(root, out, "--ratings", "fide")
    assert "may.trf: ok" in again and "april.trf: skipped" in again
    assert "2 events: 1 done, 1 unchanged" in again
    assert _carlsen(out, "may") == ("40", "-8.80")
    (root / "april.players.csv").unlink()
    gone = _run(root, out, "--ratings", "fide")
    assert "april.trf: ok" in gone and "may.trf: skipped" in gone
    assert _carlsen(out, "april") == ("20", "-4.40")  # the file's facts again


def test_player_data_given_overrides_the_files_beside_the_events(tmp_path: Path) -> None:
    """``--player-data FILE`` applies to every event, and the files beside the events are
    not read (a bad one fails nothing; changing one redoes nothing), as ``--prizes``
    overrides the prize files beside them."""
    root, out = tmp_path / "season", tmp_path / "site"
    _own_season(root)
    given = tmp_path / "everyone.csv"
    given.write_text("start_no,name,k\n4,\"Carlsen, Cai\",40\n", encoding="utf-8")
    (root / "april.players.csv").write_text("start_no,k\n3,99\n", encoding="utf-8")
    text = _run(root, out, "--ratings", "fide", "--player-data", str(given))
    assert "2 events: 2 done, 0 unchanged, 0 failed" in text
    assert f"player data {given}: 0 of 1 rows are this event's players" in text  # April
    assert _carlsen(out, "april") == ("20", "-4.40")  # 4 is Dahl in April
    assert _carlsen(out, "may") == ("40", "-8.80")
    (root / "may.players.csv").write_text("start_no,k\n4,10\n", encoding="utf-8")
    assert "2 events: 0 done, 2 unchanged" in _run(root, out, "--ratings", "fide",
                                                   "--player-data", str(given))


def test_the_player_data_beside_a_file_of_sections_goes_to_each_section(
        tmp_path: Path) -> None:
    """A file of several sections has one ``<event>.players.csv``, for each of its sections
    (as its prize file goes to each, unless it names one).  Each section numbers its
    players afresh, so every row must name its player, and is used in the section that
    has a player of that start number and name."""
    root, out = tmp_path / "season", tmp_path / "site"
    root.mkdir()
    club = ROOT / "fixtures" / "sjson" / "club_championship.sjson"
    (root / "club.sjson").write_bytes(club.read_bytes())
    data = root / "club.players.csv"
    data.write_text("start_no,uscf_games\n3,30\n", encoding="utf-8")
    text = _run(root, out, "--ratings", "uscf", code=1)
    assert (f"club.sjson: error: player data {data}:2:1: start number 3 without a name: a "
            "player-data file for several events or sections needs each row's name") in text
    assert "2 events: 0 done, 0 unchanged, 2 failed" in text
    data.write_text("start_no,name,uscf_games\n3,\"Moreau, Léon\",30\n", encoding="utf-8")
    text = _run(root, out, "--ratings", "uscf")
    assert f"player data {data}: 1 of 1 rows are this event's players" in text  # section 1
    assert f"player data {data}: 0 of 1 rows are this event's players" in text  # section 2
    one = json.loads((out / "events" / "club.sjson.section1.json").read_text(encoding="utf-8"))
    moreau = next(p for p in one["ratings"]["players"] if p["start_no"] == 3)
    assert any("rating based on 30 games (player data)" in n for n in moreau["notes"])
    two = json.loads((out / "events" / "club.sjson.section2.json").read_text(encoding="utf-8"))
    khan = next(p for p in two["ratings"]["players"] if p["start_no"] == 3)
    assert not any("player data" in n for n in khan["notes"])
