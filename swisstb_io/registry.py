"""The registry of file formats: lookup by name, alias, extension and content.

Each format package exposes one :class:`FormatSpec` named ``FORMAT`` (or several, for
versioned writers such as ``trf16``/``trf2026``); :data:`BUILTIN_MODULES` lists the
packages, and :func:`all_formats` imports them on first use.  The CLI builds its
choices and help from this table, so a new format shows up everywhere at once.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import PurePath

from .errors import Diagnostic, UnknownFormatError
from .model import Tournament, _no_extras


@dataclass(frozen=True)
class ReadOptions:
    """What a reader may be asked: strictness and, for multi-section files, the section."""

    strict: bool = False
    section: str | None = None


@dataclass(frozen=True)
class ReadResult:
    """What a reader returns: the tournament and what it learned about the file."""

    tournament: Tournament
    format: str
    """Registry name of the format (or version) actually read, e.g. ``"trf16"``."""
    encoding: str = "utf-8"
    diagnostics: tuple[Diagnostic, ...] = ()
    sections: tuple[str, ...] = ()
    """For files that hold several sections: their names, in file order."""
    details: Mapping[str, str] = field(default_factory=_no_extras, hash=False)
    """Anything else worth showing in ``swisstb info`` (line endings, BOM…)."""


@dataclass(frozen=True)
class WriteOptions:
    """Writer settings; a writer ignores the ones that mean nothing to it."""

    version: str | None = None
    """Format version to force (``"16"``, ``"2026"``); ``None`` keeps the version read."""
    newline: str | None = None
    encoding: str | None = None
    strict: bool = False


Reader = Callable[[bytes, str, ReadOptions], ReadResult]
"""``reader(data, path, options)``; raises only :class:`~swisstb_io.errors.FormatError`."""
Writer = Callable[[Tournament, WriteOptions], bytes]
"""``writer(tournament, options)``; raises only :class:`~swisstb_io.errors.WriteError`."""
Sniffer = Callable[[bytes], bool]


@dataclass(frozen=True)
class FormatSpec:
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
    """Model fields this format cannot hold (dotted names, e.g. ``"player.fide_id"``)."""
    bundle: bool = False
    """True when the format is several files: a directory or a ``.zip`` of them."""
    dossier: str = ""
    """Path of the format's dossier under ``formats/``."""


BUILTIN_MODULES: tuple[str, ...] = ("swisstb_io.trf",)
"""Packages whose ``FORMATS`` tuples make up the built-in registry, in listing order."""

_cache: list[FormatSpec] | None = None


def all_formats() -> list[FormatSpec]:
    """Every registered format, built-ins first."""
    global _cache
    if _cache is None:
        specs: list[FormatSpec] = []
        for mod_name in BUILTIN_MODULES:
            mod = importlib.import_module(mod_name)
            specs.extend(mod.FORMATS)
        _cache = specs
    return list(_cache)


def register(spec: FormatSpec) -> None:
    """Add a format at run time (third-party formats, tests)."""
    all_formats()
    assert _cache is not None
    _cache[:] = [s for s in _cache if s.name != spec.name] + [spec]


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
    lower = PurePath(path).name.lower()
    hits = [
        (len(ext), spec) for spec in all_formats() for ext in spec.extensions if lower.endswith(ext)
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
    readable = [s for s in all_formats() if s.reader is not None]
    for spec in [*candidates, *readable]:
        if spec.reader is not None and spec.sniff is not None and spec.sniff(data):
            return spec
    for spec in candidates:
        if spec.reader is not None:
            return spec
    where = f"{path}: " if path else ""
    raise UnknownFormatError(
        f"{where}cannot tell the file's format; name it with --from "
        f"(one of: {', '.join(s.name for s in readable)})"
    )
