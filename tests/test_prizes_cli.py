"""``swisstb prizes``: every output format, the ``swisstb-prizes/1`` JSON contract, errors
and exit codes, and renumbering an event file."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io import api
from swisstb_io.cli import cli

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "fixtures" / "prizes"


def run(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["prizes", *args], input=stdin, prog_name="swisstb")
    return result.exit_code, result.stdout, result.stderr


def ex(name: str) -> list[str]:
    return [str(FIX / f"{name}.csv"), "--prizes", str(FIX / f"{name}.toml")]


def test_text_has_awards_players_items_unawarded_and_total() -> None:
    code, out, _ = run(*ex("f192"))
    assert code == 0
    for heading in ("Awards", "Items", "Players", "Not awarded", "Explanations"):
        assert (f"\n{heading}\n" in out) == (heading != "Items"), heading
    assert "Total paid $72.00 of $92.00 ($20.00 not paid" in out
    assert "1st class-de" in out and "no eligible player finished (32C3)" in out


def test_json_contract() -> None:
    code, out, _ = run(*ex("example1"), "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["schema"] == "swisstb-prizes/1"
    assert set(doc) == {"schema", "event", "settings", "fund", "awards", "items", "teams",
                        "not_awarded", "players", "explanations"}
    assert doc["event"]["tiebreaks"] == ["CUM"]
    assert doc["fund"] == {"mode": "guaranteed", "announced": "1150", "factor": "1",
                           "entries": 7, "note": "guaranteed: every prize in full",
                           "owed": "1150.00", "paid": "1150.01", "difference": "0.01"}
    pool = doc["awards"][1]
    assert [p["label"] for p in pool["prizes"]] == ["2nd place", "3rd place", "1st u1800"]
    assert pool["points"] == "9/2" and pool["rule"] == "32B3" and pool["total"] == "650.00"
    assert [(s["name"], s["exact"], s["paid"]) for s in pool["shares"]] == [
        ("B", "650/3", "216.67"), ("C", "650/3", "216.67"), ("D", "650/3", "216.67")]
    assert doc["items"][1]["item"] == "Top U1800 trophy" and doc["items"][1]["name"] == "D"
    opts = {o["name"]: o for o in doc["settings"]["options"]}
    assert opts["carve_out"] == {"name": "carve_out", "value": "largest-gain",
                                 "default": True,
                                 "about": "§7.2: which 32B3 exception wins when several "
                                          "qualify"}
    player_d = doc["players"][3]
    assert player_d["cash"] == "216.67" and player_d["items"] == ["Top U1800 trophy"]


def test_markdown_csv_and_html() -> None:
    _, md, _ = run(*ex("example3"), "-f", "md")
    assert md.startswith("# Prize list: Example 3\n")
    assert "| 1st main + 2nd main | €180.00 | 8 | 1 A | €95.00 |" in md
    _, text, _ = run(*ex("example3"), "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["name"], r["paid"]) for r in rows][:6] == [
        ("A", "95.00"), ("B", "85.00"), ("C", "60.00"), ("D", "31.67"), ("E", "21.67"),
        ("F", "16.66")]
    _, page, _ = run(*ex("example3"), "-f", "html")
    assert page.startswith("<!DOCTYPE html>") and "<td>Nord</td>" in page
    assert "€31.67" in page


def test_output_file_and_stdin(tmp_path: Path) -> None:
    out = tmp_path / "prizes.json"
    code, _, _ = run(*ex("example2"), "-f", "json", "-o", str(out))
    assert code == 0 and json.loads(out.read_text(encoding="utf-8"))["fund"]["paid"]
    data = (FIX / "example2.csv").read_bytes()
    code, text, _ = run("-", "--from", "swisssys-csv", "--prizes", str(FIX / "example2.toml"),
                        stdin=data)
    assert code == 0 and "$1,266.67" in text


def test_bad_prize_file_is_path_line_col_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('schema = "swisstb-prizes/1"\n[event]\nsystem = "usa"\n', encoding="utf-8")
    code, _, err = run(str(FIX / "example1.csv"), "--prizes", str(bad))
    assert code == 1
    assert err.startswith(f"Error: {bad}:3:1: system must be one of \"uscf\", \"fide\"")
    assert "Traceback" not in err


def test_usage_errors_exit_2() -> None:
    code, _, err = run(str(FIX / "example1.csv"))
    assert code == 2 and "--prizes" in err
    code, _, err = run(*ex("example1"), "--playoff", "99")
    assert code == 2 and "no player with start number 99" in err
    code, _, _ = run(*ex("example1"), "--tiebreaks", "NOPE")
    assert code == 2


def test_tiebreaks_option_reorders_trophies_not_cash() -> None:
    _, by_cum, _ = run(*ex("example2"), "-f", "json")
    _, by_play, _ = run(*ex("example2"), "-f", "json", "-t", "LOT",
                        "--playoff", "8,7,6,5,4,3,2,1")
    a, b = json.loads(by_cum), json.loads(by_play)
    cash_a = {p["name"]: p["cash"] for p in a["players"]}
    cash_b = {p["name"]: p["cash"] for p in b["players"]}
    assert cash_a == cash_b
    plaque = {i["item"]: i["name"] for i in b["items"]}["Top U1700 plaque"]
    assert plaque == "H"


@pytest.mark.parametrize("name", ["example1", "example2", "example3", "immitt"])
def test_renumbering_the_event_changes_nothing(name: str, tmp_path: Path) -> None:
    lines = (FIX / f"{name}.csv").read_text(encoding="utf-8").splitlines()
    body = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    n = len(body)
    for k, i in enumerate(body):
        lines[i] = f"{n - k}," + lines[i].split(",", 1)[1]
    renumbered = tmp_path / f"{name}.csv"
    renumbered.write_text("\n".join(lines) + "\n", encoding="utf-8")
    prizes = str(FIX / f"{name}.toml")

    def by_name(path: str) -> list[tuple[str, str, list[str], list[str]]]:
        doc = json.loads(run(path, "--prizes", prizes, "-f", "json")[1])
        return sorted((p["name"], p["cash"], p["prizes"], p["items"]) for p in doc["players"])

    assert by_name(str(renumbered)) == by_name(str(FIX / f"{name}.csv"))


EVENTS = sorted(p for pattern in ("trf/*.trf", "swisssys_csv/*.csv", "sjson/*.sjson",
                                  "xml/*.xml", "chess-json/*.jch", "uscf/t1*.trf")
                for p in (ROOT / "fixtures").glob(pattern)
                if p.name != "echecs_grandmommyscup.trf")  # declares unknown tie-breaks


@pytest.mark.parametrize("style", ["us", "fide"])
def test_every_fixture_event_gets_a_prize_list(style: str) -> None:
    assert len(EVENTS) > 30
    for event in EVENTS:
        several = len(api.load(event).sections) > 1  # a file of sections: choose one
        code, out, err = run(str(event), "--prizes", str(FIX / "smoke" / f"{style}.toml"),
                             "-f", "json", *(["--section", "1"] if several else []))
        assert code == 0, f"{event}: {err}"
        doc = json.loads(out)
        shares = [s for a in doc["awards"] for s in a["shares"] if a["rule"] != "points"]
        exclusive = [s["start_no"] for a in doc["awards"] for s in a["shares"]
                     if a["prizes"][0]["group"] in ("place", "u1800", "u2000", "unr", "women")]
        assert len(exclusive) == len(set(exclusive)), event  # one cash prize per player
        slack = len(shares) * Decimal("0.01")  # rounding up: at most one cent a share
        assert Decimal(doc["fund"]["paid"]) <= Decimal(doc["fund"]["owed"]) + slack, event


def test_the_prize_files_section_picks_a_section(tmp_path: Path) -> None:
    event = str(ROOT / "fixtures" / "sjson" / "club_championship.sjson")
    prizes = tmp_path / "p.toml"
    text = ('schema = "swisstb-prizes/1"\n[event]\nsection = "Reserve"\n'
            '[[group]]\nid = "place"\nkind = "place"\ncash = [100]\n')
    prizes.write_text(text, encoding="utf-8")
    reserve = json.loads(run(event, "--prizes", str(prizes), "-f", "json")[1])
    same = json.loads(run(event, "--prizes", str(prizes), "-f", "json", "--section", "2")[1])
    assert len(reserve["players"]) == len(same["players"]) == 4
    code, _, err = run(event, "--prizes", str(prizes), "-f", "json", "--section", "1")
    assert code == 2 and "--section 1 is not the section the prize file names" in err
    prizes.write_text(text.replace("Reserve", "Open"), encoding="utf-8")
    code, _, err = run(event, "--prizes", str(prizes))
    assert code == 1 and err.startswith(f"Error: {prizes}:3:1: [event] section 'Open' is not")
    # a file of one section is that section
    assert run(str(FIX / "example1.csv"), "--prizes", str(prizes))[0] == 0


def test_names_cannot_inject_into_a_terminal_or_a_spreadsheet() -> None:
    from swisstb_io.prizes import Entrant, award, parse_prize_file
    from swisstb_io.prizes.render_tables import document, to_csv, to_md, to_text

    pf = parse_prize_file('schema = "swisstb-prizes/1"\n[[group]]\nid = "place"\n'
                          'kind = "place"\ncash = [10]\n')
    r = award([Entrant(1, "=HYPERLINK(1)\x1b[31m\nFake line", Fraction(1), 1)], pf)
    text = to_text(document(r))
    assert "\x1b" not in text and "\\x1b" in text and "\nFake line" not in text
    assert "'=HYPERLINK" in to_csv(r)
    assert "\nFake line" not in to_md(document(r))
