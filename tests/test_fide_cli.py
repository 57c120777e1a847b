"""``swisstb report`` with FIDE tie-breaks: --fide-rules, --system, JSON decisions, --explain."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from click.testing import CliRunner

from swisstb_io.cli import cli

TRF = Path(__file__).resolve().parent.parent / "fixtures" / "trf"


def _json(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["report", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output, parse_float=Decimal)
    assert isinstance(doc, dict)
    return doc


def _by_sno(doc: dict[str, object], key: str) -> dict[int, object]:
    rows = doc["standings"]
    assert isinstance(rows, list)
    return {row["start_no"]: row["tiebreaks"][key] for row in rows}


def test_fide_rules_option_and_decision_in_json() -> None:
    path = str(TRF / "held_swiss_5.trf")
    doc = _json(path, "--tiebreaks", "SB", "--fide-rules", "2026")
    assert doc["decisions"]["fide_rules"] == "2026"  # type: ignore[index]
    assert _by_sno(doc, "SB")[4] == Decimal("9.25")  # 9.75 under the 2024 rules
    doc = _json(path, "--tiebreaks", "SB")
    assert doc["decisions"]["fide_rules"] == "2024"  # type: ignore[index]  # 042 2024-08-01
    assert _by_sno(doc, "SB")[4] == Decimal("9.75")


def test_system_option() -> None:
    path = str(TRF / "held_round_robin.trf")
    doc = _json(path, "--tiebreaks", "KS", "--system", "round-robin")
    assert doc["decisions"]["fide_system"] == "round-robin"  # type: ignore[index]
    half = Decimal("0.5")
    assert _by_sno(doc, "KS") == {1: 2, 2: half, 3: half, 4: 1, 5: half, 6: 0}


def test_bad_edition_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["report", str(TRF / "held_swiss_5.trf"), "--tiebreaks",
                                      "BH", "--fide-rules", "2019"])
    assert result.exit_code == 2
    assert "2019" in result.output


def test_explain_cites_the_article_and_the_vur_cut() -> None:
    result = CliRunner().invoke(cli, ["report", str(TRF / "held_swiss_5.trf"), "--tiebreaks",
                                      "BH/C1", "--explain"])
    assert result.exit_code == 0, result.output
    assert "FIDE C.07 §8.1 Buchholz (2024 rules)" in result.output
    assert "VUR cut first (§16.5.1)" in result.output
