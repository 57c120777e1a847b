"""The game-consistency validator every reader runs on what it read.

One set of checks for every format, so an inconsistent file gets the same diagnostics
whatever it is written in (and ``--strict`` fails on them the same way):

* errors (:class:`~swisstb_io.errors.FormatError`, reading stops): an opponent that does not
  exist, a player paired against themself, more rounds than
  :data:`~swisstb_io.limits.MAX_ROUNDS` (a reader refuses them sooner where it can);
* warnings (``Diagnostics.warn``; errors under ``strict``): a game whose two sides disagree
  (the opponent names someone else, the results do not mirror, both have the same colour),
  a player paired twice in one round, two pairing-allocated byes in one round, a played
  game without an opponent, a bye with one, a result after the event's last round, and a
  points column that does not match the results.

Each reader says where things are in its file through :class:`Places`, and how its file
writes points (``show``); the messages are the same for every format.  Diagnostic codes are
``<prefix>-<check>`` (``trf-asymmetric-game``, ``xml-points-mismatch``…); ``swisstb check``
maps the suffixes to its problem kinds.

Cost: one pass over the results, with dictionary lookups only (linear in players x rounds).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

from .errors import Diagnostics, FormatError, Location
from .limits import MAX_ROUNDS
from .model import MIRROR, Color, Outcome, Player, PointSystem, RoundResult
from .numbers import exact

_NO_OPPONENT = RoundResult(Outcome.NOT_PAIRED)
_MIRROR = {o: MIRROR.get(o) for o in Outcome}
_WITH_OPPONENT = frozenset(o for o in Outcome if o.has_opponent)
_PLAYED = frozenset(o for o in Outcome if o.played)
_FORFEITS = frozenset((Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS, Outcome.FORFEIT_DRAW))


class Places(NamedTuple):
    """Where a reader's file holds a player's round and points (for messages)."""

    cell: Callable[[int, int], Location]
    """``cell(start_no, round_no)``: the player's entry for that round."""
    points: Callable[[int], Location]
    """``points(start_no)``: the player's points column (or record)."""
    result: Callable[[int, int], Location] | None = None
    """Where the result code of a round is, when the file has it apart from the cell."""


def record_places(path: str, lines: Mapping[int, int | None]) -> Places:
    """Places for formats that know only the line of each player's record (column 1)."""

    def at(sn: int, _round: int = 0) -> Location:
        line = lines.get(sn)
        return Location(path, line, 1 if line is not None else None)

    return Places(at, at)


def _teammates(team_of: Mapping[int, str] | None, a: int, b: int) -> bool:
    """Whether players ``a`` and ``b`` are in one team (``team_of``: player -> team)."""
    if not team_of:
        return False
    team = team_of.get(a, "")
    return team != "" and team == team_of.get(b, "")


