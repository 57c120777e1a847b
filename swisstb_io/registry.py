"""The registry of file formats: lookup by name, alias, extension and content.

Each format package exposes one :class:`FormatSpec` named ``FORMAT`` (or several, for
versioned writers such as ``trf16``/``trf2026``); :data:`BUILTIN_MODULES` lists the
packages, and :func:`all_formats` imports them on first use.  The CLI builds its
choices and help from this table, so a new format shows up everywhere at once.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .errors import Diagnostic, FormatError, Location, UnknownFormatError
from .model import EMPTY_EXTRAS, Tournament


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
    sections_writer: SectionsWriter | None = None
    """Set for formats that hold several sections in one file (``.sjson``, the US Chess
    DBF): writes them all; :attr:`writer` writes one."""
    keeps_extras: tuple[str, ...] = ()
    """Extras keys (prefixes) the format writes back although ``"<object>.extras"`` is in
    :attr:`lossy`: its own namespace, e.g. ``("trf:",)``."""
    bundle: bool = False
    """True when the format is several files: a directory or a ``.zip`` of them."""
    dossier: str = ""
    """Path of the format's dossier under ``formats/``."""


BUILTIN_MODULES: tuple[str, ...] = (
    "swisstb_io.trf",
    "swisstb_io.xml",
    "swisstb_io.chess_json",
    "swisstb_io.swisssys_csv",
    "swisstb_io.sjson",
    "swisstb_io.uscf_dbf",
    "swisstb_io.pgn",
)
"""Packages whose ``FORMATS`` tuples make up the built-in registry, in listing order."""

BUILTIN_HINTS: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    "swisstb_io.trf": (frozenset({"trf", "trfx", "trf16/2026 auto", "trf16", "trf2026", "trf26",
                                  "trf25"}), (".trf", ".trfx", ".txt")),
    "swisstb_io.xml": (frozenset({"xml", "swisstb-xml"}), (".xml",)),
    "swisstb_io.chess_json": (frozenset({"chess-json", "jch", "chessjson"}), (".jch", ".json")),
    "swisstb_io.swisssys_csv": (frozenset({"swisssys-csv", "uscsv", "us-csv", "crosstable-csv"}),
                                (".csv",)),
    "swisstb_io.sjson": (frozenset({"sjson", "swisssys", "swisssys-json"}), (".sjson",)),
    "swisstb_io.uscf_dbf": (frozenset({"uscf-dbf", "uscf", "dbf"}), (".zip",)),
    "swisstb_io.pgn": (frozenset({"pgn"}), (".pgn",)),
}
"""For each built-in package: the names and aliases, and the extensions, its formats
declare.  Lookups by name or extension import only the packages these point at, so
reading a ``.trf`` file never loads lxml; a test keeps this table equal to the
packages' own ``FORMATS``."""

_loaded: dict[str, tuple[FormatSpec, ...]] = {}
_registered: list[FormatSpec] = []


def _builtin(mod_name: str) -> tuple[FormatSpec, ...]:
    specs = _loaded.get(mod_name)
    if specs is None:
        specs = _loaded[mod_name] = tuple(importlib.import_module(mod_name).FORMATS)
    return specs


def _formats_of(modules: Iterable[str]) -> list[FormatSpec]:
    """The formats of ``modules`` (built-ins that :func:`register` replaced left out),
    then every format registered at run time."""
    replaced = {s.name for s in _registered}
    builtin = [s for mod in modules for s in _builtin(mod) if s.name not in replaced]
    return builtin + _registered


def all_formats() -> list[FormatSpec]:
    """Every registered format, built-ins first."""
    return _formats_of(BUILTIN_MODULES)


def register(spec: FormatSpec) -> None:
    """Add a format at run time (third-party formats, tests); it replaces any format of
    the same name."""
    _registered[:] = [s for s in _registered if s.name != spec.name] + [spec]


def known_names() -> list[str]:
    return [s.name for s in all_formats()]


def find(name: str) -> FormatSpec:
    """The format called ``name`` (or with that alias); case-insensitive."""
    key = name.strip().lower()
    hinted = [mod for mod, (names, _) in BUILTIN_HINTS.items() if key in names]
    for spec in [*_formats_of(hinted), *all_formats()]:
        if key == spec.name or key in spec.aliases:
            return spec
    raise UnknownFormatError(f"unknown format {name!r}; known formats: {', '.join(known_names())}")


def by_extension(path: str) -> list[FormatSpec]:
    """Formats whose extensions match ``path`` (longest suffix first)."""
    lower = path.replace("\\", "/").rpartition("/")[2].lower()
    hinted = [mod for mod, (_, exts) in BUILTIN_HINTS.items()
              if any(lower.endswith(ext) for ext in exts)]
    hits = [
        (len(ext), spec) for spec in _formats_of(hinted) for ext in spec.extensions
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
