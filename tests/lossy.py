"""Compare tournaments up to what a format declares lossy (``FormatSpec.lossy``).

The convention is documented on :attr:`swisstb_io.registry.FormatSpec.lossy`; this module
is its one implementation.  :func:`differences` lists what differs between an original
tournament and its round-tripped copy once the declared losses are set aside;
:func:`unwritable` names the outcomes a format's writer may refuse.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from swisstb_io.model import (
    EMPTY_EXTRAS,
    Color,
    Outcome,
    Player,
    Rating,
    RoundResult,
    Team,
    Tournament,
)

_FOLD = str.maketrans(
    {
        "Ł": "L",
        "ł": "l",
        "Ø": "O",
        "ø": "o",
        "ß": "ss",
        "Đ": "D",
        "đ": "d",
        "Æ": "AE",
        "æ": "ae",
        "Œ": "OE",
        "œ": "oe",
        "–": "-",
        "—": "-",
    }
)


def ascii_fold(text: str) -> str:
    """A plain transliteration to ASCII (accents dropped), used for ``":ascii"`` fields."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_FOLD))
    return decomposed.encode("ascii", "ignore").decode("ascii")


def ascii_matches(original: str, got: str) -> bool:
    """True when ``got`` is ``original`` transliterated to ASCII, maybe cut short.

    Each non-ASCII character may come back as its plain transliteration, as ``?`` or not
    at all; that is what ``":ascii"`` allows.
    """
    parts = []
    for ch in original:
        if ch.isascii():
            parts.append(re.escape(ch))
        else:
            options = {ascii_fold(ch), "?", ""}
            parts.append("(?:" + "|".join(re.escape(o) for o in sorted(options)) + ")")
    for cut in range(len(parts), 0, -1):
        if re.fullmatch("".join(parts[:cut]), got):
            return True
    return got == ""


def collapses(lossy: Iterable[str]) -> dict[Outcome, Outcome | None]:
    """``"outcome:A=B"`` -> {A: B}; a bare ``"outcome:A"`` -> {A: None} (comes back as anything)."""
    out: dict[Outcome, Outcome | None] = {}
    for entry in lossy:
        if entry.startswith("outcome:"):
            src, _, dst = entry[len("outcome:") :].partition("=")
            out[Outcome[src]] = Outcome[dst] if dst else None
    return out


def unwritable(lossy: Iterable[str]) -> frozenset[Outcome]:
    """Outcomes with a bare ``outcome:`` entry: the writer may refuse them (WriteError)."""
    return frozenset(o for o, to in collapses(lossy).items() if to is None)


def outcomes(t: Tournament) -> set[Outcome]:
    return {r.outcome for p in t.players for r in p.results}


def _default(obj: Any, name: str) -> Any:
    for f in dataclasses.fields(obj):
        if f.name == name:
            if f.default is not dataclasses.MISSING:
                return f.default
            if f.default_factory is not dataclasses.MISSING:
                return f.default_factory()
            return type(getattr(obj, name))()
    raise KeyError(f"lossy entry names {type(obj).__name__}.{name}, which does not exist")


def _reset(obj: Any, path: list[str]) -> Any:
    """``obj`` with the field at ``path`` reset to its default (None values stay None)."""
    if obj is None:
        return None
    head, rest = path[0], path[1:]
    if not rest:
        return dataclasses.replace(obj, **{head: _default(obj, head)})
    return dataclasses.replace(obj, **{head: _reset(getattr(obj, head), rest)})


def _split(lossy: Iterable[str], prefix: str) -> tuple[list[list[str]], dict[str, str]]:
    """Plain paths under ``prefix`` and ``{field: qualifier}`` for qualified ones."""
    plain: list[list[str]] = []
    qualified: dict[str, str] = {}
    for entry in lossy:
        if not entry.startswith(prefix + ".") or entry.startswith("player.results."):
            continue
        path, _, qual = entry[len(prefix) + 1 :].partition(":")
        if qual:
            qualified[path] = qual
        else:
            plain.append(path.split("."))
    return plain, qualified


