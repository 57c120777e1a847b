"""Read Chess-JSON (FIDE TEC / TieBreakServer) individual tournaments into the model."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, NamedTuple

from .. import jsontext
from ..errors import Diagnostics
from ..limits import MAX_NUMBER, MAX_ROUNDS
from ..model import (
    NOT_PAIRED,
    DateText,
    Player,
    PointSystem,
    Rating,
    RoundResult,
    Team,
    Tournament,
)
from ..registry import ReadOptions, ReadResult
from ..validate import Places, check_games, check_points, plain_number
from ._access import Access, decode, show
from ._common import FILETYPE, SCORE_DEFAULTS, SCORE_FIELDS
from ._games import games


def _date(text: str) -> DateText | None:
    if not text:
        return None
    try:
        return DateText(text, dt.date.fromisoformat(text))
    except ValueError:
        return DateText(text)


def _person(r: Access, profile: Mapping[str, Any], where: str) -> str:
    name = r.text(profile, "fideName", where)
    if name:
        return name
    last, first = r.text(profile, "lastName", where), r.text(profile, "firstName", where)
    return f"{last}, {first}" if first else last


def _point_system(
    r: Access, event: Mapping[str, Any], tour: Mapping[str, Any], where: str
) -> PointSystem:
    raw = tour.get("scoreSystem")
    key = f"{where}.scoreSystem"
    if raw is None and isinstance(tour.get("gameScoreSystem"), str):
        for i, entry in enumerate(r.arr(event, "scoreLists", "event")):
            entry = r.obj(entry, f"event.scoreLists[{i}]")
            if entry.get("listName") == tour["gameScoreSystem"]:
                raw, key = entry.get("scoreSystem"), f"event.scoreLists[{i}].scoreSystem"
    if raw is None:
        return PointSystem()
    raw = r.obj(raw, key)
    if "game" in raw:
        raw, key = r.obj(raw["game"], f"{key}.game"), f"{key}.game"
    table: dict[str, Any] = {**SCORE_DEFAULTS, **raw}

    def value(code: str) -> Fraction:
        seen = [code]
        current = table[code]
        while isinstance(current, str):
            if current in seen or current not in table:
                raise r.fail(
                    f"{key}.{seen[-1]}",
                    f"{current!r} is neither points nor a score code that leads to points "
                    "(W D L Z P F H A U)",
                )
            seen.append(current)
            current = table[current]
        return r.points(current, f"{key}.{seen[-1]}")

    scores = {field: value(code) for code, field in SCORE_FIELDS}
    return PointSystem(forfeit_win=scores["win"], forfeit_loss=scores["zero_bye"], **scores)


def _pick(r: Access, tours: list[Any], section: str | None) -> tuple[int, Mapping[str, Any]]:
    if not tours:
        raise r.fail("event.tournaments", "the event holds no tournament")
    if section is None:
        return 0, r.obj(tours[0], "event.tournaments[0]")
    for i, raw in enumerate(tours):
        tour = r.obj(raw, f"event.tournaments[{i}]")
        if section in (str(tour.get("name", "")), str(tour.get("tournamentNo", ""))):
            return i, tour
    raise r.fail("event.tournaments", f"no tournament named {section!r}")


def read_chess_json(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read a Chess-JSON event file; raises only :class:`FormatError`."""
    text, value = decode(data, path)
    r = Access(path, text, Diagnostics(options.strict))
    top = r.obj(value, "the file")
    if top.get("filetype") != FILETYPE:
        raise r.fail(
            "filetype",
            f'expected "{FILETYPE}", got {show(top.get("filetype"))}; '
            "this is not a Chess-JSON event file",
        )
    event = r.obj(top.get("event"), "event")
    tours = r.arr(event, "tournaments", "event")
    index, tour = _pick(r, tours, options.section)
    where = f"event.tournaments[{index}]"
    if tour.get("teamTournament") is True:
        raise r.fail(
            f"{where}.teamTournament",
            "team tournaments are not supported; this reader takes individual events",
        )
    profiles = _profiles(r, event)
    lists = _rating_lists(r, event)
    comps = _competitors(r, tour, where, profiles)
    by_cid = games(r, tour, where, {c.cid for c in comps})
    players = tuple(_player(r, c, lists, by_cid.get(c.cid, {})) for c in comps)
    teams = _teams(r, event, comps, profiles)
    info = r.obj(event.get("eventInfo", {}), "event.eventInfo")
    tinfo = r.obj(tour.get("tournamentInfo", {}), f"{where}.tournamentInfo")
    chief, deputies = _arbiters(r, info, profiles)
    codes = _tiebreak_codes(r, tour, where)
    rounds = [r.obj(x, f"{where}.rounds[{i}]") for i, x in enumerate(r.arr(tour, "rounds", where))]
    time_control = tour.get("timeControl", {})
    tournament = Tournament(
        name=r.text(event, "eventName", "event") or r.text(info, "fullName", "event.eventInfo"),
        players=players,
        city=r.text(info, "site", "event.eventInfo"),
        federation=r.text(info, "federation", "event.eventInfo"),
        start_date=_date(r.text(info, "startDate", "event.eventInfo")),
        end_date=_date(r.text(info, "endDate", "event.eventInfo")),
        chief_arbiter=chief,
        deputy_arbiters=deputies,
        time_control=r.text(
            r.obj(time_control, f"{where}.timeControl"), "description", f"{where}.timeControl"
        )
        if time_control
        else "",
        tournament_type=r.text(tour, "tournamentType", where),
        pairing_system=r.text(tinfo, "typeOfTournament", f"{where}.tournamentInfo")
        or r.text(info, "typeOfTournament", "event.eventInfo"),
        total_rounds=_rounds(r, tour, where),
        round_dates=tuple(
            r.text(x, "startTime", f"{where}.rounds[{i}]") for i, x in enumerate(rounds)
        ),
        point_system=_point_system(r, event, tour, where),
        tiebreaks=codes,
        teams=teams,
        section=r.text(tour, "name", where),
    )
    _check(tournament, r, f"{where}.competitors", [c.cid for c in comps])
    names = tuple(
        str(
            r.obj(x, "event.tournaments").get("name")
            or r.obj(x, "event.tournaments").get("tournamentNo", "")
        )
        for x in tours
    )
    return ReadResult(
        tournament=tournament,
        format="chess-json",
        diagnostics=r.diags.freeze(),
        sections=names if len(names) > 1 else (),
        details=MappingProxyType({"origin": str(top.get("origin", ""))}),
    )


