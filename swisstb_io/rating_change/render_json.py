"""The ``swisstb-ratings/1`` JSON document (contract: ``formats/ratings-json.md``).

Numbers the rules round later, or that are not whole, are decimal strings written to the
precision of the rule (``"8.60"``, ``"39.100"``, ``"38.8944"``); whole numbers (ratings,
games, performance) are JSON integers.
"""

from __future__ import annotations

from typing import Any

from ..jsonwrite import dumps as json_text
from . import numbers
from .model import RatingResult

SCHEMA = "swisstb-ratings/1"


def to_json(result: RatingResult, explain: bool = False) -> dict[str, Any]:
    """The document; ``explain``: each player's explanation too (``explanation``).

    The explanations are tie-break :class:`~swisstb_io.tiebreaks.Explanation` objects;
    :mod:`.explain` (and with it the tie-break package) is loaded only when they are
    asked for, so that a plain document does not pay for the calculator's import."""
    if explain:
        from .explain import explanation
    system = result.system
    players = []
    for p in result.players:
        entry: dict[str, Any] = {
            "start_no": p.start_no, "name": p.name, "rating": p.rating,
            "k": numbers.k(p, system), "games": p.games, "score": numbers.score(p.score),
            "expected": numbers.expected(p, system), "change": numbers.change(p, system),
            "new_rating": p.new_rating, "performance": p.performance, "notes": list(p.notes),
        }
        if explain:
            entry["explanation"] = explanation(p, result).to_json(
                numbers.row_value(numbers.digits(p, system)))
        players.append(entry)
    rules = result.rules
    return {"schema": SCHEMA, "system": system.value,
            "rules": {"edition": rules.edition.id, "why": rules.why, "notes": list(rules.notes)},
            "players": players}


def dumps(doc: dict[str, Any]) -> str:
    """The document as text, in the layout of the ``swisstb-report`` files (the report's
    JSON writer: one item a line, lists of scalars on one line)."""
    return json_text(doc) + "\n"
