"""Shared helpers for commands: input options, reading with ``-`` for stdin, output."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from ..api import load
from ..errors import Severity, WriteError, readable_path
from ..files import atomic_write, write_failure
from ..registry import ReadResult

F = TypeVar("F", bound=Callable[..., Any])


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


def read_input(
    path: str, from_format: str | None, strict: bool, section: str | None = None
) -> ReadResult:
    """Read ``path`` (``-`` is stdin) through the registry.

    A path that does not exist is a usage error (exit 2), as in ``check`` and ``batch``.
    """
    ctx = click.get_current_context(silent=True)
    by_date = bool(ctx is not None and ctx.meta.get("rounds_by_date"))
    if path == "-":
        data = sys.stdin.buffer.read()
        result = load(data, format=from_format, strict=strict, section=section, path="<stdin>",
                      rounds_by_date=by_date)
    else:
        if not Path(path).exists():
            from . import EXIT_USAGE

            click.echo(f"Error: {readable_path(path)}: no such file or folder", err=True)
            click.get_current_context().exit(EXIT_USAGE)
        result = load(path, format=from_format, strict=strict, section=section,
                      rounds_by_date=by_date)
    asked = ctx is not None and ctx.params.get("section") is not None  # --section, not a default
    if asked and section is not None and not result.sections:
        raise click.UsageError(f"--section {section}: {path} is a {result.format} file, which "
                               "holds one section; leave --section out")
    return result


def require_inputs(*paths: str | None) -> None:
    """The files named by options (``--prizes``, ``--event-meta``) exist: a missing one is
    a usage error (exit 2) with the message of a missing input, before any work."""
    for path in paths:
        if path is not None and path != "-" and not Path(path).exists():
            from . import EXIT_USAGE

            click.echo(f"Error: {readable_path(path)}: no such file or folder", err=True)
            click.get_current_context().exit(EXIT_USAGE)


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