class _Profile(NamedTuple):
    """An entry of ``event.profiles`` (the person) and its JSON path."""

    record: Mapping[str, Any]
    at: str


class _Competitor(NamedTuple):
    """An entry of a tournament's ``competitors`` (the player's part in it), with the
    profile it names and their JSON paths."""

    cid: int
    record: Mapping[str, Any]
    at: str
    profile: _Profile


def _profiles(r: Access, event: Mapping[str, Any]) -> dict[int, _Profile]:
    """``event.profiles`` by id."""
    profiles: dict[int, _Profile] = {}
    for i, raw in enumerate(r.arr(event, "profiles", "event")):
        at = f"event.profiles[{i}]"
        profile = r.obj(raw, at)
        pid = r.integer(profile, "id", at)
        if pid is None or pid in profiles:
            raise r.fail(f"{at}.id", f"missing or repeated profile id {pid}")
        profiles[pid] = _Profile(profile, at)
    return profiles


def _rating_lists(r: Access, event: Mapping[str, Any]) -> list[str]:
    """The names of ``event.ratingLists``, in order (older files give bare ratings in it)."""
    return [
        r.text(r.obj(x, f"event.ratingLists[{i}]"), "listName", f"event.ratingLists[{i}]")
        for i, x in enumerate(r.arr(event, "ratingLists", "event"))
    ]


def _competitors(r: Access, tour: Mapping[str, Any], where: str,
                 profiles: Mapping[int, _Profile]) -> list[_Competitor]:
    """The tournament's ``competitors``, each with its profile; two with one cid fail."""
    comps: list[_Competitor] = []
    for i, raw in enumerate(r.arr(tour, "competitors", where)):
        at = f"{where}.competitors[{i}]"
        comp = r.obj(raw, at)
        cid = r.integer(comp, "cid", at)
        if cid is None or not 1 <= cid <= MAX_NUMBER:
            raise r.fail(f"{at}.cid", f"expected a competitor number from 1 to {MAX_NUMBER:,}, "
                         f"got {show(cid)}")
        pid = r.integer(comp, "profileId", at)
        if pid is None or pid not in profiles:
            raise r.fail(f"{at}.profileId", f"{pid} names no profile in event.profiles")
        comps.append(_Competitor(cid, comp, at, profiles[pid]))
    if len({c.cid for c in comps}) != len(comps):
        raise r.fail(f"{where}.competitors", "two competitors share a cid")
    return comps


def _teams(r: Access, event: Mapping[str, Any], comps: list[_Competitor],
           profiles: Mapping[int, _Profile]) -> tuple[Team, ...]:
    """``event.teams`` with their members in this tournament (by cid)."""
    by_pid = {r.integer(c.profile.record, "id", c.profile.at): c.cid for c in comps}
    found = [_team(r, i, raw, by_pid, profiles)
             for i, raw in enumerate(r.arr(event, "teams", "event"))]
    return tuple(team for team in found if team is not None)


