"""``swisstb check``: every problem of tournament files, for CI and pre-commit.

    from swisstb_io.check import check_paths, CheckOptions

    for report in check_paths(["fixtures/"], CheckOptions()):
        for diag in report.diagnostics:      # errors.Diagnostic; code is one of KINDS
            ...

A file that cannot be read gives one ``unreadable`` error with the reader's location; a
file that can be read is checked for inconsistent pairings, impossible results, points
columns, declared ranks and declared tie-break values (see :mod:`.checks`).  Formatters
for text, JSON, JUnit XML and GitHub Actions annotations are in :mod:`.output`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..api import load, read_source
from ..errors import Diagnostic, Location, Severity, SwisstbError
from ..tiebreaks import parse_chain
from .checks import KINDS, check_tournament


@dataclass(frozen=True)
class CheckOptions:
    tiebreaks: str | None = None
    """Tie-break chain to check ranks with; ``None``: each file's declared chain."""
    patterns: tuple[str, ...] = ()
    """Glob patterns that narrow the files found in folders."""
    rounds_by_date: bool = False
    """PGN: games without a ``Round`` get the round of their date
    (:attr:`~swisstb_io.registry.ReadOptions.rounds_by_date`)."""

    def __post_init__(self) -> None:
        if self.tiebreaks is not None:
            parse_chain(self.tiebreaks)


@dataclass(frozen=True)
class FileReport:
    """The problems of one file."""

    path: str
    format: str
    """The format read, or ``""`` when the file could not be read."""
    diagnostics: tuple[Diagnostic, ...]

    def count(self, severity: Severity) -> int:
        return sum(d.severity is severity for d in self.diagnostics)


def check_file(path: str, options: CheckOptions | None = None) -> FileReport:
    """Check one file (or a bundle folder)."""
    try:
        data, _ = read_source(path)
    except SwisstbError as exc:
        return _unreadable(path, exc)
    return check_data(data, path, options)


def check_data(data: bytes, path: str, options: CheckOptions | None = None) -> FileReport:
    """Check a file's bytes (``path`` names it in the diagnostics, e.g. ``<stdin>``)."""
    opts = options or CheckOptions()
    try:
        result = load(data, path=path, rounds_by_date=opts.rounds_by_date)
    except SwisstbError as exc:
        return _unreadable(path, exc)
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:  # a reader bug must not hide the other files
        msg = f"the reader failed ({type(exc).__name__}: {exc}); please report it with the file"
        return FileReport(path, "", (Diagnostic(Location(path), msg, Severity.ERROR,
                                                "unreadable"),))
    diags = check_tournament(result, data, path, opts.tiebreaks)
    return FileReport(path, result.format, tuple(diags))


def _unreadable(path: str, exc: SwisstbError) -> FileReport:
    loc = exc.location if exc.location is not None else Location(path)
    return FileReport(path, "", (Diagnostic(loc, exc.message, Severity.ERROR, "unreadable"),))


def expand(paths: Iterable[str], patterns: tuple[str, ...] = ()) -> list[str]:
    """The tournament files among ``paths`` and under the folders named, in order.

    A file named explicitly is chosen the way a file found in a folder is: by its
    extension, or for generic and unknown extensions (``.txt``, ``.json``) only when its
    content is recognised, so a pre-commit hook given every changed file skips the rest.
    """
    from ..batch.discovery import discover, is_event_file

    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir() and not _is_bundle(path):
            out.extend(str(x) for x in discover(path, patterns=patterns))
        elif path.is_dir() or not path.exists() or is_event_file(path):
            out.append(p)
    return out


def _is_bundle(path: Path) -> bool:
    return any(c.suffix.lower() == ".dbf" for c in path.iterdir())


def check_paths(paths: Iterable[str], options: CheckOptions | None = None) -> Iterator[FileReport]:
    """A :class:`FileReport` per file found under ``paths``."""
    opts = options or CheckOptions()
    for path in expand(paths, opts.patterns):
        yield check_file(path, opts)


__all__ = ["KINDS", "CheckOptions", "FileReport", "check_data", "check_file", "check_paths",
           "expand"]
