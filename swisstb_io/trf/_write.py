"""The TRF writer: original text where the model still says the same, the model elsewhere.

The reader leaves a layout (``extras["trf:layout"]``, see :mod:`._lines`): every line in
file order with the key of the model element it encodes, and only what the canonical text
built from the model cannot give back (edits of the canonical text under its checksum, or
the text of a line that has no canonical text; an ending other than the file's newline).
A bare key writes the canonical text; edits rebuild the original while the canonical text
still has their checksum; a stored text is decoded again and kept while it equals the
model.  Elements the model gained go after the last line of their group.  See
formats/trf/README.md ("Writing").
"""

from __future__ import annotations

import codecs
from collections import defaultdict
from dataclasses import replace
from typing import Any

from ..errors import FormatError, WriteError
from ..limits import MAX_ROUNDS
from ..model import Outcome, Player, RoundResult, Team, Tournament
from ..registry import WriteOptions
from ..teams.kinds import says_team_event
from . import _headers as H
from . import _lines
from . import _render as R
from ._checks import adjustments
from ._decode import EOL_BY_NAME
from ._points import point_system
from ._read import LAYOUT_KEY, TRF2026_CODES, is_national, national_code
from ._records import parse_013, parse_310, parse_national, parse_player

RESERVED = frozenset({"trf:version", "trf:encoding", "trf:newline", "trf:bom",
                      "trf:final-newline", LAYOUT_KEY})
ONLY_2026_HEADERS = frozenset({"142", "192", "202", "212"})
HEAD_VERBATIM = frozenset({"062", "072", "082", "112", "152", "172", "182", "222", "352", "362",
                           "XXC", "XXS"})
"""Verbatim records that belong with the tournament header when no layout places them."""
GROUPS = ("head", "player", "national", "team", "tail")
Out = list[tuple[str, str | None]]


def _line_values(p: Player) -> tuple[Any, ...]:
    """What a player's 001 line encodes (mutual forfeits are '-' on each line)."""
    results = [RoundResult(Outcome.FORFEIT_LOSS, r.opponent, r.color)
               if r.outcome is Outcome.DOUBLE_FORFEIT else r for r in p.results]
    while results and results[-1].outcome is Outcome.NOT_PAIRED and results[-1].opponent is None:
        results.pop()
    return (p.start_no, p.name, p.sex, p.title, p.fide_rating, p.federation, p.fide_id,
            p.birth, p.declared_points, p.declared_rank, tuple(results))


def _point_code(key: str) -> str:
    """``pts:<code>`` names its record."""
    if not key[4:]:
        raise ValueError("a point record without its code")
    return key[4:]


def _teams(t: Tournament) -> tuple[Team, ...]:
    """The team records: the event's teams, else, for an event that says it is a team
    event (its pairing system), its players' teams.  A player's team in an individual
    event is a club, and a team record would make it a team event: not written
    (``player.team:individual``, said by ``convert``)."""
    if t.teams:
        return t.teams
    if not says_team_event(t):
        return ()
    members: dict[str, list[int]] = {}
    for p in sorted(t.players, key=lambda p: p.start_no):
        if p.team:
            members.setdefault(p.team, []).append(p.start_no)
    return tuple(Team(name, tuple(m)) for name, m in members.items())


def _team_values(team: Team) -> tuple[Any, ...]:
    return (team.name, team.members, team.number,
            {k: v for k, v in team.extras.items() if k.startswith("trf:")})


