"""What every format says around the values (issue 32, items 12 and 13): the rule edition
and system reasons once per report, not under every explained value; the event's dates in
the text report too; ``--after-round N``'s heading in every format; ``--labels`` and the
default labels the same in every format, the text report's included."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import lxml.html
import pytest
from click.testing import CliRunner

from swisstb_io.cli import cli

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SWISS9 = str(FIXTURES / "trf" / "held_swiss_9.trf")
SPRING = str(FIXTURES / "swisssys_csv" / "spring_open.csv")
HELD_TEAM = str(FIXTURES / "team" / "held_team_2026.trf")

EDITION = "FIDE C.07 2024 rules: event started 2024-08-01 (before 2026-03-01)"
SYSTEM = "Swiss (default; the file does not say; use --system round-robin)"


def run(*args: str) -> str:
    res = CliRunner().invoke(cli, ["report", *args])
    assert res.exit_code == 0, res.output
    return res.stdout


# --------------------------------------------------------------------------- item 12


def test_explain_says_the_edition_and_the_system_once() -> None:
    """16 players, 2 tie-breaks: the two reasons once, in the report's head, and in none of
    the 32 explanations (each of which still cites its article and edition)."""
    text = run(SWISS9, "-t", "BH/C1,SB", "--explain")
    lines = text.splitlines()
    assert lines.count(EDITION) == 1 and lines.count(SYSTEM) == 1
    assert lines.index(EDITION) < lines.index("Explanations")
    assert sum("FIDE C.07 §8.1 Buchholz (2024 rules)" in line for line in lines) == 16
    # per player its line, and per value its own, the rule's and the 9 rounds' (432 lines
    # when each of the 32 values repeated both reasons)
    assert len(lines) - lines.index("Explanations") - 1 == 16 * (1 + 2 * 11)

    doc = json.loads(run(SWISS9, "-t", "BH/C1,SB", "--explain", "-f", "json"))
    assert doc["decisions"]["fide_rules_reason"] == EDITION
    notes = [n for entry in doc["standings"] for e in entry["explain"].values()
             for n in e["notes"]]
    assert EDITION not in notes and SYSTEM not in notes

    page = run(SWISS9, "-t", "BH/C1,SB", "-f", "html")
    data = json.loads(lxml.html.fromstring(page).get_element_by_id("why-data").text)
    assert EDITION not in data["s"] and SYSTEM not in data["s"]
    assert page.count(EDITION) == 1  # in the page's notes


def test_a_team_report_says_the_edition_once() -> None:
    text = run(HELD_TEAM, "--explain")
    edition = "FIDE C.07 2026 rules: event started 2026-06-01 (on or after 2026-03-01)"
    assert sum(edition in line for line in text.splitlines()) == 1
    assert "Team explanations" in text


# --------------------------------------------------------------------------- item 13


def test_the_text_report_gives_the_event_dates() -> None:
    assert run(SPRING).splitlines()[:2] == ["Gainesville Spring Swiss",
                                            "Dates: 2026-03-28 to 2026-03-29"]
    assert run(SWISS9).splitlines()[1] == "Dates: 2024-08-01"
    assert run(HELD_TEAM).splitlines()[1] == "Dates: 2026-06-01 to 2026-06-07"
    # the same dates in every format that has a header, in one notation
    assert "- **Dates:** 2026-06-01 to 2026-06-07" in run(HELD_TEAM, "-f", "md")
    assert "<dt>Dates</dt><dd>2026-06-01 to 2026-06-07</dd>" in run(HELD_TEAM, "-f", "html")
    event = json.loads(run(HELD_TEAM, "-f", "json"))["event"]
    assert (event["start_date"], event["end_date"]) == ("2026-06-01", "2026-06-07")


def _heading(fmt: str, out: str) -> str | None:
    """The "after round" heading of a report in ``fmt``, as that format writes it."""
    if fmt == "json":
        after = json.loads(out)["event"]["after_round"]
        return None if after is None else f"after round {after}"
    if fmt == "html":
        heads = [h.text_content() for h in lxml.html.fromstring(out).iter("h2")]
        found = [h for h in heads if "after round" in h]
    else:
        found = [line for line in out.splitlines() if "after round" in line]
    assert len(found) <= 1, found
    return found[0] if found else None


@pytest.mark.parametrize("fmt", ["text", "md", "csv", "json", "html"])
def test_after_round_is_a_heading_in_every_format(fmt: str) -> None:
    expected = {"text": "Standings after round 4 of 9", "md": "## Standings after round 4 of 9",
                "csv": "# Standings after round 4 of 9", "json": "after round 4",
                "html": "Standings after round 4 of 9"}[fmt]
    out = run(SWISS9, "-t", "BH/C1,SB", "--after-round", "4", "-f", fmt)
    assert _heading(fmt, out) == expected
    assert _heading(fmt, run(SWISS9, "-t", "BH/C1,SB", "-f", fmt)) is None
    if fmt == "csv":  # the heading line, then the table as always
        assert out.splitlines()[1].startswith("Place,No,Name")
    team = run(HELD_TEAM, "--after-round", "3", "-f", fmt)
    team_heading = _heading(fmt, team)
    assert team_heading is not None and team_heading.endswith("after round 3" + (
        "" if fmt == "json" else " of 7"))
    assert fmt == "json" or "Team standings" in team_heading


def _labels(fmt: str, out: str) -> list[str]:
    """The tie-break headers of the standings table (after Points) in ``fmt``."""
    if fmt == "text":
        head = next(line for line in out.splitlines() if line.startswith("Pl No"))
        return head.split()[5:]
    if fmt == "md":
        head = next(line for line in out.splitlines() if line.startswith("| Place"))
        return [c.strip() for c in head.strip("|").split("|")][5:]
    if fmt == "csv":
        return next(csv.reader(io.StringIO(out)))[6:]
    doc = lxml.html.fromstring(out)
    table = doc.get_element_by_id("standings")
    return [th.text_content().strip() for th in table.iter("th")
            if th.get("data-col") is not None]


@pytest.mark.parametrize(("labels", "expected"), [
    (None, ["ModMed", "Solk", "Cum", "OppCum"]),
    ("MM=M,SOLK=S", ["M", "S", "Cum", "OppCum"]),
    ("key", ["MM", "SOLK", "CUM", "OPPCUM"]),
])
def test_labels_are_the_same_in_every_format(labels: str | None, expected: list[str]) -> None:
    option = [] if labels is None else ["--labels", labels]
    for fmt in ("text", "md", "csv", "html"):
        assert _labels(fmt, run(SPRING, *option, "-f", fmt)) == expected, fmt
    text = run(SPRING, *option, "--explain", "--group", "rating:<1800,1800+")
    assert re.search(rf"^  {re.escape(expected[0])} = 5\.5$", text, re.M)  # explanations
    group = text.split("Under 1800 (3 players)\n", 1)[1].splitlines()[0]
    assert group.split()[5:] == expected  # the group tables too
    legend = text.split("Tie-breaks:\n", 1)[1].splitlines()[:4]
    assert [line.split()[0] for line in legend] == expected
