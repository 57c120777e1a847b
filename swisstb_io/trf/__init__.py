"""FIDE TRF: TRF16, TRF-2026 and the TRF(x) / bbpPairings / Tornelo extensions.

``trf`` writes the version a file was read in (``extras["trf:version"]``), TRF-2026 for
models built elsewhere; ``trf16`` and ``trf2026`` force a version.  See
``formats/trf/README.md`` for the record table, the quirks accepted and the normalisations.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..registry import FormatSpec, KeptWhen, ReadOptions, ReadResult, WriteOptions
from ._federations import FEDERATIONS
from .layout import NAME, width

if TYPE_CHECKING:
    from ..model import Tournament

# This module only declares the formats: the reader (_read) and the writer (_write,
# _lines, _render) are imported when first called.


def read_trf(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read a TRF file of any version (see :mod:`._read`); raises only :class:`FormatError`."""
    from . import _read

    return _read.read_trf(data, path, options)


def write_trf(t: Tournament, options: WriteOptions) -> bytes:
    """Write ``t`` as TRF (see :mod:`._write`); raises only :class:`WriteError`."""
    from . import _write

    return _write.write_trf(t, options)


_SNIFF = re.compile(
    rb"(?:^|[\r\n])(?:\xef\xbb\xbf)?(?:001|012|022|032|042|052|062|072|092|102|122|142|XXR) "
)


def sniff(data: bytes) -> bool:
    """True when some line starts like a TRF record (``001 ``, ``012 ``, ``XXR ``…)."""
    return _SNIFF.search(data[:65536]) is not None


__all__ = ["FORMATS", "LOSSY", "LOSSY_16", "read_trf", "sniff", "write_trf"]

def trf2026_records(t: Tournament) -> list[tuple[str, str]]:
    """What TRF16 loses beyond :data:`LOSSY_16`: the ``trf:`` records it keeps that only
    TRF-2026 has (formats/trf; 152 becomes ``XXC white1``/``black1``)."""
    from ._read import TRF2026_CODES

    codes = sorted(k[4:] for k in t.extras if k.startswith("trf:")
                   and k[4:] in TRF2026_CODES and k[4:] != "152")
    if not codes:
        return []
    return [("trf:2026-records", "the TRF-2026 records " + ", ".join(codes))]


def fit_names(t: Tournament) -> tuple[Tournament, list[tuple[str, str]]]:
    """``t`` with each player's name cut to the 33 characters of columns 15-47, and the
    names cut."""
    room = width(NAME)
    cut: list[tuple[str, str]] = []
    players = []
    for p in t.players:
        if len(p.name) > room:
            short = p.name[:room].rstrip()
            cut.append(("player.name", f"player {p.start_no} ({p.name}): the name is cut to "
                                       f"{room} characters, {short!r}"))
            p = replace(p, name=short)
        players.append(p)
    return (replace(t, players=tuple(players)) if cut else t), cut


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
_POINTS_KEPT = KeptWhen(lambda v: True, "a missing points column (written as the points the "
                                       "results give)")
_KEPT_WHEN = {
    "player.declared_points": _POINTS_KEPT,
    "team.number": KeptWhen(lambda n: True, "a missing team number (310 numbers teams 1, "
                                            "2, …)"),
}
"""TRF writes the points column as it was read (a missing one comes back as the points
the results give); TRF-2026's 310 record keeps team numbers."""
_KEPT_WHEN_16 = {"player.declared_points": _POINTS_KEPT}


CHAIN_RECORDS: Mapping[str, str] = MappingProxyType(
    {"standings": "record 212", "tiebreaks": "record 202"})
"""Where a TRF-2026 file declares its chain: 212 (the standings order), 202 (the
tie-breaks)."""
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
        chain_records=CHAIN_RECORDS,
        kept_lists=FEDERATIONS,
        kept_when=_KEPT_WHEN,
        fit=fit_names,
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
        chain_records=CHAIN_RECORDS,
        kept_lists=FEDERATIONS,
        kept_when=_KEPT_WHEN_16,
        fit=fit_names,
        more_losses=trf2026_records,
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
        chain_records=CHAIN_RECORDS,
        kept_lists=FEDERATIONS,
        kept_when=_KEPT_WHEN,
        fit=fit_names,
    ),
)
