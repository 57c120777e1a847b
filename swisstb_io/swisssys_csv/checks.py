"""Cross-checks of the CSV's round cells: the ``# Outcomes`` overrides and game symmetry."""

from __future__ import annotations

import re

from ..errors import Diagnostics, FormatError, Location
from ..model import MIRROR, Outcome, RoundResult
from ..us_notation import OUTCOME_TO_CODE
from .tokenize import Row

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


_INCONSISTENT = (Outcome.INCONSISTENT_WIN, Outcome.INCONSISTENT_DRAW, Outcome.INCONSISTENT_LOSS)
_LENIENT = (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS, Outcome.FORFEIT_DRAW)
#: Outcome value -> (paired against an opponent, the outcome the opponent must have).
_PAIRING: dict[str, tuple[bool, Outcome | None]] = {
    o.value: (o.has_opponent, MIRROR.get(o)) for o in Outcome
}


def check_games(
    results: dict[int, list[RoundResult]],
    diags: Diagnostics,
    path: str,
    cells: tuple[dict[int, Row], list[int]],
    labels: list[str],
    round_cols: list[int],
) -> None:
    """Warn when a cell names a missing pair number or the two sides disagree.

    ``cells`` holds each pair's table row and the row index of each round's cell (the
    places warnings point at); ``labels[round_cols[i]]`` names round ``i + 1``.
    """
    rows, cell_idx = cells
    pairing = _PAIRING
    for start_no, rounds in results.items():
        for i, r in enumerate(rounds):
            opponent = r.opponent
            if opponent is None:
                continue
            outcome = r.outcome
            paired, expected = pairing[outcome._value_]
            if not paired:
                continue
            other = results.get(opponent)
            if other is not None:
                o = other[i]
                if o.opponent == start_no and o.outcome is expected:
                    continue  # the usual case: the two cells agree
            row = rows[start_no]
            idx = cell_idx[i]
            value = row[0][idx]
            loc = Location(path, row[1][idx], row[2][idx])
            label = f"pair {start_no}, column {labels[round_cols[i]]!r}"
            if other is None:
                diags.warn(
                    loc,
                    f"{label}: opponent {opponent} is not in the table",
                    "csv-unknown-opponent",
                )
                continue
            if o.opponent is not None and o.opponent != start_no:
                problem = f"pair {opponent}'s cell names pair {o.opponent}"
            elif outcome in _INCONSISTENT or (
                o.opponent is None and outcome in _LENIENT and o.outcome in _LENIENT
            ):
                continue
            elif expected is not None and o.outcome is not expected:
                problem = f"pair {opponent}'s cell is {rows[opponent][0][idx].strip()!r}"
            else:
                continue
            diags.warn(loc, f"{label}: {value.strip()!r} but {problem}", "csv-asymmetric-game")
