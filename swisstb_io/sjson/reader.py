"""Read a SwissSys 11 save file (``.sjson``, formats.md §2.1): JSON, one model per section.

Layout (as SwissSys 11 writes it)::

    {"Overview": {"Program": "SwissSys", "Version": 11.52, "Tournament title": "…",
                  "Tournament time controls": "G/90; d5", "Starting date": "2025-03-05",
                  "Ending date": "2025-03-26", …},
     "Sections": [{"Section name": "Open", "Section time control": "G/90; d5",
                   "Rounds paired": 1, "Rounds played": 1, …,
                   "Players": [{"Pair number": 1, "Name": "Last, First", "ID": "12345678",
                                "Rating": 2000, "Results": ["+;2;W;1;2;2;0"]}, …]}]}

Each result string is one round (:mod:`.cells`); one that cannot be read costs that round a
located diagnostic, not the file.  The Overview's dates and each section's time control
(else the Overview's) are the event's.  An Overview without sections is an event without
players.  A result against a pair number of another section (SwissSys numbers each
section's players from 1) counts for its player with no opponent in the section, with a
located warning.  A section's own tie-break list (labels such as ``Med``, ``Solk``) becomes
its declared chain (:mod:`.labels`).  Every section is read.
"""

from __future__ import annotations

import json
from collections import ChainMap
from dataclasses import replace
from decimal import Decimal
from types import MappingProxyType
from typing import Any, NamedTuple

from .. import jsontext, textio
from ..errors import Diagnostics, FormatError, Location, quoted
from ..limits import MAX_NUMBER_DIGITS, MAX_ROUNDS
from ..model import DateText, Outcome, Player, Rating, RoundResult, Tournament
from ..registry import ReadOptions, ReadResult, pick_section
from ..us_notation import day_first, parse_date, resolve_double_forfeits, trim, unclear_date
from ..validate import Places, check_games
from .cells import read_cell
from .labels import code_of, known_labels

FORMAT_NAME = "sjson"

TIEBREAK_KEYS = frozenset({"tiebreaks", "tiebreak", "tiebreakers", "tiebreakorder"})
"""Section keys read as the section's tie-break list, compared without case, spaces and
hyphens (``"Tiebreaks"``, ``"Tie-breaks"``, ``"Tie breaks"``…)."""
START, END, EVENT_TC, SECTION_TC = ("Starting date", "Ending date", "Tournament time controls",
                                    "Section time control")
"""The Overview's dates and time control, and a section's time control: read into the model
(and written back from it), not kept as extras."""
_KNOWN_PLAYER_KEYS = {"Pair number", "Name", "ID", "Rating", "Results", "State", "Team"}
_KNOWN_SECTION_KEYS = {"Section name", "Players", "Teams", SECTION_TC}
_KNOWN_OVERVIEW_KEYS = {"Tournament title", START, END}


class _Doc:
    """The decoded text, to point at a bad value's line and column."""

    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self.where = jsontext.Locator(text)  # for the many messages of one file

    def at(self, where: str, value: object = None) -> Location:
        """The ``line:col`` of the value at JSON path ``where``, else (a key with a space in
        the path) of ``value``'s text when that occurs once in the file."""
        pos = jsontext.offset(self.text, where)
        if isinstance(value, str):
            literal = json.dumps(value, ensure_ascii=False)
            if self.text.count(literal) == 1:
                pos = self.text.index(literal)
        return Location(self.path) if pos is None else Location(self.path,
                                                                *textio.line_col(self.text, pos))

    def error(self, where: str, message: str, value: object = None) -> FormatError:
        """``where: message`` at the value's ``line:col`` (:meth:`at`)."""
        return FormatError(f"{where}: {message}", self.at(where, value))


