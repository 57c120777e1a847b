"""SwissSys-style US cross-table CSV (formats.md §2.3–2.4): one row per player, rounds in
US Chess notation (``W12``, ``L5B``, ``X``, ``H``…), optional ``# Key: value`` metadata lines.

What the letters cannot say (a pairing-allocated ``B``, an unrated ``W``) goes to a
``# Outcomes: 3/2=pairing-bye`` metadata line, so writing and reading this format loses
nothing the model holds except what :data:`LOSSY` lists.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ..registry import FormatSpec, ReadOptions, ReadResult, WriteOptions

if TYPE_CHECKING:
    from ..model import Tournament

# This module only declares the format: the reader and the writer are imported when first
# called.


def sniff(data: bytes) -> bool:
    """A header row with a pair-number column, a Name column and a round column."""
    from . import reader

    return reader.sniff(data)


def read(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read a US cross-table CSV (see :mod:`.reader`); raises only :class:`FormatError`."""
    from . import reader

    return reader.read(data, path, options)


def write(t: Tournament, options: WriteOptions) -> bytes:
    """Write ``t`` as a US cross-table CSV (see :mod:`.writer`)."""
    from . import writer

    return writer.write(t, options)


LOSSY = frozenset(
    {
        "tournament.teams",
        "player.results.color:unplayed",
        "player.results.opponent:unplayed",
        "player.results.trailing",
    }
)
"""US notation has no colour on forfeits (``X``/``F``/``Z``), and no cell for a round paired
but not played yet (the opponent of a blank cell); Tournament.teams (team objects)
have no place in the file (a point system other than 1-½-0 has its ``# Point system:``
line, bonus and penalty points their ``Adjustments`` column); rounds end at the last game
or bye (convention:
:attr:`swisstb_io.registry.FormatSpec.lossy`)."""


FORMATS = (
    FormatSpec(
        name="swisssys-csv",
        title="SwissSys-style US Chess cross-table CSV",
        extensions=(".csv",),
        aliases=("uscsv", "us-csv", "crosstable-csv"),
        reader=read,
        writer=write,
        sniff=sniff,
        lossy=LOSSY,
        dossier="formats/swisssys_csv/README.md",
        chain_records=MappingProxyType({"tiebreaks": "its Tie-breaks column"}),
    ),
)

__all__ = ["FORMATS", "LOSSY", "read", "sniff", "write"]
