"""The rating-change part of a report table (``report --ratings``, ``batch --ratings``):
a column of each player's change, the ``swisstb-ratings/1`` document the JSON report
holds, and each player's rating after the event (the season site's)."""

from __future__ import annotations

from ..reports import RatingChanges
from . import numbers
from .explain import explanation
from .model import PlayerChange, RatingResult, RatingSystem
from .render_json import to_json


def change_cell(p: PlayerChange, system: RatingSystem) -> str:
    """``+8.60``; an unrated player's first rating, ``new 1922``; ``""`` for neither."""
    change = numbers.change(p, system, sign=True)
    if change is not None:
        return change
    return "" if p.new_rating is None else f"new {p.new_rating}"


def rating_column(result: RatingResult, explained: bool = False,
                  document_explained: bool = False) -> RatingChanges:
    """The rating-change part of a report of ``result``; ``explained``: with each player's
    explanation (the HTML report's popovers; a player not rated yet opens the reason, as
    on the ``ratings`` page), ``document_explained``: the JSON document with each
    player's (``report --explain``)."""
    system = result.system
    cells = {p.start_no: text for p in result.players if (text := change_cell(p, system))}
    fide = system is RatingSystem.FIDE
    explanations = ({p.start_no: explanation(p, result) for p in result.players}
                    if explained else {})
    rule = f"{'FIDE B.02' if fide else 'US Chess rating system'} ({result.rules.edition.id})"
    return RatingChanges(label=f"{'FIDE' if fide else 'US'} ±", cells=cells,
                         document=to_json(result, document_explained),
                         after={p.start_no: p.new_rating for p in result.players},
                         explanations=explanations, name=f"Estimated {system.label} rating change",
                         rule=rule, digits=2 if fide else 3)
