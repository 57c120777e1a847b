"""File-system helpers: whole-or-nothing writes with the usual permissions."""

from __future__ import annotations

import contextlib
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pathlib costs ~8 ms at start-up; reading never needs it
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


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename, so a crash never
    leaves a half-written file; the file gets the usual permissions, not mkstemp's 0600."""
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # imported here: it costs ~20 ms at start-up and only writers need it

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, FILE_MODE)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


__all__ = ["DIR_MODE", "FILE_MODE", "atomic_write"]
