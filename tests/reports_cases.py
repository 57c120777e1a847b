"""The two golden report cases (one US, one FIDE), shared by the report tests."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from swisstb_io.api import load
from swisstb_io.reports import ReportOptions, report_format
from swisstb_io.tiebreaks import CalcOptions, StandingsResult, standings

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GOLDEN = FIXTURES / "golden" / "reports"


@dataclass(frozen=True)
class Case:
    name: str
    path: str
    """Relative to fixtures/ (also what the reports print as their source)."""
    chain: str
    options: ReportOptions

    def result(self, explain: bool = False) -> StandingsResult:
        r = load(FIXTURES / self.path)
        return standings(r.tournament, self.chain, CalcOptions(explain=explain))

    def result_for(self, fmt: str) -> StandingsResult:
        """The standings as the CLI computes them for ``fmt`` (with explanations if it
        shows them)."""
        return self.result(explain=report_format(fmt).needs_explanations())

    def report_options(self) -> ReportOptions:
        fmt = load(FIXTURES / self.path).format
        from dataclasses import replace

        return replace(self.options, source=self.path, input_format=fmt)


CASES = (
    Case("us_spring_open", "swisssys_csv/spring_open.csv", "uscf",
         ReportOptions(notation="us", groups="rating:<1800,1800-1999,2000+")),
    Case("fide_held_swiss_9", "trf/held_swiss_9.trf", "BH/C1,BH,SB,DE,WIN",
         ReportOptions(notation="fide")),
)
