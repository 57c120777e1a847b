"""Names the US Chess modules and the report still import from here while they move.

Transitional: ``uscf.py``, ``uscf_explain.py`` and ``uscf_more.py`` register their systems
with one function giving values and explanations together (the ``legacy`` decorators of
:mod:`.registry`) until they are split like the FIDE systems; ``report.py`` (moving to
``reports/``) imports ``JSON``, ``Spec`` and ``paused_gc``.  New code imports from
:mod:`.values`, :mod:`.registry` and :mod:`.spec`.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction

from .registry import (
    Option,
    System,
    get_system,
    known_codes,
    presets,
    register,
    register_preset,
    systems,
)
from .registry import legacy_group_tiebreak as group_tiebreak
from .registry import legacy_tiebreak as tiebreak
from .spec import Spec
from .values import JSON, ExplainRow, Explanation, TiebreakValue, Values, fraction_text, num

__all__ = [
    "JSON",
    "ExplainRow",
    "Explanation",
    "Option",
    "Spec",
    "System",
    "TiebreakValue",
    "Values",
    "fraction_text",
    "get_system",
    "group_tiebreak",
    "known_codes",
    "num",
    "paused_gc",
    "plain_values",
    "presets",
    "register",
    "register_preset",
    "systems",
    "tiebreak",
]


def plain_values(start_nos: Sequence[int], values: Sequence[Fraction | None]
                 ) -> dict[int, TiebreakValue]:
    """``{start_nos[i]: TiebreakValue(values[i])}``: values without explanations."""
    return {sn: TiebreakValue(v) for sn, v in zip(start_nos, values, strict=True)}


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector (used by ``report.py`` only; the tie-break
    engine itself no longer switches the collector)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
