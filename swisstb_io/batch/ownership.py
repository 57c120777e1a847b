"""What the batch wrote, so that it touches nothing else in its output folder.

Every file the batch writes is recorded with its size and SHA-256 (:class:`Content`): in
the manifest at the end of a run, and in the journal just before it is written
(:meth:`._safety.Journal.claim`), so that a run killed between a write and the manifest
still knows the file is its own.  The next run then

* overwrites a file only when it is absent or holds content the batch recorded for that
  name (:func:`write_all`, :func:`foreign`): a user's own ``index.html`` or event page is
  never replaced, and the batch says which files are in the way;
* deletes a file (the reports of an event that failed or is gone, a player page no longer
  needed) only when its name is one the batch writes, it is a regular file inside the
  output folder (not reached through a link), and its content is recorded
  (:func:`remove_own`);
* writes its temporaries into a folder of its own, ``OUT/.swisstb-batch.tmp``, and sweeps
  only that folder (:func:`sweep_staging`): a user's ``.index.html.abcd1234.tmp`` stays;
* reads the manifest as input like any other: a name that is not one the batch writes
  (absolute, with ``..``, outside ``events/``) is not a name it will touch
  (:func:`valid_name`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import NamedTuple

from ..errors import SwisstbError
from ..files import AllOrNothing

STAGING = ".swisstb-batch.tmp"
"""The folder of the batch's temporary files, inside the output folder."""

EVENT_FILES = "events/"
"""Where every event's reports and summary go (:func:`.results.event_stem`)."""

SUMMARY = ".summary.json"
"""How an event's summary ends (:func:`.results.summary_path`)."""

SITE_FILES = re.compile(r"index\.json|index\.html|players/[1-9]\d*\.html")
"""The season site's files (:mod:`.season`, :mod:`.season_html`)."""


class Content(NamedTuple):
    """What a file the batch wrote held: its size in bytes and its SHA-256 (hex)."""

    size: int
    sha256: str

    @classmethod
    def of(cls, data: bytes) -> Content:
        return cls(len(data), hashlib.sha256(data).hexdigest())

    @classmethod
    def from_json(cls, value: object) -> Content | None:
        """``[size, sha256]`` as the manifest and the journal hold it; ``None`` if it is
        anything else."""
        if (isinstance(value, list) and len(value) == 2 and type(value[0]) is int
                and value[0] >= 0 and isinstance(value[1], str)
                and re.fullmatch(r"[0-9a-f]{64}", value[1])):
            return cls(value[0], value[1])
        return None


Owned = dict[str, set[Content]]
"""Per file name (relative to the output folder) every content the batch recorded for it."""


def valid_name(name: object) -> bool:
    """True for a name (relative to the output folder, ``/``-separated) of a file the batch
    writes: an event's file under ``events/`` or a file of the season site; never an
    absolute path, a ``..`` or ``.`` step, an empty step or a NUL."""
    if not isinstance(name, str) or "\0" in name or name.startswith("/"):
        return False
    if any(part in ("", ".", "..") for part in name.split("/")):
        return False
    return name.startswith(EVENT_FILES) or SITE_FILES.fullmatch(name) is not None


def add_owned(owned: Owned, name: str, content: Content) -> None:
    owned.setdefault(name, set()).add(content)


def _regular_inside(out: Path, name: str) -> os.stat_result | None:
    """The ``lstat`` of ``out/name`` if it is a regular file (not a link) in a folder
    inside ``out`` (not reached through a link to elsewhere); else ``None``."""
    path = out / name
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    base = os.path.realpath(out)
    if os.path.commonpath([base, os.path.realpath(path.parent)]) != base:
        return None
    return st


def is_own(out: Path, name: str, owned: Mapping[str, set[Content]]) -> bool:
    """True when ``out/name`` is a regular file inside ``out`` holding content the batch
    recorded for ``name`` (the size is compared first, the hash only when it fits)."""
    records = owned.get(name)
    if not records or not valid_name(name):
        return False
    st = _regular_inside(out, name)
    if st is None or st.st_size not in {c.size for c in records}:
        return False
    try:
        data = (out / name).read_bytes()
    except OSError:
        return False
    return Content.of(data) in records


