"""The checks: what the reader reported and what the file declares.

Every problem is a :class:`~swisstb_io.errors.Diagnostic` whose ``code`` is one of
:data:`KINDS`.  Every reader runs the shared game and points checks
(:mod:`swisstb_io.validate`) while reading; their diagnostics are passed on, mapped to
these kinds.  Ranks and declared tie-break values are checked here, and a TRF team event's
310, 801 and 802 records in :mod:`.teams`.
"""

from __future__ import annotations

import decimal
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from ..errors import Diagnostic, Location, Severity, SwisstbError
from ..model import Tournament
from ..registry import ReadResult
from ..teams.kinds import is_team_event
from ..tiebreaks import Spec, chain_policy, compute_values, standings
from ..tiebreaks.chain_policy import ChainOrigin, DeclaredChainError, declaration_place
from ..tiebreaks.context import Context
from ..validate import plain_number
from .declared import (
    DeclaredValue,
    declared_rank,
    declared_values,
    player_lines,
)
from .teams import check_team_records

KINDS: dict[str, str] = {
    "unreadable": "the file cannot be read",
    "pairing-asymmetric": "a player's opponent does not have the player as opponent",
    "pairing-result-mismatch": "the two sides of a game give results that do not mirror",
    "pairing-colour-clash": "both players of a game have the same colour",
    "impossible-result": "a result that cannot happen (self-pairing, unknown opponent…)",
    "points-mismatch": "the points column does not match the results",
    "rank-mismatch": "the declared rank differs from the computed standings",
    "tiebreak-mismatch": "a declared tie-break value differs from the computed one",
    "tiebreaks-unknown": "the declared tie-breaks cannot be computed; ranks checked by points",
    "team-total-mismatch": "a team's declared match or game points (310) differ from its "
                           "board results",
    "team-crosstable-mismatch": "a team's informative cross-table row (801, 802) differs "
                                "from its board results",
    "reader-warning": "anything else the reader noticed",
}
"""Check kinds (the diagnostics' ``code``) and what each means."""

_READER_KIND = {
    "asymmetric-game": "pairing-asymmetric",
    "result-mismatch": "pairing-result-mismatch",
    "colour-clash": "pairing-colour-clash",
    "color-clash": "pairing-colour-clash",
    "points-mismatch": "points-mismatch",
    "total-mismatch": "points-mismatch",
    "paired-twice": "pairing-asymmetric",
    "missing-opponent": "impossible-result",
    "bye-with-opponent": "impossible-result",
    "round-past-end": "impossible-result",
}

def reader_diagnostics(result: ReadResult) -> list[Diagnostic]:
    """The reader's warnings with their codes mapped to :data:`KINDS`."""
    out = []
    for d in result.diagnostics:
        if d.severity is Severity.INFO:
            continue
        kind = next((k for suffix, k in _READER_KIND.items() if d.code.endswith(suffix)),
                    "reader-warning")
        severity = Severity.WARNING if kind == "reader-warning" else Severity.ERROR
        out.append(Diagnostic(d.location, d.message, severity, kind))
    return out


class _Finder:
    def __init__(self, path: str, fmt: str, data: bytes) -> None:
        self.path, self.fmt, self.data = path, fmt, data
        self.lines = player_lines(fmt, data)
        self.found: list[Diagnostic] = []

    def add(self, sn: int, kind: str, message: str, severity: Severity = Severity.ERROR) -> None:
        line = self.lines.get(sn)
        loc = Location(self.path, line, 1 if line is not None else None)
        self.found.append(Diagnostic(loc, message, severity, kind))


def check_tournament(
    result: ReadResult, data: bytes, path: str, chain: str | None = None
) -> list[Diagnostic]:
    """Every problem of one file that was read; ``chain`` overrides the declared tie-breaks."""
    t = result.tournament
    fmt = result.format
    found = _Finder(path, fmt, data)
    _ranks_and_values(t, fmt, data, chain, found)
    if fmt.startswith("trf") and is_team_event(t):
        found.found.extend(check_team_records(t, data, path, chain))
    diags = reader_diagnostics(result) + found.found
    diags.sort(key=lambda d: (d.location.line or 0, d.location.col or 0))
    return diags


