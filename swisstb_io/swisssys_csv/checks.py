"""The ``# Outcomes`` overrides of the CSV's round cells."""

from __future__ import annotations

import re

from ..errors import FormatError, Location, quoted
from ..model import Outcome, RoundResult
from ..us_notation import OUTCOME_TO_CODE

_OVERRIDE_RE = re.compile(r"^(\d{1,9})/(\d{1,9})=([a-z-]+)$")
_OUTCOMES = {o.value: o for o in Outcome}


def apply_overrides(
    value: str, results: dict[int, list[RoundResult]], path: str, line: int, col: int
) -> set[int]:
    """``# Outcomes: 3/2=pairing-bye 5/4=win-unrated`` sets what a cell's letter cannot say;
    the start numbers whose rounds changed."""
    changed: set[int] = set()
    for found in re.finditer(r"[^\s,]+", value):  # each entry with its own column
        item = found.group()
        m = _OVERRIDE_RE.match(item)
        outcome = _OUTCOMES.get(m[3]) if m else None
        loc = Location(path, line, col + found.start())
        if m is None or outcome is None:
            raise FormatError(
                f"bad Outcomes entry {quoted(item)} (expected PAIR/ROUND=OUTCOME, "
                "e.g. 3/2=pairing-bye)",
                loc,
            )
        start_no, rnd = int(m[1]), int(m[2])
        rounds = results.get(start_no)
        if rounds is None or not 1 <= rnd <= len(rounds):
            raise FormatError(f"Outcomes entry {quoted(item)} names no cell of the table", loc)
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
        changed.add(start_no)
    return changed
