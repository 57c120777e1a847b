"""swisstb_io: chess tournament files in, standings, tie-breaks and rating reports out."""

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

__version__ = "0.1.0"

__all__ = [
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
    "write",
]