def _chain(t: Tournament, chain: str | None, f: _Finder) -> tuple[Spec, ...] | None:
    """The chain policy's chain; ``None`` (ranks checked by points only) when it is only the
    default (the file never said how it breaks ties) or the declared one cannot be computed."""
    try:
        choice = chain_policy.choose_chain(t, chain)
    except DeclaredChainError as exc:
        where, _ = declaration_place(f.path, f.fmt, exc.code, f.data, bool(t.standings_order))
        f.found.append(Diagnostic(where, f"the declared tie-breaks "
                                  f"{chain_policy.codes_text(exc.declared)} cannot be computed "
                                  f"({exc.reason}); ranks are checked by points only; "
                                  "choose a chain with --tiebreaks", Severity.WARNING,
                                  "tiebreaks-unknown"))
        return None
    return None if choice.origin is ChainOrigin.DEFAULT else choice.specs


def _ranks_and_values(
    t: Tournament, fmt: str, data: bytes, chain_text: str | None, f: _Finder
) -> None:
    declared = declared_values(t, fmt, data)
    # In team events the rank column ranks teams or boards: not checked against players.
    has_ranks = not t.teams and any(declared_rank(p) is not None for p in t.players)
    if not has_ranks and not declared:
        return
    try:
        ctx = Context(t)
    except SwisstbError as exc:
        f.found.append(Diagnostic(Location(f.path), exc.message, Severity.ERROR,
                                  "impossible-result"))
        return
    chain = _chain(t, chain_text, f) if has_ranks else None
    if has_ranks:
        _ranks(t, ctx, chain, f)
    if declared:
        _values(ctx, declared, f)


def _ranks(t: Tournament, ctx: Context, chain: Sequence[Spec] | None, f: _Finder) -> None:
    res = standings(t, chain or (), context=ctx)
    by_points = chain is None
    what = ("by points (no tie-breaks declared)" if by_points
            else "by points, then " + ", ".join(s.key for s in res.chain))
    first: dict[Fraction, int] = {}
    count: dict[Fraction, int] = {}
    for row in res.rows:
        first.setdefault(row.points, row.place)
        count[row.points] = count.get(row.points, 0) + 1
    for row in res.rows:
        p = t.player(row.start_no)
        rank = declared_rank(p)
        if rank is None:
            continue
        lo = first[row.points] if by_points else row.place
        hi = lo + count[row.points] - 1 if by_points else row.last_place
        if lo <= rank <= hi:
            continue
        want = str(lo) if lo == hi else f"{lo}-{hi}"
        f.add(row.start_no, "rank-mismatch", f"player {row.start_no} ({p.name}): declared rank "
              f"{rank}, but swisstb ranks the player {want} {what}")


_PLACES = 12
"""Most decimal places a declared tie-break value is compared at."""
_EXACT = decimal.Context(prec=60)
"""Enough digits for any tie-break value at :data:`_PLACES` places."""


def _values(ctx: Context, declared: dict[int, list[DeclaredValue]], f: _Finder) -> None:
    specs = {d.spec.key: d.spec for ds in declared.values() for d in ds}
    values = compute_values(ctx, list(specs.values()))
    for sn in sorted(declared):
        for d in declared[sn]:
            tv = values[d.spec.key].get(sn)
            if tv is None or tv.value is None:
                continue
            # the file's own precision, up to what any tie-break needs (a hostile 1e-999
            # would ask for a thousand places)
            places = min(_PLACES, max(0, -int(d.value.as_tuple().exponent)))
            got = _EXACT.divide(Decimal(tv.value.numerator), Decimal(tv.value.denominator))
            shown = got.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP,
                                 context=_EXACT)
            if shown != d.value:
                f.add(sn, "tiebreak-mismatch", f"player {sn}: {d.where} says {d.text}, but "
                      f"swisstb computes {d.spec.key} = {plain_number(tv.value)} "
                      f"({d.spec.system.rule})")
