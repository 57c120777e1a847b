"""The US Chess rating report: the revised (``2C``) DBF trio for one or more sections.

:func:`prepare_uscf` applies the event metadata (``--event-meta meta.toml`` and options:
:data:`META_KEYS`) to every section and lists, before anything is written, members without
a US Chess ID, ratings that look wrong, results the report cannot express (games of less
than one move, pairings the two players record differently) and missing event data
(affiliate, chief TD, city, state, ZIP, dates, time control).  The files themselves come
from :func:`swisstb_io.uscf_dbf.writer.write_sections` (SwissSys 11's layout).
"""

from __future__ import annotations

import datetime as _dt
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

from ..errors import FormatError, Location
from ..files import read_file
from ..limits import MAX_FILE_BYTES
from ..model import MIRROR, DateText, Outcome, Player, Tournament
from ..uscf_dbf.writer import (
    FIELD_WIDTH,
    EventMeta,
    ascii_text,
    cut_text,
    write_sections,
    zip_files,
)
from ._common import Problem, Severity, player_subject

#: ``--event-meta`` keys -> what they set (``name`` = a Tournament field, ``uscf:…`` = extras).
META_KEYS: Mapping[str, str] = MappingProxyType({
    "event_name": "name",
    "city": "city",
    "time_control": "time_control",
    "begin_date": "start_date",
    "end_date": "end_date",
    "event_id": "uscf:event_id",
    "affiliate_id": "uscf:affiliate_id",
    "chief_td_id": "uscf:chief_td_id",
    "assistant_td_id": "uscf:assistant_td_id",
    "state": "uscf:state",
    "zip": "uscf:zipcode",
    "country": "uscf:country",
    "rating_system": "uscf:rating_system",
    "send_crosstable": "uscf:send_crosstable",
})
RATING_SYSTEMS: Mapping[str, str] = MappingProxyType({
    "regular": "R", "quick": "Q", "dual": "D", "blitz": "B",
    "r": "R", "q": "Q", "d": "D", "b": "B",
})
"""S_R_SYSTEM codes: R regular, Q quick, D dual (regular and quick), B blitz."""

_AFFILIATE = re.compile(r"^[A-Z]\d{7}$")
_MEMBER = re.compile(r"^\d{8}$")
_STATE = re.compile(r"^[A-Z]{2}$")
_ZIP = re.compile(r"^\d{5}(?:-\d{4})?$")
_UNRATED_GAMES = {Outcome.WIN_UNRATED: "X", Outcome.DRAW_UNRATED: "Z",
                  Outcome.LOSS_UNRATED: "F"}
_INCONSISTENT = frozenset({Outcome.INCONSISTENT_WIN, Outcome.INCONSISTENT_DRAW,
                           Outcome.INCONSISTENT_LOSS})
LOWEST_RATING, HIGHEST_RATING = 100, 3000
"""US Chess ratings never go below the 100 floor; above 3000 is a typing error."""


def _date_text(value: object, key: str, where: str) -> str:
    if isinstance(value, _dt.datetime):
        value = value.date()
    if isinstance(value, _dt.date):
        return value.isoformat()
    if isinstance(value, str):
        for fmt in ("%Y-%m-%d", "%Y%m%d", "%Y/%m/%d"):
            try:
                return _dt.datetime.strptime(value.strip(), fmt).date().isoformat()
            except ValueError:
                continue
    raise FormatError(f"{key} = {value!r} is not a date; write it as 2026-03-28",
                      Location(where))


def normalize_meta(values: Mapping[str, object], where: str = "--event-meta") -> dict[str, str]:
    """Check and normalise metadata from TOML or options: every value becomes text,
    dates ISO, rating systems a one-letter code, ``send_crosstable`` Y/N."""
    out: dict[str, str] = {}
    for key, value in values.items():
        if key not in META_KEYS:
            raise FormatError(f"unknown key {key!r}; known keys: {', '.join(META_KEYS)}",
                              Location(where))
        if value is None:
            continue
        if key in ("begin_date", "end_date"):
            out[key] = _date_text(value, key, where)
        elif key == "send_crosstable":
            if not isinstance(value, bool):
                raise FormatError(f"send_crosstable = {value!r} must be true or false",
                                  Location(where))
            out[key] = "Y" if value else "N"
        elif key == "rating_system":
            code = RATING_SYSTEMS.get(str(value).strip().lower())
            if code is None:
                raise FormatError(f"rating_system = {value!r}; use regular, quick, dual or "
                                  "blitz", Location(where))
            out[key] = code
        elif isinstance(value, str | int) and not isinstance(value, bool):
            out[key] = str(value).strip()
        else:
            raise FormatError(f"{key} = {value!r} must be text", Location(where))
    return out


