"""Read a SwissSys 11 save file (``.sjson``, formats.md §2.1): JSON, one model per section.

Layout (as SwissSys 11.52 writes it)::

    {"Overview": {"Program": "SwissSys", "Version": 11.52, "Tournament title": "…", …},
     "Sections": [{"Section name": "Open", "Rounds paired": 1, "Rounds played": 1, …,
                   "Players": [{"Pair number": 1, "Name": "Last, First", "ID": "12345678",
                                "Rating": 2000, "Results": ["+;2;W;1;2;2;0"]}, …]}]}

Each result string is ``Result;Opponent;Colour;Board;Logical op 1;Logical op 2;Game points``.
Result letters: ``+ = -`` played win, draw, loss (``-`` with no opponent is "not paired"),
``X``/``F``/``Z`` forfeit win/loss/draw, ``Bye`` the program's pairing bye, ``B`` a full-point
bye, ``H`` a half-point bye, ``U`` a zero-point bye, ``~`` paired with the result still to
come.  "No opponent" is ``0`` (SwissSys 11.52) or ``-1`` (SwissSys 11.5x saves:
``H;-1;-;0;-1;-1;0``).  A section's own tie-break list (labels such as ``Med``, ``Solk``)
becomes its declared chain (:mod:`.labels`).  Every section is read.
"""

from __future__ import annotations

import json
from collections import ChainMap
from dataclasses import replace
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from .. import jsontext, textio
from ..errors import Diagnostics, FormatError, Location, quoted
from ..limits import MAX_NUMBER_DIGITS, MAX_ROUNDS
from ..model import Color, Outcome, Player, Rating, RoundResult, Tournament
from ..registry import ReadOptions, ReadResult
from ..us_notation import resolve_double_forfeits, trim
from ..validate import Places, check_games
from .labels import code_of, known_labels

FORMAT_NAME = "sjson"

_CODES: dict[str, Outcome] = {
    "+": Outcome.WIN,
    "W": Outcome.WIN,
    "=": Outcome.DRAW,
    "D": Outcome.DRAW,
    "-": Outcome.LOSS,
    "L": Outcome.LOSS,
    "X": Outcome.FORFEIT_WIN,
    "F": Outcome.FORFEIT_LOSS,
    "Z": Outcome.FORFEIT_DRAW,
    "BYE": Outcome.PAIRING_BYE,
    "B": Outcome.FULL_BYE,
    "H": Outcome.HALF_BYE,
    "U": Outcome.ZERO_BYE,
    "~": Outcome.NOT_PAIRED,
    "": Outcome.NOT_PAIRED,
}
_ALLOWED = "+ = - W D L X F Z Bye B H U ~"
"""The result codes, as error messages list them."""
NO_OPPONENT = ("0", "-1")
"""How SwissSys writes "no opponent": 0 in 11.52, -1 in later 11.5x saves."""
TIEBREAK_KEYS = frozenset({"tiebreaks", "tiebreak", "tiebreakers", "tiebreakorder"})
"""Section keys read as the section's tie-break list, compared without case, spaces and
hyphens (``"Tiebreaks"``, ``"Tie-breaks"``, ``"Tie breaks"``…)."""
_KNOWN_PLAYER_KEYS = {"Pair number", "Name", "ID", "Rating", "Results", "State", "Team"}
_KNOWN_SECTION_KEYS = {"Section name", "Players", "Teams"}


class _Doc:
    """The decoded text, to point at a bad value's line and column."""

    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path

    def error(self, where: str, message: str, value: object = None) -> FormatError:
        """``where: message`` at the value's ``line:col``: found by its JSON path, else (a
        key with a space in the path) by its text when that occurs once."""
        pos = jsontext.offset(self.text, where)
        if isinstance(value, str):
            literal = json.dumps(value, ensure_ascii=False)
            if self.text.count(literal) == 1:
                pos = self.text.index(literal)
        loc = Location(self.path) if pos is None else Location(self.path,
                                                                *textio.line_col(self.text, pos))
        return FormatError(f"{where}: {message}", loc)


