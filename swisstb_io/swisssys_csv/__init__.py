"""SwissSys-style US cross-table CSV (formats.md §2.3–2.4): one row per player, rounds in
US Chess notation (``W12``, ``L5B``, ``X``, ``H``…), optional ``# Key: value`` metadata lines.

What the letters cannot say (a pairing-allocated ``B``, an unrated ``W``) goes to a
``# Outcomes: 3/2=pairing-bye`` metadata line, so writing and reading this format loses
nothing the model holds except what :data:`LOSSY` lists.
"""

from __future__ import annotations

from ..errors import FormatError
from ..registry import FormatSpec
from .columns import classify
from .reader import is_comment, read
from .tokenize import rows, sniff_delimiter
from .writer import write

LOSSY = frozenset(
    {
        "tournament.teams",
        "player.results.color:unplayed",
        "player.results.opponent:unplayed",
        "player.results.trailing",
    }
)
"""US notation has no colour on forfeits (``X``/``F``/``Z``), and no cell for a round paired
but not played yet (the opponent of a blank cell); Tournament.teams (team objects)
have no place in the file (a point system other than 1-½-0 has its ``# Point system:``
line, bonus and penalty points their ``Adjustments`` column); rounds end at the last game
or bye (convention:
:attr:`swisstb_io.registry.FormatSpec.lossy`)."""


def sniff(data: bytes) -> bool:
    """A header row with a pair-number column, a Name column and a round column."""
    text = data[:4096].decode("utf-8", "replace").lstrip("\ufeff")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for line in text.split("\n"):
        if not line.strip() or is_comment(line):
            continue
        try:
            header = next(rows(line, sniff_delimiter(line), "<sniff>"))
        except (FormatError, StopIteration):  # not even one well-formed row
            return False
        kinds = [classify(f.value) for f in header]
        return (
            ("role", "pair") in kinds
            and ("role", "name") in kinds
            and any(k == "round" for k, _ in kinds)
        )
    return False


FORMATS = (
    FormatSpec(
        name="swisssys-csv",
        title="SwissSys-style US Chess cross-table CSV",
        extensions=(".csv",),
        aliases=("uscsv", "us-csv", "crosstable-csv"),
        reader=read,
        writer=write,
        sniff=sniff,
        lossy=LOSSY,
        dossier="formats/swisssys_csv/README.md",
    ),
)
