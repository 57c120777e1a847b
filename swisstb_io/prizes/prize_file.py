"""Read a prize file (TOML, ``formats/prizes-toml.md``) into a :class:`PrizeFile`.

``tomllib`` reads the syntax (its errors carry ``line N, column M``); this module checks
the meaning and points at the offending key with :class:`~.locate.KeyLocator`.  Every
problem is a :class:`PrizeFileError`: ``path:line:col: what is wrong (and the fix)``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..errors import FormatError, Location
from ..files import read_file
from ..limits import MAX_FILE_BYTES
from .locate import KeyLocator
from .model import (
    CarveOut,
    EventSettings,
    Fund,
    FundMode,
    Group,
    Kind,
    LimitExcess,
    Limits,
    OnVacate,
    PrizeFile,
    Rounding,
    Rule32B3,
    Sharing,
    System,
    Unrated,
)
from .toml_values import TableReader

SCHEMA = "swisstb-prizes/1"

class PrizeFileError(FormatError):
    """A prize file that cannot be used."""


_TOP_KEYS = {"schema", "event", "fund", "limits", "group"}
_EVENT_KEYS = {
    "name", "section", "currency", "unit", "system", "sharing", "rounding", "rating",
    "rating_list", "withdrawn_eligible", "one_item_per_player", "items_follow_cash",
    "rule32b3", "carve_out",
}
_FUND_KEYS = {"mode", "based_on", "entries", "floor_percent", "floor_threshold", "guaranteed"}
_LIMIT_KEYS = {"unrated_max", "excess"}
_GROUP_KEYS = {
    "id", "kind", "cash", "items", "value", "exclusive", "sharing", "share_beyond_last",
    "on_vacate", "min_eligible", "priority", "unrated", "rating",
}
_KIND_KEYS: dict[Kind, set[str]] = {
    Kind.PLACE: set(),
    Kind.UNDER: {"below"},
    Kind.CLASS: {"min", "max"},
    Kind.UNRATED: set(),
    Kind.CRITERIA: {"sex", "born_on_or_after", "born_before", "federation", "tag"},
    Kind.POINTS: {"min_points"},
    Kind.TEAM: {"team_field", "count", "min_members"},
    Kind.SPECIAL: {"award_to"},
}
_CLOSERS = {"array": "]", "inline table": "}", "string": "its closing quotes"}
"""What ends a value ``tomllib`` found still open at the end of the file."""
_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


def chosen_section(pf: PrizeFile, sections: Sequence[str], event_path: str,
                   fix: str = "fix it") -> int | None:
    """The index in ``sections`` (the event's, in file order) of the section the prize
    file's ``[event] section`` names; ``None`` when it names none or the event has no
    sections (a file of one section is that section).  A name that is none of them is a
    :class:`PrizeFileError` at the ``section`` key (``fix``: what to do, in the message)."""
    if not pf.event.section or not sections:
        return None
    index = pf.event.section_index(sections)
    if index is None:
        line, col = pf.event.section_at or (1, 1)
        raise PrizeFileError(f"[event] section {pf.event.section!r} is not a section of "
                             f"{event_path} (its sections: {', '.join(sections)}): {fix}",
                             Location(pf.path, line, col))
    return index


def read_prize_file(path: str) -> PrizeFile:
    """Read and check the prize file at ``path``."""
    try:
        data = read_file(path, MAX_FILE_BYTES, "a prize file")
    except OSError as exc:
        raise PrizeFileError(f"cannot read the prize file: {exc.strerror or exc}",
                             Location(path)) from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        col = len(data[start:exc.start].decode("utf-8", "replace")) + 1
        raise PrizeFileError("a prize file must be UTF-8 text", Location(path, line, col)) \
            from exc
    return parse_prize_file(text, path)


def parse_prize_file(text: str, path: str = "<prizes>") -> PrizeFile:
    """Check the prize file ``text`` (``path`` names it in messages)."""
    try:
        doc = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        where = _TOML_POSITION.search(message)
        if where is None:  # "(at end of document)": the value left open, else the end
            text_at = KeyLocator(text)
            what = message.replace("(at end of document)", "").strip()
            if text_at.unclosed is not None:
                key, (line, col) = text_at.unclosed
                end = next((c for word, c in _CLOSERS.items() if word in what.lower()),
                           "its closing bracket or quotes")
                raise PrizeFileError(f"not valid TOML: {what}: the value of {key} is never "
                                     f"closed (end it with {end})",
                                     Location(path, line, col)) from exc
            raise PrizeFileError(f"not valid TOML: {what} at the end of the file",
                                 Location(path, *text_at.end)) from exc
        raise PrizeFileError(
            f"not valid TOML: {message[: where.start()].strip()}",
            Location(path, int(where.group(1)), int(where.group(2))),
        ) from exc
    return _Reader(text, path).prize_file(doc)


class _Reader:
    def __init__(self, text: str, path: str) -> None:
        self.path = path
        self.where = KeyLocator(text)

    def values(self, t: Mapping[str, Any], table: str, index: int) -> TableReader:
        return TableReader(t, lambda key, message: self.error(message, table, index, key))

    def error(self, message: str, table: str, index: int = 0, key: str = "") -> PrizeFileError:
        line, col = self.where.key(table, index, key) if key else self.where.table(table, index)
        return PrizeFileError(message, Location(self.path, line, col))

    # -- tables -------------------------------------------------------------------------

    def prize_file(self, doc: Mapping[str, Any]) -> PrizeFile:
        self.known(doc, _TOP_KEYS, "", 0, "the top level")
        schema = doc.get("schema")
        if schema != SCHEMA:
            raise self.error(f'the file must start with schema = "{SCHEMA}" (got {schema!r})',
                             "", 0, "schema")
        event = self.event(self.table(doc, "event"))
        fund = self.fund(self.table(doc, "fund"))
        limits = self.limits(self.table(doc, "limits"))
        raw_groups = doc.get("group", [])
        if not isinstance(raw_groups, list):
            raise self.error("group must be an array of tables: write [[group]]", "", 0, "group")
        groups = tuple(self.group(g, i, event) for i, g in enumerate(raw_groups))
        if limits.unrated_max is not None:
            if event.system is not System.USCF:
                raise self.error('[limits] apply to system = "uscf" (32B pooling) only',
                                 "limits", 0, "unrated_max")
            if not event.rating:
                raise self.error("unrated_max needs the rating list that says who is "
                                 'unrated: add rating = "uscf" to [event]',
                                 "limits", 0, "unrated_max")
        if not groups:
            raise self.error("the file has no [[group]] of prizes", "", 0)
        self.check_groups(groups, event, fund)
        return PrizeFile(self.path, event, fund, limits, groups)

    def table(self, doc: Mapping[str, Any], name: str) -> Mapping[str, Any]:
        value = doc.get(name, {})
        if not isinstance(value, dict):
            raise self.error(f"{name} must be a table: write [{name}]", "", 0, name)
        return value

    def known(self, table: Mapping[str, Any], allowed: set[str], name: str, index: int,
              what: str) -> None:
        for key in table:
            if key not in allowed:
                raise self.error(
                    f"unknown key {key!r} in {what} (known: {', '.join(sorted(allowed))})",
                    name, index, key)

    def event(self, t: Mapping[str, Any]) -> EventSettings:
        self.known(t, _EVENT_KEYS, "event", 0, "[event]")
        get = self.values(t, "event", 0)
        system = get.choice("system", System, System.USCF)
        sharing = get.choice("sharing", Sharing, Sharing.NONE)
        if system is System.USCF and "sharing" in t:
            raise get.fail("sharing", 'sharing applies to system = "fide" only; US Chess '
                           "pools tied winners' prizes (32B3): remove it")
        unit = get.money("unit", Fraction(1, 100))
        if unit <= 0:
            raise get.fail("unit", "unit must be a positive amount such as 0.01 or 1")
        return EventSettings(
            name=get.text("name"), section=get.text("section"),
            section_at=self.where.key("event", 0, "section") if "section" in t else None,
            currency=get.text("currency"), unit=unit, system=system, sharing=sharing,
            rounding=get.choice("rounding", Rounding, None),
            rating=get.text("rating"), rating_list=get.text("rating_list"),
            withdrawn_eligible=get.flag("withdrawn_eligible", False),
            one_item_per_player=get.flag("one_item_per_player", True),
            items_follow_cash=get.flag("items_follow_cash", False),
            rule32b3=get.choice("rule32b3", Rule32B3, Rule32B3.AMENDED),
            carve_out=get.choice("carve_out", CarveOut, CarveOut.LARGEST_GAIN),
        )

    def fund(self, t: Mapping[str, Any]) -> Fund:
        self.known(t, _FUND_KEYS, "fund", 0, "[fund]")
        get = self.values(t, "fund", 0)
        mode = get.choice("mode", FundMode, FundMode.GUARANTEED)
        based_on = get.integer("based_on", None)
        if mode is FundMode.BASED_ON and not based_on:
            raise get.fail("mode", 'mode = "based-on" needs based_on = <entries> (e.g. 50)')
        guaranteed = get.strings("guaranteed")
        return Fund(mode=mode, based_on=based_on, entries=get.integer("entries", None),
                    floor_percent=get.money("floor_percent", Fraction(50)),
                    floor_threshold=get.money("floor_threshold", Fraction(500)),
                    guaranteed=guaranteed)

    def limits(self, t: Mapping[str, Any]) -> Limits:
        self.known(t, _LIMIT_KEYS, "limits", 0, "[limits]")
        get = self.values(t, "limits", 0)
        cap = get.money("unrated_max", None) if "unrated_max" in t else None
        return Limits(unrated_max=cap,
                      excess=get.choice("excess", LimitExcess, LimitExcess.NEXT_SCORE_GROUP))

    def group(self, t: Any, i: int, event: EventSettings) -> Group:
        if not isinstance(t, dict):
            raise self.error("each group must be a table: write [[group]]", "", 0, "group")
        get = self.values(t, "group", i)
        kind = get.choice("kind", Kind, None)
        if kind is None:
            raise get.fail("", f"group {i + 1} has no kind (one of "
                           f"{', '.join(k.value for k in Kind)})")
        self.known(t, _GROUP_KEYS | _KIND_KEYS[kind], "group", i, f"a {kind.value} group")
        gid = get.text("id")
        if not gid:
            raise get.fail("", f"group {i + 1} needs an id, e.g. id = \"{kind.value}\"")
        sharing = get.choice("sharing", Sharing, None)
        if sharing is not None and event.system is System.USCF:
            raise get.fail("sharing", 'sharing applies to system = "fide" only; remove it')
        default_unrated = Unrated.ONLY if kind is Kind.UNRATED else Unrated.NO
        stacking = kind in (Kind.TEAM, Kind.SPECIAL)
        cash = get.money_list("cash", event.unit)
        for k in range(1, len(cash)):
            if cash[k] > cash[k - 1]:
                raise get.fail("cash", f"place {k + 1} pays more than place {k} "
                               f"({cash[k]} > {cash[k - 1]}): list the places best first")
        g = Group(
            id=gid, kind=kind, index=i, line=self.where.table("group", i)[0], cash=cash,
            items=get.strings("items"), value=get.money_list("value", None),
            exclusive=get.text("exclusive", "" if stacking else "cash"),
            sharing=sharing, share_beyond_last=get.flag("share_beyond_last", None),
            on_vacate=get.choice("on_vacate", OnVacate, OnVacate.PASS),
            min_eligible=get.integer("min_eligible", 0) or 0,
            priority=get.integer("priority", 0) or 0,
            below=get.integer("below", None), min=get.integer("min", None),
            max=get.integer("max", None),
            unrated=get.choice("unrated", Unrated, default_unrated),
            rating=get.text("rating"), sex=get.text("sex").upper(),
            born_on_or_after=get.date("born_on_or_after"), born_before=get.date("born_before"),
            federation=get.text("federation").upper(), tag=get.text("tag"),
            min_points=get.money("min_points", None) if "min_points" in t else None,
            team_field=get.text("team_field", "team"), count=get.integer("count", 4) or 4,
            min_members=get.integer("min_members", None), award_to=get.ids("award_to"),
        )
        self.check_group(g, get, event)
        return g

    # -- meaning ------------------------------------------------------------------------

    def check_group(self, g: Group, get: TableReader, event: EventSettings) -> None:
        if not g.places:
            raise get.fail("", f"group {g.id!r} has no prizes: give cash = [...] or items")
        if g.kind is Kind.UNDER and g.below is None:
            raise get.fail("kind", f"under group {g.id!r} needs below = <rating> "
                           "(players rated strictly below it are eligible)")
        if g.kind is Kind.CLASS:
            if g.min is None or g.max is None:
                raise get.fail("kind", f"class group {g.id!r} needs min and max (inclusive), "
                               "e.g. min = 1600, max = 1799")
            if g.min > g.max:
                raise get.fail("min", f"class group {g.id!r} has min {g.min} > max {g.max}")
        needs_rating = g.rating_bound or g.kind is Kind.UNRATED or g.unrated is not Unrated.NO
        if needs_rating and not (g.rating or event.rating):
            raise get.fail("kind", f"group {g.id!r} depends on ratings but the file names no "
                           'rating list: add rating = "uscf" (or "fide"…) to [event]')
        if g.kind is Kind.POINTS and g.min_points is None:
            raise get.fail("kind", f"points group {g.id!r} needs min_points = <points>")
        if g.kind is Kind.POINTS and len(g.cash) != 1:
            raise get.fail("cash" if "cash" in get.table else "kind",
                           f"points group {g.id!r} pays one amount to every qualifier: "
                           "cash = [20]")
        if event.system is System.USCF:
            for key in ("on_vacate", "share_beyond_last", "value"):
                if key in get.table:
                    raise get.fail(key, f'{key} applies to system = "fide" only; remove it')
        if g.kind is Kind.SPECIAL and len(g.award_to) < len(g.cash):
            raise get.fail("award_to" if "award_to" in get.table else "kind",
                           f"special group {g.id!r} needs award_to = [start number or name, "
                           "one per prize]")
        if g.kind is Kind.TEAM and g.min_members is not None and g.min_members > g.count:
            raise get.fail("min_members", f"min_members {g.min_members} > count {g.count}")

    def check_groups(self, groups: tuple[Group, ...], event: EventSettings, fund: Fund) -> None:
        seen: dict[str, Group] = {}
        for g in groups:
            if g.id in seen:
                raise self.error(f"two groups have the id {g.id!r} (the first is on line "
                                 f"{seen[g.id].line}): give each group its own id",
                                 "group", g.index, "id")
            seen[g.id] = g
        classes = [g for g in groups if g.kind is Kind.CLASS]
        for a_no, a in enumerate(classes):
            for b in classes[a_no + 1:]:
                same_list = (a.rating or event.rating) == (b.rating or event.rating)
                if (same_list and a.exclusive == b.exclusive
                        and a.min is not None and a.max is not None
                        and b.min is not None and b.max is not None
                        and a.min <= b.max and b.min <= a.max):
                    raise self.error(
                        f"class {b.id!r} ({b.min}-{b.max}) overlaps class {a.id!r} "
                        f"({a.min}-{a.max}, line {a.line}): a rating belongs to one class; "
                        "use an under group for nested limits",
                        "group", b.index, "min")
        for gid in fund.guaranteed:
            if gid not in seen:
                raise self.error(f"guaranteed names no group {gid!r}", "fund", 0, "guaranteed")
