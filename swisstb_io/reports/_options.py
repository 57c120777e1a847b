"""Rendering options shared by every report backend."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

_NO_CELLS: Mapping[int, str] = MappingProxyType({})


class View(enum.Enum):
    """What a team event's report shows (``--view``)."""

    TEAM = "team"
    """The team standings, the team crosstable and the matches."""
    BOTH = "both"
    """The team part, then the board players' standings."""


@dataclass(frozen=True)
class ReportOptions:
    """How to render: crosstable notation, prize groups, column labels, where it came from."""

    notation: str = "us"
    """Crosstable notation: ``"us"`` (``W12``, ``X7``, ``B``) or ``"fide"`` (``12w1``)."""
    groups: str | tuple[str, ...] | None = None
    """``"rating:<1800,1800-1999,2000+"`` or a field: ``team``, ``state``, ``section``…;
    a tuple of such specs gives each one's groups in turn."""
    labels: str | None = None
    """Column labels: ``short`` (default), ``key``, ``name`` and/or ``CODE=Label`` pairs."""
    source: str = ""
    """The input's path, for titles and the JSON ``event.source``."""
    input_format: str = ""
    """The input's format name, for the JSON ``event.format``."""
    explain: bool = False
    """JSON: include every value's explanation (HTML always includes them)."""
    site_links: tuple[tuple[str, str], ...] = ()
    """HTML: ``(text, href)`` links at the top of the page (a season site's index)."""
    player_links: Mapping[int, str] = field(default_factory=lambda: _NO_CELLS, hash=False)
    """HTML: a page about the player, by start number (a season site's player pages)."""
    prizes: PrizeColumn | None = None
    """A prize list to show (``report --prizes``, the batch's prize files); ``None``: none."""
    ratings: RatingColumn | None = None
    """Rating changes to show (``report --ratings``, ``batch --ratings``); ``None``: none."""


class PrizeColumn(NamedTuple):
    """What a prize list (:mod:`swisstb_io.prizes`) adds to a report, already rendered:
    a Prize column in the standings, and the list itself after them.  Made by
    :func:`swisstb_io.prizes.for_reports.prize_column`."""

    cells: Mapping[int, str] = _NO_CELLS
    """Start number -> what the player won (``$216.67 + Top U1800 trophy``)."""
    text: str = ""
    """The prize list as text (after the text report)."""
    html: str = ""
    """The prize list as an HTML fragment, escaped (a section of the HTML page)."""
    json: Mapping[str, Any] | None = None
    """The ``swisstb-prizes/1`` document (the JSON report's ``prizes``)."""


class RatingColumn(NamedTuple):
    """What rating-change estimates (:mod:`swisstb_io.rating_change`) add to a report: a
    column of each player's change in the standings, and the ``swisstb-ratings/1``
    document in the JSON report.  Made by
    :func:`swisstb_io.rating_change.for_reports.rating_column`."""

    label: str
    """The column's heading (``FIDE ±``, ``US Chess ±``)."""
    cells: Mapping[int, str] = _NO_CELLS
    """Start number -> the change (``+8.60``), or an unrated player's first rating
    (``new 1922``); players without one are left out."""
    json: Mapping[str, Any] | None = None
    """The ``swisstb-ratings/1`` document (the JSON report's ``ratings``)."""
