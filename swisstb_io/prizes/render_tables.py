"""The prize list as the report table's prize part (:class:`~swisstb_io.reports.PrizeList`:
lines, tables of awards, items, teams, players, prizes not awarded and settings, what
each player won, and the ``swisstb-prizes/1`` document), which every report format prints;
and the flat CSV of every award, cash, items and team prizes (``swisstb prizes --format
csv``).

The text, Markdown and HTML layouts are the report backends' (:mod:`swisstb_io.reports`):
:func:`to_text`, :func:`to_md` and :func:`to_html` print the prize list alone with them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from fractions import Fraction

from ..errors import readable_path
from ..numbers import exact
from ..reports import PrizeList, Table
from ..reports.html_report import prize_page
from ..reports.md_report import prize_markdown
from ..reports.text_report import prize_text
from ..textsafe import report_cell as safe
from .model import System
from .money import money, points_text
from .render_json import to_json
from .result import PrizeResult

Money = Callable[[Fraction], str]

_SYSTEM = {System.USCF: "US Chess 32B: tied players pool and share cash",
           System.FIDE: "by ranking (FIDE-style), shared as each group says"}


def prize_cells(result: PrizeResult) -> dict[int, str]:
    """Per start number, what the player won: ``$216.67``, ``$500.00 + 1st place trophy``,
    ``Top U1800 trophy``; players who won nothing are left out."""
    ev = result.prize_file.event
    out = {}
    for e in result.entrants:
        parts = []
        cash = result.cash(e.start_no)
        if cash:
            parts.append(money(cash, ev.currency, ev.unit))
        parts += [a.prize.item for a in result.items_of(e.start_no)]
        if parts:
            out[e.start_no] = " + ".join(parts)
    return out


def document(result: PrizeResult, source: str = "", chain: tuple[str, ...] = ()) -> PrizeList:
    """The prize list of ``result`` (``source``: the standings' input file; ``chain``: the
    keys of the tie-breaks that ranked them)."""
    pf = result.prize_file
    ev = pf.event
    source = readable_path(source)  # a file name that is not UTF-8 prints as caf%E9.trf

    def cur(v: Fraction) -> str:
        return money(v, ev.currency, ev.unit)

    settings = (f"{_SYSTEM[ev.system]}; rounding {ev.rounding_mode.value} to {cur(ev.unit)}"
                + (f"; ratings: {ev.rating}" if ev.rating else "")
                + (f" ({ev.rating_list})" if ev.rating_list else ""))
    lines = [f"Fund: {result.scale.note}."]
    diff = result.paid - result.owed
    total = f"Total paid {cur(result.paid)} of {cur(result.owed)}"
    if result.owed != result.announced:
        total += f" (announced {cur(result.announced)})"
    if diff > 0:
        total += f" ({cur(diff)} over, from rounding up)"
    elif diff < 0:
        total += f" ({cur(-diff)} not paid: see Not awarded and the explanations)"
    lines.append(total + ".")
    tied = [e for e in result.entrants if any(x.place == e.place and x is not e
                                              for x in result.entrants)]
    if tied:
        lines.append("Players equal on every tie-break keep the standings' order (start "
                     "number) for items and rounding: " + ", ".join(e.name for e in tied)
                     + ". Give --playoff to order them.")
    tables = [_awards(result, cur), _items(result), _teams(result, cur),
              _players(result, cur), _unawarded(result, cur), _settings(result)]
    return PrizeList(event_name=ev.name, source=source, chain=chain,
                     prize_file=readable_path(pf.path),
                     settings=settings, lines=tuple(lines),
                     tables=tuple(t for t in tables if t.rows),
                     explanations=result.explanations, won=prize_cells(result),
                     document=to_json(result, source, chain))


def _awards(result: PrizeResult, cur: Money) -> Table:
    rows = []
    for pool in result.pools:
        label = " + ".join(p.label for p in pool.prizes)
        pts = "" if pool.points is None else points_text(pool.points)
        for k, s in enumerate(pool.shares):
            flag = " (capped)" if s.capped else f" (gave up: {s.given_up})" if s.given_up \
                else ""
            rows.append((label if k == 0 else "", cur(pool.total) if k == 0 else "",
                         pts if k == 0 else "", f"{s.entrant.start_no} {s.entrant.name}",
                         cur(s.paid) + flag))
    return Table("Awards", ("Prize", "Pool", "Pts", "Player", "Share"), tuple(rows),
                 frozenset({1, 4}))


def _items(result: PrizeResult) -> Table:
    rows = tuple((a.prize.item, a.prize.label, f"{a.entrant.start_no} {a.entrant.name}")
                 for a in result.items)
    return Table("Items", ("Item", "Prize", "Player"), rows)


def _teams(result: PrizeResult, cur: Money) -> Table:
    rows = tuple((" + ".join(p.label for p in t.prizes), t.team, points_text(t.score),
                  ", ".join(m.name for m in t.members), cur(t.paid), t.item)
                 for t in result.teams)
    return Table("Teams", ("Prize", "Team", "Pts", "Counted", "Paid", "Item"), rows,
                 frozenset({4}))


def _players(result: PrizeResult, cur: Money) -> Table:
    rows = []
    for e in result.entrants:
        cash = result.cash(e.start_no)
        won = [" + ".join(p.label for p in pool.prizes) for pool, s in
               result.won(e.start_no) if not s.given_up]
        items = [a.prize.item for a in result.items_of(e.start_no)]
        notes = list(result.player_notes.get(e.start_no, ()))
        rows.append((str(e.rank), str(e.start_no), e.name, points_text(e.points),
                     cur(cash) if cash else "-",
                     "; ".join(won + items) or "-", "; ".join(notes)))
    return Table("Players", ("Rk", "No", "Name", "Pts", "Cash", "Won", "Why"), tuple(rows),
                 frozenset({0, 1, 4}))


def _unawarded(result: PrizeResult, cur: Money) -> Table:
    rows = tuple((u.prize.label, u.prize.item if u.item else cur(u.prize.amount),
                  u.reason) for u in result.unawarded)
    return Table("Not awarded", ("Prize", "Cash or item", "Why"), rows)


def _settings(result: PrizeResult) -> Table:
    rows = tuple((o.name, o.value, "default" if o.default else "set in the file", o.about)
                 for o in result.options)
    return Table("Settings for points the rules leave open", ("Option", "Value", "", "About"),
                 rows)


def to_text(prizes: PrizeList) -> str:
    """The prize list alone as text (the text report's layout)."""
    return prize_text(prizes)


def to_md(prizes: PrizeList) -> str:
    """The prize list alone as Markdown (the Markdown report's layout)."""
    return prize_markdown(prizes)


def to_html(prizes: PrizeList) -> str:
    """The prize list alone as an HTML page (the HTML report's layout of its tables)."""
    return prize_page(prizes)


CSV_COLUMNS = ("award", "prizes", "pool", "points", "rule", "start_no", "name", "team",
               "members", "item", "exact", "paid", "capped", "given_up")
"""The columns of the CSV prize list (``formats/prizes-json.md``, "CSV")."""


def to_csv(result: PrizeResult) -> str:
    """Every award, one row each: a share of cash (``award`` = ``cash``), an item
    (``item``) and a team prize (``team``, with the members counted); points and amounts
    as plain numbers (``7.5``, ``216.67``), the exact share as a fraction.  A name a
    spreadsheet would run as a formula gets a leading ``'``, as in ``report``."""
    ev = result.prize_file.event

    def amount(v: Fraction) -> str:
        return money(v, "", ev.unit, grouped=False)

    def row(**cells: str | int) -> list[str | int]:
        return [cells.get(c, "") for c in CSV_COLUMNS]

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)
    for pool in result.pools:
        for s in pool.shares:
            w.writerow(row(award="cash", prizes=" + ".join(p.label for p in pool.prizes),
                           pool=amount(pool.total),
                           points="" if pool.points is None else exact(pool.points),
                           rule=pool.rule, start_no=s.entrant.start_no,
                           name=safe(s.entrant.name), exact=str(s.exact), paid=amount(s.paid),
                           capped="yes" if s.capped else "", given_up=s.given_up))
    for a in result.items:
        w.writerow(row(award="item", prizes=a.prize.label, points=exact(a.entrant.points),
                       start_no=a.entrant.start_no, name=safe(a.entrant.name),
                       item=safe(a.prize.item)))
    for t in result.teams:
        w.writerow(row(award="team", prizes=" + ".join(p.label for p in t.prizes),
                       pool=amount(sum((p.amount for p in t.prizes), Fraction(0))),
                       points=exact(t.score), rule="team", team=safe(t.team),
                       members="; ".join(f"{m.start_no} {safe(m.name)}" for m in t.members),
                       item=safe(t.item), exact=str(t.exact), paid=amount(t.paid)))
    return buf.getvalue()
