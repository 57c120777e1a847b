"""Rating submissions: the files federations accept, checked before anything is written.

* :func:`prepare_fide` -> :class:`FideSubmission`: TRF-16 or TRF-2026 with points and
  ranks from the computed standings;
* :func:`prepare_uscf` -> :class:`UscfSubmission`: the US Chess DBF trio for one or more
  sections.

Both list every :class:`Problem` first; the CLI (``swisstb submit``) prints them, refuses
under ``--strict``, and writes all-or-nothing (:func:`write_file`, :func:`write_directory`).
"""

from __future__ import annotations

from ._common import Problem, Severity, errors, refuse_if_strict, write_directory, write_file
from .fide import DEFAULT_CHAIN, FideSubmission, prepare_fide
from .uscf import META_KEYS, UscfSubmission, apply_meta, load_meta, normalize_meta, prepare_uscf

__all__ = [
    "DEFAULT_CHAIN",
    "META_KEYS",
    "FideSubmission",
    "Problem",
    "Severity",
    "UscfSubmission",
    "apply_meta",
    "errors",
    "load_meta",
    "normalize_meta",
    "prepare_fide",
    "prepare_uscf",
    "refuse_if_strict",
    "write_directory",
    "write_file",
]
