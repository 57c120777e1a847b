"""Which section of an event a prize file's prizes go to, for ``swisstb prizes`` and
``swisstb report --prizes`` alike: ``--section``, else the prize file's ``[event] section``
(a name or a 1-based number), else the event's one section; a file of several sections
with neither is a usage error that lists them, and ``--section`` naming another section
than the prize file's is one too."""

from __future__ import annotations

import click

from ..model import Tournament
from ..prizes.model import PrizeFile, section_index
from ..prizes.prize_file import chosen_section
from ..registry import ReadResult
from . import _usage
from ._io import echo_diagnostics, read_input


def prize_section(result: ReadResult, prize_file: PrizeFile, path: str,
                  from_format: str | None, strict: bool, section: str | None) -> Tournament:
    """The section of ``result`` (read from ``path`` with ``--section`` = ``section``) whose
    players the prizes of ``prize_file`` go to (module docstring)."""
    wanted = chosen_section(prize_file, result.sections, path, "fix it or give --section")
    if section is not None:
        given = section_index(section, result.sections)
        if wanted is not None and given is not None and given != wanted:
            line, col = prize_file.event.section_at or (1, 1)
            raise click.UsageError(
                f"--section {section} is not the section the prize file names "
                f"({prize_file.path}:{line}:{col}: {prize_file.event.section!r}): give "
                "one of the two")
        return result.tournament
    if wanted is None:
        if len(result.sections) > 1:
            raise _usage.one_section_needed(path, result.sections,
                                            "--prizes gives the prizes of")
        return result.tournament
    if result.all_sections:
        return result.all_sections[wanted]
    if wanted == 0:
        return result.tournament  # the reader read the first section only (Chess-JSON)
    if path == "-":
        raise click.UsageError(f"the prize file's section {prize_file.event.section!r} is not "
                               "the first of the event read from stdin: give --section "
                               f"{result.sections[wanted]!r}")
    chosen = read_input(path, from_format, strict, result.sections[wanted])
    echo_diagnostics(chosen)
    return chosen.tournament

