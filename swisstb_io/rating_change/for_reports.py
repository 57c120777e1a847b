"""The rating-change part of a report table (``report --ratings``, ``batch --ratings``):
a column of each player's change, the ``swisstb-ratings/1`` document the JSON report
holds, and each player's rating after the event (the season site's)."""

from __future__ import annotations

from ..reports import RatingChanges
from . import numbers
from .model import PlayerChange, RatingResult, RatingSystem
from .render_json import to_json


def change_cell(p: PlayerChange, system: RatingSystem) -> str:
    """``+8.60``; an unrated player's first rating, ``new 1922``; ``""`` for neither."""
    change = numbers.change(p, system, sign=True)
    if change is not None:
        return change
    return "" if p.new_rating is None else f"new {p.new_rating}"


def rating_column(result: RatingResult) -> RatingChanges:
    """The rating-change part of a report of ``result``."""
    cells = {p.start_no: text for p in result.players
             if (text := change_cell(p, result.system))}
    label = f"{'FIDE' if result.system is RatingSystem.FIDE else 'US'} ±"
    return RatingChanges(label=label, cells=cells, document=to_json(result),
                         after={p.start_no: p.new_rating for p in result.players})
