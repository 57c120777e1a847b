"""``swisstb ratings``: every output format, the JSON contract, options that make no sense,
and the player-data file's located errors."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from swisstb_io.cli import cli
from swisstb_io.rating_change import PlayerDataError, parse_player_data

ROOT = Path(__file__).resolve().parent.parent
CLUB = str(ROOT / "fixtures" / "ratings" / "club_rr.trf")
SPRING = str(ROOT / "fixtures" / "swisssys_csv" / "spring_open.csv")
FIELDS = ["start_no", "name", "rating", "k", "games", "score", "expected", "change",
          "new_rating", "performance", "notes"]


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["ratings", *args], catch_exceptions=False)


def test_text_table_and_notes() -> None:
    out = run(CLUB, "--system", "fide")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0] == "Rating changes (FIDE): Lillehammer Club Round Robin"
    assert "fide-2025-10: the event started 2026-04-10" in lines[2]
    row = next(x for x in lines if x.startswith(" 2  Berg, Bo"))
    assert row.split()[3:] == ["2180", "40", "4", "3", "2.73", "+10.80", "2191", "2193"]
    assert "  round 2 (X6): forfeit win: not played (§5.1)" in lines
    assert any("not rated yet: needs 1 more game against rated opponents" in x for x in lines)
    assert "Explanations" not in lines


def test_explain_prints_each_game() -> None:
    out = run(CLUB, "--system", "fide", "--explain")
    text = out.output
    assert "\nExplanations\n" in text
    block = text[text.index("2 Berg, Bo: 2180, K 40"):]
    assert "  Change = +10.80" in block
    assert "    R2 D1        13.20  rated 2450: D −270, PD .17, scored ½" in block
    assert "    R3 L6                [dropped: opponent unrated: not counted (§8.3.1)]" in block


def test_json_contract() -> None:
    out = run(CLUB, "--system", "fide", "-f", "json")
    doc = json.loads(out.output)
    assert list(doc) == ["schema", "system", "rules", "players"]
    assert doc["schema"] == "swisstb-ratings/1" and doc["system"] == "fide"
    assert doc["rules"]["edition"] == "fide-2025-10" and doc["rules"]["why"]
    assert [list(p) for p in doc["players"]] == [FIELDS] * 6
    berg = doc["players"][1]
    assert {k: berg[k] for k in FIELDS[:-1]} == {
        "start_no": 2, "name": "Berg, Bo", "rating": 2180, "k": "40", "games": 4,
        "score": "3", "expected": "2.73", "change": "10.80", "new_rating": 2191,
        "performance": 2193}
    falk = doc["players"][5]
    assert (falk["rating"], falk["k"], falk["change"], falk["new_rating"]) == (None, None,
                                                                              None, None)


def test_json_explain_adds_each_players_explanation() -> None:
    doc = json.loads(run(CLUB, "--system", "fide", "-f", "json", "--explain").output)
    rounds = doc["players"][1]["explanation"]["rounds"]
    assert [r["value"] for r in rounds] == ["3.20", "13.20", None, "8.80", "-14.40"]
    assert sum(Decimal(r["value"]) for r in rounds if r["value"]) == Decimal("10.80")


def test_us_chess_json_numbers() -> None:
    doc = json.loads(run(SPRING, "--system", "uscf", "-f", "json").output)
    assert doc["rules"]["edition"] == "uscf-2025"
    alpha = doc["players"][0]
    assert (alpha["k"], alpha["expected"], alpha["change"]) == ("20.1411", "3.4810", "-19.759")
    gamma = doc["players"][2]
    assert (gamma["rating"], gamma["change"], gamma["new_rating"]) == (None, None, 1500)
    assert "provisional rating from 3 games" in gamma["notes"]


@pytest.mark.parametrize("fmt", ["md", "csv", "html"])
def test_other_formats(fmt: str, tmp_path: Path) -> None:
    out_path = tmp_path / f"club.{fmt}"
    out = run(CLUB, "--system", "fide", "-f", fmt, "-o", str(out_path))
    assert out.exit_code == 0, out.output
    text = out_path.read_text(encoding="utf-8")
    assert "+10.80" in text or "10.80" in text
    if fmt == "csv":
        assert text.splitlines()[0] == ",".join(FIELDS)
    if fmt == "html":
        assert '<th scope="col" class="num" data-type="num" data-first="desc" data-col="0">' in text
        assert '<button class="why-open">+10.80</button>' in text
        data = json.loads(text.split('id="why-data">')[1].split("</script>")[0])
        assert data["c"] == ["Change", "New rating"]
        assert data["p"]["6"][0] is None and data["p"]["6"][1] is not None
        assert "swisstb ratings --system fide club_rr.trf --explain" in text


def test_usage_errors() -> None:
    assert run(CLUB).exit_code == 2  # --system is required
    bad = run(CLUB, "--system", "fide", "--rules", "uscf-2025")
    assert bad.exit_code == 2 and "is an edition of the US Chess rules" in bad.output
    assert run(CLUB, "--system", "fide", "-f", "md", "--explain").exit_code == 2
    dual = run(CLUB, "--system", "fide", "--dual-rated")  # a US Chess rule
    assert dual.exit_code == 2 and "goes with --system uscf, not --system fide" in dual.output
    assert "K is smaller above 2200" in run(CLUB, "--system", "uscf", "--dual-rated").output
    sections = run(str(ROOT / "fixtures" / "sjson" / "club_championship.sjson"),
                   "--system", "uscf")
    assert sections.exit_code == 2 and "choose one with --section" in sections.output
    one = run(str(ROOT / "fixtures" / "sjson" / "club_championship.sjson"), "--system",
              "uscf", "--section", "1")
    assert one.exit_code == 0, one.output


def test_player_data_changes_k_and_says_so(tmp_path: Path) -> None:
    csv_path = tmp_path / "players.csv"
    csv_path.write_text("start_no,name,k,uscf_games\n3,\"Carlsen, Cai\",40,\n", encoding="utf-8")
    out = run(CLUB, "--system", "fide", "--player-data", str(csv_path), "-f", "json")
    assert out.exit_code == 0
    doc = json.loads(out.stdout)
    assert doc["players"][2]["k"] == "40"
    assert "K 40: given in the player data" in doc["players"][2]["notes"]
    assert any("uscf_games are for the other system" in n for n in doc["rules"]["notes"])


def test_player_data_errors_are_located(tmp_path: Path) -> None:
    csv_path = tmp_path / "players.csv"
    csv_path.write_text("start_no,k\n1,20\n99,40\n", encoding="utf-8")
    out = CliRunner().invoke(cli, ["ratings", CLUB, "--system", "fide", "--player-data",
                                   str(csv_path)])
    assert out.exit_code == 1
    assert f"Error: {csv_path}:3:1: no player with start number 99 in the event" in out.output
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("start_no,name\n2,Somebody Else\n", encoding="utf-8")
    warn = CliRunner().invoke(cli, ["ratings", CLUB, "--system", "fide", "--player-data",
                                    str(wrong)])
    assert warn.exit_code == 0
    assert f"{wrong}:2:3: warning: start number 2 is 'Berg, Bo' in the event" in warn.output


@pytest.mark.parametrize(("text", "where", "message"), [
    ("", "1:1", "the player-data file is empty"),
    ("start_no,kk\n", "1:10", "unknown column 'kk'"),
    ("k\n20\n", "1:1", "no start_no column"),
    ("start_no,k,k\n", "1:12", "column 'k' appears twice"),
    ("start_no,k\n1,41\n", "2:3", "k '41' is not a FIDE K from 1 to 40"),
    ("start_no,k\n1,x\n", "2:3", "k 'x' is not a FIDE K"),
    ("start_no,ever_2400\n1,maybe\n", "2:3", "ever_2400 'maybe' is not yes or no"),
    ("start_no,uscf_history\n1,all\n", "2:3", "uscf_history 'all' is not wins, losses"),
    ("start_no,k\n1,20\n1,10\n", "3:1", "start number 1 again (first on line 2)"),
    ("start_no,k\n,20\n", "2:1", "the row has no start_no"),
    ("start_no,k\n1,20,3\n", "2:6", "3 cells but 2 columns"),
    ('start_no,name\n1,"Ash, Al\n', "2:3", "a quoted cell is not closed"),
    ("start_no,uscf_start,uscf_games\n1,1500,12\n", "2:8", "uscf_games 12 with uscf_start"),
    ("start_no,birth_year\n1,1850\n", "2:3", "birth_year '1850' is not a year"),
])
def test_player_data_file_errors(text: str, where: str, message: str) -> None:
    with pytest.raises(PlayerDataError) as err:
        parse_player_data(text.encode(), "p.csv")
    assert str(err.value).startswith(f"p.csv:{where}: {message}")


def test_uscf_start_is_for_unrated_players(tmp_path: Path) -> None:
    csv_path = tmp_path / "players.csv"
    csv_path.write_text("start_no,uscf_start\n1,1800\n", encoding="utf-8")
    out = CliRunner().invoke(cli, ["ratings", SPRING, "--system", "uscf", "--player-data",
                                   str(csv_path)])
    assert out.exit_code == 1
    assert f"{csv_path}:2:3: start number 1 has a US Chess rating (2150)" in out.output
