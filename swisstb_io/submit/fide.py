"""The FIDE rating report: a TRF-16 or TRF-2026 file ready for upload.

:func:`prepare_fide` ranks the event by the one chain policy
(:func:`~swisstb_io.tiebreaks.chain_policy.choose_chain`: the chain given, else the file's
own tie-breaks, TRF-2026 212/202, else :data:`DEFAULT_CHAIN`, noted as a problem, so the
ranks are the places ``swisstb report`` prints), fills every player's points and rank
columns from those standings, sorts the 001 records by start number, and lists every missing or
malformed item: the header records 012, 022, 032, 042, 052, 102 and 132 (one date per
round played), and per player the FIDE ID, sex, federation and birth date, plus results
TRF cannot hold.  A team event's records (013, 310, 240, 299, 300, 320, 330, 352, 362,
801, 802…) are kept as the file gives them.  Nothing is written here;
:meth:`FideSubmission.to_bytes` gives the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..api import dumps
from ..errors import WriteError
from ..model import DEFAULT_POINTS, Outcome, Player, Tournament
from ..registry import WriteOptions
from ..teams.kinds import is_team_event
from ..tiebreaks import CalcOptions, Spec, StandingsResult, chain_policy, standings
from ..tiebreaks.chain_policy import DEFAULT_CHAIN as DEFAULT_CHAIN  # the one default
from ..tiebreaks.chain_policy import ChainOrigin
from ._common import Problem, Severity, player_subject

VERSIONS = ("16", "2026")
_FED = re.compile(r"^[A-Z]{3}$")
_BIRTH = re.compile(r"^\d{4}(?:[/.-]\d{2}[/.-]\d{2})?$")
_FIDE_ID = re.compile(r"^\d{1,11}$")


@dataclass(frozen=True)
class FideSubmission:
    tournament: Tournament
    """The event with points and ranks filled in and players sorted by start number."""
    version: str
    result: StandingsResult
    problems: tuple[Problem, ...]

    def to_bytes(self) -> bytes:
        """The TRF text (raises :class:`~swisstb_io.errors.WriteError` if TRF cannot hold it)."""
        return dumps(self.tournament, "trf16" if self.version == "16" else "trf2026",
                     WriteOptions(player_order="start-number"))


def event_chain(t: Tournament, codes: str | None) -> tuple[tuple[Spec, ...], list[Problem]]:
    """The chain to rank with (:func:`~swisstb_io.tiebreaks.chain_policy.choose_chain`), and
    a note when it is only the default.  A team event whose declared chain ranks teams
    (``BH:MP``…) ranks its board players by points, with a note (its team records are
    kept as they are)."""
    try:
        choice = chain_policy.choose_chain(t, codes)
    except chain_policy.DeclaredChainError:
        if codes is not None or not is_team_event(t):
            raise
        note = Problem("event", "tie-breaks", "the file declares a team chain "
                       f"({','.join(t.standings_order or t.tiebreaks)}): the board players' "
                       "001 ranks are by points (choose with --tiebreaks)", Severity.NOTE)
        return (), [note]
    if choice.origin is not ChainOrigin.DEFAULT:
        return choice.specs, []
    note = Problem("event", "tie-breaks", f"the file declares none: ranked by {choice.text} "
                   "(choose with --tiebreaks)", Severity.NOTE)
    return choice.specs, [note]


def _header_problems(t: Tournament, rounds: int, version: str) -> Iterable[Problem]:
    def missing(record: str, what: str) -> Problem:
        return Problem("event", f"{record} {what}", "missing")

    if not t.name.strip():
        yield missing("012", "tournament name")
    if not t.city.strip():
        yield missing("022", "city")
    if not t.federation.strip():
        yield missing("032", "federation")
    elif not _FED.match(t.federation):
        yield Problem("event", "032 federation",
                      f"{t.federation!r} is not a three-letter FIDE code such as ENG")
    for record, what, d in (("042", "start date", t.start_date), ("052", "end date", t.end_date)):
        if d is None or not d.text.strip():
            yield missing(record, what)
        elif d.value is None:
            yield Problem("event", f"{record} {what}", f"{d.text!r} is not a date (YYYY/MM/DD)")
    if t.start_date and t.end_date and t.start_date.value and t.end_date.value \
            and t.end_date.value < t.start_date.value:
        yield Problem("event", "052 end date",
                      f"{t.end_date.text} is before the start date {t.start_date.text}")
    if not t.chief_arbiter.strip():
        yield missing("102", "chief arbiter")
    dates = [d for d in t.round_dates if d.strip()]
    if len(dates) < rounds:
        have = f"only {len(dates)}" if dates else "none"
        yield Problem("event", "132 round dates",
                      f"{rounds} rounds were played but {have} of their dates are given")
    if version == "16" and t.point_system != DEFAULT_POINTS:
        yield Problem("event", "points", "the event does not score 1-½-0; TRF-16 has no "
                      "official record for that (record 162 is TRF-2026; only the TRF(x) XXS "
                      "extension is written): prefer --trf 2026", Severity.NOTE)


def _player_problems(p: Player, rounds: int) -> Iterable[Problem]:
    who = player_subject(p)
    if not p.fide_id.strip():
        yield Problem(who, "FIDE ID", "missing (register the player with the federation)")
    elif not _FIDE_ID.match(p.fide_id):
        yield Problem(who, "FIDE ID", f"{p.fide_id!r} is not a number")
    if not p.sex.strip():
        yield Problem(who, "sex", "missing (m or w)")
    elif p.sex.lower() not in ("m", "w", "f"):
        yield Problem(who, "sex", f"{p.sex!r} is not m or w")
    if not p.federation.strip():
        yield Problem(who, "federation", "missing")
    elif not _FED.match(p.federation):
        yield Problem(who, "federation", f"{p.federation!r} is not a three-letter FIDE code")
    if not p.birth.strip():
        yield Problem(who, "birth date", "missing")
    elif not _BIRTH.match(p.birth.strip()):
        yield Problem(who, "birth date", f"{p.birth!r} is not YYYY or YYYY/MM/DD")
    for k, r in enumerate(p.results[:rounds], 1):
        if r.outcome is Outcome.FORFEIT_DRAW:
            yield Problem(who, f"round {k}", "an unplayed half point against an opponent "
                          "(US 'Z') has no TRF code")


def prepare_fide(
    t: Tournament,
    *,
    version: str = "2026",
    tiebreaks: str | None = None,
    options: CalcOptions | None = None,
) -> FideSubmission:
    """The submission for ``t`` and every problem found (see the module docstring)."""
    if version not in VERSIONS:
        raise WriteError(f"unknown TRF version {version!r}; use 16 or 2026")
    chain, problems = event_chain(t, tiebreaks)
    result = standings(t, chain, options or CalcOptions())
    rows = {r.start_no: r for r in result.rows}
    rounds = result.context.n_rounds
    players = []
    for p in sorted(t.players, key=lambda p: p.start_no):
        problems.extend(_player_problems(p, rounds))
        row = rows[p.start_no]
        players.append(replace(p, declared_points=row.points, declared_rank=row.place))
    problems[:0] = list(_header_problems(t, rounds, version))
    ready = replace(t, players=tuple(players))
    return FideSubmission(ready, version, result, tuple(problems))
