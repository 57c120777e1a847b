"""``report --ratings`` and ``batch --ratings``: the change column in the standings of
every format, the swisstb-ratings/1 document in the JSON report, and on a season's player
pages the rating after each event (the events table and a line of the chart)."""

from __future__ import annotations

import json
import re
from pathlib import Path

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
    ("html", '<td class="num">+10.80</td>')])
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
    assert "FIDE ±" in page and '<td class="num">+10.80</td>' in page
    doc = json.loads((out / "events" / "april.trf.json").read_text(encoding="utf-8"))
    assert doc["ratings"]["schema"] == "swisstb-ratings/1"
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


def test_a_team_event_with_ratings_reports_its_board_players() -> None:
    team = ROOT / "fixtures" / "team" / "held_team_2026.trf"
    text = report(str(team), "--ratings", "fide")
    assert "FIDE ±" in text
    out = CliRunner().invoke(cli, ["report", str(team), "--ratings", "fide", "--view", "team"])
    assert out.exit_code == 2 and "--ratings gives the board players' rating changes" in out.output
