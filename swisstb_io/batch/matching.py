"""How an entrant is matched across the events of a season: by its keys.

An entrant's keys are its FIDE id and its US Chess id (``fide:<id>``, ``uscf:<id>``); an
entrant with neither has one key, its normalised name (``name:<name>``,
:func:`normalise_name`).  A placeholder is no id: an id without a digit other than 0
(``-----------``, ``00000000``, blank), or one that two entrants of the same event share
(a club's number typed for every player): those entrants are matched by their next key
(the other id, else the name), :func:`event_keys`.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence

from ..model import Player


def normalise_name(name: str) -> str:
    """``"Müller, Hans"`` and ``"hans  MULLER"`` both give ``"hans muller"``."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name)
                    if not unicodedata.combining(c))
    words = "".join(c if c.isalnum() else " " for c in plain.casefold()).split()
    return " ".join(sorted(words))


def _real_id(text: str) -> str:
    """``text`` when it is an id: it holds a digit other than 0 (``-----------``, ``0000``
    and blanks are placeholders)."""
    text = text.strip()
    return text if any(c in "123456789" for c in text) else ""


def entrant_keys(name: str, fide_id: str, uscf_id: str) -> tuple[str, ...]:
    """The keys that match an entrant across events: its ids, else its normalised name."""
    keys = []
    if fide := _real_id(fide_id):
        keys.append(f"fide:{fide}")
    if uscf := _real_id(uscf_id):
        keys.append(f"uscf:{uscf}")
    return tuple(keys) or (f"name:{normalise_name(name)}",)


def event_keys(players: Sequence[Player]) -> list[tuple[str, ...]]:
    """The keys of every entrant of one event, in order (:func:`entrant_keys`), where an id
    that two or more entrants of the event share is no id for them."""
    ids = [(_real_id(p.fide_id), _real_id(p.national_id("USCF"))) for p in players]
    fide = Counter(f for f, _ in ids if f)
    uscf = Counter(u for _, u in ids if u)
    return [entrant_keys(p.name, f if fide[f] == 1 else "", u if uscf[u] == 1 else "")
            for p, (f, u) in zip(players, ids, strict=True)]
