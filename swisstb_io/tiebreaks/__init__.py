"""The tie-break calculator: US Chess 34E and FIDE C.07 systems in one engine.

Contract (for everyone adding systems)
======================================

**Input.** A :class:`Context` is built once per tournament (``Context(t, CalcOptions(...))``)
from a neutral competitor x round :class:`~.table.ScoreTable` (players today): per
competitor index ``i`` and round ``r`` the outcome, colour, opponent index (``-1`` for
none), whether a game was played over the board and the points in integer units
(``ctx.unit`` units make a point; ``ctx.frac(units)`` gives the exact Fraction).
``ctx.table`` covers the rounds paired so far (``Tournament.rounds_paired``);
``ctx.fide_table``, what the FIDE systems read, is the same unless
``CalcOptions(future_rounds="unplayed")`` counts every scheduled round (as TieBreakServer
does).  Options for the whole computation (rating list, rating for unrated players, FIDE
edition and Swiss / round robin, explain, play-off order, lot seed) are in
:class:`CalcOptions`; ``ctx.fide_rules(spec)`` gives the
FIDE choices with their reasons.  Systems share intermediate data through
``ctx.memo(key, build)``.  Every system is O(competitors x rounds).

**Specs.** A chain is parsed by :func:`parse_chain` from ``"MM,SOLK,CUM"``, a preset
(``"uscf"``, ``"uscf-scholastic"``, ``"wintd"``) or a mix; one entry by :func:`parse_spec`
in TRF-2026 202/212 notation, case-insensitive (see :mod:`.spec`)::

    CODE[/C<n>][/M<n>][/L<v>][/U<rating>][/FLAG…][[option=value;…]]

Aliases resolve to the system's code (``solkoff`` -> ``SOLK``); ``spec.key`` is the
canonical text and is the column/JSON key in reports.  A modifier the system does not
declare, an unknown option or code, or a team-event ``:MP``/``:GP`` suffix raises
:class:`~swisstb_io.errors.TiebreakError` saying what is allowed.

**Systems.** One table (:mod:`.registry`), filled by decorators on the functions::

    @tiebreak("KASH", "Kashdan", "US Chess 34E7", aliases=("kashdan", "34E7"),
              explain=explain_kashdan)
    def kashdan(ctx: Context, spec: Spec) -> list[Fraction | None]: ...

(code, name, rule citation, then: ``aliases``, ``modifiers``, ``options``, ``decimals``,
``family``, ``summary``, ``label`` (the short column header); the presets are named chains
in the same module.)

``values(ctx, spec)`` gives every competitor's value at once (higher ranks higher,
``None`` = undefined, ranked last); ``explain(ctx, spec, i)`` builds competitor ``i``'s
:class:`Explanation` (rule text, one :class:`ExplainRow` per round, notes) and is called
only when ``ctx.explain`` (``explain_all(ctx, spec)``, when a system gives it, builds
every competitor's at once instead).  A group system (``group_tiebreak``: 34E5, FIDE DE) gives the
values of one tied group.  Modules are named by concept, with the US and FIDE versions of
one idea side by side: :mod:`.buchholz` (SOLK, MM, MED / BH, FB),
:mod:`.sonneborn_berger` (USSB / SB, KS), :mod:`.progressive` (CUM, OPPCUM / PS),
:mod:`.counts` (BLK, KASH / BPG, WIN, WON, BWG, GE, STD), :mod:`.ratings` (AVGOPP / ARO,
TPR, PTP), :mod:`.opponent_averages` (OPPPERF / APRO, APPO, AOB), :mod:`.encounters`
(RBT, LOT / DE), the team-event systems in :mod:`.team_systems`, :mod:`.team_esb` and
:mod:`.team_encounters`, and the rules for unplayed rounds in :mod:`.unplayed`.  Each module
that declares systems is imported below.

**Standings.** :func:`standings` ranks by points, then (for chains with a US system) the
34E rule that scoring in actual play beats an all-unplayed score (off with
``CalcOptions(actual_play_rule=False)``: SwissSys's order), then the chain in order;
a group system applies to the group still tied at that point; players still equal share a
place.  Play-off order and a seeded lot (34E12/34E13) apply only when given.
"""

from __future__ import annotations

# The systems enter the table of systems (registry) as their modules are imported: every
# module that declares systems is listed here (tests/test_standings.py checks it).
from . import (  # noqa: F401
    buchholz,
    counts,
    encounters,
    opponent_averages,
    progressive,
    ratings,
    sonneborn_berger,
    team_encounters,
    team_esb,
    team_systems,
)
from .context import CalcOptions, Context
from .ranking import Standing, StandingsResult, compute_values, standings
from .registry import (
    Direction,
    Option,
    System,
    get_system,
    group_tiebreak,
    known_codes,
    presets,
    register,
    register_preset,
    systems,
    tiebreak,
)
from .spec import Spec, parse_chain, parse_spec
from .values import ExplainRow, Explanation, TiebreakValue

__all__ = [
    "CalcOptions",
    "Context",
    "Direction",
    "ExplainRow",
    "Explanation",
    "Option",
    "Spec",
    "Standing",
    "StandingsResult",
    "System",
    "TiebreakValue",
    "compute_values",
    "get_system",
    "group_tiebreak",
    "known_codes",
    "parse_chain",
    "parse_spec",
    "presets",
    "register",
    "register_preset",
    "standings",
    "systems",
    "tiebreak",
]
