"""``swisstb convert IN OUT``: any readable format to any writable one."""

from __future__ import annotations

import os

import click

from ..api import dumps, spec_for_output, write
from ..losses import fit, losses, without_extras
from ..registry import WriteOptions
from . import EXIT_FAILED, EXIT_USAGE
from ._io import echo_diagnostics, from_option, read_input, write_output


def _same_file(a: str, b: str) -> bool:
    if a == "-" or b == "-":
        return False
    if os.path.exists(a) and os.path.exists(b):
        return os.path.samefile(a, b)
    return os.path.abspath(a) == os.path.abspath(b)


@click.command(name="convert")
@click.argument("src", metavar="IN")
@click.argument("dest", metavar="OUT")
@from_option
@click.option(
    "--to",
    "to_format",
    metavar="FORMAT",
    help="Output format; `trf` keeps the TRF version read, `trf16`/`trf2026` force one. "
    "Default: by the extension of OUT (required when OUT is `-`).",
)
@click.option("--section", metavar="NAME|NUMBER", help="Section to read from a multi-section file.")
@click.option("--no-extras", is_flag=True,
              help="Leave out the data other formats' readers kept (TRF DAT lines, SwissSys "
                   "settings…) that OUT's format would keep or refuse; said as a warning.")
@click.option("--strict", is_flag=True,
              help="Treat reading diagnostics as errors, and refuse to write (exit 1) when "
                   "OUT's format cannot hold everything IN holds (each kind is warned once).")
def command(
    src: str,
    dest: str,
    from_format: str | None,
    to_format: str | None,
    section: str | None,
    no_extras: bool,
    strict: bool,
) -> None:
    """Convert tournament file IN to OUT (`-` for stdin/stdout).

    \b
    Examples:
      swisstb convert event.trf event.xml
      swisstb convert event.trf - --to trf2026 > event-2026.trf
    """
    ctx = click.get_current_context()
    if _same_file(src, dest):
        click.echo("Error: IN and OUT are the same file; write to another path.", err=True)
        ctx.exit(EXIT_USAGE)
    if dest == "-" and not to_format:
        click.echo("Error: writing to stdout needs --to FORMAT.", err=True)
        ctx.exit(EXIT_USAGE)
    spec = spec_for_output(dest, to_format)
    result = read_input(src, from_format, strict, section)
    echo_diagnostics(result)
    t, dropped = without_extras(result.tournament, spec) if no_extras \
        else (result.tournament, [])
    t, cut = fit(t, spec)
    lost = losses(t, spec)
    where = "<stdout>" if dest == "-" else dest
    for text in [*(x.message for x in dropped),
                 *(f"{spec.name} cannot hold {x.message}" for x in lost),
                 *(x.message for x in cut)]:
        click.echo(f"{where}: warning: {text}", err=True)
    lost += cut  # what --no-extras leaves out was asked for: not refused under --strict
    if strict and lost:
        click.echo(f"Error: {where}: not written (--strict): {spec.name} cannot hold "
                   f"everything {src} holds", err=True)
        ctx.exit(EXIT_FAILED)
    options = WriteOptions(version=spec.write_options.version, strict=strict)
    if dest == "-":
        write_output("-", dumps(t, spec.name, options))
    else:
        write(t, dest, format=spec.name, options=options)
