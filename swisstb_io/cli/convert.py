"""``swisstb convert IN OUT``: any readable format to any writable one."""

from __future__ import annotations

from collections.abc import Sequence

import click

from ..api import dumps_sections, spec_for_output, write
from ..losses import fit, section_losses, without_extras
from ..model import Tournament
from ..registry import FormatSpec, ReadResult, WriteOptions
from ..textsafe import shown
from . import EXIT_FAILED, EXIT_USAGE
from ._io import (
    echo_diagnostics,
    from_option,
    read_input,
    refuse_overwriting,
    rounds_by_date_option,
    write_output,
)


@click.command(name="convert")
@click.argument("src", metavar="IN")
@click.argument("dest", metavar="OUT")
@from_option
@rounds_by_date_option
@click.option(
    "--to",
    "to_format",
    metavar="FORMAT",
    help="Output format; `trf` keeps the TRF version read, `trf16`/`trf2026` force one. "
    "Default: by the extension of OUT (required when OUT is `-`).",
)
@click.option("--section", metavar="NAME|NUMBER",
              help="Section to convert from a multi-section file (default: every section, "
                   "which needs an OUT format that holds several, or --split).")
@click.option("--split", is_flag=True,
              help="One file per section: OUT-1-<name>.ext, OUT-2-<name>.ext, …")
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
    split: bool,
    no_extras: bool,
    strict: bool,
) -> None:
    """Convert tournament file IN to OUT (`-` for stdin/stdout).

    \b
    Examples:
      swisstb convert event.trf event.xml
      swisstb convert event.trf - --to trf2026 > event-2026.trf
      swisstb convert event.sjson open.trf --section Open
      swisstb convert event.sjson event.trf --split
    """
    ctx = click.get_current_context()
    refuse_overwriting(dest, src)
    if dest == "-" and not to_format:
        click.echo("Error: writing to stdout needs --to FORMAT.", err=True)
        ctx.exit(EXIT_USAGE)
    spec = spec_for_output(dest, to_format)
    result = read_input(src, from_format, strict, section)
    echo_diagnostics(result)
    sections = (result.tournament,) if section is not None else result.every_section()
    if split and dest == "-":
        raise click.UsageError("--split writes one file per section: give OUT as a path")
    if len(sections) > 1 and not split and spec.sections_writer is None:
        raise click.UsageError(
            f"{src} holds {len(sections)} sections ({section_list(result)}) and "
            f"{spec.name} holds one: choose one with --section, or write one file per "
            "section with --split")
    targets: list[tuple[str, Sequence[Tournament]]] = [(dest, sections)]
    if split:
        targets = [(split_path(dest, i, t.section), (t,)) for i, t in enumerate(sections, 1)]
        refuse_overwriting([out for out, _ in targets], src)
    options = WriteOptions(version=spec.write_options.version, strict=strict)
    planned = [(out, _prepare(out, part, spec, no_extras)) for out, part in targets]
    if strict and any(refused for _, (_, refused) in planned):
        for out, (_, refused) in planned:
            if refused:
                click.echo(f"Error: {out}: not written (--strict): {spec.name} cannot hold "
                           f"everything {src} holds", err=True)
        ctx.exit(EXIT_FAILED)
    for out, (ready, _) in planned:
        if out == "-":
            write_output("-", dumps_sections(ready, spec.name, options))
        else:
            write(ready, out, format=spec.name, options=options)


def _prepare(dest: str, sections: Sequence[Tournament], spec: FormatSpec,
             no_extras: bool) -> tuple[list[Tournament], bool]:
    """The sections as ``spec`` will hold them, each loss said once per kind (counted over
    every section); True when something ``spec`` cannot hold is lost (``--strict``)."""
    where = "<stdout>" if dest == "-" else dest
    ready: list[Tournament] = []
    texts: list[str] = []
    cuts: list[str] = []
    for t in sections:
        t, dropped = without_extras(t, spec) if no_extras else (t, [])
        t, cut = fit(t, spec)
        texts.extend(x.message for x in dropped if x.message not in texts)
        cuts.extend(x.message for x in cut)
        ready.append(t)
    lost = section_losses(ready, spec)
    texts += [f"{spec.name} cannot hold {x.message}" for x in lost] + cuts
    for text in texts:  # a loss may quote a name: shown, never its line break raw
        click.echo(shown(f"{where}: warning: {text}"), err=True)
    # what --no-extras leaves out was asked for: not refused under --strict
    return ready, bool(lost or cuts)


def section_list(result: ReadResult) -> str:
    """``1 'Open', 2 'U1600'``: how messages name the sections of a file."""
    return ", ".join(f"{i} {t.section or name!r}" for i, (t, name)
                     in enumerate(zip(result.every_section(), result.sections, strict=False), 1))


def split_path(dest: str, number: int, name: str) -> str:
    """``out.trf`` -> ``out-1-open.trf``: the file of section ``number`` under --split."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in name.casefold()).strip("-")
    stem, dot, ext = dest.rpartition(".")
    if not dot or "/" in ext or "\\" in ext:
        stem, ext = dest, ""
    tail = f"-{number}" + (f"-{slug}" if slug else "")
    return f"{stem}{tail}.{ext}" if ext else f"{stem}{tail}"
