"""Write the SwissSys 11 ``.sjson`` layout (one or more sections) from the model.

Only the keys the reader understands are written, plus the ``sjson:`` extras a file read
earlier brought along, so a file read and written again keeps SwissSys's own settings.
The event's dates go into the Overview (``YYYY-MM-DD``, as SwissSys writes them; the
earliest start and the latest end of the sections), each section's time control into the
section (unless it was the Overview's, read for a section that had none).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from ..errors import WriteError
from ..model import Color, Outcome, Player, RoundResult, Tournament
from ..registry import WriteOptions
from ..us_notation import RATING_CODE
from .cells import read_cell
from .labels import LABEL_OF, code_of
from .reader import END, EVENT_TC, SECTION_TC, START

_SJSON_LETTER = {"W": "+", "D": "=", "L": "-", "N": "+", "R": "=", "S": "-"}
_CODE = {
    **{o: _SJSON_LETTER.get(code, code) for o, code in RATING_CODE.items()},
    Outcome.PAIRING_BYE: "Bye",  # SwissSys's own pairing bye, apart from a requested "B"
    Outcome.NOT_PAIRED: "-",
}
"""The result code of each outcome: the US rating-report letters, with ``+ = -`` for
played games (SwissSys writes no N R S)."""
_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def _value(text: str) -> Any:
    """An extras string back as the JSON value it came from (``"3"`` -> 3, ``"true"`` -> true)."""
    if text in ("true", "false"):
        return text == "true"
    if _NUMBER.match(text):
        return _Decimal(text) if "." in text else int(text)
    return text


class _Decimal:
    """A decimal number from the file, written back exactly as it was (never via float)."""

    def __init__(self, text: str) -> None:
        self.text = text


_MARK = "\x00"
_MARKED = re.compile(r'"\\u0000(-?\d+\.\d+)\\u0000"')


def _mark(value: object) -> str:
    if isinstance(value, _Decimal):
        return f"{_MARK}{value.text}{_MARK}"
    raise TypeError(f"cannot write {type(value).__name__} in an .sjson file")


def result_string(r: RoundResult, none: str = "0") -> str:
    """``Result;Opponent;Colour;Board;Logical op 1;Logical op 2;Game points``; ``none`` is
    how "no opponent" is written (``0``, or ``-1`` as later SwissSys 11.5x saves do).  A
    round paired without a result yet is ``~`` with its opponent."""
    pending = r.outcome is Outcome.NOT_PAIRED and r.opponent is not None
    opp = r.opponent if (r.outcome.has_opponent or pending) and r.opponent else 0
    colour = {Color.WHITE: "W", Color.BLACK: "B"}.get(r.color, "-") if opp else "-"
    code = "~" if pending else _CODE[r.outcome]
    shown = opp or none
    return f"{code};{shown};{colour};0;{shown};{shown};0"


def _labels(t: Tournament) -> list[str]:
    """The section's tie-break list: the labels read while they still say the same codes,
    else SwissSys's label for each code (a code without one as it is)."""
    read = [x for x in t.extras.get("sjson:tiebreak-labels", "").split(",") if x]
    if [code_of(x) or x for x in read] == list(t.tiebreaks):
        return read
    return [LABEL_OF.get(code, code) for code in t.tiebreaks]


def _player(p: Player, none: str) -> dict[str, Any]:
    out: dict[str, Any] = {"Pair number": p.start_no, "Name": p.name, "ID": p.national_id("USCF")}
    raw = p.extras.get("sjson:player:Rating")
    rating = p.rating("USCF")
    out["Rating"] = raw if raw is not None else (rating or 0)
    for key, value in p.extras.items():
        if key.startswith("sjson:player:") and key != "sjson:player:Rating":
            out[key[len("sjson:player:") :]] = _value(value)
    if p.extras.get("uscf:state"):
        out["State"] = p.extras["uscf:state"]
    if p.team:
        out["Team"] = p.team
    out["Results"] = [_kept(p, k, r) or result_string(r, none)
                      for k, r in enumerate(p.results, 1)]
    return out


def _kept(p: Player, k: int, r: RoundResult) -> str:
    """Round ``k``'s string as read, when it named a player of another section (read
    without its opponent) and the round is still what it said."""
    raw = p.extras.get(f"sjson:result:{k}")
    if raw is None or r.opponent is not None:
        return ""
    cell = read_cell(raw).result
    return raw if cell is not None and cell.outcome is r.outcome else ""


def _section(t: Tournament) -> dict[str, Any]:
    sec: dict[str, Any] = {"Section name": t.section}
    for key, value in t.extras.items():
        if key.startswith("sjson:section:"):
            sec[key[len("sjson:section:") :]] = _value(value)
    if t.time_control and not (t.extras.get("sjson:time-control-from-overview")
                               and t.time_control == t.extras.get(f"sjson:overview:{EVENT_TC}")):
        sec[SECTION_TC] = t.time_control
    if t.tiebreaks:
        sec[t.extras.get("sjson:tiebreaks-key", "Tiebreaks")] = _labels(t)
    none = "-1" if t.extras.get("sjson:no-opponent") == "-1" else "0"
    sec["Players"] = [_player(p, none) for p in sorted(t.players, key=lambda p: p.start_no)]
    sec.setdefault("Teams", [])
    return sec


def dump_sections(sections: Sequence[Tournament]) -> bytes:
    """One ``.sjson`` document holding ``sections`` (the event data of the first)."""
    if not sections:
        raise WriteError("an .sjson file needs at least one section")
    first = sections[0]
    overview: dict[str, Any] = {"Program": "SwissSys", "Tournament title": first.name}
    for key, value in first.extras.items():
        if key.startswith("sjson:overview:"):
            overview[key[len("sjson:overview:") :]] = _value(value)
    overview["Tournament title"] = first.name
    for key, dates, pick in ((START, [t.start_date for t in sections], min),
                             (END, [t.end_date for t in sections], max)):
        known = [d.value for d in dates if d is not None and d.value is not None]
        texts = [d.text for d in dates if d is not None and d.text]
        if known or texts:
            overview[key] = pick(known).isoformat() if known else texts[0]
    doc: dict[str, Any] = {"Overview": overview}
    shape = first.extras.get("sjson:no-sections")
    if not (len(sections) == 1 and shape and not first.players):
        doc["Sections"] = [_section(t) for t in sections]
    elif shape == "empty":
        doc["Sections"] = []
    text = json.dumps(doc, ensure_ascii=False, indent=2, default=_mark)
    return (_MARKED.sub(r"\1", text) + "\n").encode("utf-8")


def write(t: Tournament, options: WriteOptions) -> bytes:
    return dump_sections([t])
