"""Read swisstb_io XML: a hardened lxml parse, XSD validation, then the model."""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import re
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from lxml import etree

from ..errors import Diagnostics, FormatError, Location
from ..limits import MAX_ROUNDS, check_rounds
from ..model import (
    EMPTY_EXTRAS,
    Color,
    DateText,
    Outcome,
    Player,
    PointAdjustment,
    PointSystem,
    Rating,
    RoundResult,
    Team,
    Tournament,
)
from ..registry import ReadOptions, ReadResult
from ..validate import check_games, check_points, plain_number, record_places
from ._common import NAMESPACE, NS, SCORING_ATTRS, plain, schema, structure_schema

_PREFIX = "urn:swisstb_io:"
"""How every version of the format's namespace starts."""
_WHERE = re.compile(r",? line \d+, column \d+$")
_ELEMENT = re.compile(r"^Element '(?:\{[^}]*\})?([\w.-]+)'")
_PLAYERS = NS + "players"
_PLAYER = NS + "player"


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        dtd_validation=False,
    )


class _Ctx:
    def __init__(self, path: str, data: bytes) -> None:
        self.path = path
        self.data = data

    def at(self, el: etree._Element) -> Location:
        line = el.sourceline
        col = _tag_column(self.data, line, etree.QName(el).localname) if line else None
        return Location(self.path, line, col)

    def fail(self, el: etree._Element, message: str) -> FormatError:
        return FormatError(message, self.at(el))


def _where(data: bytes, needle: bytes, path: str) -> Location:
    """The line and column of the first ``needle`` in ``data`` (line 1 if absent)."""
    pos = data.find(needle)
    if pos < 0:
        return Location(path, 1)
    start = data.rfind(b"\n", 0, pos) + 1
    col = len(data[start:pos].decode("utf-8", "replace")) + 1
    return Location(path, data.count(b"\n", 0, pos) + 1, col)


def _parse(data: bytes, path: str) -> etree._ElementTree:
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:
        line, col = exc.position
        message = _WHERE.sub("", plain(exc.msg))
        raise FormatError(
            f"not well-formed XML: {message}", Location(path, line or 1, col or None)
        ) from exc
    except (etree.LxmlError, ValueError) as exc:  # e.g. an unknown encoding declaration
        raise FormatError(f"cannot parse the XML: {exc}", Location(path, 1)) from exc
    if root is None:
        raise FormatError("the file holds no XML element", Location(path, 1))
    tree = root.getroottree()
    dtd = tree.docinfo.internalDTD
    if dtd is not None and any(True for _ in dtd.iterentities()):
        raise FormatError(
            "the DOCTYPE declares entities, which swisstb_io XML never uses and does not "
            "accept from untrusted files; remove the DOCTYPE",
            _where(data, b"<!ENTITY", path),
        )
    return tree


def _check_root(tree: etree._ElementTree, data: bytes, path: str) -> None:
    root = tree.getroot()
    qname = etree.QName(root)
    if qname.namespace == NAMESPACE and qname.localname == "tournament":
        return
    line = root.sourceline
    where = Location(path, line, _tag_column(data, line, qname.localname) if line else None)
    if qname.namespace and qname.namespace.startswith(_PREFIX):
        raise FormatError(
            f"namespace {qname.namespace!r} is a swisstb_io XML version this reader does not "
            f"know; it reads {NAMESPACE!r}",
            where,
        )
    shown = f"{{{qname.namespace}}}{qname.localname}" if qname.namespace else qname.localname
    raise FormatError(
        f"the root element is <{shown}>; a swisstb_io XML file starts with "
        f'<tournament xmlns="{NAMESPACE}" version="1">',
        where,
    )


def _tag_column(data: bytes, line: int, localname: str) -> int | None:
    """Where the first ``<localname`` on ``line`` starts (libxml2 gives no column)."""
    lines = data.split(b"\n", line)
    if line < 1 or len(lines) < line:
        return None
    text = lines[line - 1].decode("utf-8", "replace")
    tag = re.search(r"<(?:[\w.-]+:)?" + re.escape(localname) + r"[\s/>]", text + " ")
    return tag.start() + 1 if tag else None


def _column(data: bytes, line: int, message: str) -> int | None:
    found = _ELEMENT.match(message)
    return None if found is None else _tag_column(data, line, found.group(1))


def _validate(tree: etree._ElementTree, data: bytes, path: str) -> None:
    """Validate against the schema: without its ``xs:unique`` plus a check of the
    ``startNo`` texts, and with the whole schema (for its exact message) if either fails."""
    if structure_schema().validate(tree):
        players = tree.getroot().find(_PLAYERS)
        numbers = [] if players is None else [
            p.get("startNo") for p in players.iterchildren(_PLAYER)
        ]
        if len(set(numbers)) == len(numbers):
            return
    xsd = schema()
    if xsd.validate(tree):
        return
    err = next(iter(xsd.error_log))
    line = err.line or None
    col = err.column or (_column(data, line, err.message) if line else None)
    raise FormatError(
        f"does not match the swisstb XML schema: {plain(err.message)}",
        Location(path, line, col),
    )


