"""US Chess DBF rating report (formats.md §4.2): the dBase III trio THEXPORT/TSEXPORT/TDEXPORT.

Reads the revised (``H_FORMAT = 2C``) and the original 1991 layouts from a directory or a
``.zip``; writes the revised layout with SwissSys 11's field names and widths.  One model
per section: :class:`~swisstb_io.registry.ReadOptions` ``section`` picks one by name or
1-based number.  :func:`write_sections` writes several sections as one event.

Event data the model has no field for travels in ``Tournament.extras`` under ``uscf:`` keys
(``uscf:affiliate_id``, ``uscf:chief_td_id``, ``uscf:state``, ``uscf:zipcode``…); the
player's state is ``Player.extras["uscf:state"]``.

This module only declares the format: the reader and the writer are imported when first
called (:mod:`.writer` also has the pieces ``swisstb submit uscf`` builds its files from).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..registry import FormatSpec, KeptWhen, ReadOptions, ReadResult, WriteOptions

if TYPE_CHECKING:
    from ..model import Tournament


def read(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read a DBF rating report, zipped (see :mod:`.reader`); raises only
    :class:`FormatError`."""
    from . import reader

    return reader.read(data, path, options)


def write(t: Tournament, options: WriteOptions) -> bytes:
    """Write ``t`` as a one-section report, zipped (see :mod:`.writer`)."""
    from . import writer

    return writer.write(t, options)


def write_event(sections: Sequence[Tournament], options: WriteOptions) -> bytes:
    """Write ``sections`` as one report, zipped (see :mod:`.writer`)."""
    from . import writer

    return writer.write_event(sections, options)

LOSSY = frozenset(
    {
        "player.adjustments",
        "tournament.name:ascii",
        "tournament.section:ascii",
        "tournament.city:ascii",
        "tournament.time_control:ascii",
        "tournament.start_date",
        "tournament.end_date",
        "tournament.federation",
        "tournament.chief_arbiter",
        "tournament.deputy_arbiters",
        "tournament.tournament_type",
        "tournament.pairing_system",
        "tournament.round_dates",
        "tournament.point_system",
        "tournament.tiebreaks",
        "tournament.standings_order",
        "tournament.teams",
        "player.name:ascii",
        "player.sex",
        "player.title",
        "player.fide_rating",
        "player.ratings:other-systems",
        "player.federation",
        "player.fide_id",
        "player.national_ids:other-systems",
        "player.birth",
        "player.team",
        "player.declared_points",
        "player.declared_rank",
        "player.results.color:unplayed",
        "player.results.opponent:unplayed",
        "player.results.trailing",
        "tournament.total_rounds",
        "tournament.extras",
        "tournament.extras:uscf:dbf:",
        "player.extras",
        "player.extras:uscf:dbf:",
        "outcome:PAIRING_BYE=FULL_BYE",
        "outcome:ZERO_BYE=NOT_PAIRED",
        "outcome:WIN_UNRATED=FORFEIT_WIN",
        "outcome:DRAW_UNRATED=FORFEIT_DRAW",
        "outcome:LOSS_UNRATED=FORFEIT_LOSS",
    }
)
"""What the DBF cannot hold (convention: :attr:`swisstb_io.registry.FormatSpec.lossy`).
PAIRING_BYE is written ``B``, ZERO_BYE ``U`` (read as unpaired), games of less than one move
``X``/``Z``/``F``; dates are kept as values (written ``YYYY/MM/DD``), a date with no
parsed value is dropped; text is transliterated to ASCII and cut to the field width; the number of
rounds is always written (a missing one comes back as the rounds played); rounds end at the
last game or bye; a round paired but not played yet has no cell (its opponent is dropped).
Extras: only the ``uscf:`` keys (and ``Player.extras["uscf:state"]``) have fields, so other
formats' extras are dropped, and so are the fields of the original 1991 layout kept as
``uscf:dbf:<FIELD>`` (``H_SCHOLAST``, ``S_K_FACTOR``…): the revised layout has none."""


KEPT_WHEN = {
    "tournament.start_date": KeptWhen(lambda d: d.value is not None,
                                      "a start date that is not a readable date"),
    "tournament.end_date": KeptWhen(lambda d: d.value is not None,
                                    "an end date that is not a readable date"),
    "tournament.total_rounds": KeptWhen(lambda n: True, "a missing number of rounds (written "
                                                        "as the rounds played)"),
}
"""The DBF writes a date it could parse, and always writes a number of rounds."""


def fit(t: Tournament) -> tuple[Tournament, list[tuple[str, str]]]:
    """What the writer cuts to fit a field (it cuts itself: ``t`` stays as it is)."""
    from . import writer

    return t, [("field-width", message) for message in writer.cuts(t)]


def sniff(data: bytes) -> bool:
    """A zip that holds a TDEXPORT.DBF (any letter case, any folder)."""
    return data.startswith(b"PK") and b"TDEXPORT.DBF" in data.upper()


FORMATS = (
    FormatSpec(
        name="uscf-dbf",
        title="US Chess rating report (dBase III trio THEXPORT/TSEXPORT/TDEXPORT)",
        extensions=(".zip",),
        aliases=("uscf", "dbf"),
        reader=read,
        writer=write,
        sniff=sniff,
        lossy=LOSSY,
        holds_sections=True,
        sections_writer=write_event,
        keeps_extras=("uscf:",),
        bundle=True,
        kept_lists=frozenset({"USCF"}),
        kept_when=KEPT_WHEN,
        fit=fit,
        dossier="formats/uscf_dbf/README.md",
    ),
)

__all__ = ["FORMATS", "KEPT_WHEN", "LOSSY", "fit", "read", "sniff", "write", "write_event"]
