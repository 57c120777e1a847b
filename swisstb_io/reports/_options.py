"""Rendering options shared by every report backend."""

from __future__ import annotations

from dataclasses import dataclass


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
