"""SwissSys 11 save file (``.sjson``): JSON with one entry per section (formats.md §2.1).

One model per section: ReadOptions ``section`` picks one by name or 1-based number;
ReadResult ``sections`` lists them all.  :func:`write_sections` writes several sections as
one file; the registry writer writes one.  This module only declares the format: the
reader and the writer are imported when first called.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..registry import FormatSpec, KeptWhen, ReadOptions, ReadResult, WriteOptions

if TYPE_CHECKING:
    from ..model import Tournament


def read(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read a SwissSys 11 save file (see :mod:`.reader`); raises only :class:`FormatError`."""
    from . import reader

    return reader.read(data, path, options)


def write(t: Tournament, options: WriteOptions) -> bytes:
    """Write ``t`` as a one-section save file (see :mod:`.writer`)."""
    from . import writer

    return writer.write(t, options)


def write_sections(sections: Sequence[Tournament], options: WriteOptions) -> bytes:
    """Write ``sections`` as one save file (see :func:`.writer.dump_sections`)."""
    from . import writer

    return writer.dump_sections(sections)


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


KEPT_WHEN = {
    "tournament.start_date.text": KeptWhen(lambda d: True, "the start date as written "
                                           "(written YYYY-MM-DD, as SwissSys does)"),
    "tournament.end_date.text": KeptWhen(lambda d: True, "the end date as written (written "
                                         "YYYY-MM-DD, as SwissSys does)"),
}
"""The .sjson writes its dates as SwissSys does."""


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
        holds_sections=True,
        sections_writer=write_sections,
        keeps_extras=("sjson:", "uscf:state"),
        kept_lists=frozenset({"USCF"}),
        kept_when=KEPT_WHEN,
        dossier="formats/sjson/README.md",
        chain_records=MappingProxyType({"tiebreaks": "the section's Tiebreaks list"}),
    ),
)

__all__ = ["FORMATS", "LOSSY", "read", "sniff", "write", "write_sections"]