def _opt_int(el: etree._Element, attr: str) -> int | None:
    value = el.get(attr)
    return None if value is None else int(value)


def _children(el: etree._Element, tag: str) -> list[etree._Element]:
    return list(el.iterchildren(NS + tag))


def _extras(el: etree._Element, ctx: _Ctx) -> Mapping[str, str]:
    found: dict[str, str] = {}
    for x in _children(el, "extra"):
        key = x.get("key", "")
        if key in found:
            raise ctx.fail(x, f"extra key {key!r} appears twice; keep one")
        value = x.get("value", "")
        if x.get("encoding") == "base64":
            try:
                value = base64.b64decode(value, validate=True).decode("utf-8", "surrogatepass")
            except (binascii.Error, UnicodeDecodeError) as exc:
                raise ctx.fail(
                    x, f"extra {key!r}: value {value[:40]!r} is not base64 of UTF-8 text"
                ) from exc
        found[key] = value
    return MappingProxyType(found) if found else EMPTY_EXTRAS


def _date(el: etree._Element | None, ctx: _Ctx) -> DateText | None:
    if el is None:
        return None
    value = el.get("value")
    if value is None:
        return DateText(el.get("text", ""))
    try:
        parsed = dt.date.fromisoformat(value)
    except ValueError as exc:
        raise ctx.fail(el, f"date value {value!r} is not a real date (use YYYY-MM-DD)") from exc
    return DateText(el.get("text", ""), parsed)


_OUTCOMES: Mapping[str, Outcome] = {o.value: o for o in Outcome}
_COLORS: Mapping[str | None, Color] = {None: Color.NONE, **{c.value: c for c in Color}}

_Rounds = dict[tuple[str, str | None, str | None], RoundResult]
"""A round's attribute texts (outcome, opponent, colour) -> its result: one per read (most
rounds of a file recur)."""


def _round_error(r: etree._Element, ctx: _Ctx, start_no: int, no: int, done: int) -> FormatError:
    after = f"follows round {done}" if done else "is the first one listed"
    return ctx.fail(
        r,
        f"player {start_no}: round {no} {after}; list every round from 1 in order "
        '(outcome="not-paired" for a round without a game)',
    )


def _results(
    el: etree._Element, ctx: _Ctx, start_no: int, rounds: _Rounds
) -> tuple[list[RoundResult], bool]:
    """The player's rounds and whether the player has other child elements too.

    The schema has checked every attribute already, and only a ``<round>`` has an
    ``outcome`` (it must), so that attribute tells the rounds from the other elements
    (comments and processing instructions are not elements).
    """
    results: list[RoundResult] = []
    others = False
    for r in el.iterchildren(etree.Element):
        outcome = r.get("outcome")
        if outcome is None:  # rating, nationalId, adjustment, extra
            others = True
            continue
        if len(results) >= MAX_ROUNDS:
            raise ctx.fail(r, f"player {start_no}: round {len(results) + 1}: more rounds "
                           f"than the {MAX_ROUNDS} an event may have")
        no = int(r.get("no", "0"))
        if no != len(results) + 1:
            raise _round_error(r, ctx, start_no, no, len(results))
        key = (outcome, r.get("opponent"), r.get("color"))
        res = rounds.get(key)
        if res is None:
            opponent = key[1]
            res = rounds[key] = RoundResult(
                _OUTCOMES[outcome], None if opponent is None else int(opponent), _COLORS[key[2]]
            )
        results.append(res)
    return results, others


def _points(text: str | None, cache: dict[str, Fraction]) -> Fraction | None:
    if text is None:
        return None
    value = cache.get(text)
    if value is None:
        value = cache[text] = Fraction(text)
    return value


