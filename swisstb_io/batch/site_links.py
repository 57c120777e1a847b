"""How the pages of a season site link to each other.

* Event page -> index: a "Season index" link at the top (``events/<rel>.html`` is as many
  folders deep as its path, so the link is relative and the site can be moved).
* Event page -> player: each name links to the player's row of the index,
  ``index.html#k-<key>``, where ``<key>`` is the key that matches the entrant across
  events (``fide:<id>``, ``uscf:<id>`` or ``name:<normalised name>``,
  :func:`.matching.event_keys`).  An event page is made before the season's players
  are matched, so it cannot know the player page; the index holds an anchor for every key
  of every player, and its script forwards such a link to the player's page (without a
  script, the link lands on the player's row, which links there).
* Index -> player pages, player pages -> index and -> each event page (the player's
  crosstable row, ``#x<start number>``).
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import quote

from ..model import Tournament
from .matching import event_keys

INDEX = "index.html"


def key_anchor(key: str) -> str:
    """The id of ``key``'s anchor in the index (normalised names hold spaces, ids cannot)."""
    return "k-" + key.replace(" ", "_")


def key_fragment(key: str) -> str:
    """``#`` and :func:`key_anchor`, percent-encoded for an ``href``."""
    return "#" + quote(key_anchor(key), safe=":_-")


def file_href(path: str) -> str:
    """The ``href`` of an output file by its path (``events/a b#1.trf.html`` ->
    ``events/a%20b%231.trf.html``): a ``#``, ``?``, ``%`` or space in a file name would
    otherwise cut or change the link."""
    return quote(path, safe="/")


def index_href(stem: str) -> str:
    """The index, relative to the page ``<stem>.<ext>`` (``events/open/r1.trf`` ->
    ``../../index.html``)."""
    return "../" * stem.count("/") + INDEX


def event_links(t: Tournament, stem: str, keys: Sequence[tuple[str, ...]] | None = None
                ) -> tuple[tuple[tuple[str, str], ...], dict[int, str]]:
    """The site links of the event page ``<stem>.html``: the links at its top, and each
    player's link by start number (``keys``: the players' :func:`.matching.event_keys`,
    when the caller has them)."""
    index = index_href(stem)
    if keys is None:
        keys = event_keys(t.players)
    players = {p.start_no: index + key_fragment(k[0])
               for p, k in zip(t.players, keys, strict=True)}
    return (("Season index", index), ("Players", index + "#players")), players
