"""What a standings report shows of the rating-change estimates (``report --ratings``,
``batch --ratings``): a column of each player's change, and the ``swisstb-ratings/1``
document in the JSON report."""

from __future__ import annotations

from ..reports import RatingColumn
from . import numbers
from .model import PlayerChange, RatingResult, RatingSystem
from .render_json import to_json


def change_cell(p: PlayerChange, system: RatingSystem) -> str:
    """``+8.60``; an unrated player's first rating, ``new 1922``; ``""`` for neither."""
    change = numbers.change(p, system, sign=True)
    if change is not None:
        return change
    return "" if p.new_rating is None else f"new {p.new_rating}"


def rating_column(result: RatingResult) -> RatingColumn:
    """The column of ``result`` and its JSON document, for a report."""
    cells = {p.start_no: text for p in result.players
             if (text := change_cell(p, result.system))}
    label = f"{'FIDE' if result.system is RatingSystem.FIDE else 'US'} ±"
    return RatingColumn(label, cells, to_json(result))
