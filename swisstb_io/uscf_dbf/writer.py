"""Write the revised (``2C``) US Chess DBF trio: one event, one or more sections."""

from __future__ import annotations

import datetime as _dt
import io
import unicodedata
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import WriteError
from ..model import Color, DateText, RoundResult, Tournament
from ..registry import WriteOptions
from ..us_notation import RATING_CODE
from .dbf import build
from .layout import (
    EVENT_EXTRAS,
    FORMAT_CODE,
    PROGRAM,
    ROUND_WIDTH,
    SECTION_EXTRAS,
    SECTION_TD_KEYS,
    TD_FIELDS,
    TH_FIELDS,
    TS_FIELDS,
)

FILE_NAMES = ("THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF")



def ascii_text(text: str) -> str:
    """``text`` transliterated to ASCII: accents dropped (``é`` -> ``e``), ``ß`` -> ``ss``,
    anything else without an ASCII form -> ``?``."""
    text = text.replace("ß", "ss").replace("Æ", "AE").replace("æ", "ae").replace("Ø", "O")
    text = text.replace("ø", "o").replace("Ł", "L").replace("ł", "l").replace("Đ", "D")
    out = []
    for ch in unicodedata.normalize("NFKD", text):
        if ord(ch) < 128:
            out.append(ch if ch.isprintable() else " ")
        elif not unicodedata.combining(ch):
            out.append("?")
    return "".join(out)


FIELD_WIDTH = dict((*TH_FIELDS, *TS_FIELDS, *TD_FIELDS))
"""Each field's width in characters."""


def cuts(t: Tournament) -> list[str]:
    """What writing ``t`` cuts to fit a field (the writer writes ASCII, cut to the field's
    width: event name 35, section 30, city 21, time control 40, player name 30), each in
    words with what is written instead, for ``swisstb convert`` to say."""
    out = []
    for value, field, what in ((t.name, "H_NAME", "the event name"),
                               (t.section, "S_SEC_NAME", "the section name"),
                               (t.city, "H_CITY", "the city"),
                               (t.time_control, "S_TIMECTL", "the time control")):
        short = cut_text(value, field)
        if short is not None:
            out.append(f"{what} {value!r} is cut to {FIELD_WIDTH[field]} characters, {short!r}")
    for p in t.players:
        short = cut_text(p.name, "D_NAME")
        if short is not None:
            out.append(f"player {p.start_no} ({p.name}): the name is cut to "
                       f"{FIELD_WIDTH['D_NAME']} characters, {short!r}")
    return out


def cut_text(value: str, field: str) -> str | None:
    """What the writer writes for ``value`` in ``field`` (``"H_NAME"``) when it does not
    fit, else ``None``."""
    text = ascii_text(value).strip()
    width = FIELD_WIDTH[field]
    return text[:width].rstrip() if len(text) > width else None


def _fit(value: str, width: int, what: str, strict: bool) -> str:
    text = ascii_text(value).strip()
    if len(text) > width:
        if strict:
            raise WriteError(f"{what} {value!r} is longer than the DBF field ({width} characters)")
        text = text[:width].rstrip()
    return text


def _number(value: int, width: int, what: str) -> str:
    text = str(value)
    if value < 0 or len(text) > width:
        raise WriteError(f"{what} {value} does not fit the DBF field ({width} digits)")
    return text


def _date(d: DateText | None) -> str:
    return d.value.strftime("%Y%m%d") if d is not None and d.value is not None else ""


@dataclass(frozen=True)
class EventMeta:
    """What THEXPORT holds about the event as a whole (formats.md §4.2 (a))."""

    name: str = ""
    begin: DateText | None = None
    end: DateText | None = None
    city: str = ""
    values: tuple[tuple[str, str], ...] = ()
    """``(DBF field, value)`` for the ``uscf:`` extras of EVENT_EXTRAS."""

    @classmethod
    def from_sections(cls, sections: Sequence[Tournament]) -> EventMeta:
        """Name, city and ``uscf:`` keys of the first section; dates spanning all sections."""
        first = sections[0]
        begins = [t.start_date for t in sections if t.start_date and t.start_date.value]
        ends = [t.end_date or t.start_date for t in sections]
        ends_known = [d for d in ends if d and d.value]
        begin = first.extras.get("uscf:event_begin_date")
        end = first.extras.get("uscf:event_end_date")
        return cls(
            name=first.name,
            begin=_parse_ymd(begin) if begin else min(begins, key=_value, default=None),
            end=_parse_ymd(end) if end else max(ends_known, key=_value, default=None),
            city=first.city,
            values=tuple((f, first.extras.get(key, default)) for f, key, default in EVENT_EXTRAS),
        )


def _value(d: DateText) -> _dt.date:
    assert d.value is not None
    return d.value


def _parse_ymd(text: str) -> DateText:
    try:
        return DateText.from_date(_dt.datetime.strptime(text, "%Y%m%d").date())
    except ValueError:
        return DateText(text)


def round_cell(r: RoundResult) -> str:
    """The compact DBF cell: ``W12B``, ``X7``, ``H``, ``U``."""
    code = RATING_CODE[r.outcome]
    if r.outcome.has_opponent and r.opponent:
        cell = f"{code}{r.opponent}"
        if r.outcome.played and r.color is not Color.NONE and code in "WLDNRS":
            cell += r.color.value.upper()
        return cell
    return code


