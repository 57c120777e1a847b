"""Golden files for every report format on two fixtures (one US, one FIDE).

The files in fixtures/golden/reports/ were reviewed by eye once and are pinned;
``pytest --update-golden`` rewrites them (review the diff before committing).
"""

from __future__ import annotations

import difflib

import pytest
from reports_cases import CASES, GOLDEN, Case

from swisstb_io.reports import EXTENSIONS, REPORT_FORMATS, ReportError, render


@pytest.mark.parametrize("fmt", REPORT_FORMATS)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_report_matches_golden(case: Case, fmt: str, update_golden: bool) -> None:
    got = render(case.result_for(fmt), fmt, case.report_options())
    path = GOLDEN / f"{case.name}.report{EXTENSIONS[fmt]}"
    if update_golden:
        path.write_bytes(got)
    want = path.read_bytes()
    if got != want:
        diff = difflib.unified_diff(
            want.decode("utf-8").splitlines(), got.decode("utf-8").splitlines(),
            str(path), "rendered", lineterm="", n=2,
        )
        pytest.fail("report differs from the golden file (pytest --update-golden "
                    "rewrites it):\n" + "\n".join(list(diff)[:60]))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_rendering_never_computes_standings(case: Case) -> None:
    """HTML shows explanations: standings without them are refused, not recomputed."""
    with pytest.raises(ReportError, match="CalcOptions\\(explain=True\\)"):
        render(case.result(), "html", case.report_options())
    assert render(case.result(explain=True), "md", case.report_options()) == \
        render(case.result(), "md", case.report_options())


def test_fide_csv_values_equal_the_oracle() -> None:
    """The FIDE case's CSV carries the values FIDE's TieBreakServer 1.9.57 computes
    (fixtures/expected/held_swiss_9.expected.json), as printed by the rule's digits."""
    import csv
    import io
    import json

    case = CASES[1]
    oracle = json.loads((GOLDEN.parent.parent / "expected" / "held_swiss_9.expected.json")
                        .read_text(encoding="utf-8"))["fide_2024"]
    rows = list(csv.DictReader(io.StringIO(render(case.result_for("csv"), "csv",
                                                  case.report_options()).decode())))
    assert len(rows) == len(oracle) == 16
    for row in rows:
        want = oracle[row["No"]]
        assert [row["Points"], row["BH/C1"], row["BH"], row["SB"], row["WIN"]] == \
            [want["PTS"], want["BH/C1"], want["BH"], want["SB"], str(want["WIN"])]