def _player(
    el: etree._Element, ctx: _Ctx, rounds: _Rounds, points: dict[str, Fraction]
) -> Player:
    start_no = int(el.get("startNo", "0"))
    results, others = _results(el, ctx, start_no, rounds)
    ratings: tuple[Rating, ...] = ()
    national_ids: tuple[tuple[str, str], ...] = ()
    adjustments: tuple[PointAdjustment, ...] = ()
    extras: Mapping[str, str] = EMPTY_EXTRAS
    if others:
        ratings = tuple(
            Rating(r.get("system", ""), int(r.get("value", "0"))) for r in _children(el, "rating")
        )
        national_ids = tuple(
            (n.get("system", ""), n.get("id", "")) for n in _children(el, "nationalId")
        )
        extras = _extras(el, ctx)
        adjustments = tuple(
            PointAdjustment(Fraction(a.get("points", "0")), _opt_int(a, "round"),
                            a.get("note", ""))
            for a in _children(el, "adjustment")
        )
    rating = el.get("fideRating")
    rank = el.get("rank")
    return Player(
        start_no=start_no,
        name=el.get("name", ""),
        results=tuple(results),
        sex=el.get("sex", ""),
        title=el.get("title", ""),
        fide_rating=None if rating is None else int(rating),
        ratings=ratings,
        federation=el.get("federation", ""),
        fide_id=el.get("fideId", ""),
        national_ids=national_ids,
        birth=el.get("birth", ""),
        team=el.get("team", ""),
        declared_points=_points(el.get("points"), points),
        declared_rank=None if rank is None else int(rank),
        extras=extras,
        adjustments=adjustments,
    )


def _players(el: etree._Element | None, ctx: _Ctx) -> tuple[Player, ...]:
    if el is None:
        return ()
    rounds: _Rounds = {}
    points: dict[str, Fraction] = {}
    return tuple([_player(p, ctx, rounds, points) for p in el.iterchildren(_PLAYER)])


def _team(el: etree._Element, ctx: _Ctx) -> Team:
    return Team(
        name=el.get("name", ""),
        members=tuple(int(m.get("startNo", "0")) for m in _children(el, "member")),
        number=_opt_int(el, "number"),
        extras=_extras(el, ctx),
    )


def _point_system(el: etree._Element | None) -> PointSystem:
    if el is None:
        return PointSystem()
    values = {field: Fraction(el.get(attr, "")) for field, attr in SCORING_ATTRS if el.get(attr)}
    return PointSystem(**values)


def _codes(el: etree._Element | None) -> tuple[str, ...]:
    return () if el is None else tuple(tb.get("code", "") for tb in _children(el, "tb"))


def to_model(root: etree._Element, ctx: _Ctx) -> Tournament:
    """The tournament a validated ``<tournament>`` element describes."""
    players_el = root.find(NS + "players")
    teams_el = root.find(NS + "teams")
    return Tournament(
        name=root.get("name", ""),
        players=_players(players_el, ctx),
        city=root.get("city", ""),
        federation=root.get("federation", ""),
        start_date=_date(root.find(NS + "startDate"), ctx),
        end_date=_date(root.find(NS + "endDate"), ctx),
        chief_arbiter=root.get("chiefArbiter", ""),
        deputy_arbiters=tuple(d.get("text", "") for d in _children(root, "deputyArbiter")),
        time_control=root.get("timeControl", ""),
        tournament_type=root.get("type", ""),
        pairing_system=root.get("system", ""),
        total_rounds=check_rounds(_opt_int(root, "rounds"), "rounds", ctx.at(root)),
        round_dates=tuple(d.get("text", "") for d in _children(root, "roundDate")),
        point_system=_point_system(root.find(NS + "scoring")),
        tiebreaks=_codes(root.find(NS + "tiebreaks")),
        standings_order=_codes(root.find(NS + "standings")),
        teams=tuple(_team(t, ctx) for t in _children(teams_el, "team"))
        if teams_el is not None
        else (),
        section=root.get("section", ""),
        extras=_extras(root, ctx),
    )


def _check(t: Tournament, tree: etree._ElementTree, path: str, diag: Diagnostics) -> None:
    """The shared game and points checks, pointing at each player's ``<player>`` line."""
    players_el = tree.getroot().find(_PLAYERS)
    lines = {} if players_el is None else {
        int(p.get("startNo", "0")): p.sourceline for p in players_el.iterchildren(_PLAYER)}
    places = record_places(path, lines)
    check_games({p.start_no: p.results for p in t.players}, places, diag, "xml",
                total_rounds=t.total_rounds)
    check_points(t.players, t.point_system, places, diag, "xml", show=plain_number)


def read_xml(data: bytes, path: str, options: ReadOptions) -> ReadResult:
    """Read swisstb_io XML; raises only :class:`FormatError`."""
    tree = _parse(data, path)
    _check_root(tree, data, path)
    _validate(tree, data, path)
    tournament = to_model(tree.getroot(), _Ctx(path, data))
    diag = Diagnostics(options.strict)
    _check(tournament, tree, path, diag)
    encoding = tree.docinfo.encoding or "UTF-8"
    return ReadResult(
        tournament=tournament,
        format="xml",
        encoding=encoding.lower(),
        diagnostics=diag.freeze(),
        details=MappingProxyType({"schema": NAMESPACE, "xml version": tree.docinfo.xml_version}),
    )
