"""Write an individual tournament as Chess-JSON (FIDE TEC / TieBreakServer interchange)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from ..errors import WriteError
from ..model import Color, DateText, Player, RoundResult, Tournament
from ..registry import WriteOptions
from ..version import __version__
from ._common import CODES, FILETYPE, PAIRED, SCORE_FIELDS, VERSION, JsonValue, decimal_text, dump

Json = dict[str, JsonValue]


def _number(value: Fraction, what: str) -> Decimal:
    text = decimal_text(value)
    if text is None:
        raise WriteError(f"{what} {value} has no exact decimal form, which Chess-JSON needs")
    return Decimal(text)


def _date(date: DateText | None) -> str | None:
    if date is None:
        return None
    return date.value.isoformat() if date.value is not None else date.text


def _name_parts(name: str) -> tuple[str, str]:
    last, _, first = name.partition(",")
    return last.strip(), first.strip()


def _fide_id(text: str) -> JsonValue:
    return int(text) if text.isdecimal() and str(int(text)) == text else text


def _profile(pid: int, p: Player) -> Json:
    last, first = _name_parts(p.name)
    out: Json = {
        "id": pid,
        "lastName": last,
        "firstName": first,
        "fideName": p.name,
        "sex": p.sex,
        "federation": p.federation,
    }
    if p.fide_id:
        out["fideId"] = _fide_id(p.fide_id)
    if p.title:
        out["fideTitle"] = p.title
    if p.birth:
        out["birth"] = p.birth
    if p.team:
        out["clubName"] = p.team
    ratings: list[JsonValue] = []
    if p.fide_rating is not None:
        ratings.append({"list": "FIDE", "rating": p.fide_rating})
    ratings.extend({"list": r.system, "rating": r.value} for r in p.ratings)
    out["rating"] = ratings
    return out


def _arbiter(pid: int, name: str) -> Json:
    last, first = _name_parts(name)
    return {
        "id": pid,
        "lastName": last,
        "firstName": first,
        "fideName": name,
        "sex": "",
        "federation": "",
    }


def _side(res: RoundResult) -> str:
    return "black" if res.color is Color.BLACK else "white"


def _games(t: Tournament) -> list[JsonValue]:
    """One row per game: both sides when they agree, else one row per side."""
    by_no = {p.start_no: p for p in t.players}
    done: set[tuple[int, int]] = set()
    rows: list[tuple[int, Json]] = []
    for p in t.players:
        for rnd, res in enumerate(p.results, 1):
            if (rnd, p.start_no) in done:
                continue
            code, played, rated = CODES[res.outcome]
            side = _side(res)
            other = "white" if side == "black" else "black"
            row: Json = {"round": rnd, side: {"cid": p.start_no}}
            if res.opponent is not None:
                row[other] = {"cid": res.opponent}
            elif res.outcome in PAIRED:
                row[other] = {"cid": 0}
            else:
                row[other] = None
            row[side[0] + "Result"] = code
            q = by_no.get(res.opponent) if res.opponent is not None else None
            qres = q.result(rnd) if q is not None and q.start_no != p.start_no else None
            if q is not None and qres is not None and qres.opponent == p.start_no:
                qcode, qplayed, qrated = CODES[qres.outcome]
                unsure = "Z" in (code, qcode) and {code, qcode} & {"W", "D"}
                if _side(qres) == other and (qplayed, qrated) == (played, rated) and not unsure:
                    row[other[0] + "Result"] = qcode
                    done.add((rnd, q.start_no))
            row["played"] = played
            row["rated"] = rated
            keys = ("round", "white", "black", "wResult", "bResult", "played", "rated")
            ordered: Json = {k: row[k] for k in keys if k in row}
            rows.append((rnd, ordered))
    rows.sort(key=lambda item: item[0])
    return [row for _, row in rows]


def to_json(t: Tournament) -> Json:
    """The Chess-JSON document of ``t`` as plain Python values."""
    profiles: list[JsonValue] = []
    pids: dict[int, int] = {}
    for i, p in enumerate(t.players, 1):
        pids[p.start_no] = i
        profiles.append(_profile(i, p))
    info: Json = {"fullName": t.name}
    if t.city:
        info["site"] = t.city
    if t.federation:
        info["federation"] = t.federation
    for key, date in (("startDate", t.start_date), ("endDate", t.end_date)):
        if date is not None:
            info[key] = _date(date)
    arbiters: Json = {}
    next_id = len(t.players) + 1
    if t.chief_arbiter:
        profiles.append(_arbiter(next_id, t.chief_arbiter))
        arbiters["chiefArbiter"] = next_id
        next_id += 1
    if t.deputy_arbiters:
        deputies: list[JsonValue] = []
        for name in t.deputy_arbiters:
            profiles.append(_arbiter(next_id, name))
            deputies.append(next_id)
            next_id += 1
        arbiters["deputyChiefArbiters"] = deputies
    if arbiters:
        info["arbiters"] = arbiters
    teams: list[JsonValue] = []
    for n, team in enumerate(t.teams, 1):
        missing = [m for m in team.members if m not in pids]
        if missing:
            raise WriteError(
                f"team {team.name!r} lists start number {missing[0]}, which no player has"
            )
        teams.append({"id": n, "teamName": team.name, "players": [pids[m] for m in team.members]})
    ps = t.point_system
    game_scores: Json = {
        code: _number(getattr(ps, field), f"point system: {field.replace('_', ' ')}")
        for code, field in SCORE_FIELDS
    }
    game_scores.update({"A": "D", "U": "Z"})
    competitors: list[JsonValue] = []
    for p in t.players:
        comp: Json = {
            "cid": p.start_no,
            "profileId": pids[p.start_no],
            "present": True,
            "tpn": p.start_no,
        }
        if p.declared_points is not None:
            comp["gamePoints"] = _number(p.declared_points, f"player {p.start_no}: points")
        if p.declared_rank is not None:
            comp["rank"] = p.declared_rank
        if p.fide_rating is not None:
            comp["rating"] = p.fide_rating
        competitors.append(comp)
    tournament: Json = {
        "tournamentNo": 1,
        "name": t.section,
        "tournamentType": t.tournament_type,
        "tournamentInfo": {"typeOfTournament": t.pairing_system} if t.pairing_system else {},
        "teamTournament": False,
        "numRounds": t.total_rounds if t.total_rounds is not None else t.rounds,
        "currentRound": t.rounds_played,
        "rounds": [{"roundNo": i, "startTime": d} for i, d in enumerate(t.round_dates, 1)],
        "rankOrder": ["PTS", *t.tiebreaks],
        "timeControl": {"description": t.time_control},
        "scoreSystem": {"game": game_scores},
        "competitors": competitors,
        "gameList": _games(t),
    }
    lists: list[JsonValue] = [{"listName": "FIDE"}]
    seen = {"FIDE"}
    for p in t.players:
        for r in p.ratings:
            if r.system not in seen:
                seen.add(r.system)
                lists.append({"listName": r.system})
    return {
        "filetype": FILETYPE,
        "version": VERSION,
        "origin": f"swisstb_io {__version__}",
        "published": "",
        "status": {"code": 0, "error": []},
        "event": {
            "eventName": t.name,
            "eventInfo": info,
            "ratingLists": lists,
            "profiles": profiles,
            "teams": teams,
            "tournaments": [tournament],
        },
    }


def write_chess_json(t: Tournament, options: WriteOptions) -> bytes:
    """Serialise ``t`` as Chess-JSON (UTF-8, no BOM)."""
    text = dump(to_json(t)) + "\n"
    if options.newline and options.newline != "\n":
        text = text.replace("\n", options.newline)
    return text.encode("utf-8")
