"""What both rating submissions share: the problem list and all-or-nothing writing."""

from __future__ import annotations

import enum
import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..errors import WriteError
from ..files import DIR_MODE, atomic_write, temp_prefix, write_failure
from ..model import Player


class Severity(enum.Enum):
    ERROR = "error"
    """Missing or wrong: the federation may reject the file (``--strict`` refuses)."""
    NOTE = "note"
    """Written, but changed on the way (a name transliterated to ASCII, cut to width)."""


@dataclass(frozen=True)
class Problem:
    """One item a rating officer would send back, with who it is about."""

    subject: str
    """``"event"``, ``"section 2 (Reserve)"`` or ``"player 12 (Rao, Anil)"``."""
    what: str
    """The field or record: ``"FIDE ID"``, ``"132 round dates"``, ``"round 3"``."""
    message: str
    severity: Severity = Severity.ERROR

    def __str__(self) -> str:
        tag = "" if self.severity is Severity.ERROR else "note: "
        return f"{self.subject}: {tag}{self.what}: {self.message}"


def player_subject(p: Player, section: str = "") -> str:
    """``"player 12 (Rao, Anil)"``, prefixed by ``section`` (``"section 2 (Reserve)"``)."""
    where = f"{section}, " if section else ""
    return f"{where}player {p.start_no} ({p.name})"


def errors(problems: Iterable[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity is Severity.ERROR]


def refuse_if_strict(problems: Iterable[Problem], strict: bool, dest: str) -> None:
    """Raise :class:`WriteError` when ``strict`` and any problem is an error."""
    bad = errors(problems)
    if strict and bad:
        raise WriteError(
            f"refusing to write {dest}: {len(bad)} problem{'s' if len(bad) != 1 else ''} "
            "(listed above); fix them or drop --strict"
        )


def write_file(dest: Path, data: bytes) -> None:
    """``data`` to ``dest`` through a temporary file and a rename: never a partial file."""
    try:
        atomic_write(dest, data)
    except OSError as exc:
        raise WriteError(write_failure(exc, dest)) from exc


def write_directory(dest: Path, files: Mapping[str, bytes]) -> None:
    """All of ``files`` into directory ``dest``, or none of them.

    Everything is written to a temporary directory next to ``dest`` first.  A new (or
    empty) ``dest`` is then one rename; into an existing directory each file is moved with
    ``os.replace`` (renames only: the data is already complete on disk).
    """
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        if dest.exists() and not dest.is_dir():
            raise WriteError(f"cannot write {dest}: it exists and is not a directory")
        tmp = Path(tempfile.mkdtemp(prefix=temp_prefix(dest.name), suffix=".tmp", dir=dest.parent))
        try:
            for name, data in files.items():
                with open(tmp / name, "wb") as fh:
                    fh.write(data)
                    fh.flush()
                    os.fsync(fh.fileno())
            if dest.is_dir() and not any(dest.iterdir()):
                dest.rmdir()
            if not dest.exists():
                os.chmod(tmp, DIR_MODE)
                os.rename(tmp, dest)
                return
            for name in files:
                os.replace(tmp / name, dest / name)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    except OSError as exc:
        raise WriteError(write_failure(exc, dest)) from exc