class _Writer:
    def __init__(self, t: Tournament, options: WriteOptions) -> None:
        self.t = t
        self.options = options
        self.read_version = t.extras.get("trf:version")
        self.version = options.version or self.read_version or "2026"
        if self.version not in ("16", "2026"):
            raise WriteError(f"unknown TRF version {self.version!r}; use '16' or '2026'")
        self.v2026 = self.version == "2026"
        self.converting = self.read_version is not None and self.read_version != self.version
        self.by_sn = {p.start_no: p for p in t.players}
        self.teams = _teams(t)
        self.out: Out = []
        self.anchor: dict[str, int] = {}
        self.done_players: set[int] = set()
        self.done_headers: set[str] = set()
        self.done_deputies: set[int] = set()
        self.done_nationals: set[tuple[int, str]] = set()
        self.done_teams: set[int] = set()
        self.verbatim_seen: dict[str, int] = {}
        self.point_lines: list[tuple[str, str, int]] = []
        self.from_file = False
        """True once a layout was walked: the model was read from a TRF file."""

    # -- helpers ------------------------------------------------------------------------
    def emit(self, group: str, text: str, eol: str | None) -> None:
        self.out.append((text, eol))
        if group != "head" or "player" not in self.anchor:
            self.anchor[group] = len(self.out)  # new header records go before the players

    def allowed(self, code: str) -> bool:
        return self.v2026 or code not in TRF2026_CODES

    def verbatim(self) -> dict[str, list[str]]:
        return {k[4:]: v.split("\n") for k, v in self.t.extras.items()
                if k.startswith("trf:") and k not in RESERVED and v != ""}

    # -- the layout walk ----------------------------------------------------------------
    def from_model(self, key: str, text: _lines.Patch | None) -> str | None:
        """The line for an element whose original text the layout does not hold: the
        original rebuilt from the canonical text and the patch while the model still
        renders the same, else the canonical text (``None``: nothing to write)."""
        canonical = _lines.render(key, self.t, self.by_sn, self.teams, self.options.strict)
        if text is None or canonical is None:
            return canonical
        original = _lines.apply(text, canonical)
        return canonical if original is None else original

    def walk(self, layout: list[_lines.Entry]) -> None:
        self.from_file = True
        rows = self.verbatim()
        points = [(_point_code(k), text) for k, text, _ in layout
                  if k.partition(":")[0] == "pts"]
        original_points = [(code, self.point_text(code, text), 0) for code, text in points]
        points_same = bool(points) and point_system(original_points, "") == self.t.point_system
        for key, text, eol in layout:
            kind, _, rest = key.partition(":")
            if kind == "":
                line = text if isinstance(text, str) else self.from_model(key, text)
                self.emit("none", line or "", eol)
            elif kind == "001":
                self.player(int(rest), text, eol)
            elif kind == "h":
                self.header(rest, text, eol)
            elif kind == "112":
                self.deputy(int(rest), text, eol)
            elif kind == "pts":
                self.points(_point_code(key), text, eol, points_same)
            elif kind == "n":
                code, _, sn = rest.partition(":")
                self.national(code, int(sn), text, eol)
            elif kind in ("013", "310"):
                self.team(kind, int(rest), text, eol)
            elif kind == "x":
                code, _, idx = rest.rpartition(":")
                self.verbatim_line(code, int(idx), rows, eol)

    def player(self, sn: int, text: str | _lines.Patch | None, eol: str | None) -> None:
        p = self.by_sn.get(sn)
        if p is None or sn in self.done_players:
            return
        self.done_players.add(sn)
        if not isinstance(text, str):
            self.emit("player", self.from_model(f"001:{sn}", text) or "", eol)
            return
        try:
            same = _line_values(parse_player(text, "", 0, None)) == _line_values(p)
        except FormatError:
            same = False
        self.emit("player", text if same else R.player_line(p, self.t.point_system,
                                                            self.options.strict), eol)

    def header(self, code: str, text: str | _lines.Patch | None, eol: str | None) -> None:
        if code not in H.HEADER_CODES:
            raise ValueError(f"no header record {code!r}")
        if code in self.done_headers or (not self.v2026 and code in ONLY_2026_HEADERS):
            return
        self.done_headers.add(code)
        if not isinstance(text, str):
            line = self.from_model(f"h:{code}", text)
        else:
            try:
                same = H.decode(code, text, "", 0) == H.model_value(code, self.t)
            except FormatError:
                same = False
            line = text if same else H.render(code, self.t)
        if line is not None:
            self.emit("head", line, eol)

    def deputy(self, i: int, text: str | _lines.Patch | None, eol: str | None) -> None:
        deputies = self.t.deputy_arbiters
        if i >= len(deputies):
            return
        self.done_deputies.add(i)
        if isinstance(text, str) and H.text_of(text) == deputies[i]:
            self.emit("head", text, eol)
        else:
            patch = None if isinstance(text, str) else text
            self.emit("head", self.from_model(f"112:{i}", patch) or "", eol)

    def point_text(self, code: str, text: str | _lines.Patch | None) -> str:
        """A point record's original text, or its canonical text when that is unknown."""
        if isinstance(text, str):
            return text
        canonical = _lines.point_line(code, self.t.point_system)
        original = None if text is None else _lines.apply(text, canonical)
        return canonical if original is None else original

    def points(self, code: str, text: str | _lines.Patch | None, eol: str | None,
               same: bool) -> None:
        if not self.allowed(code):
            return
        line = self.point_text(code, text) if same \
            else _lines.point_line(code, self.t.point_system)
        self.point_lines.append((code, line, 0))
        self.emit("head", line, eol)

    def national(self, code: str, sn: int, text: str | _lines.Patch | None,
                 eol: str | None) -> None:
        p = self.by_sn.get(sn)
        if not self.v2026 or p is None:
            return
        if p.rating(code) is None and not p.national_id(code):
            return
        self.done_nationals.add((sn, code))
        if not isinstance(text, str):
            self.emit("national", self.from_model(f"n:{code}:{sn}", text) or "", eol)
            return
        try:
            _, rating, ident = parse_national(text, "", 0)
            same = (rating, ident) == (p.rating(code), p.national_id(code))
        except FormatError:
            same = False
        self.emit("national", text if same else R.national_line(p, code, text), eol)

    def team(self, kind: str, i: int, text: str | _lines.Patch | None, eol: str | None) -> None:
        if i >= len(self.teams) or (self.converting and (kind == "013") == self.v2026):
            return  # on conversion 013 becomes 310 in TRF-2026, and the reverse in TRF16
        team = self.teams[i]
        self.done_teams.add(i)
        if not isinstance(text, str):
            self.emit("team", self.from_model(f"{kind}:{i}", text) or "", eol)
            return
        try:
            if kind == "310":
                same = _team_values(parse_310(text, "", 0)) == _team_values(team)
            else:
                old = parse_013(text, "", 0)
                same = (old.name, old.members) == (team.name, team.members)
        except FormatError:
            same = False
        self.emit("team", text if same else R.team_310(team, i) if kind == "310"
                  else R.team_013(team), eol)

    def verbatim_line(self, code: str, idx: int, rows: dict[str, list[str]],
                      eol: str | None) -> None:
        self.verbatim_seen[code] = max(self.verbatim_seen.get(code, -1), idx)
        lines = rows.get(code, [])
        if idx >= len(lines) or not self.allowed(code) or (is_national(code, lines[idx]) \
                and not self.v2026):
            return
        group = "tail" if code in ("XXR", "XXA", "XXP", "XXZ", "DAT") else "head"
        self.emit(group, lines[idx], eol)

    # -- what the layout did not cover -----------------------------------------------------
    def missing(self) -> dict[str, list[str]]:
        t, add = self.t, defaultdict(list)
        for code in H.ORDER:
            if code in self.done_headers or (code == "XXR" and self.v2026):
                continue
            if code in ONLY_2026_HEADERS and not self.v2026:
                continue
            if code == "XXR" and "142" in self.done_headers:
                continue
            if code == "012" and self.from_file and not t.name:
                continue  # a file read without a 012 record gets none invented
            text = H.render(code, t)
            if text is not None:
                add["head"].append(text)
            if code == "102":
                add["head"].extend(f"112 {deputy}" for i, deputy in enumerate(t.deputy_arbiters)
                                   if i not in self.done_deputies)
        add["head"].extend(self.missing_points())
        rows = self.verbatim()
        colour = rows.get("152", [""])[0][4:5].upper()
        if not self.v2026 and "XXC" not in rows and colour in ("W", "B"):
            add["head"].append("XXC white1" if colour == "W" else "XXC black1")
        for code, lines in rows.items():
            start = self.verbatim_seen.get(code, -1) + 1
            group = "head" if code in HEAD_VERBATIM else "tail"
            for line in lines[start:]:
                if self.allowed(code):
                    add[group].append(line)
        for p in sorted(t.players, key=lambda p: p.start_no):
            if p.start_no not in self.done_players:
                add["player"].append(R.player_line(p, t.point_system, self.options.strict))
        if self.v2026:
            for p in sorted(t.players, key=lambda p: p.start_no):
                systems = [r.system for r in p.ratings] + [s for s, _ in p.national_ids]
                for code in dict.fromkeys(systems):
                    if (p.start_no, code) not in self.done_nationals and national_code(code):
                        add["national"].append(R.national_line(p, code, None))
        for i, team in enumerate(self.teams):
            if i not in self.done_teams:
                add["team"].append(R.team_310(team, i) if self.v2026 else R.team_013(team))
        return add

    def missing_points(self) -> list[str]:
        """Point records to add: 162 in TRF-2026 when the system is not the default, and a
        full XXS whenever the records written so far do not give the model's system."""
        ps = self.t.point_system
        lines: list[str] = []
        if self.v2026 and not ps.is_default and not any(c == "162" for c, _, _ in self.point_lines):
            lines.append(R.line_162(ps))
        written = [*self.point_lines, *((ln[:3], ln, 0) for ln in lines)]
        if point_system(written, "") != ps:
            lines.append(R.line_xxs(ps))
        return lines

    def assemble(self) -> list[tuple[str, str | None]]:
        add = self.missing()
        anchors: dict[str, int] = {}
        previous = 0
        for group in GROUPS[:-1]:
            previous = self.anchor.get(group, previous)
            anchors[group] = previous
        anchors["tail"] = len(self.out)
        inserts: dict[int, list[str]] = defaultdict(list)
        for group in GROUPS:
            inserts[anchors[group]].extend(add.get(group, []))
        result: list[tuple[str, str | None]] = []
        for i in range(len(self.out) + 1):
            result.extend((text, None) for text in inserts.get(i, []))
            if i < len(self.out):
                result.append(self.out[i])
        return result


