"""Read and write tournaments through the registry.

``src`` may be a path, ``bytes`` or a binary stream.  A bundle format (several files,
such as the US Chess DBF trio) is read from a directory or a ``.zip`` and handled as
the bytes of a zip archive in between.
"""

from __future__ import annotations

import dataclasses
import io
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, BinaryIO

from .errors import FormatError, Location, NotAFileError, UnknownFormatError, WriteError
from .files import (
    DIR_MODE,
    FILE_MODE,
    NotRegularFileError,
    atomic_write,
    read_file,
    read_stream,
    write_failure,
)
from .limits import MAX_FILE_BYTES
from .model import Tournament
from .registry import FormatSpec, ReadOptions, ReadResult, WriteOptions, detect, find

if TYPE_CHECKING:  # pathlib is imported by the code that writes: reading never needs it
    from pathlib import Path

Source = str | os.PathLike[str] | bytes | BinaryIO


def _zip_directory(name: str) -> bytes:
    """The ``.DBF`` files of folder ``name`` as a zip: the one bundle format, the US Chess
    DBF trio, is read from a folder like that.  A folder without one is not a tournament
    file: say so, without reading what it holds (it may be a whole season)."""
    import zipfile  # only bundles need it; kept off the start-up path
    from pathlib import Path

    members = sorted(c for c in Path(name).iterdir()
                     if c.suffix.lower() == ".dbf" and c.is_file())
    if not members:
        raise NotAFileError(
            "this is a folder, not a tournament file: give one of its files, or read every "
            "event in it with `swisstb batch` or `swisstb check` (a folder is read as one "
            "file only when it holds a US Chess DBF trio: THEXPORT, TSEXPORT, TDEXPORT.DBF)",
            Location(name))
    buf = io.BytesIO()
    left = MAX_FILE_BYTES  # the trio together, as one file
    with zipfile.ZipFile(buf, "w") as zf:
        for child in members:
            data = read_file(str(child), left)
            left -= len(data)
            # A fixed time stamp: the same folder gives the same bytes (batch compares them
            # to skip unchanged events; writestr with a bare name stamps the current time).
            zf.writestr(zipfile.ZipInfo(child.name, (1980, 1, 1, 0, 0, 0)), data)
    return buf.getvalue()


def read_source(src: Source) -> tuple[bytes, str]:
    """The bytes of ``src`` and a name for messages.

    A path is read only when it is a regular file (or a folder holding a US Chess DBF trio)
    of at most :data:`~swisstb_io.limits.MAX_FILE_BYTES`; a stream gives at most that many
    bytes.  A folder without the trio, a pipe, a device or a socket is a
    :class:`~swisstb_io.errors.NotAFileError`, anything else that cannot be read a
    :class:`~swisstb_io.errors.FormatError`.
    """
    if isinstance(src, bytes | bytearray):
        return bytes(src), "<bytes>"
    if isinstance(src, str | os.PathLike):
        path = os.fspath(src)
        try:
            if os.path.isdir(path):
                return _zip_directory(path), path
            return read_file(path, MAX_FILE_BYTES), path
        except NotRegularFileError as exc:
            raise NotAFileError(f"{exc.strerror}: name a tournament file, or read a pipe as "
                                "standard input (`-`)", Location(path)) from None
        except OSError as exc:
            raise FormatError(
                f"cannot read the file: {exc.strerror or exc}", Location(path)
            ) from exc
    if not callable(getattr(src, "read", None)):
        raise TypeError(f"cannot read a {type(src).__name__}: pass a path, bytes or a binary "
                        "stream")
    name = str(getattr(src, "name", "<stream>"))
    try:
        data = read_stream(src, name, MAX_FILE_BYTES)
    except OSError as exc:
        raise FormatError(f"cannot read the stream: {exc.strerror or exc}",
                          Location(name)) from exc
    if isinstance(data, str):
        raise TypeError(f"{name}: a text stream gives str, not bytes: open the file in "
                        "binary mode (open(path, 'rb')), or pass the path itself")
    return data, name


def load(
    src: Source,
    *,
    format: str | None = None,
    strict: bool = False,
    section: str | None = None,
    path: str | None = None,
    rounds_by_date: bool = False,
) -> ReadResult:
    """Read ``src`` and return the tournament with what was learned about the file: the
    format, the encoding, the reading diagnostics and every section.

    ``src``: a path, ``bytes`` or a binary stream (a text stream is refused: open the file
    in binary mode); ``format``: a registered format name (default: by extension and
    content); ``strict``: the first reading diagnostic is an error; ``section``: name or
    number of the section of a multi-section file (default: the first; a file of one
    section is that section whatever ``section`` says, as a prize file's default section
    needs: the CLI refuses ``--section`` there); ``path``: the name messages give the input
    (default: the path, or the stream's name, or ``<bytes>``); ``rounds_by_date``: PGN games
    without a ``Round`` get their round from their date (:class:`ReadOptions`).
    """
    data, name = read_source(src)
    name = path or name
    spec = find(format) if format else detect(data, name)
    if spec.reader is None:
        raise FormatError(f"format {spec.name!r} can be written but not read", Location(name))
    return spec.reader(data, name, ReadOptions(strict=strict, section=section,
                                               rounds_by_date=rounds_by_date))


