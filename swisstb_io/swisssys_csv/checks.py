"""Cross-checks of the CSV's round cells: the ``# Outcomes`` overrides and game symmetry."""

from __future__ import annotations

import re

from ..errors import Diagnostics, FormatError, Location
from ..model import MIRROR, Outcome, RoundResult
from .notation import OUTCOME_TO_CODE
from .tokenize import Field

_OVERRIDE_RE = re.compile(r"^(\d+)/(\d+)=([a-z-]+)$")
_OUTCOMES = {o.value: o for o in Outcome}


def apply_overrides(
    value: str, results: dict[int, list[RoundResult]], path: str, line: int, col: int
) -> None:
    """``# Outcomes: 3/2=pairing-bye 5/4=win-unrated`` sets what a cell's letter cannot say."""
    for item in value.replace(",", " ").split():
        m = _OVERRIDE_RE.match(item)
        outcome = _OUTCOMES.get(m[3]) if m else None
        loc = Location(path, line, col + value.find(item))
        if m is None or outcome is None:
            raise FormatError(
                f"bad Outcomes entry {item!r} (expected PAIR/ROUND=OUTCOME, e.g. 3/2=pairing-bye)",
                loc,
            )
        start_no, rnd = int(m[1]), int(m[2])
        rounds = results.get(start_no)
        if rounds is None or not 1 <= rnd <= len(rounds):
            raise FormatError(f"Outcomes entry {item!r} names no cell of the table", loc)
        old = rounds[rnd - 1]
        if OUTCOME_TO_CODE[old.outcome] != OUTCOME_TO_CODE[outcome]:
            raise FormatError(
                f"Outcomes entry {item!r} does not fit the cell "
                f"{OUTCOME_TO_CODE[old.outcome] or 'blank'!r} of pair {start_no}, round {rnd}",
                loc,
            )
        if outcome.has_opponent:
            rounds[rnd - 1] = RoundResult(outcome, old.opponent, old.color)
        else:
            rounds[rnd - 1] = RoundResult(outcome)


def check_games(
    results: dict[int, list[RoundResult]],
    diags: Diagnostics,
    path: str,
    cells: dict[int, list[Field]],
    labels: list[str],
    round_cols: list[int],
) -> None:
    """Warn when a cell names a missing pair number or the two sides disagree."""
    lenient = {Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS, Outcome.FORFEIT_DRAW}
    for start_no, rounds in results.items():
        for i, r in enumerate(rounds):
            if r.opponent is None or not r.outcome.has_opponent:
                continue
            f = cells[start_no][i]
            loc = Location(path, f.line, f.col)
            label = f"pair {start_no}, column {labels[round_cols[i]]!r}"
            other = results.get(r.opponent)
            if other is None:
                diags.warn(
                    loc,
                    f"{label}: opponent {r.opponent} is not in the table",
                    "csv-unknown-opponent",
                )
                continue
            o = other[i]
            expected = MIRROR.get(r.outcome)
            if o.opponent is not None and o.opponent != start_no:
                problem = f"pair {r.opponent}'s cell names pair {o.opponent}"
            elif r.outcome.name.startswith("INCONSISTENT") or (
                o.opponent is None and r.outcome in lenient and o.outcome in lenient
            ):
                continue
            elif expected is not None and o.outcome is not expected:
                problem = f"pair {r.opponent}'s cell is {cells[r.opponent][i].value.strip()!r}"
            else:
                continue
            diags.warn(loc, f"{label}: {f.value.strip()!r} but {problem}", "csv-asymmetric-game")
