"""Write a tournament as swisstb_io XML, validated against the shipped XSD."""

from __future__ import annotations

import base64
from collections.abc import Mapping

from lxml import etree

from ..errors import WriteError
from ..model import DEFAULT_POINTS, Color, DateText, Player, Team, Tournament
from ..registry import WriteOptions
from ._common import NAMESPACE, NOT_XML, NS, SCORING_ATTRS, VERSION, plain, points_text, schema


def _text(value: str, what: str) -> str:
    bad = NOT_XML.search(value)
    if bad is not None:
        raise WriteError(
            f"{what} {value!r} holds the character U+{ord(bad.group()):04X}, "
            "which XML cannot hold; remove it"
        )
    return value


def _set(el: etree._Element, attr: str, value: str, what: str) -> None:
    """Set ``attr`` unless ``value`` is the model default ("")."""
    if value != "":
        el.set(attr, _text(value, what))


def _sub(parent: etree._Element, tag: str) -> etree._Element:
    return etree.SubElement(parent, NS + tag)


def _extras(parent: etree._Element, extras: Mapping[str, str], what: str) -> None:
    for key, value in extras.items():
        el = _sub(parent, "extra")
        el.set("key", _text(key, f"{what} extras key"))
        if NOT_XML.search(value) is None:
            el.set("value", value)
        else:
            el.set("value", base64.b64encode(value.encode("utf-8", "surrogatepass")).decode())
            el.set("encoding", "base64")


def _date(parent: etree._Element, tag: str, date: DateText | None) -> None:
    if date is None:
        return
    el = _sub(parent, tag)
    el.set("text", _text(date.text, tag))
    if date.value is not None:
        el.set("value", date.value.isoformat())


def _player(parent: etree._Element, p: Player) -> None:
    what = f"player {p.start_no}"
    el = _sub(parent, "player")
    el.set("startNo", str(p.start_no))
    el.set("name", _text(p.name, f"{what}: name"))
    _set(el, "sex", p.sex, f"{what}: sex")
    _set(el, "title", p.title, f"{what}: title")
    if p.fide_rating is not None:
        el.set("fideRating", str(p.fide_rating))
    _set(el, "federation", p.federation, f"{what}: federation")
    _set(el, "fideId", p.fide_id, f"{what}: FIDE ID")
    _set(el, "birth", p.birth, f"{what}: birth date")
    _set(el, "team", p.team, f"{what}: team")
    if p.declared_points is not None:
        el.set("points", points_text(p.declared_points))
    if p.declared_rank is not None:
        el.set("rank", str(p.declared_rank))
    for rating in p.ratings:
        r = _sub(el, "rating")
        r.set("system", _text(rating.system, f"{what}: rating list"))
        r.set("value", str(rating.value))
    for system, ident in p.national_ids:
        n = _sub(el, "nationalId")
        n.set("system", _text(system, f"{what}: ID system"))
        n.set("id", _text(ident, f"{what}: national ID"))
    for adj in p.adjustments:
        a = _sub(el, "adjustment")
        a.set("points", points_text(adj.points))
        if adj.round is not None:
            if adj.round < 1:
                raise WriteError(f"{what}: adjustment round {adj.round} is not a round "
                                 "number (1 or more; None for the whole event)")
            a.set("round", str(adj.round))
        _set(a, "note", adj.note, f"{what}: adjustment note")
    _extras(el, p.extras, what)
    for no, res in enumerate(p.results, 1):
        r = _sub(el, "round")
        r.set("no", str(no))
        r.set("outcome", res.outcome.value)
        if res.opponent is not None:
            r.set("opponent", str(res.opponent))
        if res.color is not Color.NONE:
            r.set("color", res.color.value)


def _team(parent: etree._Element, team: Team) -> None:
    el = _sub(parent, "team")
    el.set("name", _text(team.name, "team name"))
    if team.number is not None:
        el.set("number", str(team.number))
    for member in team.members:
        _sub(el, "member").set("startNo", str(member))
    _extras(el, team.extras, f"team {team.name!r}")


def build(t: Tournament) -> etree._ElementTree:
    """The XML tree of ``t`` (not yet validated)."""
    root = etree.Element(NS + "tournament", nsmap={None: NAMESPACE})
    root.set("version", VERSION)
    _set(root, "name", t.name, "tournament name")
    _set(root, "section", t.section, "section")
    _set(root, "city", t.city, "city")
    _set(root, "federation", t.federation, "federation")
    _set(root, "chiefArbiter", t.chief_arbiter, "chief arbiter")
    _set(root, "timeControl", t.time_control, "time control")
    _set(root, "type", t.tournament_type, "tournament type")
    _set(root, "system", t.pairing_system, "pairing system")
    if t.total_rounds is not None:
        root.set("rounds", str(t.total_rounds))
    _date(root, "startDate", t.start_date)
    _date(root, "endDate", t.end_date)
    for name in t.deputy_arbiters:
        _sub(root, "deputyArbiter").set("text", _text(name, "deputy arbiter"))
    for text in t.round_dates:
        _sub(root, "roundDate").set("text", _text(text, "round date"))
    if t.point_system != DEFAULT_POINTS:
        scoring = _sub(root, "scoring")
        for field, attr in SCORING_ATTRS:
            value = getattr(t.point_system, field)
            if value != getattr(DEFAULT_POINTS, field):
                scoring.set(attr, points_text(value))
    for tag, codes in (("tiebreaks", t.tiebreaks), ("standings", t.standings_order)):
        if codes:
            holder = _sub(root, tag)
            for code in codes:
                _sub(holder, "tb").set("code", _text(code, "tie-break code"))
    _extras(root, t.extras, "tournament")
    players = _sub(root, "players")
    for p in t.players:
        _player(players, p)
    if t.teams:
        teams = _sub(root, "teams")
        for team in t.teams:
            _team(teams, team)
    return etree.ElementTree(root)


def write_xml(t: Tournament, options: WriteOptions) -> bytes:
    """Serialise ``t``; raises :class:`WriteError` if the result would not validate."""
    tree = build(t)
    xsd = schema()
    if not xsd.validate(tree):
        err = next(iter(xsd.error_log))
        raise WriteError(f"the XML would not match {NAMESPACE}: {plain(err.message)}")
    body: bytes = etree.tostring(tree, xml_declaration=False, encoding="UTF-8", pretty_print=True)
    out = b'<?xml version="1.0" encoding="UTF-8"?>\n' + body
    if options.newline and options.newline != "\n":
        out = out.replace(b"\n", options.newline.encode("ascii"))
    return out