def check_games(
    results: Mapping[int, Sequence[RoundResult]],
    places: Places,
    diag: Diagnostics,
    prefix: str,
    *,
    record: str = "player",
    total_rounds: int | None = None,
    lenient_forfeits: bool = False,
    team_of: Mapping[int, str] | None = None,
) -> None:
    """Check every round of every player in ``results`` (start number -> rounds).

    ``record`` names what holds a start number in the file (``"001 record"``), for the
    message about an opponent that does not exist.  ``lenient_forfeits``: a forfeit
    against a player whose own cell is a forfeit without an opponent number is consistent
    (US wall charts often write the forfeiter's cell as a bare ``F``).  The US
    inconsistent results (``N R S``: credited although the sides disagree) never make a
    result mismatch.  ``team_of``: each player's team in a team event, whose pairing-
    allocated bye is one per team (its boards all have ``U``), not one per player.
    """
    pab_in_round: dict[int, int] = {}
    disputed: dict[tuple[int, int], list[int]] = {}
    last = total_rounds if total_rounds is not None and total_rounds >= 0 else None
    for sn, rounds in results.items():
        if len(rounds) > MAX_ROUNDS:  # every reader's last word on the round limit
            raise FormatError(f"round {MAX_ROUNDS + 1}: player {sn} has more rounds than the "
                              f"{MAX_ROUNDS} an event may have", places.cell(sn, MAX_ROUNDS + 1))
        if last is not None and len(rounds) > last:
            _past_end(sn, rounds, last, places, diag, prefix)
        for i, rr in enumerate(rounds):
            opp = rr.opponent
            outcome = rr.outcome
            rnd = i + 1
            if opp is None:
                if outcome is Outcome.PAIRING_BYE:
                    first = pab_in_round.get(rnd)
                    if first is None:
                        pab_in_round[rnd] = sn
                    elif not _teammates(team_of, first, sn):  # a team's PAB: all its boards
                        where = (places.result or places.cell)(sn, rnd)
                        diag.warn(where, f"round {rnd}: second pairing-allocated bye 'U' "
                                  f"(player {first} has one too)", f"{prefix}-two-pab")
                elif outcome in _PLAYED:
                    diag.warn(places.cell(sn, rnd), f"round {rnd}: player {sn} has {outcome.value} "
                              "without an opponent", f"{prefix}-missing-opponent")
                continue
            if opp == sn:
                raise FormatError(f"round {rnd}: player {sn} is paired against themself",
                                  places.cell(sn, rnd))
            theirs = results.get(opp)
            if theirs is None:
                raise FormatError(f"round {rnd}: opponent {opp} does not exist (no {record} "
                                  "has that start number)", places.cell(sn, rnd))
            if outcome is Outcome.NOT_PAIRED:
                continue
            if outcome not in _WITH_OPPONENT:
                diag.warn(places.cell(sn, rnd), f"round {rnd}: player {sn} has {outcome.value} but "
                          f"also an opponent ({opp})", f"{prefix}-bye-with-opponent")
                continue
            other = theirs[i] if i < len(theirs) else _NO_OPPONENT
            if other.opponent is None and lenient_forfeits and outcome in _FORFEITS and (
                    other.outcome in _FORFEITS):
                continue
            if other.opponent != sn:
                back = "no opponent" if other.opponent is None else f"opponent {other.opponent}"
                diag.warn(places.cell(sn, rnd), f"round {rnd}: player {sn} plays {opp}, but "
                          f"{opp}'s round {rnd} has {back}", f"{prefix}-asymmetric-game")
                disputed.setdefault((rnd, opp), []).append(sn)
                continue
            if sn > opp:
                continue  # the pair is checked once, from the lower start number
            if rr.color is not Color.NONE and other.color is rr.color \
                    and outcome is not Outcome.DOUBLE_FORFEIT:
                diag.warn(places.cell(sn, rnd), f"round {rnd}: players {sn} and {opp} both "
                          f"have colour {rr.color.value!r}", f"{prefix}-colour-clash")
            expected = _MIRROR[outcome]
            if expected is not other.outcome and expected is not None and (
                    _MIRROR[other.outcome] is not None):
                diag.warn(places.cell(sn, rnd), f"round {rnd}: results do not mirror: {sn} has "
                          f"{outcome.value}, {opp} has {other.outcome.value}",
                          f"{prefix}-result-mismatch")
    for (rnd, opp), claims in disputed.items():
        theirs = results[opp]
        own = theirs[rnd - 1].opponent if rnd <= len(theirs) else None
        if own is not None and own not in claims:
            mine = results.get(own, ())
            if rnd <= len(mine) and mine[rnd - 1].opponent == opp:
                claims = [own, *claims]
        if len(claims) > 1:
            names = ", ".join(map(str, sorted(claims)))
            diag.warn(places.cell(opp, rnd), f"round {rnd}: player {opp} is paired twice "
                      f"(players {names} name {opp} as their opponent)", f"{prefix}-paired-twice")


def _past_end(sn: int, rounds: Sequence[RoundResult], last: int, places: Places,
              diag: Diagnostics, prefix: str) -> None:
    for rnd in range(last + 1, len(rounds) + 1):
        if rounds[rnd - 1].outcome is not Outcome.NOT_PAIRED:
            diag.warn(places.cell(sn, rnd), f"round {rnd}: player {sn} has a result, but the "
                      f"event has only {last} rounds", f"{prefix}-round-past-end")
            return


def check_points(
    players: Sequence[Player],
    system: PointSystem,
    places: Places,
    diag: Diagnostics,
    prefix: str,
    *,
    show: Callable[[Fraction], str],
    note: str = "",
    bonus: Mapping[int, Fraction] | None = None,
) -> None:
    """Warn for every player whose declared points differ from the results and the
    player's adjustments (or ``bonus[start_no]``, when the file's bonus points are not
    adjustments of the model); ``show`` writes a number the way the file does, ``note``
    ends the message (``" under the file's point system"``)."""
    unit, steps = system.units()
    scaled = steps
    for p in players:
        declared = p.declared_points
        if declared is None:
            continue
        total = sum([scaled[r.outcome] for r in p.results])
        extra = (sum((a.points for a in p.adjustments), Fraction(0)) if p.adjustments else None
                 ) if bonus is None else bonus.get(p.start_no)
        if extra is None and declared.numerator * unit == total * declared.denominator:
            continue
        expected = Fraction(total, unit) + (extra or 0)
        if expected != declared:
            diag.warn(places.points(p.start_no), f"player {p.start_no}: points column says "
                      f"{show(declared)} but the results give {show(expected)}{note}",
                      f"{prefix}-points-mismatch")


def plain_number(value: Fraction) -> str:
    """Points for formats without a fixed notation: ``2.5``, ``2``, ``1.25``; ``7/3`` when
    no decimal of two places is exact."""
    return exact(value, most=2)


__all__ = ["Places", "check_games", "check_points", "plain_number", "record_places"]
