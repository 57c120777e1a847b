"""Which tie-break chain ranks an event: the one policy every command and the library use.

1. the chain given (``--tiebreaks``, ``BatchOptions.tiebreaks``, ``standings(t, chain)``);
2. else the chain the file declares (TRF-2026 212 standings order, else its 202 tie-breaks;
   other formats' declared tie-breaks);
3. else :data:`DEFAULT_CHAIN`, the US Chess rulebook default ``uscf`` (MM, SOLK, CUM,
   OPPCUM), for every command: the report, the batch, ``submit fide`` and the library.

``swisstb report``, ``swisstb batch``, ``swisstb submit fide``, ``swisstb check`` and
:func:`~swisstb_io.tiebreaks.standings` all call :func:`choose_chain`, so an event is
ranked alike wherever it is ranked (the HTML places are the submitted TRF's ranks).
``submit uscf`` ranks nothing: the US Chess DBF files hold results, not places.
``swisstb check`` compares a file's declared ranks with the chain it *declares*; when the
chosen chain is only the default (:attr:`ChainOrigin.DEFAULT`) it checks ranks by points
alone, since the file never said how it breaks ties.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from ..errors import TiebreakError
from ..model import Tournament
from .spec import Spec, parse_chain

DEFAULT_CHAIN = "uscf"
"""The chain for an event that declares none and is given none."""


class ChainOrigin(Enum):
    """Where the chosen chain came from."""

    GIVEN = "given"
    DECLARED = "declared"
    DEFAULT = "default"


class ChainChoice(NamedTuple):
    """The chain that ranks an event, and where it came from."""

    specs: tuple[Spec, ...]
    origin: ChainOrigin
    text: str
    """The chain as written: the codes given, the declared codes (comma-separated) or
    :data:`DEFAULT_CHAIN`."""


class DeclaredChainError(TiebreakError):
    """The file declares tie-breaks that cannot be computed (a problem of the file, not of
    the command line: choose another chain with ``--tiebreaks``)."""

    def __init__(self, declared: Sequence[str], reason: str) -> None:
        super().__init__(f"the file declares the tie-breaks {codes_text(declared, ' ')}, and "
                         f"{reason}; choose the chain with --tiebreaks")
        self.declared = tuple(declared)
        self.reason = reason


def codes_text(codes: Sequence[str], sep: str = ", ") -> str:
    """Declared codes for a message, each cut to 40 characters (a hostile file's code may
    be thousands of characters long)."""
    return sep.join(c if len(c) <= 40 else c[:39] + "…" for c in codes)


def declared_chain(t: Tournament) -> tuple[str, ...]:
    """The tie-break codes ``t`` declares (its standings order, else its tie-breaks)."""
    return tuple(t.standings_order or t.tiebreaks)


def choose_chain(t: Tournament, given: str | None = None) -> ChainChoice:
    """The chain that ranks ``t``: ``given`` (codes or a preset; an empty chain, like
    ``"PTS"``, ranks by points alone), else the file's declaration, else
    :data:`DEFAULT_CHAIN`.

    A bad ``given`` chain raises :class:`~swisstb_io.errors.TiebreakError` (a usage
    error); a declared chain that cannot be computed raises :class:`DeclaredChainError`.
    """
    if given is not None:
        return ChainChoice(parse_chain(given), ChainOrigin.GIVEN, given)
    declared = declared_chain(t)
    if declared:
        try:
            specs = parse_chain(declared)
        except TiebreakError as exc:
            raise DeclaredChainError(declared, exc.message) from exc
        return ChainChoice(specs, ChainOrigin.DECLARED, ",".join(declared))
    return ChainChoice(parse_chain(DEFAULT_CHAIN), ChainOrigin.DEFAULT, DEFAULT_CHAIN)