def write_sections(
    sections: Sequence[Tournament], meta: EventMeta | None = None, *, strict: bool = False
) -> dict[str, bytes]:
    """The three DBF files (``{"THEXPORT.DBF": bytes, …}``) for one event of ``sections``."""
    if not sections:
        raise WriteError("a US Chess report needs at least one section")
    if len(sections) > 99:
        raise WriteError(f"{len(sections)} sections do not fit S_SEC_NUM (at most 99)")
    meta = meta or EventMeta.from_sections(sections)
    values = dict(meta.values)
    n_rounds = max(1, *(t.rounds for t in sections))
    if n_rounds > 99:
        raise WriteError(f"{n_rounds} rounds do not fit the D_RNDnn fields (at most 99)")
    event_id = _fit(values["H_EVENT_ID"], 12, "event id", strict)
    th = [
        FORMAT_CODE,
        PROGRAM,
        event_id,
        _fit(meta.name, FIELD_WIDTH["H_NAME"], "event name", strict),
        str(len(sections)),
        _date(meta.begin),
        _date(meta.end),
        *(_fit(values[f], w, f, strict) for f, w in TH_FIELDS[7:8]),
        _fit(meta.city, FIELD_WIDTH["H_CITY"], "city", strict),
        *(_fit(values[f], w, f, strict) for f, w in TH_FIELDS[9:]),
    ]
    ts_rows: list[list[str]] = []
    td_rows: list[list[str]] = []
    for num, t in enumerate(sections, 1):
        ts_rows.append(_section_row(t, num, event_id, values, strict))
        for p in sorted(t.players, key=lambda p: p.start_no):
            rating = p.rating("USCF")
            row = [
                event_id,
                str(num),
                _number(p.start_no, 4, "pairing number"),
                _fit(p.national_id("USCF"), 8, f"US Chess ID of pair {p.start_no}", strict),
                _fit(p.name, FIELD_WIDTH["D_NAME"], f"name of pair {p.start_no}", strict),
                _fit(p.extras.get("uscf:state", ""), 2, f"state of pair {p.start_no}", strict),
                "" if rating is None else _number(rating, 4, f"rating of pair {p.start_no}"),
            ]
            row += [round_cell(p.result(r)) for r in range(1, n_rounds + 1)]
            if any(len(c) > ROUND_WIDTH for c in row[len(TD_FIELDS) :]):
                raise WriteError(f"a round cell of pair {p.start_no} is wider than 7 characters")
            td_rows.append(row)
    date = _header_date(meta)
    rounds = [(f"D_RND{r:02d}", ROUND_WIDTH) for r in range(1, n_rounds + 1)]
    return {
        FILE_NAMES[0]: build(TH_FIELDS, [th], date),
        FILE_NAMES[1]: build(TS_FIELDS, ts_rows, date),
        FILE_NAMES[2]: build((*TD_FIELDS, *rounds), td_rows, date),
    }


def _section_row(
    t: Tournament, num: int, event_id: str, values: dict[str, str], strict: bool
) -> list[str]:
    ext = dict(t.extras)
    ctd = ext.get(SECTION_TD_KEYS[0][1], values["H_CTD_ID"])
    atd = ext.get(SECTION_TD_KEYS[1][1], values["H_ATD_ID"])
    sec = {f: ext.get(key, default) for f, key, default in SECTION_EXTRAS}
    trn = ext.get("uscf:trn_type", "R" if t.is_round_robin else "S")
    last_pair = max((p.start_no for p in t.players), default=0)
    return [
        event_id,
        str(num),
        _fit(t.section, FIELD_WIDTH["S_SEC_NAME"], "section name", strict),
        _fit(sec["S_R_SYSTEM"], 1, "rating system", strict),
        _fit(t.time_control, FIELD_WIDTH["S_TIMECTL"], "time control", strict),
        _fit(ctd, 8, "chief TD id", strict),
        _fit(atd, 8, "assistant TD id", strict),
        _fit(trn, 1, "tournament type", strict),
        _number(t.rounds, 2, "number of rounds"),
        _number(last_pair, 4, "last pairing number"),
        _date(t.start_date),
        _date(t.end_date),
        _fit(sec["S_SCH_LVL"], 1, "scholastic level", strict),
        _fit(sec["S_GR_PRIX"], 1, "Grand Prix flag", strict),
        _fit(sec["S_GP_PTS"], 3, "Grand Prix points", strict),
        _fit(sec["S_FIDE"], 1, "FIDE flag", strict),
    ]


def _header_date(meta: EventMeta) -> _dt.date:
    """The tables' "last update" date: the event's end (or start) date, else 2000-01-01,
    so that the same tournament always gives the same bytes."""
    for d in (meta.end, meta.begin):
        if d is not None and d.value is not None and 1900 <= d.value.year <= 2155:
            return d.value
    return _dt.date(2000, 1, 1)


def zip_files(files: dict[str, bytes], date: _dt.date | None = None) -> bytes:
    """The files as a deterministic zip (how bundles travel through :mod:`swisstb_io.api`)."""
    stamp = date or _dt.date(2000, 1, 1)
    if stamp.year < 1980:
        stamp = _dt.date(1980, 1, 1)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, (stamp.year, stamp.month, stamp.day, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return buf.getvalue()


def write(t: Tournament, options: WriteOptions) -> bytes:
    """The registry writer: one tournament as a one-section report, zipped."""
    return write_event([t], options)


def write_event(sections: Sequence[Tournament], options: WriteOptions) -> bytes:
    """The registry's sections writer: ``sections`` as one report, zipped."""
    meta = EventMeta.from_sections(sections)
    return zip_files(write_sections(sections, meta, strict=options.strict), _header_date(meta))
