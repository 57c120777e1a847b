"""What a file declares beside its results: tie-break values, and where a player's line is.

* Tie-break values: SwissSys-style CSV columns whose label is a tie-break code (the reader
  keeps them as ``csv:column:<label>`` extras), and Chess-JSON ``tieBreakScore`` lists
  (aligned with the section's ``rankOrder``; a leading ``PTS`` is skipped when the list is
  one shorter).  Values are kept as written, for comparison at the file's own precision.
* :func:`declared_rank`: the declared rank to check (0 is none).
* :func:`player_places`: where each player's record is, so that problems the model finds
  point at it: its line in text formats (TRF ``001``, XML ``startNo="…"``, CSV rows
  starting with the pair number), the competitor (or its member, ``rank``,
  ``tieBreakScore[1]``) in Chess-JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from .. import jsontext
from ..errors import Location, TiebreakError
from ..model import Player, Tournament
from ..tiebreaks import Spec, parse_spec

_NOT_TIEBREAKS = frozenset({"PTS", "TOTAL", "SCORE", "POINTS"})


@dataclass(frozen=True)
class DeclaredValue:
    spec: Spec
    text: str
    """The value as written, e.g. ``"17.5"``."""
    value: Decimal
    where: str
    """How to name the place in a message: ``column 'BH/C1'``, ``tieBreakScore[1] (BH)``."""
    member: str = ""
    """The player's member that holds the value, in JSON formats (``tieBreakScore[1]``)."""


def declared_rank(p: Player) -> int | None:
    """The rank the file gives ``p``; a rank of 0 means "no rank given" (TRF writers put
    ``0`` in the rank column before the event is ranked), not a rank to check."""
    return p.declared_rank or None


def _spec(label: str) -> Spec | None:
    if label.strip().upper() in _NOT_TIEBREAKS:
        return None
    try:
        spec = parse_spec(label.strip())
    except TiebreakError:
        return None
    return None if spec.system.is_group or spec.code == "LOT" else spec


def _decimal(text: str) -> Decimal | None:
    try:
        value = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def declared_values(t: Tournament, fmt: str, data: bytes) -> dict[int, list[DeclaredValue]]:
    """Declared tie-break values by start number."""
    if fmt == "swisssys-csv":
        return _csv(t)
    if fmt == "chess-json":
        return _chess_json(t, data)
    return {}


def _csv(t: Tournament) -> dict[int, list[DeclaredValue]]:
    out: dict[int, list[DeclaredValue]] = {}
    for p in t.players:
        for key, text in p.extras.items():
            if not key.startswith("csv:column:") or not text.strip():
                continue
            label = key[len("csv:column:"):]
            spec = _spec(label)
            value = _decimal(text)
            if spec is not None and value is not None:
                out.setdefault(p.start_no, []).append(
                    DeclaredValue(spec, text.strip(), value, f"column {label!r}"))
    return out


def _chess_json_tournament(t: Tournament, data: bytes) -> tuple[str, int, dict[str, Any]]:
    """The text of a Chess-JSON file, and the index and object of ``t``'s tournament in it
    (``-1`` and ``{}`` when the file is not one the reader took)."""
    try:
        text = data.decode("utf-8-sig")
        doc = json.loads(text, parse_float=Decimal)  # values as written
    except (UnicodeDecodeError, ValueError):
        return "", -1, {}
    tours = _list(_dict(doc.get("event") if isinstance(doc, dict) else None).get("tournaments"))
    index = next((i for i, x in enumerate(tours) if isinstance(x, dict)
                  and t.section and x.get("name") == t.section), 0 if tours else -1)
    return text, index, _dict(tours[index]) if index >= 0 else {}


def _chess_json(t: Tournament, data: bytes) -> dict[int, list[DeclaredValue]]:
    tour = _chess_json_tournament(t, data)[2]
    order = [str(x) for x in _list(tour.get("rankOrder"))]
    out: dict[int, list[DeclaredValue]] = {}
    for comp in _list(tour.get("competitors")):
        comp = _dict(comp)
        cid, scores = comp.get("cid"), _list(comp.get("tieBreakScore"))
        if not isinstance(cid, int) or not scores:
            continue
        codes = order[1:] if order[:1] == ["PTS"] and len(scores) == len(order) - 1 else order
        for n, (code, raw) in enumerate(zip(codes, scores, strict=False)):
            spec = _spec(code)
            if spec is None or isinstance(raw, bool) or not isinstance(raw, int | Decimal | str):
                continue
            text = raw if isinstance(raw, str) else str(raw)
            value = _decimal(text)
            if value is not None:
                out.setdefault(cid, []).append(
                    DeclaredValue(spec, text, value, f"tieBreakScore[{n}] ({code})",
                                  f"tieBreakScore[{n}]"))
    return out


def _dict(x: Any) -> dict[str, Any]:
    return x if isinstance(x, dict) else {}


def _list(x: Any) -> list[Any]:
    return x if isinstance(x, list) else []


_LINE_PATTERNS = {
    "trf": r"001 +(\d{1,4})\b",
    "xml": r".*?<player\b[^>]*\bstartNo=\"(\d+)\"",
    "swisssys-csv": r"\"?(\d+)\"?[,;\t]",
}


PlayerPlace = Callable[[int, str], Location]
"""``at(start_no, member)``: where a player's record is (its member ``member`` in JSON
formats; ``""``: the record itself)."""


def player_places(t: Tournament, fmt: str, data: bytes, path: str) -> PlayerPlace:
    """Where each player of ``t``, read from ``data`` in format ``fmt``, is in the file."""
    if fmt == "chess-json":
        text, index, tour = _chess_json_tournament(t, data)
        cids = [_dict(c).get("cid") for c in _list(tour.get("competitors"))]
        numbers = [cid if isinstance(cid, int) else -1 for cid in cids]
        return jsontext.item_locator(text, path, f"event.tournaments[{index}].competitors",
                                     numbers)
    lines = player_lines(fmt, data)

    def at(start_no: int, member: str) -> Location:
        line = lines.get(start_no)
        return Location(path, line, 1 if line is not None else None)

    return at


def player_lines(fmt: str, data: bytes) -> dict[int, int]:
    """``{start_no: line}`` for text formats; empty when the format has no such lines."""
    key = "trf" if fmt.startswith("trf") else fmt
    pattern = _LINE_PATTERNS.get(key)
    if pattern is None:
        return {}
    rx = re.compile(pattern)
    text = data.decode("utf-8", errors="replace")
    out: dict[int, int] = {}
    for no, line in enumerate(text.splitlines(), 1):
        m = rx.match(line.lstrip("\ufeff"))
        if m:
            out.setdefault(int(m[1]), no)
    return out