def _arbiters(r: Access, info: Mapping[str, Any], profiles: Mapping[int, _Profile]
              ) -> tuple[str, tuple[str, ...]]:
    """The chief arbiter and the deputies of ``event.eventInfo.arbiters``, by their names."""
    where = "event.eventInfo.arbiters"
    arbiters = r.obj(info.get("arbiters", {}), where)

    def arbiter(pid: Any, at: str) -> str:
        if type(pid) is int and pid in profiles:  # not a bool, nor a list or object
            return _person(r, profiles[pid].record, profiles[pid].at)
        raise r.fail(at, f"{show(pid)} names no profile in event.profiles")

    chief = (arbiter(arbiters["chiefArbiter"], f"{where}.chiefArbiter")
             if arbiters.get("chiefArbiter") else "")
    deputies = tuple(arbiter(pid, f"{where}.deputyChiefArbiters[{i}]")
                     for i, pid in enumerate(r.arr(arbiters, "deputyChiefArbiters", where)))
    return chief, deputies


def _tiebreak_codes(r: Access, tour: Mapping[str, Any], where: str) -> tuple[str, ...]:
    """The declared tie-breaks: ``rankOrder`` without a leading ``PTS``."""
    ranks = r.arr(tour, "rankOrder", where)
    codes = [str(x.get("name", "")) if isinstance(x, dict) else str(x) for x in ranks]
    if codes and codes[0].upper() == "PTS":
        codes = codes[1:]
    return tuple(codes)


def _check(t: Tournament, r: Access, where: str, cids: list[int]) -> None:
    """The shared game and points checks, pointing at each competitor (its ``gamePoints``
    for the points); the competitors' places are found on the first message."""
    at = jsontext.item_locator(r.source, r.path, where, cids, r.locator)
    places = Places(cell=lambda cid, rnd: at(cid, ""), points=lambda cid: at(cid, "gamePoints"))
    check_games({p.start_no: p.results for p in t.players}, places, r.diags, "jch",
                record="competitor", total_rounds=t.total_rounds)
    check_points(t.players, t.point_system, places, r.diags, "jch", show=plain_number)


def _rounds(r: Access, tour: Mapping[str, Any], where: str) -> int | None:
    value = r.integer(tour, "numRounds", where)
    if value is not None and not 0 <= value <= MAX_ROUNDS:
        raise r.fail(f"{where}.numRounds", f"{value} is not a round count from 0 to {MAX_ROUNDS}")
    return value


def _player(
    r: Access, competitor: _Competitor, lists: list[str], games: dict[int, RoundResult]
) -> Player:
    """A competitor: ratings as ``{"list", "rating"}`` objects or (older files) bare numbers
    in the order of ``event.ratingLists``, where 0 means no rating."""
    cid, comp, comp_at = competitor.cid, competitor.record, competitor.at
    prof, at = competitor.profile
    fide: int | None = None
    ratings: list[Rating] = []
    for i, raw in enumerate(r.arr(prof, "rating", at)):
        if isinstance(raw, dict):
            system = r.text(raw, "list", f"{at}.rating[{i}]")
            value = r.bounded(r.integer(raw, "rating", f"{at}.rating[{i}]"), "rating",
                              f"{at}.rating[{i}].rating")
        elif isinstance(raw, int) and not isinstance(raw, bool):
            system = lists[i] if i < len(lists) else "FIDE"
            value = r.bounded(raw, "rating", f"{at}.rating[{i}]") or None
        else:
            raise r.fail(f"{at}.rating[{i}]", f"expected a rating, got {show(raw)}")
        if value is None:
            continue
        if fide is None and system.upper() in ("FIDE", "TRF"):
            fide = value
        else:
            ratings.append(Rating(system, value))
    fide_id = prof.get("fideId")
    points = comp.get("gamePoints")
    last = max(games, default=0)
    return Player(
        start_no=cid,
        name=_person(r, prof, at),
        results=tuple(games.get(rnd, NOT_PAIRED) for rnd in range(1, last + 1)),
        sex=r.text(prof, "sex", at),
        title=r.text(prof, "fideTitle", at),
        fide_rating=fide,
        ratings=tuple(ratings),
        federation=r.text(prof, "federation", at),
        fide_id="" if fide_id in (None, 0, "") else r.text(prof, "fideId", at),
        birth=r.text(prof, "birth", at),
        team=r.text(prof, "clubName", at),
        declared_points=None if points is None else r.points(points, f"{comp_at}.gamePoints"),
        declared_rank=r.bounded(r.integer(comp, "rank", comp_at), "rank", f"{comp_at}.rank"),
    )


def _team(
    r: Access, i: int, raw: Any, by_pid: Mapping[int | None, int],
    profiles: Mapping[int, _Profile],
) -> Team | None:
    """The team with its members in this tournament; None if none of them plays in it."""
    at = f"event.teams[{i}]"
    team = r.obj(raw, at)
    members: list[int] = []
    listed = r.arr(team, "players", at)
    for j, pid in enumerate(listed):
        if type(pid) is not int or pid not in profiles:  # a bool, list or object too
            raise r.fail(f"{at}.players[{j}]", f"{show(pid)} names no profile in event.profiles")
        if pid in by_pid:
            members.append(by_pid[pid])
    if listed and not members:
        return None
    return Team(name=r.text(team, "teamName", at), members=tuple(members))
