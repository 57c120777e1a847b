"""What every format says around the values (issue 32, item 12): the rule edition and
system reasons once per report, not under every explained value."""

from __future__ import annotations

import json
from pathlib import Path

import lxml.html
from click.testing import CliRunner

from swisstb_io.cli import cli

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SWISS9 = str(FIXTURES / "trf" / "held_swiss_9.trf")
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