def read(
    src: Source, *, format: str | None = None, strict: bool = False, section: str | None = None
) -> Tournament:
    """Read ``src`` into the canonical model.

    ``src``: a path, ``bytes`` or a binary stream; ``format``: a registered format name
    (default: by extension and content); ``strict``: the first reading diagnostic is an
    error; ``section``: name or number of the section of a multi-section file (default:
    the first).  :func:`load` gives the diagnostics and the other sections too.
    """
    return load(src, format=format, strict=strict, section=section).tournament


def dumps(tournament: Tournament, format: str, options: WriteOptions | None = None) -> bytes:
    """Serialise ``tournament`` in ``format`` (a registered format name); bundle formats
    give the bytes of a zip.  ``options``: the writer's options (:class:`WriteOptions`:
    the format version and the like; default: the format's own)."""
    spec = find(format)
    if spec.writer is None:
        raise WriteError(f"format {spec.name!r} can be read but not written")
    opts = options or spec.write_options
    if options is not None and options.version is None and spec.write_options.version:
        opts = dataclasses.replace(options, version=spec.write_options.version)
    return spec.writer(tournament, opts)


def dumps_sections(sections: Sequence[Tournament], format: str,
                   options: WriteOptions | None = None) -> bytes:
    """Serialise several ``sections`` as one file of ``format`` (``.sjson``, the US Chess
    DBF: formats with :attr:`FormatSpec.sections_writer`); one section needs no such
    format.  ``options`` as in :func:`dumps`."""
    spec = find(format)
    if len(sections) == 1:
        return dumps(sections[0], spec.name, options)
    if spec.sections_writer is None:
        raise WriteError(f"format {spec.name!r} holds one section; write each section "
                         "to a file of its own")
    return spec.sections_writer(sections, options or spec.write_options)


def write(
    tournament: Tournament | Sequence[Tournament],
    dest: str | os.PathLike[str] | BinaryIO,
    *,
    format: str | None = None,
    options: WriteOptions | None = None,
) -> None:
    """Write ``tournament`` (or several sections, :func:`dumps_sections`) to ``dest``, a
    path (written atomically; a bundle format to a folder unless the path ends in
    ``.zip``) or a binary stream.

    ``format``: a registered format name; by default the one the path's extension names
    (``"a.xml"``, ``"b.trf"``).  A stream needs ``format``.  ``options`` as in
    :func:`dumps`.
    """
    if format is None:
        if not isinstance(dest, str | os.PathLike):
            raise UnknownFormatError("a stream has no extension to tell the format: pass "
                                     "format=, e.g. format='trf'")
        spec = spec_for_output(os.fspath(dest), None, "format=")
    else:
        spec = find(format)
    data = dumps(tournament, spec.name, options) if isinstance(tournament, Tournament) \
        else dumps_sections(tournament, spec.name, options)
    if not isinstance(dest, str | os.PathLike):
        if isinstance(dest, io.TextIOBase):
            raise TypeError(f"{getattr(dest, 'name', '<stream>')}: a text stream takes str, "
                            "not bytes: open the file in binary mode (open(path, 'wb')), or "
                            "pass the path itself")
        dest.write(data)
        return
    from pathlib import Path

    path = Path(dest)
    if spec.bundle and path.suffix.lower() != ".zip":
        _write_bundle_directory(path, data)
    else:
        try:
            atomic_write(path, data)
        except OSError as exc:
            raise WriteError(write_failure(exc, path)) from exc


def _write_bundle_directory(directory: Path, zipped: bytes) -> None:
    import zipfile
    from pathlib import Path

    try:
        directory.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(io.BytesIO(zipped)) as zf:
            for member in zf.namelist():
                atomic_write(directory / Path(member).name, zf.read(member))
    except OSError as exc:
        raise WriteError(write_failure(exc, directory)) from exc


def spec_for_output(dest: str, to: str | None, option: str = "--to") -> FormatSpec:
    """The writer for ``dest``: ``to`` if given, else the one its extension names;
    ``option`` is how the message tells the caller to name it."""
    from .registry import all_formats, by_extension

    if to:
        return find(to)
    for spec in by_extension(dest):
        if spec.writer is not None:
            return spec
    raise UnknownFormatError(
        f"cannot tell the output format from {dest!r}; name it with {option} "
        f"(one of: {', '.join(s.name for s in all_formats() if s.writer is not None)})"
    )


__all__ = ["DIR_MODE", "FILE_MODE", "atomic_write", "dumps", "dumps_sections", "load", "read",
           "read_source", "spec_for_output", "write"]
