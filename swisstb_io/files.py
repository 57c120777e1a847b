"""File-system helpers: whole-or-nothing writes with the usual permissions, and what to say
when a write fails."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pathlib is imported by the code that writes: reading never needs it
    from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _umask()
FILE_MODE = 0o666 & ~_UMASK
"""What ``open()`` would give a new file (``mkstemp`` alone gives 0600)."""
DIR_MODE = 0o777 & ~_UMASK
"""What ``mkdir()`` would give a new directory (``mkdtemp`` alone gives 0700)."""

_NAME_ROOM = 200
"""Bytes of the target's name kept in a temporary name: ``.NAME.XXXXXXXX.tmp`` adds 14 bytes,
and a name of up to 255 bytes (the usual limit) must not become an illegal one."""


def temp_prefix(name: str) -> str:
    """``.NAME.`` for the temporary file of ``name``, short enough to stay a legal name."""
    if len(os.fsencode(name)) > _NAME_ROOM:
        name = name[: _NAME_ROOM // 4]  # four bytes at most per character
    return f".{name}."


def atomic_write(path: Path, data: bytes, *, temp_dir: Path | None = None) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename, so a crash never
    leaves a half-written file.

    A new file gets the usual permissions (not mkstemp's 0600); an existing one keeps its
    mode.  A symlink is written through, to its target (the link stays).  A device or a
    pipe (a FIFO), and anything under ``/dev`` (``/dev/stdout`` even when it stands for a
    file), cannot be replaced by a rename: it is written in place.
    ``temp_dir`` (on the same file system) holds the temporary file instead of the
    target's folder.
    """
    from pathlib import Path

    try:
        mode: int | None = os.stat(path).st_mode  # of the target, through any symlink
    except FileNotFoundError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if mode is not None and (not stat.S_ISREG(mode) or os.fspath(path).startswith("/dev/")):
        with open(path, "wb") as fh:  # /dev/stdout, /dev/fd/3: whatever it stands for now
            fh.write(data)
        return
    target = Path(os.path.realpath(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # imported here: only writers need it (start-up, benchmarks/README.md)

    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(target.name), suffix=".tmp",
                               dir=temp_dir or target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, FILE_MODE if mode is None else stat.S_IMODE(mode))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


_HINTS = {
    errno.EACCES: "choose a folder you may write to, or change its permissions",
    errno.EPERM: "choose a folder you may write to, or change its permissions",
    errno.EROFS: "the disk is read-only: choose another folder",
    errno.ENOTDIR: "a part of the path is a file, not a folder: choose another path",
    errno.EISDIR: "it is a folder: name a file inside it",
    errno.ENOSPC: "the disk is full: free some space or choose another disk",
    errno.EDQUOT: "the disk quota is used up: free some space or choose another disk",
    errno.ENAMETOOLONG: "the name is too long: choose a shorter one",
    errno.EEXIST: "a file of that name is in the way: remove it or choose another path",
    errno.ENOENT: "a folder on the way cannot be created there: choose another path",
}


def write_reason(exc: OSError) -> str:
    """``REASON; WHAT TO DO`` for a failed write (``No space left on device; the disk…``)."""
    reason = exc.strerror or str(exc)
    hint = _HINTS.get(exc.errno or 0)
    return reason + (f"; {hint}" if hint else "")


def write_failure(exc: OSError, path: object = None) -> str:
    """``PATH: cannot write: REASON; WHAT TO DO`` for a failed write of ``path`` (default:
    the file named by ``exc``)."""
    where = path if path is not None else (exc.filename or "the output")
    return f"{where}: cannot write: {write_reason(exc)}"


__all__ = ["DIR_MODE", "FILE_MODE", "atomic_write", "temp_prefix", "write_failure",
           "write_reason"]