def load_document(data: bytes, path: str) -> tuple[dict[str, Any], _Doc, str]:
    text, encoding, _ = textio.decode(data, path, ".sjson")
    doc = jsontext.load(text, path, parse_float=Decimal)  # numbers kept as written
    d = _Doc(text, path)
    if not isinstance(doc, dict) or not isinstance(doc.get("Sections"), list):
        raise d.error(
            "top level", 'expected an object with a "Sections" list (a SwissSys .sjson save file)'
        )
    return doc, d, encoding


def section_names(doc: dict[str, Any]) -> tuple[str, ...]:
    names = []
    for i, sec in enumerate(doc["Sections"], 1):
        name = sec.get("Section name") if isinstance(sec, dict) else None
        names.append(str(name) if isinstance(name, str | int) and str(name) else f"Section {i}")
    return tuple(names)


def select(names: tuple[str, ...], wanted: str | None, path: str) -> int:
    if not names:
        raise FormatError("the file has no sections", Location(path))
    if wanted is None:
        return 0
    key = wanted.strip().casefold()
    for i, name in enumerate(names):
        if name.casefold() == key:
            return i
    if key.isdecimal() and 1 <= int(key) <= len(names):
        return int(key) - 1
    listing = ", ".join(f"{i} {n!r}" for i, n in enumerate(names, 1))
    raise FormatError(f"no section {wanted!r} in this file (sections: {listing})", Location(path))