def load_meta(path: str | Path) -> dict[str, str]:
    """The ``--event-meta`` TOML file, checked (:func:`normalize_meta`)."""
    p = Path(path)
    try:
        raw = read_file(str(p), MAX_FILE_BYTES, "an event-meta file")
        data = tomllib.loads(raw.decode("utf-8"))
    except OSError as exc:
        raise FormatError(f"cannot read the file: {exc.strerror or exc}", Location(str(p))) \
            from exc
    except UnicodeDecodeError as exc:
        raise FormatError(f"not UTF-8 text ({exc.reason})", Location(str(p))) from exc
    except tomllib.TOMLDecodeError as exc:
        raise FormatError(f"not valid TOML: {exc}", Location(str(p))) from exc
    return normalize_meta(data, str(p))


def apply_meta(t: Tournament, meta: Mapping[str, str]) -> Tournament:
    """``t`` with the metadata applied (fields and ``uscf:`` extras)."""
    changes: dict[str, object] = {}
    extras = dict(t.extras)
    for key, value in meta.items():
        target = META_KEYS[key]
        if target.startswith("uscf:"):
            extras[target] = value
        elif target in ("start_date", "end_date"):
            changes[target] = DateText.from_date(_dt.date.fromisoformat(value))
        else:
            changes[target] = value
    if "begin_date" in meta:
        extras["uscf:event_begin_date"] = meta["begin_date"].replace("-", "")
    if "end_date" in meta:
        extras["uscf:event_end_date"] = meta["end_date"].replace("-", "")
    return replace(t, extras=MappingProxyType(extras), **changes)  # type: ignore[arg-type]


@dataclass(frozen=True)
class UscfSubmission:
    sections: tuple[Tournament, ...]
    problems: tuple[Problem, ...]

    @property
    def meta(self) -> EventMeta:
        return EventMeta.from_sections(self.sections)

    def files(self) -> dict[str, bytes]:
        """``{"THEXPORT.DBF": …, "TSEXPORT.DBF": …, "TDEXPORT.DBF": …}``."""
        return write_sections(self.sections, self.meta)

    def to_zip(self) -> bytes:
        meta = self.meta
        date = next((d.value for d in (meta.end, meta.begin) if d and d.value), None)
        return zip_files(self.files(), date if date and date.year >= 1980 else None)


def _event_problems(sections: Sequence[Tournament]) -> Iterable[Problem]:
    meta = EventMeta.from_sections(sections)
    values = dict(meta.values)
    checks = (
        ("H_AFF_ID", "affiliate ID", _AFFILIATE, "a letter and 7 digits, e.g. A6001234"),
        ("H_CTD_ID", "chief TD's US Chess ID", _MEMBER, "8 digits"),
        ("H_STATE", "state", _STATE, "two capital letters, e.g. FL"),
        ("H_ZIPCODE", "ZIP code", _ZIP, "5 digits or 5+4"),
    )
    for field_name, what, pattern, shape in checks:
        value = values.get(field_name, "")
        if not value:
            yield Problem("event", what, "missing (--event-meta or its option)")
        elif not pattern.match(value):
            yield Problem("event", what, f"{value!r} should be {shape}")
    if not meta.city.strip():
        yield Problem("event", "city", "missing (--event-meta city or --city)")
    for what, value, field in (("event name", meta.name, "H_NAME"),
                               ("city", meta.city, "H_CITY")):
        short = cut_text(value, field)
        if short is not None:
            yield Problem("event", what, f"cut to {FIELD_WIDTH[field]} characters: "
                          f"{short!r}", Severity.NOTE)
    for what, d in (("begin date", meta.begin), ("end date", meta.end)):
        if d is None or d.value is None:
            yield Problem("event", what, "missing (--event-meta begin_date/end_date)")
    if meta.begin and meta.end and meta.begin.value and meta.end.value \
            and meta.end.value < meta.begin.value:
        yield Problem("event", "end date", f"{meta.end.text} is before {meta.begin.text}")


