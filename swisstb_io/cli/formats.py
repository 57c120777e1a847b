"""``swisstb formats``: the registry as a table."""

from __future__ import annotations

import click

from ..registry import all_formats


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


@click.command(name="formats")
def command() -> None:
    """List the formats swisstb can read and write."""
    click.echo(formats_table())
