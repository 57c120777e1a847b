"""The checks: what the reader reported, what the model shows, what the file declares.

Every problem is a :class:`~swisstb_io.errors.Diagnostic` whose ``code`` is one of
:data:`KINDS`.  Readers already check some things while reading (TRF: games and points
columns; SwissSys CSV: games and totals); their diagnostics are passed on, mapped to the
same kinds, and the model-level check of a kind the reader covers is not run again
(:data:`READER_CHECKS`), so nothing is reported twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from ..errors import Diagnostic, Location, Severity, SwisstbError
from ..model import MIRROR, Color, Outcome, RoundResult, Tournament
from ..registry import ReadResult
from ..tiebreaks import Spec, chain_policy, compute_values, standings
from ..tiebreaks.chain_policy import ChainOrigin, DeclaredChainError
from ..tiebreaks.context import Context
from .declared import DeclaredValue, declared_values, player_lines

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
    "unknown-opponent": "impossible-result",
    "bye-with-opponent": "impossible-result",
}

READER_CHECKS: dict[str, frozenset[str]] = {
    "trf": frozenset({"pairing", "points"}),
    "swisssys-csv": frozenset({"pairing", "points"}),
}
"""Model-level check groups a format's reader already runs (keyed by format name prefix)."""


def _covered(fmt: str) -> frozenset[str]:
    for prefix, groups in READER_CHECKS.items():
        if fmt.startswith(prefix):
            return groups
    return frozenset()


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
    def __init__(self, path: str, lines: dict[int, int]) -> None:
        self.path, self.lines = path, lines
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
    found = _Finder(path, player_lines(fmt, data))
    covered = _covered(fmt)
    _games(t, found, "pairing" not in covered)
    if "points" not in covered:
        _points(t, found)
    _ranks_and_values(t, fmt, data, chain, found)
    diags = reader_diagnostics(result) + found.found
    diags.sort(key=lambda d: (d.location.line or 0, d.location.col or 0))
    return diags


def _games(t: Tournament, f: _Finder, pairing: bool) -> None:
    by_sn = t.by_start_no()
    scheduled = t.total_rounds
    for p in t.players:
        sn = p.start_no
        for rnd, rr in enumerate(p.results, 1):
            o, opp = rr.outcome, rr.opponent
            if o is Outcome.NOT_PAIRED:
                continue  # paired but not played yet, or absent: nothing to check
            if scheduled is not None and rnd > scheduled:
                f.add(sn, "impossible-result", f"round {rnd}: player {sn} has a result, but the "
                      f"event has only {scheduled} rounds")
            if opp is None:
                if o.played:
                    f.add(sn, "impossible-result", f"round {rnd}: player {sn} has "
                          f"{o.value} without an opponent")
                continue
            if not o.has_opponent:
                f.add(sn, "impossible-result", f"round {rnd}: player {sn} has {o.value} but "
                      f"also an opponent ({opp})")
                continue
            if opp == sn:
                f.add(sn, "impossible-result", f"round {rnd}: player {sn} is paired against "
                      "themself")
                continue
            other_p = by_sn.get(opp)
            if other_p is None:
                f.add(sn, "impossible-result", f"round {rnd}: player {sn} plays {opp}, but no "
                      f"player has start number {opp}")
                continue
            if pairing:
                _pair(rnd, sn, rr.outcome, rr.color, opp, other_p.result(rnd), f)


def _pair(rnd: int, sn: int, o: Outcome, colour: Color, opp: int, other: RoundResult,
          f: _Finder) -> None:
    if other.opponent != sn:
        back = "no opponent" if other.opponent is None else f"opponent {other.opponent}"
        f.add(sn, "pairing-asymmetric", f"round {rnd}: player {sn} plays {opp}, but {opp}'s "
              f"round {rnd} has {back}")
        return
    if sn > opp:
        return  # the pair is checked once, from the lower start number
    if MIRROR.get(o) is not other.outcome:
        f.add(sn, "pairing-result-mismatch", f"round {rnd}: results do not mirror: {sn} has "
              f"{o.value}, {opp} has {other.outcome.value}")
    if colour is not Color.NONE and colour is other.color:
        f.add(sn, "pairing-colour-clash", f"round {rnd}: players {sn} and {opp} both have "
              f"colour {colour.value!r}")


def _show(x: Fraction) -> str:
    """``2.5``, ``2``, or ``7/3`` when no short decimal is exact."""
    if (x * 100).denominator != 1:
        return str(x)
    return format((Decimal(x.numerator) / Decimal(x.denominator)).normalize(), "f")


def _points(t: Tournament, f: _Finder) -> None:
    for p in t.players:
        if p.declared_points is None:
            continue
        got = p.points(t.point_system)
        if got != p.declared_points:
            f.add(p.start_no, "points-mismatch", f"player {p.start_no}: points column says "
                  f"{_show(p.declared_points)} but the results give {_show(got)}")


def _chain(t: Tournament, chain: str | None, f: _Finder) -> tuple[Spec, ...] | None:
    """The chain policy's chain; ``None`` (ranks checked by points only) when it is only the
    default (the file never said how it breaks ties) or the declared one cannot be computed."""
    try:
        choice = chain_policy.choose_chain(t, chain)
    except DeclaredChainError as exc:
        f.found.append(Diagnostic(Location(f.path), f"the declared tie-breaks "
                                  f"{', '.join(exc.declared)} cannot be computed "
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
    has_ranks = not t.teams and any(p.declared_rank is not None for p in t.players)
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
        if p.declared_rank is None:
            continue
        lo = first[row.points] if by_points else row.place
        hi = lo + (count[row.points] if by_points else len(row.shared_with) + 1) - 1
        if lo <= p.declared_rank <= hi:
            continue
        want = str(lo) if lo == hi else f"{lo}-{hi}"
        f.add(row.start_no, "rank-mismatch", f"player {row.start_no} ({p.name}): declared rank "
              f"{p.declared_rank}, but swisstb ranks the player {want} {what}")


def _values(ctx: Context, declared: dict[int, list[DeclaredValue]], f: _Finder) -> None:
    specs = {d.spec.key: d.spec for ds in declared.values() for d in ds}
    values = compute_values(ctx, list(specs.values()))
    for sn in sorted(declared):
        for d in declared[sn]:
            tv = values[d.spec.key].get(sn)
            if tv is None or tv.value is None:
                continue
            places = max(0, -int(d.value.as_tuple().exponent))
            got = Decimal(tv.value.numerator) / Decimal(tv.value.denominator)
            shown = got.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
            if shown != d.value:
                f.add(sn, "tiebreak-mismatch", f"player {sn}: {d.where} says {d.text}, but "
                      f"swisstb computes {d.spec.key} = {_show(tv.value)} "
                      f"({d.spec.system.rule})")
