"""What a standings report needs from a prize list: the Prize column and the prize list
itself, rendered (``report --prizes``, the batch's event pages)."""

from __future__ import annotations

from ..reports import PrizeColumn
from ..reports.html_kit import file_name
from .money import money
from .render_json import to_json
from .render_tables import document, html_tables, to_text
from .result import PrizeResult


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


def prize_column(result: PrizeResult, source: str = "",
                 chain: tuple[str, ...] = ()) -> PrizeColumn:
    """Everything a standings report shows of ``result``: the Prize column's cells, the
    prize list as text and as an HTML section (its files named without their folders: a
    page may be published), and the ``swisstb-prizes/1`` document."""
    doc = document(result, source, chain)
    page = html_tables(document(result, file_name(source), chain,
                                file_name(result.prize_file.path)))
    return PrizeColumn(cells=prize_cells(result), text=to_text(doc), html=page,
                       json=to_json(result, source, chain))
