"""File-system helpers: reading a file without waiting or reading without end, whole-or-nothing
writes with the usual permissions (of one file, :func:`atomic_write`, or of several together,
:class:`AllOrNothing`), and what to say when a write fails."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:  # pathlib is imported by the code that writes: reading never needs it
    from pathlib import Path


NOT_A_FILE = "it is not a regular file (a pipe, a device or a socket)"
"""Why a pipe (a FIFO), a device (``/dev/zero``) or a socket is not read as a file: opening
a FIFO with no writer waits for ever, and a device can give bytes for ever."""


class NotRegularFileError(OSError):
    """A pipe, a device or a socket where a file is to be read (:data:`NOT_A_FILE`)."""


def file_problem(st: os.stat_result, limit: int, kind: str = "a tournament file") -> str:
    """Why the file of ``st`` is not read as ``kind`` (``""`` when it is): it is not a
    regular file (a folder is neither), or it is larger than ``limit`` bytes."""
    if stat.S_ISDIR(st.st_mode):
        return ""
    if not stat.S_ISREG(st.st_mode):
        return NOT_A_FILE
    if st.st_size > limit:
        return f"it is {st.st_size // (1024 * 1024)} MB, too large for {kind}"
    return ""


def read_file(path: str, limit: int, kind: str = "a tournament file") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises :class:`OSError` as ``open`` does (:class:`IsADirectoryError` for a folder), and
    also (its ``strerror`` says why): :class:`NotRegularFileError` for a pipe, a device or a
    socket, which are never opened (a FIFO without a writer would make the open wait for
    ever), and ``EFBIG`` for a file larger than ``limit`` bytes, or one that grows past it
    while it is read.  ``kind`` names the file in that message.
    """
    _check_file(os.stat(path), limit, path, kind)
    # O_NONBLOCK: should the name be swapped for a FIFO since the stat, the open does not wait
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with open(fd, "rb") as fh:
        st = os.fstat(fd)
        _check_file(st, limit, path, kind)
        os.set_blocking(fd, True)
        # read(n) makes room for n bytes first: ask for the file's size (and one byte more,
        # to see whether it grew), not for the limit
        data = fh.read(st.st_size + 1)
        if len(data) > st.st_size:  # it grew since the stat: read on, up to the limit
            data += fh.read(limit + 1 - len(data))
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"it is more than {limit // (1024 * 1024)} MB, too large "
                      f"for {kind}", path)
    return data


def _check_file(st: os.stat_result, limit: int, path: str, kind: str) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    why = file_problem(st, limit, kind)
    if why == NOT_A_FILE:
        raise NotRegularFileError(errno.EINVAL, why, path)
    if why:
        raise OSError(errno.EFBIG, why, path)


def read_stream(stream: BinaryIO, name: str, limit: int) -> bytes:
    """Everything ``stream`` (a pipe: standard input) gives, at most ``limit`` bytes; more
    is an :class:`OSError` (``/dev/zero`` piped in must not fill the memory)."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"it gives more than {limit // (1024 * 1024)} MB, too "
                      "large for a tournament file", name)
    return data


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


def write_temporary(target: Path, data: bytes, temp_dir: Path | None = None,
                    mode: int = FILE_MODE) -> str:
    """Write ``data`` to a new temporary file (``.NAME.XXXXXXXX.tmp``) beside ``target``, or
    in ``temp_dir`` (on the same file system), with permissions ``mode``; return its path.

    The one place where the bytes of a file the package writes reach the disk.  A failed
    write (a full disk) leaves no temporary behind and raises an :class:`OSError` that
    names ``target``, the file that could not be written, not the temporary.
    """
    import tempfile  # imported here: only writers need it (start-up, benchmarks/README.md)

    tmp = ""
    try:
        fd, tmp = tempfile.mkstemp(prefix=temp_prefix(target.name), suffix=".tmp",
                                   dir=temp_dir or target.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, mode)
    except OSError as exc:
        if tmp:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        raise OSError(exc.errno, exc.strerror, str(target)) from exc
    except BaseException:
        if tmp:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        raise
    return tmp


class AllOrNothing:
    """Files written together, or none of them: each is written to a temporary file first
    (:meth:`add`; a full disk fails here, and every target keeps what it held), then
    :meth:`commit` renames them over their targets.  Leaving the ``with`` block without
    :meth:`commit` removes the temporaries.  Targets are regular files or new ones (the
    batch's reports, its index); an existing target keeps its mode."""

    def __init__(self, temp_dir: Path | None = None) -> None:
        self.temp_dir = temp_dir
        self._staged: list[tuple[str, Path]] = []

    def __enter__(self) -> AllOrNothing:
        return self

    def __exit__(self, *exc: object) -> None:
        self.discard()

    def add(self, path: Path, data: bytes) -> None:
        """Write ``data`` for ``path`` to a temporary file."""
        try:
            mode = stat.S_IMODE(os.stat(path).st_mode)
        except FileNotFoundError:
            mode = FILE_MODE
            path.parent.mkdir(parents=True, exist_ok=True)
        self._staged.append((write_temporary(path, data, self.temp_dir, mode), path))

    def commit(self) -> None:
        """Rename every temporary over its target (renames only: the data is on disk)."""
        for k, (tmp, path) in enumerate(self._staged):
            try:
                os.replace(tmp, path)
            except OSError as exc:
                del self._staged[:k]  # the rest is removed by discard()
                raise OSError(exc.errno, exc.strerror, str(path)) from exc
            except BaseException:
                del self._staged[:k]
                raise
        self._staged.clear()

    def discard(self) -> None:
        """Remove the temporaries not yet renamed."""
        for tmp, _ in self._staged:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        self._staged.clear()


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
    with AllOrNothing(temp_dir) as files:
        files.add(Path(os.path.realpath(path)), data)
        files.commit()


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


__all__ = ["DIR_MODE", "FILE_MODE", "NOT_A_FILE", "AllOrNothing", "NotRegularFileError",
           "atomic_write", "file_problem", "read_file", "read_stream", "temp_prefix",
           "write_failure", "write_reason", "write_temporary"]
