"""swisstb_io: chess tournament files in, standings, tie-breaks and rating reports out.

    import swisstb_io as st

    t = st.read("open.trf")                     # any registered format, by content
    result = st.standings(t, "uscf")            # places and tie-breaks (CalcOptions for more)
    text = st.render(result, "text")            # text, md, csv, json or html, as bytes
    st.write(t, "open.xml")                     # the format from the extension

:func:`standings` and :func:`render` are imported on first use (the tie-break and report
packages cost a start-up that reading alone does not need).
"""

from typing import TYPE_CHECKING, Any

from .api import dumps, load, read, write
from .errors import (
    Diagnostic,
    FormatError,
    Location,
    Severity,
    SwisstbError,
    TiebreakError,
    UnknownFormatError,
    WriteError,
)
from .model import (
    Color,
    DateText,
    Outcome,
    Player,
    PointAdjustment,
    PointSystem,
    Rating,
    RoundResult,
    Team,
    Tournament,
)
from .registry import FormatSpec, ReadOptions, ReadResult, WriteOptions
from .version import __version__

if TYPE_CHECKING:
    from .reports import render
    from .tiebreaks import CalcOptions, standings

_LAZY = {"standings": "tiebreaks", "CalcOptions": "tiebreaks", "render": "reports"}


def __getattr__(name: str) -> Any:
    """``standings``, ``CalcOptions`` and ``render``, imported when first asked for."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CalcOptions",
    "Color",
    "DateText",
    "Diagnostic",
    "FormatError",
    "FormatSpec",
    "Location",
    "Outcome",
    "Player",
    "PointAdjustment",
    "PointSystem",
    "Rating",
    "ReadOptions",
    "ReadResult",
    "RoundResult",
    "Severity",
    "SwisstbError",
    "Team",
    "TiebreakError",
    "Tournament",
    "UnknownFormatError",
    "WriteError",
    "WriteOptions",
    "__version__",
    "dumps",
    "load",
    "read",
    "render",
    "standings",
    "write",
]
