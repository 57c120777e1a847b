"""Shared helpers for commands: input options, reading with ``-`` for stdin, output.

Every command that reads a path or writes ``-o OUT`` goes through these, so they all follow
the same rules:

* an input that is missing, a pipe, a device or a socket, or a folder where a file is
  expected, is a usage error (exit 2) before any work (:func:`require_inputs`); ``-``
  reads standard input, a pipe, up to the same size limit as a file;
* ``-o OUT`` never names an input: the same path, a hard link or a symlink to it is a
  usage error before anything is read or written (:func:`refuse_overwriting`);
* ``-o page.html`` without ``--format`` writes the format its extension names, and a
  ``--format`` that contradicts the extension is a usage error (:func:`output_format`).
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from ..api import load
from ..errors import FormatError, Location, Severity, WriteError, readable_path
from ..files import NOT_A_FILE, atomic_write, read_stream, write_failure
from ..limits import MAX_FILE_BYTES
from ..registry import ReadResult

F = TypeVar("F", bound=Callable[..., Any])

DOCUMENT_EXTENSIONS = {".html": "html", ".json": "json", ".md": "md", ".csv": "csv"}
"""``-o page.html`` writes html (and so on) when --format is not given, in the commands that
write documents (report, prizes, ratings); text, their default, has no extension of its
own to claim (``.txt`` or ``.log`` are any plain text)."""


def from_option(fn: F) -> F:
    return click.option(
        "--from",
        "from_format",
        metavar="FORMAT",
        help="Input format (see `swisstb formats`); default: by extension and content.",
    )(fn)


def strict_option(fn: F) -> F:
    return click.option(
        "--strict",
        is_flag=True,
        help="Treat reading diagnostics (inconsistent games, wrong points columns) as errors.",
    )(fn)


def rounds_by_date_option(fn: F) -> F:
    """``--rounds-by-date`` (PGN), kept in ``ctx.meta`` for :func:`read_input`."""
    def keep(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
        ctx.meta["rounds_by_date"] = value

    return click.option(
        "--rounds-by-date",
        is_flag=True,
        expose_value=False,
        callback=keep,
        help="PGN: give games without a Round tag the round of their date (one round a day).",
    )(fn)


def usage_exit(message: str) -> NoReturn:
    """``Error: message`` on stderr and exit 2, as for a missing input."""
    from . import EXIT_USAGE

    click.echo(f"Error: {message}", err=True)
    click.get_current_context().exit(EXIT_USAGE)
    raise AssertionError("unreachable")  # Context.exit raises


def input_problem(path: str, *, folder: bool) -> str:
    """Why ``path`` cannot be read as an input (``""``: it can): it does not exist, it is a
    pipe, a device or a socket, or (``folder=False``: a prize or TOML file) a folder."""
    if path == "-":
        return ""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "no such file or folder"
    except OSError:
        return ""  # reading it says what is wrong
    if stat.S_ISDIR(mode):
        return "" if folder else "this is a folder, not a file: name a file"
    if not stat.S_ISREG(mode):
        return f"{NOT_A_FILE}: name a file, or read a pipe as standard input (`-`)"
    return ""


def require_inputs(*paths: str | None, files: Iterable[str | None] = ()) -> None:
    """The inputs exist and can be read: ``paths`` (tournament files, or a folder holding
    a US Chess DBF trio) and ``files`` (prize and TOML files: never a folder).  The first
    that cannot is a usage error (exit 2) before any work."""
    named = [(p, True) for p in paths] + [(p, False) for p in files]
    for path, folder in named:
        if path is not None:
            problem = input_problem(path, folder=folder)
            if problem:
                usage_exit(f"{readable_path(path)}: {problem}")


def read_stdin(name: str = "<stdin>") -> bytes:
    """Standard input (a pipe), at most :data:`~swisstb_io.limits.MAX_FILE_BYTES`."""
    try:
        return read_stream(sys.stdin.buffer, name, MAX_FILE_BYTES)
    except OSError as exc:
        raise FormatError(f"cannot read standard input: {exc.strerror}", Location(name)) \
            from exc


def read_input(
    path: str, from_format: str | None, strict: bool, section: str | None = None
) -> ReadResult:
    """Read ``path`` (``-`` is stdin) through the registry.

    A path that does not exist, or is not a file, is a usage error (exit 2), as in
    ``check`` and ``batch``.
    """
    ctx = click.get_current_context(silent=True)
    by_date = bool(ctx is not None and ctx.meta.get("rounds_by_date"))
    if path == "-":
        result = load(read_stdin(), format=from_format, strict=strict, section=section,
                      path="<stdin>", rounds_by_date=by_date)
    else:
        require_inputs(path)
        result = load(path, format=from_format, strict=strict, section=section,
                      rounds_by_date=by_date)
    asked = ctx is not None and ctx.params.get("section") is not None  # --section, not a default
    if asked and section is not None and not result.sections:
        raise click.UsageError(f"--section {readable_path(section)}: {readable_path(path)} is "
                               f"a {result.format} file, which holds one section; leave "
                               "--section out")
    return result


def same_file(a: str, b: str) -> bool:
    """Whether paths ``a`` and ``b`` name one file: the same path, a hard link or a symlink
    to it (``-``, stdin or stdout, is no file)."""
    if a == "-" or b == "-":
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet): the same only by name
        return os.path.abspath(a) == os.path.abspath(b)


def refuse_overwriting(outputs: str | Iterable[str], *inputs: str | None) -> None:
    """No output names one of ``inputs`` (the event, the prize file…): writing it would
    destroy the input.  Such an ``-o`` is a usage error (exit 2), before anything is read
    or written."""
    for out in [outputs] if isinstance(outputs, str) else outputs:
        for path in inputs:
            if path is not None and same_file(out, path):
                what = "the input" if os.path.abspath(out) == os.path.abspath(path) else \
                    f"a link to the input {readable_path(path)}"
                usage_exit(f"{readable_path(out)}: it is {what}, which writing it would "
                           "destroy; write the output to another path")


def output_format(fmt: str | None, output: str, by_extension: Mapping[str, str],
                  default: str) -> str:
    """The format to write: ``--format`` when given, else the one the extension of
    ``-o OUT`` names in ``by_extension`` (``.html`` -> ``html``), else ``default``.
    A ``--format`` that contradicts the extension is a usage error (exit 2)."""
    implied = None
    if output != "-":
        implied = by_extension.get(os.path.splitext(output)[1].lower())
    if fmt is None:
        return implied or default
    if implied is not None and implied != fmt:
        raise click.BadParameter(
            f"{fmt} contradicts -o {readable_path(output)}, whose extension says {implied}: "
            "leave --format "
            f"out (the extension decides) or give OUT an extension of its own",
            param_hint="'--format'")
    return fmt


def echo_diagnostics(result: ReadResult) -> None:
    told = [diag for diag in result.diagnostics if diag.severity is not Severity.INFO]
    if told:
        from ..textsafe import shown  # only a file with something to say needs it

        for diag in told:
            click.echo(shown(str(diag)), err=True)


def write_output(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically, or to stdout for ``-``."""
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        atomic_write(Path(path), data)
    except OSError as exc:
        raise WriteError(write_failure(exc, path)) from exc