def write_trf(t: Tournament, options: WriteOptions) -> bytes:
    """Write ``t`` as TRF16 or TRF-2026 (``options.version``, else the version read)."""
    _check_adjustments(t)
    if t.total_rounds is not None and t.total_rounds > MAX_ROUNDS:
        raise WriteError(f"total rounds {t.total_rounds} is more than the {MAX_ROUNDS} rounds "
                         "an event may have")
    if options.player_order not in PLAYER_ORDERS:
        raise WriteError(f"unknown player order {options.player_order!r}; use one of "
                         f"{', '.join(PLAYER_ORDERS)}")
    by_number = options.player_order == "start-number"
    if by_number:
        t = replace(t, players=tuple(sorted(t.players, key=lambda p: p.start_no)))
    w = _Writer(t, options)
    raw = t.extras.get(LAYOUT_KEY)
    if raw:
        try:
            layout = _lines.decode(raw)
        except (ValueError, RecursionError):
            raise WriteError(f"extras[{LAYOUT_KEY!r}] is damaged; remove it to write the "
                             "model from scratch") from None
        try:
            if by_number:
                _number_order(layout)
            w.walk(layout)
        except WriteError:
            raise
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            raise WriteError(f"extras[{LAYOUT_KEY!r}] is damaged; remove it to write the "
                             "model from scratch") from None
    lines = w.assemble()
    return _encode(lines, t, options)