def foreign(out: Path, names: Iterable[str], owned: Mapping[str, set[Content]]) -> list[str]:
    """Those of ``names`` that are in ``out`` (as a file, a link or a folder) but were not
    written by the batch: it must not overwrite them.

    An event's summary (``….summary.json``) is the batch's own record of the event, as the
    manifest is: one the batch recorded under that name but that was changed since (damaged,
    edited) is still the batch's to rewrite (its event is processed again)."""
    return [name for name in names
            if os.path.lexists(out / name) and not is_own(out, name, owned)
            and not (name.endswith(SUMMARY) and name in owned
                     and _regular_inside(out, name) is not None)]


def in_the_way(out: Path, names: list[str], older: bool = False) -> SwisstbError:
    """The error for files the batch did not write standing where it would write
    (``older``: the folder's manifest is an older swisstb's, which recorded no contents)."""
    shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
    these = "this file was" if len(names) == 1 else "these files were"
    why = (" (the folder's manifest is an older swisstb's, which does not record what it "
           "wrote: remove the old site and run again)" if older else "")
    return SwisstbError(
        f"{out}: {shown}: {these} not written by swisstb batch{why}, and the batch never "
        "overwrites a file it did not write; move them away or choose another output folder")


def remove_own(out: Path, names: Iterable[str], owned: Mapping[str, set[Content]]) -> None:
    """Delete those of ``names`` that are the batch's own (:func:`is_own`), and only those."""
    for name in names:
        if is_own(out, name, owned):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(out / name)


def write_all(out: Path, blobs: Iterable[tuple[str, bytes]],
              owned: Mapping[str, set[Content]],
              claim: Callable[[dict[str, Content]], None],
              go_on: Callable[[], None] = lambda: None) -> dict[str, Content]:
    """Write ``blobs`` (pairs of a name relative to ``out`` and its bytes, made one at a
    time), all of them or none, and return what each file holds now.

    Every file goes to a temporary in :data:`STAGING` first: a full disk leaves every file
    as it was (the :class:`OSError` names the file that could not be written).  A name
    where a file stands that the batch did not write fails the whole write with a
    :class:`SwisstbError` naming each such file, before anything is replaced.  The
    contents are ``claim``-ed (journalled) before the first file is replaced; ``go_on`` is
    called before the first write, before the claim and before the first replacement, and
    raises to stop (a worker whose batch is gone: at most its temporaries are written
    after it, and removed again)."""
    go_on()
    contents: dict[str, Content] = {}
    taken: list[str] = []
    (out / STAGING).mkdir(parents=True, exist_ok=True)
    with AllOrNothing(out / STAGING) as files:
        for name, blob in blobs:
            if foreign(out, [name], owned):
                taken.append(name)
            elif not taken:
                contents[name] = Content.of(blob)
                files.add(out / name, blob)
        if taken:
            raise in_the_way(out, taken)
        go_on()
        claim(contents)
        go_on()
        files.commit()
    return contents


def sweep_staging(out: Path) -> None:
    """Empty (creating it if need be) the folder of the batch's temporaries: what is in it
    is the temporaries of a run that was killed."""
    folder = out / STAGING
    try:
        folder.mkdir()
    except FileExistsError:
        if folder.is_symlink() or not folder.is_dir():
            raise SwisstbError(f"{folder}: the batch keeps its temporary files here, but "
                               "this is not a folder; move it away") from None
        for entry in os.scandir(folder):
            if entry.is_file(follow_symlinks=False) or entry.is_symlink():
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)


def close_staging(out: Path) -> None:
    """Remove the folder of the temporaries at the end of a run: empty, or holding what a
    run cut short left (Ctrl-C can land between a temporary's creation and the code that
    removes it again), which is swept first."""
    with contextlib.suppress(OSError):
        sweep_staging(out)
        os.rmdir(out / STAGING)