def read(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read every section; ``tournament`` is the one ``options.section`` names (the first
    by default), ``all_sections`` holds them all in file order."""
    doc, d, encoding = load_document(data, path)
    names = section_names(doc)
    index = select(names, options.section, path)
    diags = Diagnostics(options.strict)
    shared = _overview_extras(doc)  # once: each section gets the same (not once per section)
    every = tuple(_section(doc, i, d, diags, shared) for i in range(len(names)))
    overview = doc.get("Overview")
    details = {}
    if isinstance(overview, dict):
        details["program"] = f"{overview.get('Program', '?')} {overview.get('Version', '')}".strip()
    return ReadResult(
        every[index], FORMAT_NAME, encoding, diags.freeze(), sections=names,
        details=MappingProxyType(details), all_sections=every if len(every) > 1 else (),
    )


def _places(d: _Doc, where: str, numbers: list[int]) -> Places:
    """A player's result string (or player object); the players' places are found on the
    first message, in one pass."""
    at = jsontext.item_locator(d.text, d.path, where, numbers)
    return Places(cell=lambda sn, rnd: at(sn, f"Results[{rnd - 1}]"), points=lambda sn: at(sn, ""))


def _scalar_extras(obj: dict[str, Any], prefix: str, skip: set[str]) -> dict[str, str]:
    out = {}
    for key, value in obj.items():
        if key in skip or isinstance(value, dict | list) or value is None:
            continue
        out[f"{prefix}{key}"] = json.dumps(value) if isinstance(value, bool) else str(value)
    return out


def _overview_extras(doc: dict[str, Any]) -> dict[str, str]:
    """The Overview's values every section keeps (``sjson:overview:…``)."""
    overview = doc.get("Overview") if isinstance(doc.get("Overview"), dict) else {}
    assert isinstance(overview, dict)
    extras = _scalar_extras(overview, "sjson:overview:", {"Tournament title"})
    if extras.get("sjson:overview:Program") == "SwissSys":
        del extras["sjson:overview:Program"]  # the writer always says so
    return extras


def _section(doc: dict[str, Any], index: int, d: _Doc, diags: Diagnostics,
             overview_extras: dict[str, str]) -> Tournament:
    where = f"Sections[{index}]"
    sec = doc["Sections"][index]
    if not isinstance(sec, dict):
        raise d.error(where, "expected an object")
    raw_players = sec.get("Players", [])
    if not isinstance(raw_players, list):
        raise d.error(f"{where}.Players", "expected a list of players")
    players: dict[int, Player] = {}
    results: dict[int, list[RoundResult]] = {}
    no_opponent: set[str] = set()
    for i, raw in enumerate(raw_players):
        pw = f"{where}.Players[{i}]"
        player, rounds = _player(raw, pw, d, no_opponent)
        if player.start_no in players:
            raise d.error(pw, f"pair number {player.start_no} appears twice")
        players[player.start_no] = player
        results[player.start_no] = rounds
    resolve_double_forfeits(results)
    check_games(results, _places(d, f"{where}.Players", list(players)), diags, "sjson",
                lenient_forfeits=True)
    overview = doc.get("Overview") if isinstance(doc.get("Overview"), dict) else {}
    assert isinstance(overview, dict)
    extras: dict[str, str] = {}  # the section's own; the Overview's are shared, not copied
    tb_key = next((k for k in sec if _tiebreak_key(k)), None)
    extras.update(_scalar_extras(sec, "sjson:section:", _KNOWN_SECTION_KEYS | {tb_key or ""}))
    tiebreaks: tuple[str, ...] = ()
    if tb_key is not None:
        tiebreaks, labels = _tiebreaks(sec[tb_key], f"{where}.{tb_key}", d, diags)
        extras["sjson:tiebreaks-key"] = tb_key
        extras["sjson:tiebreak-labels"] = ",".join(labels)
    if "-1" in no_opponent:
        extras["sjson:no-opponent"] = "-1"
    title = overview.get("Tournament title", "")
    name = sec.get("Section name", "")
    return Tournament(
        name=str(title) if title is not None else "",
        section=str(name) if name is not None else "",
        players=tuple(replace(players[n], results=trim(results[n])) for n in sorted(players)),
        tiebreaks=tiebreaks,
        extras=MappingProxyType(ChainMap(extras, overview_extras)),
    )


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


def _player(raw: object, pw: str, d: _Doc,
            no_opponent: set[str]) -> tuple[Player, list[RoundResult]]:
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
    rounds = [_result(r, f"{pw}.Results[{k}]", d, no_opponent)
              for k, r in enumerate(raw_results)]
    name = raw.get("Name", "")
    player = Player(
        start_no=start_no,
        name=name if isinstance(name, str) else str(name),
        ratings=ratings,
        national_ids=(("USCF", ident_text),) if ident_text else (),
        team=team.strip() if isinstance(team, str) else "",
        extras=MappingProxyType(extras),
    )
    return player, rounds


def _result(raw: object, where: str, d: _Doc, no_opponent: set[str]) -> RoundResult:
    """One result string; ``no_opponent`` collects how the file wrote "no opponent"."""
    if not isinstance(raw, str):
        raise d.error(where, 'expected a result string such as "+;2;W;1;2;2;0", got '
                      f"{quoted(raw)}")
    parts = [p.strip() for p in raw.split(";")]
    code = parts[0].upper()
    opp_text = parts[1] if len(parts) > 1 else ""
    colour = parts[2].upper() if len(parts) > 2 else ""
    outcome = _CODES.get(code)
    if opp_text in NO_OPPONENT:
        no_opponent.add(opp_text)
        opponent: int | None = 0
    else:
        opponent = _int(opp_text) if opp_text else 0
    if outcome is None or opponent is None or colour not in ("W", "B", "-", ""):
        raise d.error(
            where,
            f'bad result {quoted(raw)} (expected "RESULT;OPPONENT;COLOUR;…" with RESULT one of '
            f'{_ALLOWED}, OPPONENT a pair number or 0 or -1 for none, COLOUR W, B or -, '
            'e.g. "+;2;W;1;2;2;0")',
            raw,
        )
    color = {"W": Color.WHITE, "B": Color.BLACK}.get(colour, Color.NONE)
    if code == "~":  # paired, result not in yet
        return RoundResult(Outcome.NOT_PAIRED, opponent or None, color if opponent else
                           Color.NONE)
    if code == "-" and not opponent:
        return RoundResult(Outcome.NOT_PAIRED)
    if not outcome.has_opponent:
        return RoundResult(outcome)
    if outcome.played and not opponent:
        raise d.error(where, f"bad result {quoted(raw)}: a played game needs the opponent's "
                      "number (0 and -1 mean none)", raw)
    return RoundResult(outcome, opponent or None, color)
