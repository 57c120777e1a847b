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
    opts = options or CheckOptions()
    try:
        data, _ = read_source(path)
        result = load(data, path=path)
    except SwisstbError as exc:
        loc = exc.location if exc.location is not None else Location(path)
        return FileReport(path, "", (Diagnostic(loc, exc.message, Severity.ERROR, "unreadable"),))
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:  # a reader bug must not hide the other files
        msg = f"the reader failed ({type(exc).__name__}: {exc}); please report it with the file"
        return FileReport(path, "", (Diagnostic(Location(path), msg, Severity.ERROR,
                                                "unreadable"),))
    diags = check_tournament(result, data, path, opts.tiebreaks)
    return FileReport(path, result.format, tuple(diags))


def expand(paths: Iterable[str], patterns: tuple[str, ...] = ()) -> list[str]:
    """Files named and the tournament files under the folders named, in order."""
    from ..batch.discover import discover

    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir() and not _is_bundle(path):
            out.extend(str(x) for x in discover(path, patterns=patterns))
        else:
            out.append(p)
    return out


def _is_bundle(path: Path) -> bool:
    return any(c.suffix.lower() == ".dbf" for c in path.iterdir())


def check_paths(paths: Iterable[str], options: CheckOptions | None = None) -> Iterator[FileReport]:
    """A :class:`FileReport` per file found under ``paths``."""
    opts = options or CheckOptions()
    for path in expand(paths, opts.patterns):
        yield check_file(path, opts)


__all__ = ["KINDS", "CheckOptions", "FileReport", "check_file", "check_paths", "expand"]
