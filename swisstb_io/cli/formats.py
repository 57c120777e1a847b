"""``swisstb formats``: the registry as a table."""

from __future__ import annotations

import click

from ..losses import describe_lossy
from ..registry import FormatSpec, all_formats


def formats_table() -> str:
    rows = [("name", "read", "write", "extensions", "description")]
    for spec in all_formats():
        rows.append(
            (
                spec.name,
                "yes" if spec.reader else "-",
                "yes" if spec.writer else "-",
                " ".join(spec.extensions) or "-",
                spec.title,
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = []
    for r in rows:
        cells = [r[i].ljust(widths[i]) for i in range(4)]
        lines.append("  ".join([*cells, r[4]]).rstrip())
    return "\n".join(lines)


def losses_block(spec: FormatSpec) -> str:
    """What writing ``spec`` loses, one item a line (also the block of its dossier)."""
    items = describe_lossy(spec)
    if not items:
        return f"{spec.name} keeps everything the model holds"
    return "\n".join([f"{spec.name} cannot hold:", *(f"- {item}" for item in items)])


@click.command(name="formats")
@click.option("--losses", is_flag=True,
              help="Also list, for each writable format, what it cannot hold (what "
                   "`swisstb convert` warns about when the file has it).")
def command(losses: bool) -> None:
    """List the formats swisstb can read and write."""
    click.echo(formats_table())
    if losses:
        for spec in all_formats():
            if spec.writer is not None:
                click.echo("")
                click.echo(losses_block(spec))
