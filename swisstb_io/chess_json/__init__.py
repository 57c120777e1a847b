"""Chess-JSON ("JCH"): FIDE TEC's interchange format, as TieBreakServer reads and writes it.

Individual events only.  ``lossy`` lists what Chess-JSON has no place for; the dossier
``formats/chess-json/README.md`` explains each entry.
"""

from __future__ import annotations

from ..registry import FormatSpec
from ._reader import read_chess_json, sniff_chess_json
from ._writer import to_json, write_chess_json

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
    dossier="formats/chess-json/README.md",
)

FORMATS: tuple[FormatSpec, ...] = (FORMAT,)

__all__ = ["FORMAT", "FORMATS", "LOSSY", "read_chess_json", "to_json", "write_chess_json"]