def load_document(data: bytes, path: str) -> tuple[dict[str, Any], _Doc, str]:
    """The JSON document, its text and encoding.  ``Sections`` is a list; an Overview
    without one is a save of an event that has no sections yet."""
    text, encoding, _ = textio.decode(data, path, ".sjson")
    doc = jsontext.load(text, path, parse_float=Decimal)  # numbers kept as written
    d = _Doc(text, path)
    if isinstance(doc, dict) and "Sections" not in doc and isinstance(doc.get("Overview"), dict):
        return doc, d, encoding
    if not isinstance(doc, dict) or not isinstance(doc.get("Sections"), list):
        where = "Sections" if isinstance(doc, dict) and "Sections" in doc else "top level"
        raise d.error(where, 'expected an object with an "Overview" and a "Sections" list '
                      "(a SwissSys .sjson save file)")
    return doc, d, encoding


def section_names(doc: dict[str, Any]) -> tuple[str, ...]:
    names = []
    for i, sec in enumerate(doc.get("Sections", ()), 1):
        name = sec.get("Section name") if isinstance(sec, dict) else None
        names.append(str(name) if isinstance(name, str | int) and str(name) else f"Section {i}")
    return tuple(names)


def select(names: tuple[str, ...], wanted: str | None, path: str) -> int:
    if wanted is None:
        return 0
    if not names:
        raise FormatError(f"no section {wanted!r}: the file has no sections yet (its Overview "
                          "has none)", Location(path))
    return pick_section(names, wanted, path)


