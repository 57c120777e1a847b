"""Finding the tournament files under a season folder.

A file is a candidate when the registry knows its extension, or (for other names) when a
registered sniffer recognises its first bytes.  A folder holding ``.dbf`` files is one
bundle event (the US Chess DBF trio) and is not searched further.  Hidden files and
folders, and the output folder when it lies inside the season folder, are skipped.

The files a batch reads for its events are never events themselves: an event's own files
beside it (:data:`COMPANION_SUFFIXES`: ``spring.prizes.toml``, ``spring.players.csv``) and
the files named on the command line (``exclude``: ``--prizes``, ``--player-data``).
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Collection, Iterator
from pathlib import Path

from ..files import file_problem
from ..limits import MAX_FILE_BYTES
from ..registry import all_formats, by_extension

SNIFF_BYTES = 64 * 1024
"""How much of a file with an unknown extension is read to sniff its format."""

GENERIC_EXTENSIONS = frozenset({".txt", ".json"})
"""Extensions a format uses but many other files share: such a file is taken only when a
sniffer recognises it (a ``notes.txt`` or ``package.json`` in the season folder is not an
event)."""

PRIZE_SUFFIX = ".prizes.toml"
"""An event's own prize file sits beside it: ``spring.csv`` -> ``spring.prizes.toml``."""
PLAYER_DATA_SUFFIX = ".players.csv"
"""An event's own player data sits beside it: ``spring.trf`` -> ``spring.players.csv``."""
COMPANION_SUFFIXES = (PRIZE_SUFFIX, PLAYER_DATA_SUFFIX)
"""The endings of the files that belong to the event beside them; a file whose name ends
so (in any case, as macOS and Windows compare names) is never an event."""


def beside(event_path: str, suffix: str) -> str | None:
    """The event's own file of ``suffix`` in the same folder (``spring.csv``,
    :data:`PRIZE_SUFFIX` -> ``spring.prizes.toml``), if it exists; the same file for every
    section of a file of several."""
    base, _ = os.path.splitext(event_path)
    candidate = base + suffix
    return candidate if os.path.isfile(candidate) else None


def is_companion(name: str) -> bool:
    """Whether a file of this name belongs to an event beside it (never an event)."""
    return name.lower().endswith(COMPANION_SUFFIXES)


def _is_bundle_dir(names: list[str]) -> bool:
    return any(n.lower().endswith(".dbf") for n in names)


def _sniffs(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            head = fh.read(SNIFF_BYTES)
    except OSError:
        return False
    if not head.strip():
        return False
    for spec in all_formats():
        if spec.reader is None or spec.sniff is None or spec.bundle:
            continue
        try:
            if spec.sniff(head):
                return True
        except Exception:  # a sniffer must never stop discovery
            continue
    return False


def _matches(rel: str, patterns: tuple[str, ...]) -> bool:
    if not patterns:
        return True
    name = rel.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatch(rel, p) or fnmatch.fnmatch(name, p) for p in patterns)


def discover(
    root: Path, *, patterns: tuple[str, ...] = (), exclude: Collection[Path] = (),
    notes: list[str] | None = None,
) -> list[Path]:
    """Every event under ``root`` (files and bundle folders), sorted by relative path.

    ``patterns`` (``--glob``) narrow the choice: a path is kept when one pattern matches
    its path relative to ``root`` or its name.  ``exclude``: folders (the output folder)
    and files (the batch's other inputs) that are not events.  ``root`` may itself be a
    file.  What was passed over and why (a pipe, a device, a huge file, an unreadable
    folder) is added to ``notes``.
    """
    if root.is_file():
        return [root]
    # each as named (a link in the season folder) and as what it is
    skip = frozenset(q for p in exclude for q in (p.resolve(), p.parent.resolve() / p.name))
    found: list[Path] = []
    for event in _walk(root, skip, notes if notes is not None else []):
        rel = event.relative_to(root).as_posix()
        if _matches(rel, patterns):
            found.append(event)
    found.sort(key=lambda p: p.relative_to(root).as_posix())
    return found


def _not_a_file(path: Path) -> str:
    """Why ``path`` cannot be an event file (``""`` when it can): reading a pipe or a
    device (a symlink to ``/dev/zero``) would never end, a huge file would fill memory
    (the rules every command reads a file by: :func:`~swisstb_io.files.file_problem`)."""
    try:
        st = os.stat(path)
    except OSError as exc:
        return f"it cannot be read ({exc.strerror or exc})"
    return file_problem(st, MAX_FILE_BYTES)


def _walk(root: Path, skip: frozenset[Path], notes: list[str]) -> Iterator[Path]:
    def unreadable(exc: OSError) -> None:
        notes.append(f"{exc.filename}: skipped: the folder cannot be read "
                     f"({exc.strerror or exc})")

    for dirpath, dirnames, filenames in os.walk(root, onerror=unreadable):
        here = Path(dirpath)
        dirnames[:] = sorted(
            d for d in dirnames if not d.startswith(".") and (here / d).resolve() not in skip
        )
        if here != root and _is_bundle_dir(filenames):
            dirnames[:] = []
            yield here
            continue
        where = here.resolve()  # once a folder: a file in ``skip`` is one of its names
        for name in sorted(filenames):
            if name.startswith(".") or is_companion(name) or where / name in skip:
                continue
            path = here / name
            why = _not_a_file(path)
            if why:
                notes.append(f"{path}: skipped: {why}")
                continue
            if is_event_file(path):
                yield path


def is_event_file(path: Path) -> bool:
    """Whether a file is taken as an event: by its extension, or (generic and unknown
    extensions) by a sniffer recognising its content."""
    if by_extension(path.name) and path.suffix.lower() not in GENERIC_EXTENSIONS:
        return True
    return _sniffs(path)
