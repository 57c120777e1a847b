"""Prize lists: who gets which prize, how much, and why (``swisstb prizes``).

US Chess 32B pooling (ties share, one cash prize per player, class and under prizes,
caps, unrated limits) and European practice (by ranking, shared equally or by the Hort
system), trophies by tie-break, points and team prizes.  The prize file format is in
``formats/prizes-toml.md``; the JSON output contract (``swisstb-prizes/1``) in
``formats/prizes-json.md``.

>>> from swisstb_io import load
>>> from swisstb_io.prizes import prize_list, read_prize_file
>>> t = load("fixtures/prizes/example1.csv").tournament          # doctest: +SKIP
>>> result = prize_list(t, read_prize_file("fixtures/prizes/example1.toml"))  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..model import Tournament
from ..tiebreaks import CalcOptions, Spec, StandingsResult, standings
from .engine import award
from .entrants import entrants_of
from .model import Entrant, PrizeFile
from .prize_file import SCHEMA, PrizeFileError, parse_prize_file, read_prize_file
from .result import ItemAward, Pool, PrizeResult, Share, TeamAward, Unawarded


def prizes_for(result: StandingsResult, tournament: Tournament,
               prize_file: PrizeFile) -> PrizeResult:
    """The prize list for standings already computed (as ``report`` computes them)."""
    return award(entrants_of(result, tournament), prize_file)


def prize_list(
    tournament: Tournament,
    prize_file: PrizeFile,
    chain: str | Iterable[str] | Sequence[Spec] | None = None,
    options: CalcOptions | None = None,
) -> PrizeResult:
    """Rank ``tournament`` by ``chain`` (``None``: the chain policy, as ``swisstb report``
    ranks it: the file's declared chain, else ``uscf``) and distribute ``prize_file``'s
    prizes."""
    return prizes_for(standings(tournament, chain, options), tournament, prize_file)


__all__ = [
    "SCHEMA",
    "Entrant",
    "ItemAward",
    "Pool",
    "PrizeFile",
    "PrizeFileError",
    "PrizeResult",
    "Share",
    "TeamAward",
    "Unawarded",
    "award",
    "entrants_of",
    "parse_prize_file",
    "prize_list",
    "prizes_for",
    "read_prize_file",
]
