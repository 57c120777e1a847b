"""How an entrant is matched across the events of a season: by its keys.

An entrant's keys are its FIDE id and its US Chess id (``fide:<id>``, ``uscf:<id>``); an
entrant with neither has one key, its normalised name (``name:<name>``,
:func:`normalise_name`).  An id of zeros counts as none.
"""

from __future__ import annotations

import unicodedata


def normalise_name(name: str) -> str:
    """``"Müller, Hans"`` and ``"hans  MULLER"`` both give ``"hans muller"``."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name)
                    if not unicodedata.combining(c))
    words = "".join(c if c.isalnum() else " " for c in plain.casefold()).split()
    return " ".join(sorted(words))


def _real_id(text: str) -> str:
    text = text.strip()
    return text if text.strip("0") else ""


def entrant_keys(name: str, fide_id: str, uscf_id: str) -> tuple[str, ...]:
    """The keys that match an entrant across events: its ids, else its normalised name."""
    keys = []
    if fide := _real_id(fide_id):
        keys.append(f"fide:{fide}")
    if uscf := _real_id(uscf_id):
        keys.append(f"uscf:{uscf}")
    return tuple(keys) or (f"name:{normalise_name(name)}",)