def _section_problems(t: Tournament, label: str) -> Iterable[Problem]:
    if not t.time_control.strip():
        yield Problem(label, "time control", "missing (--event-meta time_control)")
    for what, value, field in (("section name", t.section, "S_SEC_NAME"),
                               ("time control", t.time_control, "S_TIMECTL")):
        short = cut_text(value, field)
        if short is not None:
            yield Problem(label, what, f"cut to {FIELD_WIDTH[field]} characters: "
                          f"{short!r}", Severity.NOTE)
    system = t.extras.get("uscf:rating_system", "R")
    if system not in ("R", "Q", "D", "B"):
        yield Problem(label, "rating system", f"{system!r} is not R, Q, D or B")
    by_sn = {p.start_no: p for p in t.players}
    seen_ids: dict[str, int] = {}
    for p in sorted(t.players, key=lambda p: p.start_no):
        yield from _player_problems(p, label, by_sn, seen_ids)


def _player_problems(
    p: Player, section: str, by_sn: Mapping[int, Player], seen_ids: dict[str, int]
) -> Iterable[Problem]:
    who = player_subject(p, section)
    member = p.national_id("USCF").strip()
    if not member:
        yield Problem(who, "US Chess ID", "missing: a member without an ID cannot be rated")
    elif not _MEMBER.match(member):
        yield Problem(who, "US Chess ID", f"{member!r} is not 8 digits")
    elif member in seen_ids:
        yield Problem(who, "US Chess ID", f"{member} is also player {seen_ids[member]}'s")
    else:
        seen_ids[member] = p.start_no
    rating = p.rating("USCF")
    if rating is not None and not LOWEST_RATING <= rating <= HIGHEST_RATING:
        yield Problem(who, "rating", f"{rating} looks wrong (US Chess ratings run from "
                      f"{LOWEST_RATING} to about {HIGHEST_RATING})")
    if p.start_no > 9999:
        yield Problem(who, "pairing number", f"{p.start_no} does not fit 4 digits")
    if ascii_text(p.name) != p.name:
        yield Problem(who, "name", f"written as {ascii_text(p.name)!r} (ASCII only)",
                      Severity.NOTE)
    if len(ascii_text(p.name).strip()) > 30:
        yield Problem(who, "name", "cut to 30 characters", Severity.NOTE)
    for k, r in enumerate(p.results, 1):
        code = _UNRATED_GAMES.get(r.outcome)
        if code is not None:
            yield Problem(who, f"round {k}", "a game of less than one move has no US Chess "
                          f"code: it would be reported as {code} (unplayed)")
            continue
        if not r.outcome.has_opponent or r.outcome in _INCONSISTENT:
            continue
        opp = by_sn.get(r.opponent) if r.opponent is not None else None
        if opp is None:
            yield Problem(who, f"round {k}", f"opponent {r.opponent} is not in the section"
                          if r.opponent is not None else f"a {r.outcome.value} without an "
                          "opponent in the section: the report names the opponent of every "
                          "game")
            continue
        theirs = opp.result(k)
        if theirs.opponent != p.start_no or theirs.outcome is not MIRROR[r.outcome]:
            yield Problem(who, f"round {k}", f"{r.outcome.value} against {opp.start_no}, "
                          f"but {opp.start_no}'s round {k} says {theirs.outcome.value}"
                          + (f" against {theirs.opponent}" if theirs.opponent else "")
                          + ": the two records cannot both be reported")


def prepare_uscf(
    sections: Sequence[Tournament], meta: Mapping[str, str] | None = None
) -> UscfSubmission:
    """The submission for ``sections`` (one event) and every problem found."""
    if not sections:
        raise FormatError("a US Chess report needs at least one section")
    ready = tuple(apply_meta(t, meta or {}) for t in sections)
    problems = list(_event_problems(ready))
    for n, t in enumerate(ready, 1):
        label = f"section {n}" + (f" ({t.section})" if t.section else "")
        problems.extend(_section_problems(t, label))
    return UscfSubmission(ready, tuple(problems))
