"""Batch processing of a season folder: every event's reports, and a season index.

    from swisstb_io.batch import Batch, BatchOptions

    batch = Batch(Path("season"), Path("out"), BatchOptions(formats=("html", "json"), jobs=4))
    for result in batch.run():          # FileResult per event, as each finishes
        ...

The library never prints: the caller decides what to show of each
:class:`~swisstb_io.batch.runner.FileResult`.  See :mod:`.runner` (skipping unchanged events,
atomic writes), :mod:`.discovery` (which files are events) and :mod:`.season` (the index and
the season view across events).
"""

from __future__ import annotations

from ._safety import OutputLockedError
from .discovery import discover
from .matching import normalise_name
from .options import BatchOptions
from .results import FileResult
from .runner import MANIFEST, Batch, default_jobs, process_event
from .season import build_index, read_index
from .season_players import performance

__all__ = [
    "MANIFEST",
    "Batch",
    "BatchOptions",
    "FileResult",
    "OutputLockedError",
    "build_index",
    "default_jobs",
    "discover",
    "normalise_name",
    "performance",
    "process_event",
    "read_index",
]
