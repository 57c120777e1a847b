"""SwissSys's tie-break labels and our tie-break codes (a section's own tie-break list).

SwissSys names its US Chess tie-breaks with short labels.  Its ``Med`` is the *modified*
median (34E1, SwissSys's default first tie-break); the plain median (34E9 in the 7th
edition) is ``Median``.  Matching ignores case, spaces, dots and hyphens.  A code we write
that has no SwissSys label (FIDE ``BH/C1``, ``SB``) is written as it is, so no label may
be such a code (``SB`` is FIDE's Sonneborn-Berger; ours is ``Sonn-Berg``).
"""

from __future__ import annotations

import re

_LABELS: dict[str, tuple[str, ...]] = {
    "MM": ("Med", "Mod Med", "Modified median", "Mod. median", "MM"),
    "MED": ("Median", "Plain median", "Median (unmodified)"),
    "SOLK": ("Solk", "Solkoff"),
    "CUM": ("Cum", "Cumulative", "Cumul"),
    "OPPCUM": ("Opp Cum", "OpCum", "Cum Opp", "Cumulative of opposition", "Opp. cumulative"),
    "KASH": ("Kash", "Kashdan"),
    "USSB": ("Sonn-Berg", "Sonneborn-Berger", "US SB"),
    "BLK": ("Blk", "Blacks", "Most blacks", "Most black"),
    "RBT": ("Res", "Result", "Head to head", "Result between tied", "Head-to-head"),
    "AVGOPP": ("Avg Opp", "AvgOpp", "Avg rating", "Average opponents' rating", "Avg. opp."),
    "OPPPERF": ("Opp Perf", "Perf", "Opposition performance", "Performance"),
    "LOT": ("Lot", "Coin", "Coin flip", "Random"),
}
"""Our code -> the labels SwissSys and its users write for it."""
_KEY = re.compile(r"[\s.\-'()]+")


def _key(label: str) -> str:
    return _KEY.sub("", label).casefold()


CODE_OF: dict[str, str] = {_key(label): code for code, labels in _LABELS.items()
                           for label in labels}
LABEL_OF: dict[str, str] = {code: labels[0] for code, labels in _LABELS.items()}
"""The label we write for a code (SwissSys's short form)."""


def code_of(label: str) -> str | None:
    """Our code for a SwissSys label (``"Med"`` -> ``"MM"``), ``None`` when unknown."""
    return CODE_OF.get(_key(label))


def known_labels() -> str:
    """The labels understood, for error messages: ``Med (MM), Median (MED), …``."""
    return ", ".join(f"{labels[0]} ({code})" for code, labels in _LABELS.items())
