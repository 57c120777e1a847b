"""SwissSys 11 save file (``.sjson``): JSON with one entry per section (formats.md §2.1).

One model per section: ReadOptions ``section`` picks one by name or 1-based number;
ReadResult ``sections`` lists them all.  :func:`dump_sections` writes several sections as
one file; the registry writer writes one.
"""

from __future__ import annotations

from ..registry import FormatSpec
from .reader import read
from .writer import dump_sections, result_string, write

LOSSY = frozenset(
    {
        "player.adjustments",
        "tournament.city",
        "tournament.federation",
        "tournament.start_date.text",
        "tournament.end_date.text",
        "tournament.chief_arbiter",
        "tournament.deputy_arbiters",
        "tournament.tournament_type",
        "tournament.pairing_system",
        "tournament.total_rounds",
        "tournament.round_dates",
        "tournament.point_system",
        "tournament.standings_order",
        "tournament.teams",
        "tournament.extras",
        "player.sex",
        "player.title",
        "player.fide_rating",
        "player.ratings:other-systems",
        "player.federation",
        "player.fide_id",
        "player.national_ids:other-systems",
        "player.birth",
        "player.declared_points",
        "player.declared_rank",
        "player.extras",
        "player.results.trailing",
        "outcome:WIN_UNRATED=FORFEIT_WIN",
        "outcome:DRAW_UNRATED=FORFEIT_DRAW",
        "outcome:LOSS_UNRATED=FORFEIT_LOSS",
        "outcome:INCONSISTENT_WIN=WIN",
        "outcome:INCONSISTENT_DRAW=DRAW",
        "outcome:INCONSISTENT_LOSS=LOSS",
    }
)
"""What our .sjson cannot hold (convention: :attr:`swisstb_io.registry.FormatSpec.lossy`).
The layout known from SwissSys 11 output has no place, TDs or FIDE data; its dates are
written ``YYYY-MM-DD``, one pair for the whole event; extras survive only under ``sjson:``
keys and ``uscf:state``."""


def sniff(data: bytes) -> bool:
    head = data[:2048]
    return b'"Sections"' in head or (b'"Overview"' in head and b"SwissSys" in head)


FORMATS = (
    FormatSpec(
        name="sjson",
        title="SwissSys 11 save file (.sjson)",
        extensions=(".sjson",),
        aliases=("swisssys", "swisssys-json"),
        reader=read,
        writer=write,
        sniff=sniff,
        lossy=LOSSY,
        sections_writer=lambda sections, options: dump_sections(sections),
        keeps_extras=("sjson:", "uscf:state"),
        dossier="formats/sjson/README.md",
    ),
)

__all__ = ["FORMATS", "LOSSY", "dump_sections", "read", "result_string", "write"]
