"""What a conversion loses: the data of one tournament that a target format cannot hold.

Every format declares what it does not keep (:attr:`FormatSpec.lossy`, one entry per kind
of data); :func:`losses` keeps the entries this tournament actually has data for and says
each in words, so ``swisstb convert`` can warn once per kind (and refuse under
``--strict``).  :func:`describe_lossy` words the whole list, for ``swisstb formats`` and
the dossiers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType

from .model import DEFAULT_POINTS, Outcome, Player, PointSystem, RoundResult, Tournament
from .numbers import exact, round_half_up
from .registry import FormatSpec

LABELS: dict[str, str] = {
    "tournament.name:ascii": "accented letters of the event name (written in ASCII)",
    "tournament.section": "the section name",
    "tournament.section:ascii": "accented letters of the section name (written in ASCII)",
    "tournament.city": "the city",
    "tournament.city:ascii": "accented letters of the city (written in ASCII)",
    "tournament.federation": "the event's federation",
    "tournament.start_date": "the start date",
    "tournament.end_date": "the end date",
    "tournament.start_date.text": "the start date as written (written YYYY/MM/DD)",
    "tournament.end_date.text": "the end date as written (written YYYY/MM/DD)",
    "tournament.chief_arbiter": "the chief arbiter",
    "tournament.deputy_arbiters": "the deputy arbiters",
    "tournament.time_control": "the time control",
    "tournament.time_control:ascii": "accented letters of the time control (written in ASCII)",
    "tournament.tournament_type": "the tournament type",
    "tournament.pairing_system": "the pairing system",
    "tournament.total_rounds": "the scheduled number of rounds",
    "tournament.round_dates": "the round dates",
    "tournament.point_system": "the point system",
    "tournament.point_system.forfeit_win": "the points of a forfeit win",
    "tournament.point_system.forfeit_loss": "the points of a forfeit loss",
    "tournament.tiebreaks": "the declared tie-breaks",
    "tournament.standings_order": "the declared standings order",
    "tournament.teams": "the teams",
    "tournament.extras": "the event's data kept from the source format",
    "tournament.extras:uscf:dbf:": "the event's fields of the original (1991) US Chess "
                                   "layout, which the revised layout has no field for",
    "team.number": "team numbers",
    "team.extras": "teams' data kept from the source format",
    "player.name:ascii": "accented letters of names (written in ASCII)",
    "player.sex": "sex",
    "player.title": "titles",
    "player.fide_rating": "FIDE ratings",
    "player.ratings": "national ratings",
    "player.ratings:other-systems": "ratings of other lists",
    "player.federation": "federations",
    "player.fide_id": "FIDE IDs",
    "player.national_ids": "national IDs",
    "player.national_ids:other-systems": "IDs of other lists",
    "player.birth": "birth dates",
    "player.team": "team names of players",
    "player.team:individual": "team names of players in an individual event (clubs): a "
                              "team record would make it a team event",
    "player.declared_points": "the points column as the file gave it",
    "player.declared_rank": "declared ranks",
    "player.adjustments": "bonus and penalty points",
    "player.extras": "players' data kept from the source format",
    "player.extras:uscf:dbf:": "players' fields of the original (1991) US Chess layout, "
                               "which the revised layout has no field for",
    "player.results.color": "colours",
    "player.results.color:unplayed": "colours of unplayed games",
    "player.results.opponent": "opponents",
    "player.results.opponent:unplayed": "opponents of rounds paired but not played (no "
                                        "result yet)",
    "player.results.trailing": "trailing rounds without a game",
}
"""Each :attr:`FormatSpec.lossy` entry in words (``outcome:`` entries are worded from the
outcome names)."""

WRITE_AIDS = frozenset({"layout", "version", "encoding", "newline", "bom", "final-newline",
                        "no-opponent", "tiebreaks-key", "tiebreak-labels", "no-sections",
                        "round-dates", "time-control-from-overview",
                        "overview:Tournament time controls"})
"""Extras a reader keeps only to write its own format back byte for byte (``trf:layout``):
not data a user would miss in another format (an .sjson Overview's time control is the
``time_control`` of each section without its own)."""


OUTCOME_WORDS: dict[str, str] = {
    "WIN_UNRATED": "unrated wins (games of less than one move)",
    "DRAW_UNRATED": "unrated draws (games of less than one move)",
    "LOSS_UNRATED": "unrated losses (games of less than one move)",
    "INCONSISTENT_WIN": "inconsistent wins (US N)",
    "INCONSISTENT_DRAW": "inconsistent draws (US R)",
    "INCONSISTENT_LOSS": "inconsistent losses (US S)",
    "FORFEIT_DRAW": "forfeit draws (US Z)",
    "PAIRING_BYE": "pairing-allocated byes",
    "ZERO_BYE": "zero-point byes",
}


@dataclass(frozen=True)
class Loss:
    """One kind of data a conversion drops or changes."""

    entry: str
    """The :attr:`FormatSpec.lossy` entry, e.g. ``"player.fide_id"``."""
    message: str
    """What is lost, in words, with how much: ``FIDE IDs (12 players)``."""


def _outcome_word(name: str) -> str:
    return Outcome[name].value.replace("-", " ")


def label(entry: str, spec: FormatSpec | None = None) -> str:
    """One lossy entry in words (as ``spec`` loses it, when given)."""
    if entry.startswith("outcome:"):
        src, _, dst = entry[len("outcome:"):].partition("=")
        what = OUTCOME_WORDS.get(src, f"{_outcome_word(src)} results")
        return f"{what}, written as {_outcome_word(dst)}" if dst else f"{what}, refused"
    if spec is not None and entry in spec.kept_when:
        return spec.kept_when[entry].lost
    text = LABELS.get(entry, entry)
    if spec is not None and entry.endswith(".extras") and spec.keeps_extras:
        text += f" (its own {', '.join(spec.keeps_extras)} data stays)"
    return text


def _order(entry: str) -> tuple[int, str]:
    """The event first, then teams, players, results and outcomes."""
    kinds = ("tournament.", "team.", "player.results.", "player.", "outcome:")
    return next(i for i, k in enumerate((*kinds, "")) if entry.startswith(k)), entry


def describe_lossy(spec: FormatSpec) -> list[str]:
    """Every kind of data ``spec`` does not keep, in words, in a stable order."""
    return [label(entry, spec) for entry in sorted(spec.lossy, key=_order)]


def _count(items: Iterable[object], what: str) -> str:
    n = sum(1 for _ in items)
    return f"{n} {what}" if n != 1 else f"1 {what.removesuffix('s')}"


def _points_text(value: Fraction) -> str:
    """``3.0``, ``2.5``, ``0.25``, as standings print points (rounded half up to the
    hundredth: a message, never a value that is computed with)."""
    return exact(round_half_up(value, 2), places=1)


def _point_system(t: Tournament, ps: PointSystem) -> str | None:
    if ps.is_default:
        return None
    what = (f"the point system (win {_points_text(ps.win)}, draw {_points_text(ps.draw)}, "
            f"loss {_points_text(ps.loss)}): points count 1-½-0 there")
    best = max(t.players, key=lambda p: p.points(ps), default=None)
    if best is not None and best.points(ps) != best.points(DEFAULT_POINTS):
        what += (f", so {best.name or f'player {best.start_no}'}'s "
                 f"{_points_text(best.points(ps))} points become "
                 f"{_points_text(best.points(DEFAULT_POINTS))}")
    return what


def _has_extras(extras: Iterable[str], spec: FormatSpec) -> list[str]:
    """The extras keys ``spec`` drops (not its own namespace, not a write aid)."""
    return sorted(k for k in extras if k.partition(":")[2] not in WRITE_AIDS
                  and not k.startswith(spec.keeps_extras or ("\0",)))


def _trailing(p: Player) -> bool:
    return bool(p.results) and p.results[-1].outcome is Outcome.NOT_PAIRED \
        and p.results[-1].opponent is None


def _player_loss(t: Tournament, spec: FormatSpec, entry: str) -> str | None:
    path, _, qual = entry[len("player."):].partition(":")
    players = t.players
    if path.startswith("results."):
        part = path[len("results."):]
        kept = spec.kept_when.get(entry)
        if kept is not None and kept.of_event and kept.kept(t):
            return None
        by_result = kept.kept if kept is not None and not kept.of_event else None

        def lost(r: RoundResult) -> bool:
            if by_result is not None and by_result(r):
                return False
            if part == "opponent":
                return r.opponent is not None and (qual != "unplayed"
                                                   or not r.outcome.has_opponent)
            if part == "color":
                return r.color.value != "-" and (qual != "unplayed" or not r.outcome.played)
            return False

        if part == "trailing":
            hit = [p for p in players if _trailing(p)]
        else:
            hit = [p for p in players if any(lost(r) for r in p.results)]
        return f"{label(entry, spec)} ({_count(hit, 'players')})" if hit else None
    if qual == "ascii":
        hit = [p for p in players if not getattr(p, path).isascii()]
    elif qual == "individual":  # clubs: kept only as the teams of a team event
        hit = [] if t.says_team_event else [p for p in players if getattr(p, path)]
    elif qual == "other-systems":
        dropped: dict[str, list[Player]] = {}
        for p in players:
            systems = ([r.system for r in p.ratings] if path == "ratings"
                       else [s for s, _ in p.national_ids])
            for system in dict.fromkeys(s.upper() for s in systems):
                if system not in spec.kept_lists:
                    dropped.setdefault(system, []).append(p)
        what = "ratings" if path == "ratings" else "IDs"
        parts = [f"{system} {what} ({_count(hit, 'players')})" for system, hit in dropped.items()]
        return ", ".join(parts) if parts else None
    elif path == "extras" and qual:  # keys of a namespace the format keeps only in part
        names = sorted({k[len(qual):] for p in players for k in p.extras if k.startswith(qual)})
        hit = [p for p in players if any(k.startswith(qual) for k in p.extras)]
        return (f"{label(entry)}: {', '.join(names[:4])}{', …' if len(names) > 4 else ''} "
                f"({_count(hit, 'players')})") if hit else None
    elif path == "extras":
        hit = [p for p in players if _has_extras(p.extras, spec)]
    elif path == "declared_points" and entry not in spec.kept_when:
        # lost only where it differs from the results
        hit = [p for p in players if p.declared_points is not None
               and p.declared_points != p.points(t.point_system)]
    else:
        default = Player(start_no=0, name="")
        kept = spec.kept_when.get(entry)
        hit = [p for p in players if getattr(p, path) != getattr(default, path)
               and not (kept is not None and kept.kept(getattr(p, path)))]
    return f"{label(entry)} ({_count(hit, 'players')})" if hit else None


def _tournament_loss(t: Tournament, spec: FormatSpec, entry: str) -> str | None:
    path, _, qual = entry[len("tournament."):].partition(":")
    head, _, rest = path.partition(".")
    value = getattr(t, head)
    if head == "point_system":
        if rest:
            return label(entry) if getattr(value, rest) != getattr(DEFAULT_POINTS, rest) \
                else None
        return _point_system(t, value)
    if head == "extras" and qual:  # keys of a namespace the format keeps only in part
        names = sorted(k[len(qual):] for k in value if k.startswith(qual))
        return f"{label(entry)}: {', '.join(names)}" if names else None
    if head == "extras":
        keys = _has_extras(value, spec)
        return f"{label(entry)} ({', '.join(keys[:4])}{', …' if len(keys) > 4 else ''})" \
            if keys else None
    if rest == "text":
        return None  # a date written in another style: the date itself is kept
    if qual == "ascii":
        return label(entry) if isinstance(value, str) and not value.isascii() else None
    if value == getattr(Tournament(), head):
        return None
    kept = spec.kept_when.get(entry)
    if kept is not None and kept.kept(t if kept.of_event else value):
        return None
    return label(entry, spec)


def losses(t: Tournament, spec: FormatSpec) -> list[Loss]:
    """The kinds of data of ``t`` that ``spec`` cannot hold, each once, in a stable order."""
    outcomes = {r.outcome for p in t.players for r in p.results}
    out: list[Loss] = []
    for entry in sorted(spec.lossy, key=_order):
        message: str | None
        if entry.startswith("outcome:"):
            src = Outcome[entry[len("outcome:"):].partition("=")[0]]
            message = label(entry) if src in outcomes else None
            if message is not None:
                n = sum(1 for p in t.players for r in p.results if r.outcome is src)
                message = f"{message}: {n} result{'s' if n != 1 else ''}"
        elif entry.startswith("player."):
            message = _player_loss(t, spec, entry)
        elif entry.startswith("team."):
            attr = entry[len("team."):]
            kept = spec.kept_when.get(entry)
            hit = [m for m in t.teams if (_has_extras(m.extras, spec) if attr == "extras"
                                          else getattr(m, attr) is not None
                                          and not (kept is not None
                                                   and kept.kept(getattr(m, attr))))]
            message = f"{label(entry, spec)} ({_count(hit, 'teams')})" if hit else None
        else:
            message = _tournament_loss(t, spec, entry)
        if message is not None:
            out.append(Loss(entry, message))
    if spec.more_losses is not None:
        out.extend(Loss(entry, message) for entry, message in spec.more_losses(t))
    return out


def section_losses(sections: Sequence[Tournament], spec: FormatSpec) -> list[Loss]:
    """What ``spec`` cannot hold of an event of several ``sections``, each kind once:
    players, teams and extras counted over every section, and the event's own fields
    (pairing system, dates…) of each section (a round robin among Swiss sections is
    said, not only the first section's)."""
    if len(sections) == 1:
        return losses(sections[0], spec)
    extras: dict[str, str] = {}
    for t in sections:
        extras.update(t.extras)
    whole = replace(sections[0], players=tuple(p for t in sections for p in t.players),
                    teams=tuple(m for t in sections for m in t.teams), extras=extras)
    out = losses(whole, spec)
    said = {x.entry for x in out}
    for number, t in enumerate(sections[1:], 2):
        for x in losses(t, spec):
            if x.entry.startswith("tournament.") and x.entry not in said:
                said.add(x.entry)
                out.append(Loss(x.entry, f"{x.message} (section {number})"))
    return out


def fit(t: Tournament, spec: FormatSpec) -> tuple[Tournament, list[Loss]]:
    """``t`` with the values ``spec`` has no room for cut to fit, and what was cut
    (:attr:`FormatSpec.fit`: TRF cuts a player's name to its 33 columns; the US Chess
    DBF's writer cuts its fields itself, and says which)."""
    if spec.fit is None:
        return t, []
    fitted, cut = spec.fit(t)
    return fitted, [Loss(entry, message) for entry, message in cut]


def without_extras(t: Tournament, spec: FormatSpec) -> tuple[Tournament, list[Loss]]:
    """``t`` without the extras other formats' readers left (``spec``'s own namespace and
    the write aids stay), and what was left out: the way out when a target cannot hold
    one of them (a CSV metadata line cannot hold TRF ``DAT`` lines)."""
    def keep(extras: Mapping[str, str]) -> Mapping[str, str]:
        dropped = set(_has_extras(extras, spec))
        return MappingProxyType({k: v for k, v in extras.items() if k not in dropped})

    keys = sorted({*_has_extras(t.extras, spec),
                   *(k for p in t.players for k in _has_extras(p.extras, spec)),
                   *(k for m in t.teams for k in _has_extras(m.extras, spec))})
    if not keys:
        return t, []
    t = replace(t, extras=keep(t.extras),
                players=tuple(replace(p, extras=keep(p.extras)) for p in t.players),
                teams=tuple(replace(m, extras=keep(m.extras)) for m in t.teams))
    shown = ", ".join(keys[:6]) + (", …" if len(keys) > 6 else "")
    return t, [Loss("extras", f"left out (--no-extras): {shown}")]


__all__ = ["LABELS", "Loss", "describe_lossy", "fit", "label", "losses", "section_losses",
           "without_extras"]
