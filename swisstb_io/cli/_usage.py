"""Option values that parse but make no sense for the file at hand: usage errors (exit 2),
not silently ignored (issue 16 item 16).

Each check raises :class:`click.BadParameter` (or :class:`click.UsageError`) naming the
option, what is wrong with it and what would work.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from ..model import Tournament
from ..tiebreaks import Spec, StandingsResult
from ..tiebreaks.values import num

KNOWN_RATING_LISTS = ("FIDE", "USCF")
"""Lists accepted by ``--rating-list`` even when no player of the file has a rating in them."""


def check_rating_list(value: str, t: Tournament) -> None:
    """``--rating-list``: ``auto``, FIDE, USCF or a list some player of the file is rated in."""
    if value.lower() == "auto":
        return
    lists = {*KNOWN_RATING_LISTS, *(r.system.upper() for p in t.players for r in p.ratings)}
    if value.upper() not in lists:
        raise click.BadParameter(
            f"unknown rating list {value!r}; use auto or one of {', '.join(sorted(lists))}",
            param_hint="'--rating-list'")


def one_section_needed(path: str, names: Sequence[str], what: str) -> click.UsageError:
    """A file of several sections where an option (``what``: "--prizes gives the prizes of")
    names players of one: the usage error that lists the sections."""
    listing = ", ".join(f"{i} {name!r}" for i, name in enumerate(names, 1))
    return click.UsageError(f"{path} holds {len(names)} sections ({listing}) and {what} one: "
                            "choose it with --section")


def check_groups(spec: str | None, t: Tournament) -> None:
    """``--group team`` (or another field) on a file where no player has that field
    (``board``: a file without teams)."""
    if not spec:
        return
    kind = spec.partition(":")[0].strip().lower()
    have = {
        "team": any(p.team for p in t.players) or bool(t.teams),
        "federation": any(p.federation for p in t.players),
        "title": any(p.title for p in t.players),
        "board": bool(t.teams),
    }
    if have.get(kind, True) is False:
        raise click.BadParameter(
            f"no player of {t.name or 'this file'!r} has a {kind}, so every player would be in "
            f"one group; group by another field", param_hint="'--group'")


def check_labels(text: str | None, chain: Sequence[Spec]) -> None:
    """``--labels CODE=Label`` for a code that is not in the chain."""
    if not text:
        return
    names = {n for s in chain for n in (s.key.upper(), s.code.upper())}
    for item in (x.strip() for x in text.split(",")):
        code = item.partition("=")[0].strip().upper()
        if "=" in item and code and code not in names:
            shown = ", ".join(s.key for s in chain) or "none"
            raise click.BadParameter(
                f"{code} is not in the tie-break chain ({shown}); label one of those",
                param_hint="'--labels'")


def check_playoff(order: Sequence[int], result: StandingsResult) -> None:
    """``--playoff`` orders players tied on points: a list in which no two players share a
    score would change nothing.  (A full order naming every player is fine: only the ties
    in it count.)"""
    points = {row.start_no: row.points for row in result.rows}
    scores = [points[sn] for sn in order]
    if order and len(set(scores)) == len(scores):
        raise click.BadParameter(
            f"no two of the players named are tied on points "
            f"({', '.join(f'{o}: {num(points[o])}' for o in order)}); a play-off orders "
            "players on the same score", param_hint="'--playoff'")


def check_format_options(fmt: str, *, notation_given: bool, explain: bool) -> None:
    """Options the chosen report format would ignore."""
    from ..reports import Explains, report_format

    kind = report_format(fmt)
    if notation_given and fmt not in ("md", "markdown", "html"):
        raise click.UsageError(
            f"--notation sets the crosstable of md and html reports; the {kind.name} report "
            "has none in that notation: drop --notation or choose --format md or html")
    if explain and kind.explains is Explains.NEVER:
        raise click.UsageError(
            f"the {kind.name} report cannot show explanations: drop --explain or choose "
            "--format text, json or html")
