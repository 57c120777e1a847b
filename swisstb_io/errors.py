"""Errors and diagnostics.

Every problem swisstb_io reports carries a :class:`Location` and renders as
``path:line:col: message`` (compiler style), so editors and CI can jump to it.

* :class:`SwisstbError` (a ``ValueError``) is the one type the library raises for bad
  input or impossible requests; the CLI turns it into a message and an exit code.
* :class:`Diagnostic` is a problem that does not stop reading (a game whose two sides
  disagree, a points column that does not match).  Readers collect them; with
  ``strict=True`` the first one is raised as a :class:`FormatError` instead.
"""

from __future__ import annotations

import enum
from typing import NamedTuple


def readable_path(path: str) -> str:
    """``path`` as text that can be printed and embedded anywhere (UTF-8 output, JSON,
    HTML, XML): a file system name holds the bytes that are not UTF-8 as surrogates (as
    :func:`os.fsdecode` gives them), and each such byte is shown as ``%XX`` and, in such a
    name only, ``%`` as ``%25``, so two names that differ in those bytes stay apart
    (``caf\\xe9.trf`` -> ``caf%E9.trf``).  The one rendering of a path wherever swisstb
    prints or embeds one (messages, reports, ``check`` output, the batch's names)."""
    if not any("\udc80" <= c <= "\udcff" for c in path):
        return path
    return "".join(f"%{ord(c) - 0xDC00:02X}" if "\udc80" <= c <= "\udcff"
                   else "%25" if c == "%" else c for c in path)


class Location(NamedTuple):
    """Where a problem is: a path and, when known, a 1-based line and column."""

    path: str = "<input>"
    line: int | None = None
    col: int | None = None

    def __str__(self) -> str:
        out = readable_path(self.path)
        if self.line is not None:
            out += f":{self.line}"
            if self.col is not None:
                out += f":{self.col}"
        return out


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Diagnostic(NamedTuple):
    """A problem found while reading or checking; reading went on."""

    location: Location
    message: str
    severity: Severity = Severity.WARNING
    code: str = ""
    """A short stable identifier, e.g. ``"trf-asymmetric-game"``."""

    def __str__(self) -> str:
        return f"{self.location}: {self.severity.value}: {self.message}"


class SwisstbError(ValueError):
    """Base class of every error swisstb_io raises on purpose."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        self.message = message
        self.location = location
        super().__init__(f"{location}: {message}" if location is not None else message)


class FormatError(SwisstbError):
    """A file cannot be read: ``path:line:col: what is wrong``."""


class NotAFileError(FormatError):
    """The path names no tournament file to read: a folder (that holds no US Chess DBF
    trio), a pipe, a device or a socket.  The command line treats it as it treats a missing
    file: a usage error."""


class WriteError(SwisstbError):
    """A tournament cannot be written in the requested format (a value does not fit…)."""


class UnknownFormatError(SwisstbError):
    """No format of that name, or none could be detected."""


class TiebreakError(SwisstbError):
    """An unknown tie-break code, a bad modifier, or an impossible request."""


class Diagnostics:
    """A collector that readers append to; ``strict`` turns the first warning into an error."""

    def __init__(self, strict: bool = False) -> None:
        self.strict = strict
        self.items: list[Diagnostic] = []

    def warn(self, location: Location, message: str, code: str = "") -> None:
        if self.strict:
            raise FormatError(message, location)
        self.items.append(Diagnostic(location, message, Severity.WARNING, code))

    def info(self, location: Location, message: str, code: str = "") -> None:
        self.items.append(Diagnostic(location, message, Severity.INFO, code))

    def freeze(self) -> tuple[Diagnostic, ...]:
        return tuple(self.items)


def quoted(value: object, width: int = 40) -> str:
    """``repr(value)`` for a message, cut to about ``width`` characters (``'99999…'``): a
    hostile file's value may be megabytes long."""
    text = repr(value)
    return text if len(text) <= width else text[: width - 2] + "…" + text[-1]
