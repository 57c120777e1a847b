"""FIDE TRF: TRF16, TRF-2026 and the TRF(x) / bbpPairings / Tornelo extensions.

``trf`` writes the version a file was read in (``extras["trf:version"]``), TRF-2026 for
models built elsewhere; ``trf16`` and ``trf2026`` force a version.  See
``formats/trf/README.md`` for the record table, the quirks accepted and the normalisations.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..registry import FormatSpec, WriteOptions
from ._read import read_trf

if TYPE_CHECKING:
    from ..model import Tournament

# The writer's modules (_write, _lines, _render) are imported on first use: reading a
# file, as ``swisstb info`` and ``swisstb report`` do, never needs them.


def write_trf(t: Tournament, options: WriteOptions) -> bytes:
    """Write ``t`` as TRF (see :mod:`._write`); raises only :class:`WriteError`."""
    from ._write import write_trf as write

    return write(t, options)


_SNIFF = re.compile(
    rb"(?:^|[\r\n])(?:\xef\xbb\xbf)?(?:001|012|022|032|042|052|062|072|092|102|122|142|XXR) "
)


def sniff(data: bytes) -> bool:
    """True when some line starts like a TRF record (``001 ``, ``012 ``, ``XXR ``…)."""
    return _SNIFF.search(data[:65536]) is not None


__all__ = ["FORMATS", "LOSSY", "LOSSY_16", "read_trf", "sniff", "write_trf"]

_EXTENSIONS = (".trf", ".trfx", ".txt")
LOSSY = frozenset({
    "tournament.extras",
    "player.extras",
    "team.extras",
    "team.number",
    "tournament.section",
    "tournament.start_date.text",
    "tournament.end_date.text",
    "player.declared_points",
    "player.team:individual",
    "player.results.trailing",
    "player.ratings:other-systems",
    "player.national_ids:other-systems",
    "outcome:FORFEIT_DRAW",
    "outcome:INCONSISTENT_WIN=WIN",
    "outcome:INCONSISTENT_DRAW=DRAW",
    "outcome:INCONSISTENT_LOSS=LOSS",
})
"""What TRF has no place for (formats/trf/README.md, "Writing"); FORFEIT_DRAW is refused.
A player's team in an individual event (a club) has none: a team record would make it a
team event."""
LOSSY_16 = LOSSY | {
    "tournament.pairing_system",
    "tournament.tiebreaks",
    "tournament.standings_order",
    "player.ratings",
    "player.national_ids",
}
"""TRF16 also lacks 192, 202, 212 and national-rating records."""

FORMATS: tuple[FormatSpec, ...] = (
    FormatSpec(
        name="trf",
        title="FIDE TRF (version as read: TRF16 or TRF-2026)",
        extensions=_EXTENSIONS,
        aliases=("trfx", "trf16/2026 auto"),
        reader=read_trf,
        writer=write_trf,
        sniff=sniff,
        lossy=LOSSY,
        keeps_extras=("trf:",),
        dossier="formats/trf/README.md",
    ),
    FormatSpec(
        name="trf16",
        title="FIDE TRF16 (Handbook C.04 Annex 2, with TRF(x) extensions)",
        reader=read_trf,
        writer=write_trf,
        write_options=WriteOptions(version="16"),
        lossy=LOSSY_16,
        keeps_extras=("trf:",),
        dossier="formats/trf/README.md",
    ),
    FormatSpec(
        name="trf2026",
        title="FIDE TRF-2026 (TRF26)",
        aliases=("trf26", "trf25"),
        reader=read_trf,
        writer=write_trf,
        write_options=WriteOptions(version="2026"),
        lossy=LOSSY,
        keeps_extras=("trf:",),
        dossier="formats/trf/README.md",
    ),
)