def read(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read every section; ``tournament`` is the one ``options.section`` names (the first
    by default), ``all_sections`` holds them all in file order.  A file without sections
    is one event without players (``sections`` empty)."""
    doc, d, encoding = load_document(data, path)
    names = section_names(doc)
    index = select(names, options.section, path)
    diags = Diagnostics(options.strict)
    overview = doc.get("Overview")
    overview = overview if isinstance(overview, dict) else {}
    event = _event(overview)
    _unclear_dates(overview, d, diags)
    if not names:  # written back the way it was: no Sections key, or an empty list
        shape = "empty" if "Sections" in doc else "absent"
        event = replace(event, extras=MappingProxyType({**event.extras,
                                                        "sjson:no-sections": shape}))
    rosters = [_roster(doc["Sections"][i], f"Sections[{i}]", d) for i in range(len(names))]
    others = _OtherSections(rosters)
    shared = dict(event.extras)  # the Overview's extras: one dict that every section shares
    every = tuple(_section(event, shared, doc["Sections"][i], i, names, others, d, diags)
                  for i in range(len(names))) or (event,)
    details = {}
    if overview:
        details["program"] = f"{overview.get('Program', '?')} {overview.get('Version', '')}".strip()
    return ReadResult(
        tournament=every[index], format=FORMAT_NAME, encoding=encoding,
        diagnostics=diags.freeze(), sections=names,
        details=MappingProxyType(details), all_sections=every if len(every) > 1 else (),
    )


def _unclear_dates(overview: dict[str, Any], d: _Doc, diags: Diagnostics) -> None:
    """The Overview's dates are read month first (the US order, ``us_notation``); a date
    such as ``03/05/2024``, when the other does not settle the order, gets a warning."""
    dates = {key: _date(overview.get(key)) for key in (START, END)}
    if any(date is not None and day_first(date.text) is False for date in dates.values()):
        return
    for key, date in dates.items():
        note = unclear_date(date, "month first, the US order") if date else None
        if note is not None:
            diags.warn(d.at(f"Overview.{key}", overview.get(key)), f"Overview.{key}: {note}",
                       "sjson-unclear-date")


def _date(value: object) -> DateText | None:
    return parse_date(value) if isinstance(value, str) and value.strip() else None


def _event(overview: dict[str, Any]) -> Tournament:
    """What the Overview says of the whole event: title, dates, the event's time control
    (a section without its own has it) and the rest as ``sjson:overview:`` extras."""
    extras = _scalar_extras(overview, "sjson:overview:", _KNOWN_OVERVIEW_KEYS)
    if extras.get("sjson:overview:Program") == "SwissSys":
        del extras["sjson:overview:Program"]  # the writer always says so
    title = overview.get("Tournament title", "")
    tc = overview.get(EVENT_TC)
    return Tournament(name=str(title) if title is not None else "",
                      start_date=_date(overview.get(START)), end_date=_date(overview.get(END)),
                      time_control=tc.strip() if isinstance(tc, str) else "",
                      extras=MappingProxyType(extras))


def _scalar_extras(obj: dict[str, Any], prefix: str, skip: set[str]) -> dict[str, str]:
    out = {}
    for key, value in obj.items():
        if key in skip or isinstance(value, dict | list) or value is None:
            continue
        out[f"{prefix}{key}"] = json.dumps(value) if isinstance(value, bool) else str(value)
    return out


class _Roster(NamedTuple):
    """One section's players and their rounds as the file writes them."""

    players: dict[int, Player]
    results: dict[int, list[RoundResult]]
    raw: dict[int, list[object]]
    """Each player's result strings, to keep one that names another section's player."""
    no_opponent: set[str]


def _roster(sec: object, where: str, d: _Doc) -> _Roster:
    if not isinstance(sec, dict):
        raise d.error(where, "expected an object")
    raw_players = sec.get("Players", [])
    if not isinstance(raw_players, list):
        raise d.error(f"{where}.Players", "expected a list of players")
    roster = _Roster({}, {}, {}, set())
    for i, raw in enumerate(raw_players):
        pw = f"{where}.Players[{i}]"
        player, raw_results = _player(raw, pw, d)
        if player.start_no in roster.players:
            raise d.error(pw, f"pair number {player.start_no} appears twice")
        roster.players[player.start_no] = player
        roster.raw[player.start_no] = raw_results
    return roster


def _places(d: _Doc, where: str, numbers: list[int]) -> Places:
    """A player's result string (else the player object), found by the document's one
    :class:`~swisstb_io.jsontext.Locator`: a message in every section of a big file costs
    no pass over the file each."""
    item = {sn: i for i, sn in enumerate(numbers)}

    def at(sn: int, key: str) -> Location:
        i = item.get(sn)
        spot = None
        if i is not None:
            spot = d.where.line_col(f"{where}[{i}]{key}") or d.where.line_col(f"{where}[{i}]")
        return Location(d.path, *spot) if spot else Location(d.path)

    return Places(cell=lambda sn, rnd: at(sn, f".Results[{rnd - 1}]"),
                  points=lambda sn: at(sn, ""))


def _section(event: Tournament, shared: dict[str, str], sec: dict[str, Any], index: int,
             names: tuple[str, ...], others: _OtherSections, d: _Doc,
             diags: Diagnostics) -> Tournament:
    where = f"Sections[{index}]"
    roster = others.rosters[index]
    places = _places(d, f"{where}.Players", list(roster.players))
    for sn, raw_results in roster.raw.items():
        roster.results[sn] = [_round(raw, sn, k, places, roster, diags)
                              for k, raw in enumerate(raw_results, 1)]
    across = _other_sections(index, names, others, places, diags)
    resolve_double_forfeits(roster.results)
    check_games({sn: [RoundResult(Outcome.NOT_PAIRED) if (sn, k) in across else r
                      for k, r in enumerate(rounds, 1)]
                 for sn, rounds in roster.results.items()},
                places, diags, "sjson", lenient_forfeits=True)
    extras: dict[str, str] = {}  # the section's own; the Overview's are shared, not copied
    tb_key = next((k for k in sec if k not in _KNOWN_SECTION_KEYS and _tiebreak_key(k)), None)
    extras.update(_scalar_extras(sec, "sjson:section:", _KNOWN_SECTION_KEYS | {tb_key or ""}))
    tiebreaks: tuple[str, ...] = ()
    if tb_key is not None:
        tiebreaks, labels = _tiebreaks(sec[tb_key], f"{where}.{tb_key}", d, diags)
        extras["sjson:tiebreaks-key"] = tb_key
        extras["sjson:tiebreak-labels"] = ",".join(labels)
    if "-1" in roster.no_opponent:
        extras["sjson:no-opponent"] = "-1"
    tc = sec.get(SECTION_TC)
    time_control = tc.strip() if isinstance(tc, str) and tc.strip() else ""
    if not time_control and event.time_control:
        time_control = event.time_control
        extras["sjson:time-control-from-overview"] = "1"
    name = sec.get("Section name", "")
    players = []
    for n in sorted(roster.players):
        p = roster.players[n]
        kept = {f"sjson:result:{k}": str(roster.raw[n][k - 1]) for m, k in across if m == n}
        players.append(replace(p, results=trim(roster.results[n]),
                               extras=MappingProxyType({**p.extras, **kept}) if kept
                               else p.extras))
    return replace(event, section=str(name) if name is not None else "", players=tuple(players),
                   tiebreaks=tiebreaks, time_control=time_control,
                   extras=MappingProxyType(ChainMap(extras, shared)))


def _round(raw: object, sn: int, k: int, places: Places, roster: _Roster,
           diags: Diagnostics) -> RoundResult:
    """Round ``k`` of player ``sn``; a string that cannot be read is a diagnostic at it and
    the round is read as not paired."""
    cell = read_cell(raw)
    if cell.no_opponent:
        roster.no_opponent.add(cell.no_opponent)
    if cell.result is None:
        diags.warn(places.cell(sn, k), f"round {k}: player {sn}: {cell.problem}; the round is "
                   "read as not paired", "sjson-unreadable-result")
        return RoundResult(Outcome.NOT_PAIRED)
    return cell.result


class _OtherSections:
    """For a round whose opponent is not in the player's own section: the first other
    section that holds that pair number, and the first whose player names this one back
    in that round.  Both are found in tables made once for the whole file (on the first
    such round): looking through every section for each round was quadratic in sections."""

    def __init__(self, rosters: list[_Roster]) -> None:
        self.rosters = rosters
        self._holders: dict[int, list[int]] = {}
        self._back: dict[tuple[int, int, int], list[int]] = {}
        self._made = False

    def _make(self) -> None:
        for j, roster in enumerate(self.rosters):
            for sn, raw_results in roster.raw.items():
                self._holders.setdefault(sn, []).append(j)
                for k, raw in enumerate(raw_results, 1):
                    cell = read_cell(raw)
                    if cell.result is not None and cell.result.opponent:
                        self._back.setdefault((sn, k, cell.result.opponent), []).append(j)
        self._made = True

    def holder(self, opp: int, index: int) -> int | None:
        """The first section but ``index`` with a player numbered ``opp``."""
        if not self._made:
            self._make()
        return next((j for j in self._holders.get(opp, ()) if j != index), None)

    def naming_back(self, opp: int, k: int, sn: int, index: int) -> int | None:
        """The first section but ``index`` whose player ``opp`` has ``sn`` as round ``k``'s
        opponent (each section is listed once, so this looks at two entries at most)."""
        if not self._made:
            self._make()
        return next((j for j in self._back.get((opp, k, sn), ()) if j != index), None)


def _other_sections(index: int, names: tuple[str, ...], others: _OtherSections,
                    places: Places, diags: Diagnostics) -> set[tuple[int, int]]:
    """The rounds of section ``index`` whose opponent is a pair number of another section
    only, as ``(player, round)``: each keeps its result without the opponent, with a
    warning.  (An opponent in no section of the file is the shared check's error.)"""
    rosters = others.rosters
    roster = rosters[index]
    across: set[tuple[int, int]] = set()
    for sn, rounds in roster.results.items():
        for k, r in enumerate(rounds, 1):
            opp = r.opponent
            if opp is None or opp == sn:
                continue
            if opp in roster.players:
                theirs = roster.results[opp]
                if k <= len(theirs) and theirs[k - 1].opponent == sn:
                    continue  # a game of the section
            holder = others.holder(opp, index)
            back = others.naming_back(opp, k, sn, index)
            if opp in roster.players and back is None:
                continue  # a game of the section its two sides disagree on: checked below
            if holder is None:
                continue  # in no section: an error of the shared check below
            j = holder if back is None else back
            who = f"{rosters[j].players[opp].name or f'pair {opp}'} of section {names[j]!r}"
            how = (f"{opp} is {who}, whose round {k} names player {sn} of {names[index]!r}"
                   if back is not None else f"{opp} is not in section {names[index]!r} ({who} "
                   "has that pair number)")
            diags.warn(places.cell(sn, k), f"round {k}: player {sn}'s opponent {how}; "
                       "SwissSys numbers each section's players from 1: the result counts in "
                       "the score; the tie-breaks (and 34E's actual-play rule) see a round "
                       "without an opponent",
                       "sjson-opponent-in-other-section")
            rounds[k - 1] = RoundResult(r.outcome, None, r.color)
            across.add((sn, k))
    return across


def _tiebreak_key(key: str) -> bool:
    return "".join(ch for ch in key.casefold() if ch.isalpha()) in TIEBREAK_KEYS


def _tiebreaks(raw: object, where: str, d: _Doc,
               diags: Diagnostics) -> tuple[tuple[str, ...], list[str]]:
    """The section's tie-break list: our codes (a label we do not know stays as written,
    with a warning) and the labels as written."""
    if isinstance(raw, str):
        labels = [x.strip() for x in raw.replace(";", ",").split(",") if x.strip()]
    elif isinstance(raw, list) and all(isinstance(x, str) for x in raw):
        labels = [x.strip() for x in raw if x.strip()]
    else:
        raise d.error(where, f"expected a list of tie-break labels such as "
                      f'["Med", "Solk", "Cum"], got {raw!r}')
    codes = []
    for label in labels:
        code = code_of(label)
        if code is None:
            diags.warn(Location(d.path), f"{where}: unknown tie-break label {label!r}, kept as "
                       f"written (known: {known_labels()})", "sjson-unknown-tiebreak")
        codes.append(code or label)
    return tuple(codes), labels


def _int(value: object) -> int | None:
    """A whole number of at most :data:`~swisstb_io.limits.MAX_NUMBER_DIGITS` digits
    (a JSON number or a string of digits), else ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if abs(value) < 10**MAX_NUMBER_DIGITS else None
    text = value.strip() if isinstance(value, str) else ""
    if text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS:
        return int(text)
    return None


def _player(raw: object, pw: str, d: _Doc) -> tuple[Player, list[object]]:
    """The player and its result strings (read as rounds once every section is known)."""
    if not isinstance(raw, dict):
        raise d.error(pw, "expected a player object")
    start_no = _int(raw.get("Pair number"))
    if start_no is None or start_no < 1:
        raise d.error(
            pw,
            f'bad "Pair number" {quoted(raw.get("Pair number"))} (expected 1, 2, …)',
            raw.get("Pair number"),
        )
    ratings: tuple[Rating, ...] = ()
    extras = _scalar_extras(raw, "sjson:player:", _KNOWN_PLAYER_KEYS)
    rating = raw.get("Rating")
    value = _int(rating)
    if value is None and isinstance(rating, str) and rating.strip():
        head = rating.strip().split("/", 1)[0].strip()
        value = int(head) if head.isdecimal() and len(head) <= 9 else None
        extras["sjson:player:Rating"] = rating
    if value:
        ratings = (Rating("USCF", value),)
    if isinstance(raw.get("State"), str) and raw["State"].strip():
        extras["uscf:state"] = raw["State"].strip()
    ident = raw.get("ID")
    ident_text = str(ident).strip() if isinstance(ident, str | int) and ident != 0 else ""
    team = raw.get("Team")
    raw_results = raw.get("Results", [])
    if not isinstance(raw_results, list):
        raise d.error(f"{pw}.Results", "expected a list of result strings")
    if len(raw_results) > MAX_ROUNDS:
        raise d.error(f"{pw}.Results[{MAX_ROUNDS}]", f"{len(raw_results)} results, more than "
                      f"the {MAX_ROUNDS} rounds an event may have")
    name = raw.get("Name", "")
    player = Player(
        start_no=start_no,
        name=name if isinstance(name, str) else str(name),
        ratings=ratings,
        national_ids=(("USCF", ident_text),) if ident_text else (),
        team=team.strip() if isinstance(team, str) else "",
        extras=MappingProxyType(extras),
    )
    return player, raw_results
