"""Which tie-break chain ranks an event: the one policy every command and the library use.

1. the chain given (``--tiebreaks``, ``BatchOptions.tiebreaks``, ``standings(t, chain)``);
   its ``fide`` items stand for the event's FIDE order (:mod:`.fide_order`: round robin or
   Swiss, by edition);
2. else the chain the file declares (TRF-2026 212 standings order, else its 202 tie-breaks;
   other formats' declared tie-breaks);
3. else :data:`DEFAULT_CHAIN`, the US Chess rulebook default ``uscf`` (MM, SOLK, CUM,
   OPPCUM), for every command: the report, the batch, ``submit fide`` and the library.
   When the event looks like a FIDE event (:func:`~.fide_order.fide_looking`) the choice
   says so and suggests ``-t fide``; the default stays.

Every report says where its chain came from (:meth:`ChainChoice.words`: given, declared
by which record of the file, or the default because the file declares none).

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

from ..errors import Location, TiebreakError
from ..model import Tournament
from ..teams.kinds import is_team_event
from . import fide_order
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
    declared: str = ""
    """A declared chain's list: ``"standings"`` (the file's standings order, TRF-2026 212)
    or ``"tiebreaks"`` (its tie-breaks, 202); ``""`` otherwise."""
    preset: str = ""
    """What a ``fide`` item of the chain given stands for in this event
    (:func:`~.fide_order.fide_order`), ``""`` without one."""
    hint: str = ""
    """The default chain of an event that looks like a FIDE event: why, and the chain to
    try (``-t fide``); ``""`` otherwise."""
    why: str = ""
    """Why a default is the default, when not because the file declares none (``for the
    board players of a team event``)."""

    def words(self, where: str = "", subject: str = "Tie-break order") -> str:
        """Where the chain came from, for every report: ``Tie-break order declared by the
        file (record 212)``, ``Tie-break order chosen with -t: fide; fide is …``,
        ``Tie-break order: uscf, the default, as the file declares none``.  ``where``: how
        the file's format names the declaring list (``record 212``; default: ``its
        standings order`` or ``its tie-break list``)."""
        if self.origin is ChainOrigin.GIVEN:
            preset = f"; {fide_order.PRESET} is {self.preset}" if self.preset else ""
            return f"{subject} chosen with -t: {codes_text([self.text])}{preset}"
        if self.origin is ChainOrigin.DECLARED:
            where = where or ("its standings order" if self.declared == "standings"
                              else "its tie-break list")
            return f"{subject} declared by the file ({where})"
        return f"{subject}: {self.text}, the default, {self.why or 'as the file declares none'}"


class DeclaredChainError(TiebreakError):
    """The file declares tie-breaks that cannot be computed (a problem of the file, not of
    the command line: choose another chain with ``--tiebreaks``).  ``code``: the declared
    code that cannot be; :meth:`at` gives the error the place of the declaration in the file
    (``path:line:col``, and the record: ``record 202``), which only the caller that read the
    file knows (:meth:`located`)."""

    def __init__(self, declared: Sequence[str], reason: str, code: str = "",
                 location: Location | None = None, record: str = "") -> None:
        where = f" in {record}" if record else ""
        super().__init__(f"the file declares the tie-breaks {codes_text(declared, ' ')}{where}, "
                         f"and {reason}; choose the chain with --tiebreaks", location)
        self.declared = tuple(declared)
        self.reason = reason
        self.code = code or (declared[0] if declared else "")

    def at(self, location: Location, record: str = "") -> DeclaredChainError:
        """This error, at ``location`` (the declaration in the file), naming ``record``."""
        return DeclaredChainError(self.declared, self.reason, self.code, location, record)

    def located(self, t: Tournament, path: str, fmt: str,
                data: bytes | None = None) -> DeclaredChainError:
        """This error (``t``'s declared chain cannot be computed) at its place in ``path``,
        a file of format ``fmt`` (:func:`declaration_place`)."""
        where, record = declaration_place(path, fmt, self.code, data, bool(t.standings_order))
        return self.at(where, record)


def _written(declared: Sequence[str], code: str | None = None) -> str:
    """The declared code as the file writes it: the first that cannot be parsed alone, or
    (``code``) the first that names that system; else the first code (the chain fails as a
    whole: a code given twice)."""
    for item in declared:
        try:
            specs = parse_chain([item])
        except TiebreakError:
            if code is None:
                return item
            continue
        if code is not None and any(s.code == code for s in specs):
            return item
    return declared[0]


def codes_text(codes: Sequence[str], sep: str = ", ") -> str:
    """Declared codes for a message, each cut to 40 characters (a hostile file's code may
    be thousands of characters long)."""
    return sep.join(c if len(c) <= 40 else c[:39] + "…" for c in codes)


def declared_chain(t: Tournament) -> tuple[str, ...]:
    """The tie-break codes ``t`` declares (its standings order, else its tie-breaks)."""
    return tuple(t.standings_order or t.tiebreaks)


def choose_chain(t: Tournament, given: str | None = None, *, system: str | None = None,
                 fide_rules: str | None = None) -> ChainChoice:
    """The chain that ranks ``t``: ``given`` (codes or a preset; an empty chain, like
    ``"PTS"``, ranks by points alone; ``fide`` is the event's FIDE order, chosen with
    ``system`` and ``fide_rules``, the ``--system`` and ``--fide-rules`` options), else the
    file's declaration, else :data:`DEFAULT_CHAIN`.

    A bad ``given`` chain raises :class:`~swisstb_io.errors.TiebreakError` (a usage
    error); a declared chain that cannot be computed raises :class:`DeclaredChainError`.
    """
    if given is not None:
        text, preset = fide_order.expand(given, t, system, fide_rules)
        return ChainChoice(parse_chain(text), ChainOrigin.GIVEN, given, preset=preset)
    declared = declared_chain(t)
    if declared:
        try:
            specs = parse_chain(declared)
        except TiebreakError as exc:
            raise DeclaredChainError(declared, exc.message, _written(declared)) from exc
        team_only = next((s for s in specs if s.system.team_only), None)
        if team_only is not None and not is_team_event(t):
            raise DeclaredChainError(
                declared, f"{team_only.key} is a team tie-break ({team_only.system.rule}) "
                "while this is an individual event", _written(declared, team_only.code))
        return ChainChoice(specs, ChainOrigin.DECLARED, ",".join(declared),
                           declared="standings" if t.standings_order else "tiebreaks")
    looks = "" if is_team_event(t) else fide_order.fide_looking(t)
    hint = (f"The file looks like a FIDE event ({looks}): -t {fide_order.PRESET} ranks it by "
            "FIDE's recommended order") if looks else ""
    return ChainChoice(parse_chain(DEFAULT_CHAIN), ChainOrigin.DEFAULT, DEFAULT_CHAIN,
                       hint=hint)


def declaration_place(path: str, fmt: str, code: str, data: bytes | None = None,
                      ranking: bool = False) -> tuple[Location, str]:
    """Where ``path`` (its bytes ``data``; read again when not given) declares the
    tie-break ``code``, and the record that does (``"record 202"``, or ``""``): in a TRF
    file the code in its 212 (``ranking``: the standings order) or 202 record, in other
    text formats the code's first mention as a code of its own.  Only ``path`` when the
    declaration cannot be found (stdin, a binary format)."""
    if data is None:
        try:
            with open(path, "rb") as fh:
                data = fh.read(1 << 24)  # the declaration is in the header
        except OSError:
            return Location(path), ""
    trf = fmt.startswith("trf")
    record = ("212" if ranking else "202") if trf else ""
    text = data.decode("utf-8", errors="replace")
    for no, line in enumerate(text.splitlines(), 1):
        line = line.lstrip("\ufeff")
        if trf and not line.startswith(record):
            continue
        at = _code_at(line, code, len(record)) if code else -1
        if at >= 0:
            return Location(path, no, at + 1), f"record {record}" if trf else ""
        if trf:
            return Location(path, no, 1), f"record {record}"
    return Location(path), ""


def _code_at(line: str, code: str, start: int) -> int:
    """Where ``code`` first stands in ``line`` (from ``start``) as a code of its own: not
    inside a longer word or after a ``/``, and not followed by a word character, ``/``,
    ``[`` or ``:`` (``BH`` is not found in ``BH/C1`` or ``ABH``); ``-1`` when nowhere."""
    at = line.find(code, start)
    while at >= 0:
        before = line[at - 1] if at else " "
        after = line[at + len(code)] if at + len(code) < len(line) else " "
        if not (before.isalnum() or before in "_/") and not (
                after.isalnum() or after in "_/[:"):
            return at
        at = line.find(code, at + 1)
    return -1

