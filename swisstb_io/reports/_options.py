"""Rendering options shared by every report backend."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

_NO_CELLS: Mapping[int, str] = MappingProxyType({})


class View(enum.Enum):
    """What an event's report shows (``--view``)."""

    INDIVIDUAL = "individual"
    """The players' standings alone (a team event's board players ranked as individuals)."""
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
