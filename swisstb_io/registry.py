"""The registry of file formats: lookup by name, alias, extension and content.

Each format package declares its formats once, in a ``FORMATS`` tuple of
:class:`FormatSpec` (several for versioned writers such as ``trf16``/``trf2026``):
names, extensions, reader, writer, sniffer and what the format loses.
:data:`BUILTIN_MODULES` lists the packages.  The CLI builds its choices and help from this
table, so a new format shows up everywhere at once.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from .errors import Diagnostic, FormatError, Location, UnknownFormatError, quoted
from .model import EMPTY_EXTRAS, Tournament


def pick_section(names: Sequence[str], wanted: str | None, path: str, noun: str = "section",
                 where: str = "this file") -> int:
    """Which of ``names`` (a file's sections, in file order) :attr:`ReadOptions.section`
    asks for: by name (case aside), else by 1-based number; the first when it asks
    nothing.  A name that fits none is a :class:`FormatError` that lists them (``noun``
    and ``where`` say what they are: ``event``, ``this report``)."""
    if wanted is None:
        return 0
    key = wanted.strip().casefold()
    for i, name in enumerate(names):
        if name.casefold() == key:
            return i
    if key.isdecimal() and 1 <= int(key) <= len(names):
        return int(key) - 1
    listing = ", ".join(f"{i} {n!r}" for i, n in enumerate(names, 1))
    raise FormatError(f"no {noun} {quoted(wanted)} in {where} ({noun}s: {listing})",
                      Location(path))


@dataclass(frozen=True)
class ReadOptions:
    """What a reader may be asked: strictness and, for multi-section files, the section."""

    strict: bool = False
    section: str | None = None
    rounds_by_date: bool = False
    """PGN: number the rounds of an event by its games' dates when some game has no
    ``Round`` (one round a day)."""


class ReadResult(NamedTuple):
    """What a reader returns: the tournament and what it learned about the file."""

    tournament: Tournament
    format: str
    """Registry name of the format (or version) actually read, e.g. ``"trf16"``."""
    encoding: str = "utf-8"
    diagnostics: tuple[Diagnostic, ...] = ()
    sections: tuple[str, ...] = ()
    """For files that hold several sections: their names, in file order."""
    details: Mapping[str, str] = EMPTY_EXTRAS
    """Anything else worth showing in ``swisstb info`` (line endings, BOM…)."""
    all_sections: tuple[Tournament, ...] = ()
    """For files that hold several sections: every section, in file order (``tournament``
    is the one asked for, the first by default); empty for a one-section file."""

    def every_section(self) -> tuple[Tournament, ...]:
        """Every section the file holds (just :attr:`tournament` for a one-section file)."""
        return self.all_sections or (self.tournament,)


@dataclass(frozen=True)
class WriteOptions:
    """Writer settings; a writer ignores the ones that mean nothing to it."""

    version: str | None = None
    """Format version to force (``"16"``, ``"2026"``); ``None`` keeps the version read."""
    newline: str | None = None
    encoding: str | None = None
    strict: bool = False
    player_order: str = "as-read"
    """``"as-read"`` keeps the players in the order the model (or the file read) has them;
    ``"start-number"`` writes them by start number (TRF: each 001 record takes the place
    of one, so the other records stay where they were)."""


Reader = Callable[[bytes, str, ReadOptions], ReadResult]
"""``reader(data, path, options)``; raises only :class:`~swisstb_io.errors.FormatError`."""
Writer = Callable[[Tournament, WriteOptions], bytes]
"""``writer(tournament, options)``; raises only :class:`~swisstb_io.errors.WriteError`."""
Sniffer = Callable[[bytes], bool]
SectionsWriter = Callable[[Sequence[Tournament], WriteOptions], bytes]
"""``writer(sections, options)``: several sections as one file (formats that hold them)."""


class KeptWhen(NamedTuple):
    """A :attr:`FormatSpec.lossy` entry the format keeps for some values."""

    kept: Callable[[Any], bool]
    """Whether a value (of the model field the entry names; for a ``player.results.``
    entry, one round's result) comes back; given the tournament when :attr:`of_event`."""
    lost: str
    """What is really lost, in words: ``"an end date that is not a readable date"``."""
    of_event: bool = False
    """True when whether the data comes back depends on the rest of the event, so
    :attr:`kept` is given the whole tournament (PGN's end date is the date of its last
    round's games)."""


_NOTHING_KEPT: Mapping[str, KeptWhen] = MappingProxyType({})
_NOTHING_NAMED: Mapping[str, str] = MappingProxyType({})


class FormatSpec(NamedTuple):
    """One registered format."""

    name: str
    title: str
    extensions: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    reader: Reader | None = None
    writer: Writer | None = None
    sniff: Sniffer | None = None
    write_options: WriteOptions = WriteOptions()
    """Options this name implies (``trf2026`` forces ``version="2026"``)."""
    lossy: frozenset[str] = frozenset()
    """What a write-then-read through this format does not give back unchanged.

    One convention for every format (``tests/lossy.py`` applies it; keep the two in step):

    * ``"tournament.<field>"``, ``"player.<field>"``, ``"team.<field>"``: a model field the
      format does not keep.  A dotted path reaches inside a value:
      ``"tournament.start_date.text"``, ``"tournament.point_system.forfeit_win"``.
    * A qualifier after ``:`` keeps part of it: ``":ascii"`` (text comes back transliterated
      to ASCII, maybe cut to a field width); ``":other-systems"`` (``ratings`` /
      ``national_ids`` only for the lists the format has, e.g. USCF).
    * ``"player.results.color"`` / ``"player.results.opponent"``: not kept for any round;
      ``"player.results.color:unplayed"``: not kept for rounds without a game over the board
      (forfeits and byes).  ``"player.results.trailing"``: trailing NOT_PAIRED rounds dropped.
    * ``"outcome:FROM=TO"``: outcome FROM (a :class:`~swisstb_io.model.Outcome` name) comes
      back as TO, e.g. ``"outcome:PAIRING_BYE=FULL_BYE"``.  The bare ``"outcome:FROM"``
      says FROM comes back as some other outcome (the dossier says which); prefer ``=TO``.
    * ``"<object>.extras"``: no extras kept.  Otherwise readers may add keys of their own
      namespace, and only the keys the original had are compared.
    """
    holds_sections: bool = False
    """True for formats one file of which may hold several sections (their names in
    :attr:`ReadResult.sections`, each read with ``section=``): SwissSys ``.sjson``, the US
    Chess DBF, PGN, Chess-JSON.  ``swisstb batch`` makes an event of each section."""
    sections_writer: SectionsWriter | None = None
    """Set for formats that write several sections to one file (``.sjson``, the US Chess
    DBF, PGN): writes them all; :attr:`writer` writes one."""
    keeps_extras: tuple[str, ...] = ()
    """Extras keys (prefixes) the format writes back although ``"<object>.extras"`` is in
    :attr:`lossy`: its own namespace, e.g. ``("trf:",)``."""
    bundle: bool = False
    """True when the format is several files: a directory or a ``.zip`` of them."""
    dossier: str = ""
    """Path of the format's dossier under ``formats/``."""
    kept_lists: frozenset[str] = frozenset()
    """With a ``":other-systems"`` entry in :attr:`lossy`: the rating and ID lists (upper
    case) the format has a place for (TRF: the federations' national lists)."""
    kept_when: Mapping[str, KeptWhen] = _NOTHING_KEPT
    """The :attr:`lossy` entries the format keeps for some values, by entry."""
    fit: Callable[[Tournament], tuple[Tournament, Sequence[tuple[str, str]]]] | None = None
    """``fit(t)``: ``t`` as the format can hold it, values cut to its fields, with what was
    cut as ``(what, words)`` pairs, for a conversion to say (TRF: a player's name longer
    than its 33 columns; the US Chess DBF: what its writer cuts itself)."""
    more_losses: Callable[[Tournament], Sequence[tuple[str, str]]] | None = None
    """What writing a tournament loses that :attr:`lossy` has no entry for, as
    ``(what, words)`` pairs (TRF16: the TRF-2026 records it has no place for)."""
    chain_records: Mapping[str, str] = _NOTHING_NAMED
    """Where a file of the format declares its tie-break chain, in a report's words, by
    list: ``"standings"`` (:attr:`~swisstb_io.model.Tournament.standings_order`) and
    ``"tiebreaks"`` (:attr:`~swisstb_io.model.Tournament.tiebreaks`); TRF: ``record 212``
    and ``record 202``.  Every report says which one ranked the event."""


BUILTIN_MODULES: tuple[str, ...] = (
    "swisstb_io.trf",
    "swisstb_io.xml",
    "swisstb_io.chess_json",
    "swisstb_io.swisssys_csv",
    "swisstb_io.sjson",
    "swisstb_io.uscf_dbf",
    "swisstb_io.pgn",
)
"""Packages whose ``FORMATS`` tuples make up the built-in registry, in listing order.

A package's ``__init__`` declares its formats and nothing more: its reader and writer are
imported when first called, so looking formats up loads no reader (and no lxml)."""

_registered: list[FormatSpec] = []
"""The formats :func:`register` added at run time."""


def all_formats() -> list[FormatSpec]:
    """Every registered format: the built-ins (those :func:`register` did not replace),
    then those registered at run time."""
    replaced = {s.name for s in _registered}
    builtin = [spec for mod in BUILTIN_MODULES for spec in importlib.import_module(mod).FORMATS
               if spec.name not in replaced]
    return builtin + _registered


def register(spec: FormatSpec) -> None:
    """Add a format at run time (third-party formats, tests); it replaces any format of
    the same name."""
    _registered[:] = [s for s in _registered if s.name != spec.name] + [spec]


def known_names() -> list[str]:
    return [s.name for s in all_formats()]


def find(name: str) -> FormatSpec:
    """The format called ``name`` (or with that alias); case-insensitive."""
    key = name.strip().lower()
    for spec in all_formats():
        if key == spec.name or key in spec.aliases:
            return spec
    raise UnknownFormatError(f"unknown format {name!r}; known formats: {', '.join(known_names())}")


def by_extension(path: str) -> list[FormatSpec]:
    """Formats whose extensions match ``path`` (longest suffix first)."""
    lower = path.replace("\\", "/").rpartition("/")[2].lower()
    hits = [
        (len(ext), spec) for spec in all_formats() for ext in spec.extensions
        if lower.endswith(ext)
    ]
    hits.sort(key=lambda pair: -pair[0])
    seen: list[FormatSpec] = []
    for _, spec in hits:
        if spec not in seen:
            seen.append(spec)
    return seen


def detect(data: bytes, path: str = "") -> FormatSpec:
    """Pick the reader for ``data``: content sniffing first among the formats the
    extension suggests, then among all formats."""
    candidates = by_extension(path) if path else []
    for spec in candidates:
        if spec.reader is not None and spec.sniff is not None and spec.sniff(data):
            return spec
    readable = [s for s in all_formats() if s.reader is not None]
    for spec in readable:
        if spec.sniff is not None and spec.sniff(data):
            return spec
    for spec in candidates:
        if spec.reader is not None:
            return spec
    raise FormatError(
        "cannot tell the file's format; name it with --from "
        f"(one of: {', '.join(s.name for s in readable)})",
        Location(path or "<input>"),
    )
