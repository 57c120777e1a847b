"""The team header speaks to directors (issue 28 item 7): the pairing system by its name,
never its 192 code; a 299 default line as what it set, where and why; the text team
report lists its tie-breaks with their names and rules, as the HTML page does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io.cli import cli
from swisstb_io.pairing_systems import pairing_system_name

FIX = Path(__file__).resolve().parent.parent / "fixtures"
GRANDMOMMY = FIX / "trf" / "echecs_grandmommyscup.trf"  # 192 FIDE_TEAM_BAKU
ALL_299 = FIX / "trf" / "sharlybbp_team_299_all.trf"  # 299 -   1.0 (no round, no team)


@pytest.mark.parametrize(("code", "name"), [
    ("FIDE_TEAM_BAKU", "FIDE team Swiss system with Baku acceleration, match points then "
                       "game points, type A colour preferences"),
    ("FIDE_TEAM", "FIDE team Swiss system, match points then game points, type A colour "
                  "preferences"),
    ("FIDE_TEAM_MP_GP", "FIDE team Swiss system, match points then game points, no colour "
                        "preferences"),
    ("FIDE_TEAM_TYPEB_GP", "FIDE team Swiss system, game points only, type B colour "
                           "preferences"),
    ("FIDE_DUTCH_2025", "FIDE Dutch system (2025 rules)"),
    ("FIDE_DUTCH_BAKU", "FIDE Dutch system with Baku acceleration"),
    ("FIDE_DUBOV", "FIDE Dubov system"),
    ("BERGER_ROUNDROBIN", "round robin (Berger tables)"),
    ("BERGER_ROUNDROBIN_G2", "double round robin (Berger tables)"),
    ("FIDE_DOUBLEROUNDROBIN", "double round robin (FIDE tables)"),
    ("BERGER_TEAM_ROUNDROBIN_G", "team round robin (Berger tables)"),
    ("CUSTOM_SWISS", "a Swiss system of the organiser's own"),
    ("ROUNDROBIN", "round robin"),  # a US Chess DBF round robin
    ("Something else", "Something else"),  # no known system: as written
    ("", ""),
])
def test_pairing_systems_by_name(code: str, name: str) -> None:
    assert pairing_system_name(code) == name


@pytest.mark.parametrize("fmt", ["text", "md", "html", "json"])
def test_no_report_names_the_pairing_system_by_its_code(fmt: str) -> None:
    out = CliRunner().invoke(cli, ["report", str(GRANDMOMMY), "-f", fmt]).stdout
    assert "FIDE_TEAM_BAKU" not in out.replace("FIDE\\_TEAM\\_BAKU", "FIDE_TEAM_BAKU")
    assert not re.search(r"\(192 |192 FIDE", out)
    assert "FIDE team Swiss system with Baku acceleration" in out


def test_a_299_default_line_says_what_it_set_where_and_why() -> None:
    out = CliRunner().invoke(cli, ["report", str(ALL_299)]).stdout
    assert ("record 299 (no round, no team) makes every forfeit loss worth 1 MP: applied to "
            "team 2 in round 1, team 4 in round 1; FIDE's reference implementation ignores "
            "such lines, so its values differ there") in out.splitlines()
    assert "default lines applied" not in out


def test_the_text_team_report_names_its_tie_breaks_as_the_html_one_does() -> None:
    runner = CliRunner()
    text = runner.invoke(cli, ["report", str(GRANDMOMMY)]).stdout.splitlines()
    html = runner.invoke(cli, ["report", str(GRANDMOMMY), "-f", "html"]).stdout
    items = re.findall(r"<li><strong>([^<]+)</strong>: (.+) \((FIDE C\.07 [^()]+)\)</li>",
                       html.split('aria-label="Team tie-breaks in order"')[1].split("</ol>")[0])
    assert [key for key, _, _ in items] == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPVGP"]
    at = text.index("Tie-breaks:")
    for line, (key, name, rule) in zip(text[at + 1:at + 5], items, strict=True):
        words = line.split(maxsplit=1)
        assert words[0] == key
        assert words[1] == f"{name}, {rule.replace('&sect;', '§')}"
