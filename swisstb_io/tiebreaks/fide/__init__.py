"""FIDE C.07 individual tie-breaks, as pure functions over :mod:`swisstb_io.model`.

>>> from swisstb_io.tiebreaks.fide import FideOptions, build_context, compute
>>> # ctx = build_context(tournament, FideOptions(edition="2024"))
>>> # values = compute(ctx, "BH/C1")      # one FideValue per player, start-number order

Codes (TRF-2026 202/212 notation, ``NAME[:PT][/MOD…]``): DE, WIN, WON, BPG, BWG, GE
(alias REP), PS, BH, FB, SB, AOB, KS, ARO, TPR, PTP, APRO, APPO and STD.  Every value
cites its article; :class:`FideValue` carries the per-round parts and what was cut.

The rule edition follows the event's start date (2026 rules from 1 March 2026) unless
``FideOptions.edition`` or a ``/V`` modifier says otherwise; ``2009`` selects the
pre-2023 virtual opponent.  Swiss versus round robin comes from ``FideOptions.system``
or the TRF-2026 192 record, never from the player count.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction

from ...errors import TiebreakError
from ...model import Tournament
from ._context import EDITIONS, FideContext, FideOptions, build_context, choose_edition
from ._counts import counts_all, koya_all, progressive_all, progressive_values, standard_points_all
from ._de import direct_encounter
from ._opponents import aob_all, buchholz_all, opponent_values
from ._rating import aro_tpr_values, average_performance_all, performance_all
from ._types import ARTICLES, CODES, FideSpec, FideValue, Part, format_fixed, parse_fide_spec

__all__ = [
    "ARTICLES",
    "CODES",
    "EDITIONS",
    "FideContext",
    "FideOptions",
    "FideSpec",
    "FideValue",
    "Part",
    "build_context",
    "choose_edition",
    "compute",
    "compute_values",
    "direct_encounter",
    "format_fixed",
    "parse_fide_spec",
]

_Func = Callable[[FideContext, FideSpec], list[FideValue]]

_FUNCS: dict[str, _Func] = {
    "WIN": counts_all,
    "WON": counts_all,
    "BPG": counts_all,
    "BWG": counts_all,
    "GE": counts_all,
    "PS": progressive_all,
    "KS": koya_all,
    "STD": standard_points_all,
    "BH": buchholz_all,
    "FB": buchholz_all,
    "SB": buchholz_all,
    "AOB": aob_all,
    "ARO": performance_all,
    "TPR": performance_all,
    "PTP": performance_all,
    "APRO": average_performance_all,
    "APPO": average_performance_all,
}


_ValuesFunc = Callable[[FideContext, FideSpec], "list[Fraction] | list[Fraction | None]"]

_VALUE_FUNCS: dict[str, _ValuesFunc] = {
    "BH": opponent_values,
    "FB": opponent_values,
    "SB": opponent_values,
    "PS": progressive_values,
    "ARO": aro_tpr_values,
    "TPR": aro_tpr_values,
}
"""Whole-field computations of the values alone, for the codes whose per-player
computation (with its explanation) is the slow part."""


def compute(ctx: FideContext, spec: FideSpec | str) -> list[FideValue]:
    """One value per player (start-number order) of a non-group FIDE tie-break.

    DE needs the tied group: use :func:`direct_encounter`.  A ``/V`` modifier computes
    with another edition on a context copy sharing the same arrays.
    """
    ctx, spec = _prepare(ctx, spec)
    return _FUNCS[spec.code](ctx, spec)


def compute_values(ctx: FideContext, spec: FideSpec | str) -> Sequence[Fraction | None]:
    """The values of :func:`compute` alone (``FideValue.value``), without explanations."""
    ctx, spec = _prepare(ctx, spec)
    fast = _VALUE_FUNCS.get(spec.code)
    if fast is not None:
        return fast(ctx, spec)
    return [v.value for v in _FUNCS[spec.code](ctx, spec)]


def _prepare(ctx: FideContext, spec: FideSpec | str) -> tuple[FideContext, FideSpec]:
    if isinstance(spec, str):
        spec = parse_fide_spec(spec)
    if spec.code == "DE":
        raise TiebreakError("DE ranks a tied group: call direct_encounter(ctx, group)")
    if spec.edition is not None and spec.edition != ctx.edition:
        ctx = with_edition(ctx, spec.edition, f"FIDE C.07 {spec.edition} rules (/V modifier)")
    return ctx, spec


def with_edition(ctx: FideContext, edition: str, reason: str) -> FideContext:
    """``ctx`` under another rule edition (arrays shared, derived caches kept apart)."""
    key = ("edition", edition)
    hit = ctx.cache.get(key)
    if isinstance(hit, FideContext):
        return hit
    other = replace(ctx, edition=edition, edition_reason=reason, cache={})
    ctx.cache[key] = other
    return other


def context_for(t: Tournament, options: FideOptions | None = None) -> FideContext:
    """Shorthand for :func:`build_context`."""
    return build_context(t, options)


def _register() -> None:
    # Let the core load its built-in systems first, so that the registry order (and the
    # "known codes" lists in messages) does not depend on who imported this package first.
    from ..core import systems
    from ._register import register_all

    systems()
    register_all()


_register()