_RESULT_RULES = frozenset(
    {
        "player.results.color",
        "player.results.color:unplayed",
        "player.results.opponent",
        "player.results.opponent:unplayed",
        "player.results.trailing",
    }
)


def _result(res: RoundResult, lossy: frozenset[str]) -> RoundResult:
    if "player.results.opponent" in lossy or (
        "player.results.opponent:unplayed" in lossy and not res.outcome.has_opponent
    ):
        res = dataclasses.replace(res, opponent=None)
    if "player.results.color" in lossy or (
        "player.results.color:unplayed" in lossy and not res.outcome.played
    ):
        res = dataclasses.replace(res, color=Color.NONE)
    return res


def _results(
    expected: tuple[RoundResult, ...], actual: tuple[RoundResult, ...], lossy: frozenset[str]
) -> tuple[tuple[RoundResult, ...], tuple[RoundResult, ...]]:
    table = collapses(lossy)
    exp: list[RoundResult] = []
    act: list[RoundResult] = list(actual)
    for i, res in enumerate(expected):
        if res.outcome in table:
            target = table[res.outcome]
            chain = {res.outcome}
            for _ in range(len(table)):
                if target is None or target not in table or table[target] is None:
                    break
                chain.add(target)
                target = table[target]
            if target in chain and i < len(act) and act[i].outcome in chain:
                # a cycle (one format writes A as B, the other B as A): either comes back
                res = dataclasses.replace(res, outcome=act[i].outcome)
            elif target is None and i < len(act):
                # comes back as some other outcome: only the opponent is compared
                act[i] = dataclasses.replace(act[i], outcome=res.outcome, color=res.color)
            elif target is not None:
                res = dataclasses.replace(res, outcome=target)
        exp.append(res)
    if "player.results.trailing" in lossy:
        for seq in (exp, act):
            while seq and seq[-1].outcome is Outcome.NOT_PAIRED and seq[-1].opponent is None:
                seq.pop()
    return tuple(_result(r, lossy) for r in exp), tuple(_result(r, lossy) for r in act)


def _qualified(
    exp: Any, act: Any, qualified: Mapping[str, str], present: set[str]
) -> tuple[Any, Any]:
    """``exp`` and ``act`` with qualified fields made comparable where the qualifier allows."""
    e_changes: dict[str, Any] = {}
    a_changes: dict[str, Any] = {}
    for name, qual in qualified.items():
        want, got = getattr(exp, name), getattr(act, name)
        if qual == "ascii" and isinstance(want, str) and isinstance(got, str):
            if got.isascii() and (got or not want) and ascii_matches(want, got):
                a_changes[name] = want
        elif qual == "other-systems":
            e_changes[name] = tuple(item for item in want if _system(item).upper() in present)
        elif name == "extras" and qual.endswith(":"):  # a namespace the format drops
            e_changes[name] = {k: v for k, v in want.items() if not k.startswith(qual)}
        elif qual not in ("ascii", "other-systems"):
            raise KeyError(f"unknown lossy qualifier {qual!r} on {name!r}")
    exp = dataclasses.replace(exp, **e_changes) if e_changes else exp
    act = dataclasses.replace(act, **a_changes) if a_changes else act
    return exp, act


def _system(item: Any) -> str:
    """The list of a Rating or of a ``(system, id)`` pair."""
    return str(item.system if isinstance(item, Rating) else item[0])


def _systems(t: Tournament) -> set[str]:
    found = {r.system.upper() for p in t.players for r in p.ratings}
    return found | {s.upper() for p in t.players for s, _ in p.national_ids}


