"""Chess-JSON ("JCH"): FIDE TEC's interchange format, as TieBreakServer reads and writes it.

Individual events only.  ``lossy`` lists what Chess-JSON has no place for; the dossier
``formats/chess-json/README.md`` explains each entry.  This module only declares the
format: the reader and the writer are imported when first called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import FormatSpec, ReadOptions, ReadResult, WriteOptions

if TYPE_CHECKING:
    from ..model import Tournament


def sniff_chess_json(data: bytes) -> bool:
    """True for a JSON object whose first 4 KiB hold ``"filetype"`` and ``"Event"``."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(b"{") and b'"filetype"' in head and b'"Event"' in head


def read_chess_json(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read a Chess-JSON event file (see :mod:`._reader`); raises only :class:`FormatError`."""
    from . import _reader

    return _reader.read_chess_json(data, path, options)


def write_chess_json(t: Tournament, options: WriteOptions) -> bytes:
    """Write ``t`` as a Chess-JSON event file (see :mod:`._writer`)."""
    from . import _writer

    return _writer.write_chess_json(t, options)


LOSSY = frozenset(
    {
        "player.adjustments",
        "tournament.extras",
        "player.extras",
        "team.extras",
        "team.number",
        "player.national_ids",
        "tournament.standings_order",
        "tournament.total_rounds",
        "tournament.start_date.text",
        "tournament.end_date.text",
        "tournament.point_system.forfeit_win",
        "tournament.point_system.forfeit_loss",
        "player.results.color:unplayed",
        "outcome:INCONSISTENT_WIN=WIN",
        "outcome:INCONSISTENT_DRAW=DRAW",
        "outcome:INCONSISTENT_LOSS=LOSS",
    }
)

FORMAT = FormatSpec(
    name="chess-json",
    title="Chess-JSON (FIDE TEC / TieBreakServer event file, individual events)",
    extensions=(".jch", ".json"),
    aliases=("jch", "chessjson"),
    reader=read_chess_json,
    writer=write_chess_json,
    sniff=sniff_chess_json,
    lossy=LOSSY,
    holds_sections=True,  # event.tournaments (its writer writes one)
    dossier="formats/chess-json/README.md",
)

FORMATS: tuple[FormatSpec, ...] = (FORMAT,)

__all__ = ["FORMAT", "FORMATS", "LOSSY", "read_chess_json", "sniff_chess_json",
           "write_chess_json"]
