"""The ``swisstb`` command line.

One module per command; this module builds the group and is the single place where
library errors become messages and exit codes:

* 0: everything fine;
* 1: a file could not be read or written, or a diagnostic under ``--strict``;
* 2: a usage error (unknown option, unknown format or tie-break code, an input that is
  missing or no file, an output that names an input, a batch folder another batch holds);
* 130: interrupted (Ctrl-C).
"""

from __future__ import annotations

import gc
import importlib
import re
import sys
from typing import Any

import click

from ..errors import NotAFileError, SwisstbError, UnknownFormatError, readable_path
from ..files import write_failure
from ..version import __version__

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
"""128 + SIGINT, as shells report a command stopped by Ctrl-C."""


#: Command name -> module under ``swisstb_io.cli`` that defines ``command``.  Modules are
#: imported only when their command runs (or ``--help`` lists them), so ``swisstb report``
#: does not pay for the batch runner's imports.
COMMANDS: dict[str, str] = {
    "convert": "convert",
    "formats": "formats",
    "info": "info",
    "report": "report",
    "submit": "submit",
    "check": "check",
    "batch": "batch",
    "prizes": "prizes",
    "ratings": "ratings",
}


class SwisstbGroup(click.Group):
    """A click group that loads commands lazily and turns :class:`SwisstbError` and a
    failed write (:class:`OSError`) into ``Error: …`` with exit code 1 (2 for an unknown
    format name, and for a path that names no file: a folder, a pipe, a device), and
    Ctrl-C into exit code 130, without a traceback."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            module = importlib.import_module(f"{__name__}.{COMMANDS[cmd_name]}")
            self.add_command(module.command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        """The group's own ``--help`` and ``--version`` print while the arguments are
        parsed, before :meth:`invoke`: a failed write there is the same one error."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as exc:
            raise click.UsageError(shown_argument(exc.format_message()), exc.ctx) from None
        except OSError as exc:
            click.echo(f"Error: {write_failure(exc)}", err=True)
            raise click.exceptions.Exit(EXIT_FAILED) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:  # click's own, or a command's
            raise click.UsageError(shown_argument(exc.format_message()), exc.ctx) from None
        except (UnknownFormatError, NotAFileError) as exc:
            click.echo(f"Error: {readable_path(str(exc))}", err=True)
            ctx.exit(EXIT_USAGE)
        except SwisstbError as exc:
            click.echo(f"Error: {readable_path(str(exc))}", err=True)
            ctx.exit(EXIT_FAILED)
        except OSError as exc:  # reading failures are FormatErrors: this is a write
            click.echo(f"Error: {readable_path(write_failure(exc))}", err=True)
            ctx.exit(EXIT_FAILED)
        except KeyboardInterrupt:
            click.echo("\nInterrupted; nothing half-written is left.", err=True)
            ctx.exit(EXIT_INTERRUPTED)


_ESCAPED_BYTE = re.compile(r"\\udc([89a-f][0-9a-f])")
"""A byte that is not UTF-8 as click writes an argument's ``repr`` (``'x\\udce9'``)."""


def shown_argument(message: str) -> str:
    """A click message naming a command-line argument, with the argument's bytes that are
    not UTF-8 as ``%XX`` (``caf%E9``), as every swisstb message shows them
    (:func:`~swisstb_io.errors.readable_path`), whether click quotes the argument (its
    ``repr``: ``\\udce9``) or not."""
    return readable_path(_ESCAPED_BYTE.sub(lambda m: "%" + m[1].upper(), message))


@click.group(cls=SwisstbGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="swisstb")
def cli() -> None:
    """Chess tournament files in, standings, tie-breaks and rating reports out.

    Reads FIDE TRF (TRF-16, TRF-2026, TRF(x)) and the other registered formats
    (`swisstb formats` lists them) into one model. Use `-` for stdin or stdout.

    Exit codes: 0 fine, 1 a file failed (or a diagnostic under --strict), 2 usage error
    (also an input that is missing or no file, and an output that names an input).
    Problems in a file are printed as `path:line:col: what is wrong`.
    """


def tune_collector() -> None:
    """Set the garbage collector as ``swisstb`` runs with it (the one place it is tuned;
    library code never touches it).  ``main`` calls it; so does ``benchmarks/bench_batch.py``
    before it times :class:`~swisstb_io.batch.Batch` in its own process, and a program that
    runs a large batch through the library may call it too.

    Everything alive now (modules, tables) lives until exit: ``gc.freeze()`` takes it out
    of the collector's view, so collections during a big read do not walk it again and
    again.  A read, a standings table and a report are acyclic data that reference counting
    frees; a young-generation collection every 100,000 net allocations instead of 700
    keeps the cycle detector for what really loops.  What it saves is measured in
    ``benchmarks/README.md``.
    """
    gc.freeze()
    gc.set_threshold(100_000, 10, 10)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``swisstb`` console script."""
    tune_collector()
    cli.main(args=argv if argv is not None else sys.argv[1:], prog_name="swisstb")
