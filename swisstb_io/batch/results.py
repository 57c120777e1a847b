"""What one event of a batch gives (:class:`FileResult`), and where its files go."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import Location
from .ownership import Content
from .season_parts import SeasonEntry

EVENTS_DIR = "events"

Status = Literal["ok", "skipped", "failed"]


SECTION_MARK = "#"
"""``club.sjson#2``: the key of section 2 of a file that holds several (one event each)."""


def split_section(rel: str) -> tuple[str, str | None]:
    """``("club.sjson", "2")`` for ``club.sjson#2``; ``(rel, None)`` for a whole file."""
    head, mark, number = rel.rpartition(SECTION_MARK)
    return (head, number) if mark and number.isdecimal() else (rel, None)


def event_stem(rel: str) -> str:
    """Outputs of event ``rel`` are ``events/<rel>.<ext>`` (``open/r1.trf.html``); section
    ``n`` of a multi-section file (``club.sjson#2``) is ``events/club.sjson.section2.<ext>``."""
    file_rel, number = split_section(rel)
    return f"{EVENTS_DIR}/{file_rel}" + (f".section{number}" if number else "")


def summary_path(stem: str) -> str:
    """Where the summary of the event whose outputs are ``<stem>.<ext>`` is kept, relative
    to the output folder."""
    return f"{stem}.summary.json"


@dataclass(frozen=True)
class FileResult:
    """The outcome for one event."""

    path: str
    """The input, as found (relative to the season folder's parent as given)."""
    rel: str
    """The input relative to the season folder: the event's key."""
    status: Status
    message: str = ""
    """For a failure: what is wrong (without the location)."""
    line: int | None = None
    col: int | None = None
    outputs: tuple[str, ...] = ()
    """Files written (or kept, when skipped), relative to the output folder."""
    digest: str = ""
    summary: dict[str, Any] | None = field(default=None, compare=False)
    """The event's header facts for the index (:func:`.summary.summarise`); ``None`` when
    failed, and when skipped until the index reads the summary file back."""
    season: tuple[SeasonEntry, ...] | None = field(default=None, compare=False, repr=False)
    """The entrants' share of the season view, worked out with the event."""
    warnings: tuple[str, ...] = ()
    """Reading diagnostics (``path:line:col: warning: …``)."""
    contents: dict[str, Content] | None = field(default=None, compare=False, repr=False)
    """What each file of the event (its outputs and summary) holds: written, or kept when
    skipped (:mod:`.ownership`)."""
    stem: str = ""
    """The outputs are ``<stem>.<ext>``: :func:`event_stem`, or a name of its own when that
    would overwrite another event's outputs (:func:`._safety.distinct_stems`); ``""``:
    :func:`event_stem` of ``rel``."""

    @property
    def summary_file(self) -> str:
        """Where the event's summary is kept, relative to the output folder."""
        return summary_path(self.stem or event_stem(self.rel))

    @property
    def location(self) -> str:
        """``path:line:col`` as every other message renders it."""
        return str(Location(self.path, self.line, self.col))