def normalised(
    expected: Tournament, actual: Tournament, lossy: Iterable[str]
) -> tuple[Tournament, Tournament]:
    """Both tournaments with the declared losses set aside, ready for ``==``."""
    lossy = frozenset(lossy)
    if "player.team:individual" in lossy:  # clubs of an individual event: not kept
        lossy -= {"player.team:individual"}  # (teams lost on the way make it one)
        if not expected.says_team_event or "tournament.teams" in lossy:
            lossy |= {"player.team"}
    for entry in lossy:
        if entry.startswith("player.results.") and entry not in _RESULT_RULES:
            raise KeyError(f"unknown lossy entry {entry!r}; known: {sorted(_RESULT_RULES)}")
        if not entry.startswith(("outcome:", "tournament.", "player.", "team.")):
            raise KeyError(f"unknown lossy entry {entry!r}")
    t_plain, t_qual = _split(lossy, "tournament")
    p_plain, p_qual = _split(lossy, "player")
    m_plain, _ = _split(lossy, "team")
    present = _systems(actual)

    def extras(want: Mapping[str, str], got: Mapping[str, str]) -> Mapping[str, str]:
        return {k: v for k, v in got.items() if k in want} if want or got else EMPTY_EXTRAS

    def fix_t(t: Tournament, players: tuple[Player, ...], teams: tuple[Team, ...]) -> Tournament:
        t = dataclasses.replace(t, players=players, teams=teams)
        for path in t_plain:
            t = _reset(t, path)
        return t

    act_by_no = {p.start_no: p for p in actual.players}
    exp_players: list[Player] = []
    act_players: list[Player] = []
    for p in expected.players:
        q = act_by_no.get(p.start_no)
        if q is None:
            exp_players.append(p)
            continue
        q = dataclasses.replace(q, extras=extras(p.extras, q.extras))
        p, q = _qualified(p, q, p_qual, present)
        e_res, a_res = _results(p.results, q.results, lossy)
        p, q = dataclasses.replace(p, results=e_res), dataclasses.replace(q, results=a_res)
        for path in p_plain:
            p, q = _reset(p, path), _reset(q, path)
        exp_players.append(p)
        act_players.append(q)
    seen = {p.start_no for p in expected.players}
    act_players.extend(p for p in actual.players if p.start_no not in seen)

    def fix_teams(teams: tuple[Team, ...], other: tuple[Team, ...]) -> tuple[Team, ...]:
        out = []
        for i, team in enumerate(teams):
            if i < len(other):
                team = dataclasses.replace(team, extras=extras(other[i].extras, team.extras))
            for path in m_plain:
                team = _reset(team, path)
            out.append(team)
        return tuple(out)

    exp_t = fix_t(expected, tuple(exp_players), fix_teams(expected.teams, expected.teams))
    act = dataclasses.replace(actual, extras=extras(expected.extras, actual.extras))
    exp_t, act = _qualified(exp_t, act, t_qual, present)
    act_t = fix_t(act, tuple(act_players), fix_teams(actual.teams, expected.teams))
    return exp_t, act_t


def _diff(path: str, want: Any, got: Any, out: list[str]) -> None:
    if want == got or len(out) >= 12:
        return
    if dataclasses.is_dataclass(want) and type(want) is type(got):
        for f in dataclasses.fields(want):
            _diff(f"{path}.{f.name}", getattr(want, f.name), getattr(got, f.name), out)
        return
    if isinstance(want, tuple) and isinstance(got, tuple):
        for i, (w, g) in enumerate(zip(want, got, strict=False)):
            _diff(f"{path}[{i}]", w, g, out)
        if len(want) != len(got):
            short = min(len(want), len(got))
            out.append(
                f"{path}: expected {len(want)} items, got {len(got)}; from [{short}]: "
                f"expected {want[short:]!r}, got {got[short:]!r}"
            )
        return
    if isinstance(want, Mapping) and isinstance(got, Mapping):
        want, got = dict(want), dict(got)
        if want == got:
            return
    out.append(f"{path}: expected {want!r}, got {got!r}")


def differences(expected: Tournament, actual: Tournament, lossy: Iterable[str]) -> list[str]:
    """What differs once the declared losses are set aside (empty when nothing does)."""
    exp, act = normalised(expected, actual, lossy)
    out: list[str] = []
    _diff("tournament", exp, act, out)
    return out
