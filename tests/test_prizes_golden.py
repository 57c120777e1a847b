"""Golden prize lists: the three worked examples of the prize notes in every format.

The files in fixtures/golden/prizes/ were reviewed by eye once and are pinned;
``pytest --update-golden`` rewrites them (review the diff before committing).
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from swisstb_io import load
from swisstb_io.prizes import parse_prize_file, prizes_for
from swisstb_io.prizes.render_json import dumps, to_json
from swisstb_io.prizes.render_tables import document, to_csv, to_html, to_md, to_text
from swisstb_io.tiebreaks import standings

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "fixtures" / "prizes"
GOLDEN = ROOT / "fixtures" / "golden" / "prizes"
EXTENSIONS = {"text": "txt", "json": "json", "md": "md", "csv": "csv", "html": "html"}


def rendered(name: str, fmt: str) -> bytes:
    t = load(FIX / f"{name}.csv").tournament
    pf = parse_prize_file((FIX / f"{name}.toml").read_text(encoding="utf-8"), f"{name}.toml")
    ranked = standings(t)
    result = prizes_for(ranked, t, pf)
    chain = tuple(s.key for s in ranked.chain)
    source = f"{name}.csv"
    if fmt == "json":
        return dumps(to_json(result, source, chain)).encode("utf-8")
    if fmt == "csv":
        return to_csv(result).encode("utf-8")
    doc = document(result, source, chain)
    return {"text": to_text, "md": to_md, "html": to_html}[fmt](doc).encode("utf-8")


@pytest.mark.parametrize("fmt", list(EXTENSIONS))
@pytest.mark.parametrize("name", ["example1", "example2", "example3"])
def test_prize_list_matches_golden(name: str, fmt: str, update_golden: bool) -> None:
    got = rendered(name, fmt)
    path = GOLDEN / f"{name}.prizes.{EXTENSIONS[fmt]}"
    if update_golden:
        path.write_bytes(got)
    want = path.read_bytes()
    if got != want:
        diff = difflib.unified_diff(
            want.decode("utf-8").splitlines(), got.decode("utf-8").splitlines(),
            str(path), "rendered", lineterm="", n=2)
        pytest.fail("prize list differs from the golden file (pytest --update-golden "
                    "rewrites it):\n" + "\n".join(list(diff)[:60]))
