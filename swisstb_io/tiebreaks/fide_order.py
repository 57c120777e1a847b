"""FIDE's recommended tie-break orders (the ``fide`` preset), and whether an event that
declares no chain looks like a FIDE event.

**The orders.**  FIDE's last published recommendation is the tie-break chapter of the
Standards of the Handbook (C.02 §13.16, in force until the 2023 tie-break regulations: the
``2009`` edition of :mod:`.context`):

* §13.16.2, an individual round robin: DE, WIN, SB, KS;
* §13.16.4, an individual Swiss where the ratings are not all consistent: BH/C1, BH, SB,
  PS, DE, WIN, BPG (the last criterion is "the greater number of games with Black",
  unplayed games counted as played with White: C.07's BPG, not BWG);
* §13.16.5, an individual Swiss where they are (here: every player has a FIDE rating, so
  ARO/C1 has a value for everyone): BH/C1, BH, DE, ARO/C1, WIN, BWG, BPG, SB.

C.07 from 2023 on (the ``2024`` and ``2026`` editions) names no order of its own: the
Chief Organiser chooses the list from its Article 5, and the Chief Arbiter completes it
when needed (C.07 §4.1).  For those editions the preset keeps the C.02 order, and says so.
Which list applies is decided per event: round robin or Swiss as
:func:`~.context.choose_system` decides it (the file's pairing system, else
``--system``), the edition as :func:`~.context.choose_edition` does (the start date, else
``--fide-rules``).  Without an event (``parse_chain("fide")``) ``fide`` is the Swiss order
of §13.16.4.

**A FIDE-looking event** (:func:`fide_looking`): at least half of the players have a FIDE
id (one with a digit other than 0), and the event's federation (TRF 032) is not the USA,
or, when the file gives none, most players' federations are not.  A report of such an event
ranked by the documented default (``uscf``) says so and suggests ``-t fide``; the default
does not change.
"""

from __future__ import annotations

from typing import NamedTuple

from ..model import Tournament
from .context import choose_edition, choose_system
from .registry import norm, register_preset
from .spec import split_items

PRESET = "fide"
"""The preset's name, as ``--tiebreaks`` takes it."""

ROUND_ROBIN: tuple[str, ...] = ("DE", "WIN", "SB", "KS")
SWISS: tuple[str, ...] = ("BH/C1", "BH", "SB", "PS", "DE", "WIN", "BPG")
SWISS_RATED: tuple[str, ...] = ("BH/C1", "BH", "DE", "ARO/C1", "WIN", "BWG", "BPG", "SB")

register_preset("fide-rr", ROUND_ROBIN)
register_preset("fide-swiss", SWISS)
register_preset("fide-swiss-rated", SWISS_RATED)
register_preset(PRESET, SWISS)

_US = frozenset({"USA", "US"})


class FideOrder(NamedTuple):
    """The ``fide`` preset for one event: the preset it stands for, and why."""

    preset: str
    """``fide-rr``, ``fide-swiss`` or ``fide-swiss-rated``."""
    words: str
    """``FIDE's recommended order for an individual Swiss: BH/C1, … (C.02 §13.16.4; …)``."""


def fide_order(t: Tournament, system: str | None = None,
               fide_rules: str | None = None) -> FideOrder:
    """The ``fide`` preset for ``t`` (module docstring); ``system`` and ``fide_rules``: the
    ``--system`` and ``--fide-rules`` options."""
    round_robin, _ = choose_system(t, system)
    edition, _ = choose_edition(t, fide_rules)
    if round_robin:
        name, codes, what, article = "fide-rr", ROUND_ROBIN, "an individual round robin", "2"
    elif t.players and all(p.fide_rating for p in t.players):
        name, codes, what, article = ("fide-swiss-rated", SWISS_RATED,
                                      "an individual Swiss whose players are all FIDE-rated",
                                      "5")
    else:
        name, codes, what, article = "fide-swiss", SWISS, "an individual Swiss", "4"
    source = f"C.02 §13.16.{article}"
    if edition != "2009":
        source += f"; the C.07 {edition} rules name no order"
    return FideOrder(name, f"FIDE's recommended order for {what}: {', '.join(codes)} "
                           f"({source})")


def expand(given: str, t: Tournament, system: str | None = None,
           fide_rules: str | None = None) -> tuple[str, str]:
    """``given`` with each ``fide`` item replaced by the event's preset, and the words for
    it (``""`` when ``given`` holds no ``fide``)."""
    items = split_items(given)
    if not any(norm(item) == norm(PRESET) for item in items):
        return given, ""
    order = fide_order(t, system, fide_rules)
    return (",".join(order.preset if norm(item) == norm(PRESET) else item for item in items),
            order.words)


def _real_id(ident: str) -> bool:
    """An id with a digit other than 0 (``-----``, ``0`` and blanks are placeholders)."""
    return any(ch in "123456789" for ch in ident)


def fide_looking(t: Tournament) -> str:
    """Why ``t`` looks like a FIDE event (module docstring), else ``""``:
    ``FIDE ids for 14 of 16 players; federation GER for the event``."""
    players = t.players
    with_id = sum(1 for p in players if _real_id(p.fide_id))
    if not players or with_id * 2 < len(players):
        return ""
    ids = f"FIDE ids for {with_id} of {len(players)} players"
    federation = t.federation.strip().upper()
    if federation:
        return f"{ids}; federation {federation} for the event" if federation not in _US else ""
    abroad = sum(1 for p in players if p.federation.strip()
                 and p.federation.strip().upper() not in _US)
    if abroad * 2 <= len(players):
        return ""
    return f"{ids}; {abroad} of {len(players)} players from federations other than the USA"
