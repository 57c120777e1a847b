"""What keeps a batch's output folder consistent through kills, crashes and a second batch.

* :class:`OutputLock`: one batch at a time per output folder (a second one refuses with
  :class:`OutputLockedError`).
* :class:`Journal`: one line per finished event, appended as it finishes, so a killed run
  keeps what it finished, and the content of each file just before it is written, so the
  next run knows the killed run's files as its own (:mod:`.ownership`); folded into the
  manifest by the next run.
* :func:`distinct_stems`: a name per event whose outputs overwrite no other event's, even
  on a disk that ignores case (macOS, Windows).
* :func:`worker_start`: a worker process leaves Ctrl-C to the batch and ends with it;
  :func:`stop_if_orphaned`: a worker whose batch is gone writes nothing more.
"""

from __future__ import annotations

import contextlib
import json
import os
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from ..errors import SwisstbError
from ..files import FILE_MODE
from .ownership import Content, Owned, add_owned, valid_name

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
        # who holds the lock, for the message of a second batch (a full disk may refuse it)
        with contextlib.suppress(OSError):
            os.ftruncate(fh.fileno(), 0)
            os.pwrite(fh.fileno(), f"{os.getpid()}\n".encode(), 0)
        self._fh = fh

    def release(self) -> None:
        if self._fh is not None:
            with contextlib.suppress(OSError):  # no process named any more; the file stays
                os.ftruncate(self._fh.fileno(), 0)
            self._fh.close()  # closing drops the lock
            self._fh = None


class Journal:
    """``OUT/.swisstb-batch.journal``: JSON lines appended as the run goes, each in one
    write (so the batch and its workers may append at once): ``[rel, entry]`` per finished
    event (``entry`` ``null`` when it failed), and ``{"claim": {name: [size, sha256]}}``
    just before the batch or a worker writes those files (:mod:`.ownership`)."""

    def __init__(self, out: Path) -> None:
        self.path = out / JOURNAL

    def replay(self, events: dict[str, dict[str, Any]], owned: Owned,
               valid: Callable[[object], dict[str, Any] | None]) -> bool:
        """Apply a killed run's lines to ``events`` (each entry checked by ``valid``, as the
        manifest's are) and its claims to ``owned``; True if there were any lines.  A line
        cut short by the kill is ignored (that event is simply done again)."""
        items = self._items()
        if items is None:
            return False
        for item in items:
            if isinstance(item, dict):
                _add_claim(owned, item)
            elif isinstance(item, list) and len(item) == 2 and isinstance(item[0], str):
                rel, entry = item
                if entry is None:
                    events.pop(rel, None)
                elif (checked := valid(entry)) is not None:
                    events[rel] = checked
        return True

    def add_claims(self, owned: Owned) -> None:
        """Add to ``owned`` every claim made so far, the workers' included: the files of a
        worker that died before its result came back are the batch's own too."""
        for item in self._items() or []:
            if isinstance(item, dict):
                _add_claim(owned, item)

    def _items(self) -> list[object] | None:
        """The journal's lines read as JSON (a line cut short by a kill is left out);
        ``None`` if there is no journal."""
        try:
            text = self.path.read_text("utf-8", errors="surrogateescape")
        except FileNotFoundError:
            return None
        items = []
        for line in text.splitlines():
            try:
                items.append(json.loads(line))
            except ValueError:
                continue
        return items

    def record(self, rel: str, entry: dict[str, Any] | None) -> None:
        self._append([rel, entry])

    def claim(self, contents: Mapping[str, Content]) -> None:
        """Say that the files of ``contents`` are about to be written with that content."""
        self._append({"claim": {name: list(c) for name, c in contents.items()}})

    def _append(self, item: object) -> None:
        data = (json.dumps(item, ensure_ascii=False) + "\n").encode("utf-8", "surrogateescape")
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, FILE_MODE)
        try:
            os.write(fd, data)
        except OSError as exc:  # a full disk: say which file
            raise OSError(exc.errno, exc.strerror, str(self.path)) from exc
        finally:
            os.close(fd)

    def close(self, remove: bool) -> None:
        if remove:
            self.path.unlink(missing_ok=True)


def _add_claim(owned: Owned, item: dict[str, Any]) -> None:
    """Add a journal line ``{"claim": {name: [size, sha256]}}`` to ``owned``."""
    claim = item.get("claim")
    if not isinstance(claim, dict):
        return
    for name, value in claim.items():
        content = Content.from_json(value)
        if content is not None and valid_name(name):
            add_owned(owned, name, content)


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


def entry_files(entry: Mapping[str, Any]) -> list[str]:
    """The files a manifest entry says the batch wrote for its event."""
    outputs = entry.get("outputs")
    names = [o for o in outputs if isinstance(o, str)] if isinstance(outputs, list) else []
    summary = entry.get("summary")
    return [*names, summary] if isinstance(summary, str) else names


def worker_start() -> None:
    """A worker leaves Ctrl-C to the parent (which stops the run and cleans up): else every
    worker would print its own KeyboardInterrupt traceback.  And it ends when the parent is
    gone (:func:`_exit_with_parent`)."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True).start()


class BatchGone(SystemExit):
    """Raised in a worker whose batch has died: it must write nothing more (the batch no
    longer holds the output folder's lock, and nothing would record the files)."""


def stop_if_orphaned(parent: int | None) -> None:
    """Raise :class:`BatchGone` in a worker (``parent``: the batch's process id) when the
    batch is gone; ``None`` (the batch's own process) never stops.

    A forked worker's parent is the batch itself; a worker started by a fork server (the
    default from Python 3.14) has the server as its parent, so the batch is then looked up
    by its process id."""
    if parent is None or os.getppid() == parent:
        return
    try:
        os.kill(parent, 0)
    except ProcessLookupError:
        raise BatchGone(1) from None
    except PermissionError:
        return  # a process of that id exists (not ours to signal): the batch is alive


def _exit_with_parent(parent: int) -> None:
    """A batch killed outright (SIGKILL, the OOM killer) runs no clean-up, and its workers
    would wait for work forever (the other workers keep their task pipe open): each one
    exits within half a second of being orphaned.  A temporary file it leaves is the next
    run's to sweep (:func:`.ownership.sweep_staging`)."""
    import time

    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)  # the parent that would collect a result is gone: nothing to clean up
