"""PGN (Portable Game Notation, Steven J. Edwards, 1994): the games file of broadcasts and
databases, read as the event(s) its games make up (formats/pgn/README.md).

Reading uses the tag pairs of each game and skips the movetext exactly (:mod:`._scan`);
several events in one file are its sections.  Writing gives one game with tags only per
pairing, or, for an event read from PGN, its games back as they were read.  Our own
reader: python-chess (GPL-3.0) is only the tests' oracle.  This module only declares the
format: the reader and the writer are imported when first called.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..model import Outcome, Tournament
from ..registry import FormatSpec, KeptWhen, ReadOptions, ReadResult, WriteOptions


def read(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read a PGN file (see :mod:`._reader`); raises only :class:`FormatError`."""
    from . import _reader

    return _reader.read(data, path, options)


def write(t: Tournament, options: WriteOptions) -> bytes:
    """Write ``t`` as PGN (see :mod:`._writer`)."""
    from . import _writer

    return _writer.write(t, options)


def write_sections(sections: Sequence[Tournament], options: WriteOptions) -> bytes:
    """Write several events as one PGN file (see :mod:`._writer`)."""
    from . import _writer

    return _writer.write_sections(sections, options)


def _players_without_games(t: Tournament) -> list[tuple[str, str]]:
    """A player with no game and no bye is in no game of the file."""
    idle = [p for p in t.players if all(r.opponent is None and not r.outcome.is_bye
                                        and not r.outcome.has_opponent for r in p.results)]
    if not idle:
        return []
    return [("player.games", f"players without any game or bye ({len(idle)} player"
             f"{'s' if len(idle) != 1 else ''}: PGN has a player only in a game)")]

LOSSY = frozenset(
    {
        "tournament.federation",
        "tournament.start_date",
        "tournament.start_date.text",
        "tournament.end_date",
        "tournament.chief_arbiter",
        "tournament.deputy_arbiters",
        "tournament.time_control",
        "tournament.tournament_type",
        "tournament.pairing_system",
        "tournament.total_rounds",
        "tournament.round_dates",
        "tournament.point_system",
        "tournament.tiebreaks",
        "tournament.standings_order",
        "tournament.section",
        "tournament.extras",
        "team.number",
        "team.extras",
        "player.sex",
        "player.ratings",
        "player.federation",
        "player.national_ids",
        "player.birth",
        "player.declared_points",
        "player.declared_rank",
        "player.adjustments",
        "player.extras",
        "player.results.color:unplayed",
        "player.results.trailing",
        "outcome:WIN_UNRATED=FORFEIT_WIN",
        "outcome:DRAW_UNRATED=FORFEIT_DRAW",
        "outcome:LOSS_UNRATED=FORFEIT_LOSS",
        "outcome:INCONSISTENT_WIN=WIN",
        "outcome:INCONSISTENT_DRAW=DRAW",
        "outcome:INCONSISTENT_LOSS=LOSS",
    }
)
"""What PGN cannot hold (convention: :attr:`swisstb_io.registry.FormatSpec.lossy`): a PGN
file is games, so what is not a game's tag is lost; a game of less than one move comes
back as a forfeit.  Dates are the games' dates: :data:`KEPT_WHEN` says when they come
back."""


def _round_dates_kept(t: Tournament) -> bool:
    from . import _writer

    return _writer.round_dates_kept(t)


def _end_date_kept(t: Tournament) -> bool:
    from . import _writer

    return _writer.end_date_kept(t)


def _trailing_kept(t: Tournament) -> bool:
    from . import _writer

    return _writer.trailing_kept(t)


KEPT_WHEN = {
    "tournament.start_date": KeptWhen(lambda d: d.value is not None,
                                      "a start date that is not a readable date"),
    "tournament.start_date.text": KeptWhen(lambda d: True, "the start date as written "
                                           "(written YYYY.MM.DD)"),
    "tournament.end_date": KeptWhen(_end_date_kept, "an end date that is not the date of "
                                    "the last round's games", of_event=True),
    "tournament.round_dates": KeptWhen(_round_dates_kept, "round dates that are not readable "
                                       "as dates or whose round has no game or bye (the "
                                       "others are written YYYY.MM.DD)", of_event=True),
    "player.results.color:unplayed": KeptWhen(
        lambda r: r.outcome is Outcome.NOT_PAIRED and r.opponent is not None,
        "colours of forfeits and byes"),
    "player.results.trailing": KeptWhen(_trailing_kept, "trailing rounds without a game, "
                                        "when nobody has a game or bye in them",
                                        of_event=True),
}
"""What PGN keeps of the entries above: a readable start date (``EventDate``); round dates
and the end date, which are the games' dates (``Date``), when every round date has a
readable date and a round with a game or bye to carry it, and the end date is the last
of them; the colours of a pairing not played yet (a ``*`` game); rounds without a game
at the end of a player's results, when someone else has a game or bye in them."""

_SNIFF = re.compile(rb'(?:\s|%[^\r\n]*|;[^\r\n]*)*\[[A-Za-z0-9][A-Za-z0-9_]*[ \t]*"')


def sniff(data: bytes) -> bool:
    """True when the file starts (after a BOM, blank lines and comments) with a tag pair."""
    return _SNIFF.match(data[:65536].removeprefix(b"\xef\xbb\xbf")) is not None


FORMATS = (
    FormatSpec(
        name="pgn",
        title="PGN, the games file of broadcasts and databases (tag pairs; one event a section)",
        extensions=(".pgn",),
        reader=read,
        writer=write,
        sniff=sniff,
        lossy=LOSSY,
        holds_sections=True,
        sections_writer=write_sections,
        keeps_extras=("pgn:",),
        kept_when=KEPT_WHEN,
        more_losses=_players_without_games,
        dossier="formats/pgn/README.md",
    ),
)

__all__ = ["FORMATS", "LOSSY", "read", "sniff", "write", "write_sections"]