PLAYER_ORDERS = ("as-read", "start-number")


def _number_order(layout: list[_lines.Entry]) -> None:
    """Put the layout's 001 lines in start-number order, each in the place of one, in place
    (the other records keep their places)."""
    slots = [k for k, entry in enumerate(layout) if entry[0].startswith("001:")]
    ordered = sorted((layout[k] for k in slots), key=lambda entry: int(entry[0][4:]))
    for k, entry in zip(slots, ordered, strict=True):
        layout[k] = entry


def _check_adjustments(t: Tournament) -> None:
    """Point adjustments are written only as the 299 records they were read from: refuse a
    model whose adjustments differ from those records rather than drop the change."""
    kept = {} if t.teams else adjustments(t.extras.get("trf:299", "").splitlines())
    for p in t.players:
        if tuple(kept.get(p.start_no, ())) != p.adjustments:
            raise WriteError(
                f"player {p.start_no}: the point adjustments (bonus/penalty) differ from "
                "the 299 records in extras['trf:299']; the TRF writer does not write "
                "adjustments from the model: write the event as XML, or edit "
                "extras['trf:299'] to match"
            )


def _encode(lines: list[tuple[str, str | None]], t: Tournament, options: WriteOptions) -> bytes:
    ex = t.extras
    newline = options.newline or EOL_BY_NAME.get(ex.get("trf:newline", ""), "\r\n")
    final = options.newline is not None or ex.get("trf:final-newline") != "no"
    parts: list[str] = []
    last = len(lines) - 1
    for i, (text, eol) in enumerate(lines):
        if "\r" in text or "\n" in text:
            raise WriteError(f"line {i + 1} ({text[:20]!r}...): a value holds a line break")
        if options.newline is not None or not eol:
            eol = newline
        if i == last and not final:
            eol = ""
        parts.append(text + eol)
    text = "".join(parts)
    encoding = options.encoding or ex.get("trf:encoding", "utf-8")
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        raise WriteError(f"unknown encoding {encoding!r}") from None
    bom = name == "utf-8-sig" or (options.encoding is None and ex.get("trf:bom") == "yes")
    if name == "utf-8-sig":
        name = "utf-8"
    try:
        data = text.encode(name)
    except UnicodeEncodeError as exc:
        line_no = text.count("\n", 0, exc.start) + 1 if "\n" in newline else \
            text.count(newline, 0, exc.start) + 1
        raise WriteError(f"line {line_no}: character {text[exc.start]!r} cannot be written in "
                         f"{encoding}; write UTF-8 instead") from None
    return (b"\xef\xbb\xbf" + data) if bom and name == "utf-8" else data
