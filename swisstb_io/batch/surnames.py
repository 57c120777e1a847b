"""Which part of a player's name is the surname: how the season lists players.

The rule (the two ways chess files write names):

* with a comma, ``"Last, First"``: the surname is everything before the first comma
  (``"Ash, Alan"`` -> ``Ash``; ``"Abalia Patino, Aritz"`` -> ``Abalia Patino``);
* without one, ``"First Last"``: the surname is the last word (``"Alan Ash"`` -> ``Ash``;
  ``"Jan van der Berg"`` -> ``Berg``).

A name written surname first without a comma (``"Darrigues Alain"``) cannot be told from
``"First Last"``, so it is listed under its last word: files that write names that way
(TRF, SwissSys) put the comma in.  Names compare without accents or case
(``Élodie`` next to ``Elodie``), then by the given names, then as written.
"""

from __future__ import annotations

import unicodedata


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c))
                    .casefold().split())


def split_name(name: str) -> tuple[str, str]:
    """``(surname, given names)`` of ``name`` by the rule above."""
    if "," in name:
        last, _, first = name.partition(",")
        return last.strip(), first.strip()
    words = name.split()
    if not words:
        return "", ""
    return words[-1], " ".join(words[:-1])


def surname_key(name: str) -> tuple[str, str, str]:
    """The sort key of ``name``: surname, then given names (both without accents or case),
    then the name as written."""
    last, first = split_name(name)
    return _plain(last), _plain(first), name
