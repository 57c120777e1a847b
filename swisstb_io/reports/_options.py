"""Rendering options shared by every report backend."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ReportOptions:
    """How to render: crosstable notation, prize groups, column labels, where it came from."""

    notation: str = "us"
    """Crosstable notation: ``"us"`` (``W12``, ``X7``, ``B``) or ``"fide"`` (``12w1``)."""
    groups: str | None = None
    """``"rating:<1800,1800-1999,2000+"`` or a field: ``team``, ``state``, ``section``…"""
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
    player_links: Mapping[int, str] = field(default_factory=dict, hash=False)
    """HTML: a page about the player, by start number (a season site's player pages)."""
