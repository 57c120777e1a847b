"""The options that go with ``--ratings fide|uscf`` in ``swisstb report`` and ``swisstb
batch``: ``--rating-rules``, ``--player-data`` and ``--dual-rated``, spelled and checked
once for both (``swisstb ratings`` has them as ``--rules``, ``--player-data`` and
``--dual-rated``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from .ratings import EDITION_IDS

F = TypeVar("F", bound=Callable[..., object])


def rating_options(player_data_more: str = "") -> Callable[[F], F]:
    """The three options, in this order; ``player_data_more``: a sentence that
    ``--player-data``'s help adds (what the file means for a season)."""
    def add(f: F) -> F:
        for option in reversed((
            click.option("--rating-rules", "rating_rules", type=click.Choice(EDITION_IDS),
                         metavar="EDITION",
                         help="With --ratings: the edition of the rating rules (default: by "
                              "the event's date), as `swisstb ratings --rules`: "
                              + ", ".join(EDITION_IDS) + "."),
            click.option("--player-data", "player_data", metavar="CSV",
                         help="With --ratings: what the file cannot say about the players "
                              "(K, earlier games…), as `swisstb ratings --player-data`."
                              + (f" {player_data_more}" if player_data_more else "")),
            click.option("--dual-rated", "dual_rated", is_flag=True,
                         help="With --ratings uscf: the event is dual-rated (Regular and "
                              "Quick), a smaller K above 2200, as `swisstb ratings "
                              "--dual-rated`."),
        )):
            f = option(f)
        return f
    return add


def check_rating_options(system: str | None, rules: str | None, player_data: str | None,
                         dual_rated: bool) -> None:
    """``--rating-rules``, ``--player-data`` and ``--dual-rated`` go with ``--ratings``
    (``--dual-rated`` with ``--ratings uscf``), the edition with its system: else a usage
    error (exit 2)."""
    if system is None:
        given = [o for o, v in (("--rating-rules", rules), ("--player-data", player_data),
                                ("--dual-rated", dual_rated)) if v]
        if given:
            one = len(given) == 1
            systems = "uscf" if given == ["--dual-rated"] else "fide|uscf"
            raise click.UsageError(f"{' and '.join(given)} {'goes' if one else 'go'} with "
                                   f"--ratings {systems}: add it, or leave "
                                   f"{'it' if one else 'them'} out")
        return
    if dual_rated and system != "uscf":
        raise click.UsageError(f"--dual-rated is a US Chess rule (a smaller K above 2200 in "
                               f"an event rated Regular and Quick): it goes with --ratings "
                               f"uscf, not --ratings {system}")
    if rules is not None:
        from ..rating_change import RatingSystem, RulesError, edition

        try:
            edition(rules, RatingSystem(system))
        except RulesError as exc:
            raise click.BadParameter(str(exc), param_hint="'--rating-rules'") from exc
