"""Header labels of the US cross-table CSV and the model field each one fills."""

from __future__ import annotations

import re

ROLE_ALIASES: dict[str, tuple[str, ...]] = {
    "pair": ("pair", "no.", "no", "#", "plr", "plr#", "pair number", "pair no", "pair no."),
    "name": ("name",),
    "id": ("id", "uscf id", "member id"),
    "rating": ("rating", "rtng", "rate", "uscf", "pre", "uscf rating"),
    "state": ("state", "st"),
    "team": ("team", "club"),
    "place": ("place",),
    "total": ("total", "tot", "pts", "score"),
    "title": ("title", "ttl"),
    "sex": ("sex", "ty"),
    "fide_id": ("fide id",),
    "fide_rating": ("fide rating", "fide"),
    "federation": ("fed", "federation"),
    "birth": ("born", "birth"),
    "adjustments": ("adjustments", "adj", "bonus"),
}
"""Known roles and their labels (compared lower-case, blanks collapsed)."""

LABEL: dict[str, str] = {
    "pair": "Pair",
    "name": "Name",
    "id": "ID",
    "rating": "Rating",
    "state": "State",
    "team": "Team",
    "place": "Place",
    "total": "Total",
    "title": "Title",
    "sex": "Sex",
    "fide_id": "FIDE ID",
    "fide_rating": "FIDE Rating",
    "federation": "Fed",
    "birth": "Born",
    "adjustments": "Adjustments",
}
"""The label the writer uses for each role."""

NAMESPACED = re.compile(r"^[a-z][a-z0-9_-]*:\S+$")
"""A column label or metadata key such as ``trf:XXA``: another format's extras key."""

ROUND_DATES_AS_WRITTEN = "csv:round-dates"
"""The ``Round dates`` line as written, when the model holds its dates as ``YYYY/MM/DD``
(the reader reads them in the US order): written back when the dates did not change."""

_BY_ALIAS = {alias: role for role, aliases in ROLE_ALIASES.items() for alias in aliases}
_ROUND_RE = re.compile(r"^(?:rd|rnd|round|r)?\s*\.?\s*(\d{1,9})$")
_SYSTEM_RE = re.compile(r"^([a-z][a-z0-9]*) (rating|id)$")


def normalise(label: str) -> str:
    return " ".join(label.lower().split())


def classify(label: str) -> tuple[str, str | int]:
    """``(kind, key)``: ``("role", "name")``, ``("round", 3)``, ``("rating", "IND")``,
    ``("national_id", "IND")`` or ``("extra", label)``."""
    key = normalise(label)
    if key in _BY_ALIAS:
        return "role", _BY_ALIAS[key]
    m = _ROUND_RE.match(key)
    if m and int(m[1]) >= 1:
        return "round", int(m[1])
    m = _SYSTEM_RE.match(key)
    if m:
        return ("rating" if m[2] == "rating" else "national_id"), m[1].upper()
    return "extra", label.strip()


META_KEYS: dict[str, str] = {
    "event": "name",
    "section": "section",
    "rounds": "total_rounds",
    "start date": "start_date",
    "date": "start_date",
    "end date": "end_date",
    "start date value": "start_date_value",
    "end date value": "end_date_value",
    "city": "city",
    "federation": "federation",
    "chief td": "chief_arbiter",
    "deputy tds": "deputy_arbiters",
    "time control": "time_control",
    "type": "tournament_type",
    "pairing system": "pairing_system",
    "round dates": "round_dates",
    "tie-breaks": "tiebreaks",
    "standings": "standings_order",
    "outcomes": "outcomes",
    "point system": "point_system",
}
"""``# Key: value`` metadata keys (compared lower-case) and the Tournament field each fills."""

META_LABEL: dict[str, str] = {
    "name": "Event",
    "section": "Section",
    "total_rounds": "Rounds",
    "start_date": "Start date",
    "end_date": "End date",
    "start_date_value": "Start date value",
    "end_date_value": "End date value",
    "city": "City",
    "federation": "Federation",
    "chief_arbiter": "Chief TD",
    "deputy_arbiters": "Deputy TDs",
    "time_control": "Time control",
    "tournament_type": "Type",
    "pairing_system": "Pairing system",
    "round_dates": "Round dates",
    "tiebreaks": "Tie-breaks",
    "standings_order": "Standings",
    "outcomes": "Outcomes",
    "point_system": "Point system",
}

LIST_SEPARATORS: dict[str, str] = {
    "deputy_arbiters": "; ",
    "round_dates": "; ",
    "tiebreaks": ", ",
    "standings_order": ", ",
}
