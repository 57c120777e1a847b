"""The value of one tie-break for one competitor, and the explanation of how it was found."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, NamedTuple, TypeAlias

from ..numbers import exact, fixed

JSON: TypeAlias = Any
"""A JSON-serialisable value (dict/list/str/int/bool/None; exact numbers as strings)."""


def fraction_text(value: Fraction | None) -> str | None:
    """``Fraction(11, 2)`` -> ``"11/2"`` (exact, for explanations); ``None`` stays ``None``."""
    if value is None:
        return None
    return str(value)


def num(value: Fraction) -> str:
    """``Fraction(3, 2)`` -> ``"1.5"`` for notes: a decimal of at most two places, else
    ``"a/b"`` (:func:`swisstb_io.numbers.exact`)."""
    return exact(value, most=2)


NumberFormat = Callable[[Fraction | None], JSON]


class ExplainRow(NamedTuple):
    """One round of one competitor's tie-break computation."""

    round: int
    """The round (1-based); 0 for a row that is not about one round."""
    result: str
    """What happened, in US wall-chart notation: ``W12``, ``D3``, ``X7``, ``B``, ``H``, ``U``."""
    opponent: int | None
    """The opponent's start number, ``None`` for byes and absences."""
    value: Fraction | None
    """The number this round contributes (adjusted score, running score, weight…)."""
    note: str = ""
    """Why the number is what it is: ``"own unplayed round: a 0-opponent (34E1)"``."""
    dropped: str = ""
    """Empty if the value counts; else why it was discarded (``"lowest"``, ``"cut 1"``)."""

    def to_json(self, number: NumberFormat = fraction_text) -> dict[str, JSON]:
        return {
            "round": self.round,
            "result": self.result,
            "opponent": self.opponent,
            "value": number(self.value),
            "note": self.note,
            "dropped": self.dropped,
        }


class Explanation(NamedTuple):
    """How one competitor's value was found: the rule applied, one row per round, and notes."""

    rule: str
    """The rule text applied, paraphrased, with its citation."""
    rows: tuple[ExplainRow, ...] = ()
    notes: tuple[str, ...] = ()
    """Extra steps: ``"plus score (5.5 > 4.5): drop the 2 lowest"``, ``"minus 1 for the bye"``."""

    def to_json(self, number: NumberFormat = fraction_text) -> dict[str, JSON]:
        """A JSON-ready dict; ``number`` formats values (default: exact ``"11/2"`` strings)."""
        return {
            "rule": self.rule,
            "rounds": [r.to_json(number) for r in self.rows],
            "notes": list(self.notes),
        }


class TiebreakValue(NamedTuple):
    """One competitor's value for one tie-break; ``None`` when it is undefined (JSON ``null``).

    Higher values rank higher.  ``explanation`` is only built when the context asks for it
    (``Context.explain``); it is ``None`` otherwise.
    """

    value: Fraction | None
    explanation: Explanation | None = None


Values: TypeAlias = Mapping[int, TiebreakValue]
"""start number -> value; every competitor of the context has an entry."""


def format_fixed(x: Fraction, decimals: int) -> str:
    """``x`` written with exactly ``decimals`` places, rounded half up
    (:func:`swisstb_io.numbers.fixed`)."""
    return fixed(x, decimals)
