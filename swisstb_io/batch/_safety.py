"""What keeps a batch's output folder consistent through kills, crashes and a second batch.

* :class:`OutputLock`: one batch at a time per output folder (a second one refuses with
  :class:`OutputLockedError`).
* :class:`Journal`: one line per finished event, appended as it finishes, so a killed run
  keeps what it finished; folded into the manifest by the next run.
* :func:`remove_own_temporaries`: a killed run's temporary files, and only those: the
  ``.NAME.XXXXXXXX.tmp`` of a file the batch writes (never a user's own ``*.tmp``).
* :func:`distinct_stems`: a name per event whose outputs overwrite no other event's, even
  on a disk that ignores case (macOS, Windows).
* :func:`worker_start`: a worker process leaves Ctrl-C to the batch and ends with it.
* :func:`write_all`: an event's files, all or none; :func:`remove_files`: the reports of an
  event that failed or is gone, so the index and the files agree.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from ..errors import SwisstbError
from ..files import atomic_write, temp_prefix

LOCK = ".swisstb-batch.lock"
JOURNAL = ".swisstb-batch.journal"


class OutputLockedError(SwisstbError):
    """Another batch holds the output folder: this one refuses to start (nothing is
    written).  The command line gives it exit code 2: nothing is wrong with the files."""


class OutputLock:
    """An exclusive lock on ``OUT/.swisstb-batch.lock`` for the length of a run; held by
    another process it raises :class:`SwisstbError` at once.  The kernel drops the lock
    when the process dies, so a killed batch never leaves the folder locked.  A POSIX
    record lock (``lockf``), not ``flock``: worker processes forked from the batch do not
    share it, so workers orphaned by a killed batch cannot keep the folder locked."""

    def __init__(self, out: Path) -> None:
        self.path = out / LOCK
        self._fh: IO[str] | None = None

    def acquire(self) -> None:
        import fcntl

        fh = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held until release
        try:
            fcntl.lockf(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            fh.seek(0)
            pid = fh.read().strip()
            fh.close()
            by = f" (process {pid})" if pid else ""
            raise OutputLockedError(
                f"{self.path.parent}: another swisstb batch is writing to this folder{by}; "
                "wait for it to finish or choose another output folder") from None
        fh.seek(0)
        fh.truncate()
        fh.write(f"{os.getpid()}\n")
        fh.flush()
        self._fh = fh

    def release(self) -> None:
        if self._fh is not None:
            self._fh.truncate(0)  # no process named any more; the empty file stays, reused
            self._fh.close()  # closing drops the lock
            self._fh = None


class Journal:
    """``OUT/.swisstb-batch.journal``: a JSON line ``[rel, entry]`` per finished event
    (``entry`` ``null`` when it failed)."""

    def __init__(self, out: Path) -> None:
        self.path = out / JOURNAL
        self._fh: IO[str] | None = None

    def replay(self, events: dict[str, dict[str, Any]]) -> bool:
        """Apply a killed run's lines to ``events``; True if there were any.  A line cut
        short by the kill is ignored (that event is simply done again)."""
        try:
            text = self.path.read_text("utf-8", errors="surrogateescape")
        except FileNotFoundError:
            return False
        for line in text.splitlines():
            try:
                rel, entry = json.loads(line)
            except (ValueError, TypeError):
                continue
            if entry is None:
                events.pop(rel, None)
            elif isinstance(entry, dict):
                events[rel] = entry
        return True

    def record(self, rel: str, entry: dict[str, Any] | None) -> None:
        if self._fh is None:
            self._fh = open(self.path, "a", encoding="utf-8")  # noqa: SIM115
        self._fh.write(json.dumps([rel, entry]) + "\n")
        self._fh.flush()

    def close(self, remove: bool) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
        if remove:
            self.path.unlink(missing_ok=True)


_TMP_TAIL = re.compile(r"^[A-Za-z0-9_]{8}\.tmp$")


def remove_own_temporaries(out: Path, names: Iterable[str],
                           folders: Mapping[str, str] | None = None) -> int:
    """Delete the temporary files of ``names`` (paths relative to ``out`` that the batch
    writes) that a killed run left; ``folders`` maps a folder the batch fills (``players``)
    to a regular expression of the names it writes there (``\\d+\\.html``).  Returns how
    many were removed."""
    by_dir: dict[Path, set[str]] = {}
    for name in names:
        target = out / name
        by_dir.setdefault(target.parent, set()).add(temp_prefix(target.name))
    own = {out / folder: re.compile(rf"\.{rx}\.[A-Za-z0-9_]{{8}}\.tmp")
           for folder, rx in (folders or {}).items()}
    removed = 0
    for folder in {*by_dir, *own}:
        prefixes = by_dir.get(folder, set())
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not entry.name.endswith(".tmp") or not entry.is_file(follow_symlinks=False):
                continue
            if (folder in own and own[folder].fullmatch(entry.name)) or any(
                    entry.name.startswith(p) and _TMP_TAIL.match(entry.name[len(p):])
                    for p in prefixes):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)
                removed += 1
    return removed


def distinct_stems(natural: Mapping[str, str], suffixes: Sequence[str]
                   ) -> dict[str, tuple[str, str | None]]:
    """``{rel: (stem, other rel or None)}``: each event's outputs are ``<stem>.<suffix>``.

    Events are taken in order; an event keeps its ``natural`` stem unless one of its output
    names equals one an earlier event claims, compared as a disk that ignores case and
    Unicode normalisation compares them (macOS, Windows: ``Open.trf`` and ``open.trf``), or
    exactly (``open.trf``'s ``open.trf.summary.json`` and ``open.trf.summary``'s ``.json``
    report).  It then gets ``<stem>-2`` (``-3``…, the first free one) and the event whose
    names it would take; the same folder always gives the same names."""
    owner: dict[str, str] = {}
    stems: dict[str, tuple[str, str | None]] = {}
    for rel, stem in natural.items():
        mine, other, n = stem, None, 1
        while True:
            keys = [_disk_key(f"{mine}.{s}") for s in suffixes]
            taken = next((owner[k] for k in keys if k in owner), None)
            if taken is None:
                break
            other = other or taken
            n += 1
            mine = f"{stem}-{n}"
        owner.update((k, rel) for k in keys)
        stems[rel] = (mine, other)
    return stems


def _disk_key(name: str) -> str:
    """``name`` as a case-insensitive, normalisation-insensitive disk compares it."""
    return unicodedata.normalize("NFC", name).casefold()


def write_all(out: Path, blobs: Mapping[str, bytes]) -> None:
    """Every file of one event, or (when a write fails) none of the new ones: those already
    written are removed again, so the index never shows half an event."""
    done: list[Path] = []
    try:
        for name, blob in blobs.items():
            atomic_write(out / name, blob)
            done.append(out / name)
    except BaseException:
        for f in done:
            f.unlink(missing_ok=True)
        raise


def entry_files(entry: Mapping[str, Any]) -> list[str]:
    """The files a manifest entry says the batch wrote for its event."""
    outputs = entry.get("outputs")
    names = [o for o in outputs if isinstance(o, str)] if isinstance(outputs, list) else []
    summary = entry.get("summary")
    return [*names, summary] if isinstance(summary, str) else names


def remove_files(out: Path, names: Iterable[str]) -> None:
    """Remove a failed or vanished event's reports (only inside ``out``)."""
    for name in names:
        if ".." not in Path(name).parts:
            (out / name).unlink(missing_ok=True)


def worker_start() -> None:
    """A worker leaves Ctrl-C to the parent (which stops the run and cleans up): else every
    worker would print its own KeyboardInterrupt traceback.  And it ends when the parent is
    gone (:func:`_exit_with_parent`)."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True).start()


def _exit_with_parent(parent: int) -> None:
    """A batch killed outright (SIGKILL, the OOM killer) runs no clean-up, and its workers
    would wait for work forever (the other workers keep their task pipe open): each one
    exits within half a second of being orphaned.  A temporary file it leaves is the next
    run's to sweep (:func:`remove_own_temporaries`)."""
    import time

    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)  # the parent that would collect a result is gone: nothing to clean up
