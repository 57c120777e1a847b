"""Which edition of the rules an event is rated under, and why.

FIDE editions follow the event's **start date** (TRF 042), as the project's C.07
tie-break editions do; US Chess editions follow the **end date** (TRF 052, else the
start date), because US Chess states its changes by the date events end.  Never today's
date: a file without a readable date gets the newest edition, with a note saying so.
``override`` (``--rules``) forces one.
"""

from __future__ import annotations

import datetime as _dt

from ..errors import SwisstbError
from ..model import DateText, Tournament
from .model import Edition, RatingSystem, Rules

D = _dt.date

EDITIONS: tuple[Edition, ...] = (
    Edition("fide-2025-10", RatingSystem.FIDE, D(2025, 10, 1),
            "§8.3.1: the 400-point rule only for players rated below 2650"),
    Edition("fide-2024-03", RatingSystem.FIDE, D(2024, 3, 1),
            "400-point rule in every game; floor 1400; initial rating with two 1800 "
            "opponents"),
    Edition("fide-2022-01", RatingSystem.FIDE, D(2022, 1, 1),
            "400-point rule once a tournament; initial rating Ra + 20 a half point over "
            "50 %; floor 1000"),
    Edition("uscf-2025", RatingSystem.USCF, D(2025, 1, 1), "bonus threshold B = 10"),
    Edition("uscf-2023", RatingSystem.USCF, D(2023, 2, 1), "bonus threshold B = 12"),
    Edition("uscf-2017", RatingSystem.USCF, D(2017, 5, 1), "bonus threshold B = 14"),
)
"""Newest first within each system."""

BY_ID = {e.id: e for e in EDITIONS}


class RulesError(SwisstbError):
    """An edition that does not exist or belongs to the other system."""


def editions_of(system: RatingSystem) -> tuple[Edition, ...]:
    return tuple(e for e in EDITIONS if e.system is system)


def edition(edition_id: str, system: RatingSystem) -> Edition:
    """The edition called ``edition_id`` of ``system``; a :class:`RulesError` otherwise."""
    found = BY_ID.get(edition_id.strip().lower())
    known = ", ".join(e.id for e in editions_of(system))
    if found is None:
        raise RulesError(f"unknown rating rules {edition_id!r}; use one of {known}")
    if found.system is not system:
        raise RulesError(f"{found.id} is an edition of the {found.system.label} rules, not "
                         f"of {system.label}'s; use one of {known}")
    return found


def _date(value: DateText | None) -> tuple[D | None, str]:
    """The parsed date, and why there is none (``""`` when there is one)."""
    if value is None or not value.text.strip():
        return None, "no date in the file"
    if value.value is None:
        return None, f"the date {value.text!r} could not be read"
    return value.value, ""


def choose(t: Tournament, system: RatingSystem, override: str | None = None) -> Rules:
    """The rules ``t`` is rated under: ``override`` if given, else by the event's date."""
    if override is not None:
        chosen = edition(override, system)
        return Rules(chosen, f"{chosen.id}, as requested (--rules)")
    if system is RatingSystem.FIDE:
        day, missing = _date(t.start_date)
        what, verb, aside = "started", "starting", ""
    else:
        day, missing = _date(t.end_date)
        what, verb, aside = "ended", "ending", ""
        if day is None:
            start, _ = _date(t.start_date)
            if start is not None:
                day, what, aside = start, "started", " (no end date in the file)"
    own = editions_of(system)
    if day is None:
        return Rules(own[0], f"{own[0].id} (the newest edition): {missing}; use --rules to "
                             "choose another")
    for n, e in enumerate(own):
        if day >= e.since:
            span = (f"{e.since.isoformat()} to "
                    f"{(own[n - 1].since - _dt.timedelta(days=1)).isoformat()}" if n
                    else f"from {e.since.isoformat()}")
            return Rules(e, f"{e.id}: the event {what} {day.isoformat()}{aside}; this edition "
                            f"applies to events {verb} {span}")
    oldest = own[-1]
    return Rules(oldest, f"{oldest.id}: the event {what} {day.isoformat()}{aside}, before "
                         f"{oldest.since.isoformat()}; earlier rules are not modelled, so the "
                         "oldest edition modelled is used")
