"""The shared tie-break calculator: US Chess 34E and FIDE C.07 systems behind one registry.

Contract (for everyone adding systems)
======================================

**Specs.** A chain is parsed by :func:`parse_chain` from ``"MM,SOLK,CUM"``, a preset
(``"uscf"``, ``"uscf-scholastic"``, ``"wintd"``) or a mix.  One entry is parsed by
:func:`parse_spec` in TRF-2026 202/212 notation, case-insensitive::

    CODE[:MP|:GP][/C<n>][/M<n>][/L<v>][/U<rating>][/FLAG…][[option=value;…]]
    e.g.  BH/C1  BH/M1  SB/C1  KS/L40  KS/L+1  DE/P  ARO/C1  BH:GP  ARO/U1400
          CUM[unplayed=all-unplayed-points]   MM[discards=1]

Aliases resolve to the system's code (``solkoff`` -> ``SOLK``); ``spec.key`` is the
canonical text and is the column/JSON key in reports.  A modifier the system does not
declare, an unknown option or an unknown code raises :class:`~swisstb_io.errors.TiebreakError`
listing what is known.  ``34E4``/``34E9`` are refused on purpose (their meaning changed
between rulebook editions).

**Systems.** A :class:`System` has a code, a name, a rule citation (``"US Chess 34E1"``,
``"FIDE C.07 8.1"``), aliases, allowed modifiers, options with defaults (each ambiguity of
the rules is an option whose default is the recommended resolution), the digits used to
print values that are not multiples of 1/4, and either

* ``compute(ctx, spec) -> {start_no: TiebreakValue}`` for every player, or
* ``compute_group(ctx, spec, group) -> {start_no: TiebreakValue}`` for the members of one
  tied group (US 34E5 result between tied players, FIDE direct encounter).  Set
  ``reapply=True`` if the system must be applied again to a subgroup still tied after a
  pass (FIDE DE).

:class:`TiebreakValue` is ``(value: Fraction | None, explanation: Explanation | None)``;
higher ranks higher, ``None`` means undefined (JSON ``null``; it ranks below any value).
Build explanations only when ``ctx.explain`` is true (they are the slow part); without
them, ``core.plain_values(ctx.start_nos, values)`` makes the dict with one shared
:class:`TiebreakValue` per distinct value.  Whole-field computations can read the
``ctx.flat_*`` lists (every cell ``i * n_rounds + r`` in one list) and
``ctx.unplayed_cells``.

Registering a system is one decorator (the FIDE helper's modules in ``tiebreaks/fide/``
are imported automatically on first use of the registry)::

    from swisstb_io.tiebreaks import Context, Spec, TiebreakValue, tiebreak

    @tiebreak("BH", "Buchholz", "FIDE C.07 8.1", aliases=("buchholz",),
              modifiers=frozenset({"C", "M", "score"}), family="FIDE")
    def buchholz(ctx: Context, spec: Spec) -> dict[int, TiebreakValue]: ...

(``group_tiebreak`` is the same for group systems; ``register(System(...))`` works too.)

**Context.** :class:`Context` is built once per tournament (``Context(t, CalcOptions(...))``)
and holds, per player index ``i`` and round ``r`` (0-based, ``r < ctx.n_rounds``, the rounds
that have results): ``outcome``, ``color``, ``opp`` (index or -1), ``played`` and ``pts``;
``points[i]``; ``start_nos[i]`` / ``index[start_no]``; ``scheduled`` rounds;
``ratings(unrated)``; ``us_code(i, r)``.  Points are integers in units of ``1/ctx.unit``
(``ctx.win``, ``ctx.draw`` are in units); ``ctx.frac(units, scale)`` gives the exact
Fraction at the end.  Systems share intermediate data through ``ctx.memo(key, build)``.
Options for the whole computation (rating list, rating for unrated players, rule edition,
explain, play-off order, lot seed) are in :class:`CalcOptions`.  Every system is
O(players x rounds).

**Explanations.** :class:`Explanation` = the rule text applied, one :class:`ExplainRow`
per round (result ``W12``, opponent, the number used, a note, and why it was dropped, if it
was) and free-form notes; ``to_json()`` serialises it (exact values as ``"11/2"``).

**Standings.** :func:`standings` ranks by points, then (for chains with a US system) the
34E rule that scoring in actual play beats an all-unplayed score (off with
``CalcOptions(actual_play_rule=False)``: SwissSys's order), then the chain in order;
a group system applies to the group still tied at that point; players still equal share a
place.  Play-off order and a seeded lot (34E12/34E13) apply only when given.
"""

from __future__ import annotations

from .context import CalcOptions, Context
from .core import (
    ExplainRow,
    Explanation,
    Option,
    Spec,
    System,
    TiebreakValue,
    get_system,
    group_tiebreak,
    known_codes,
    presets,
    register,
    register_preset,
    systems,
    tiebreak,
)
from .spec import parse_chain, parse_spec
from .standings import Standing, StandingsResult, compute_values, standings

__all__ = [
    "CalcOptions",
    "Context",
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
