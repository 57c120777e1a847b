"""The batch's manifest, ``OUT/.swisstb-batch.json``: per event the hash of its input and
options and the files it wrote (each with its size and SHA-256), and the files of the
season site.

The manifest is input like any other file: someone may have edited or damaged it.  It is
checked as it is read (:func:`valid_entry`): an event entry whose members are not what the
batch writes, or that names a file the batch does not write (an absolute path, a ``..``,
anything outside ``events/``), is dropped, and that event is simply processed again.
Nothing it names is ever deleted unless the file still holds the content recorded for it
(:mod:`.ownership`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

from ..files import atomic_write
from .ownership import EVENT_FILES, STAGING, Content, Owned, add_owned, valid_name

MANIFEST = ".swisstb-batch.json"
"""The manifest file in the output folder."""
MANIFEST_SCHEMA = "swisstb-batch-manifest/2"


class Manifest(NamedTuple):
    """What the last run left: the key of its season index (:func:`.runner.index_key`), its
    events, its site files."""

    site_key: str
    events: dict[str, dict[str, Any]]
    """Per event key: ``{"digest", "outputs", "summary", "files": {name: [size, sha256]}}``."""
    site: dict[str, Content]
    """``index.json``, ``index.html`` and the player pages, with what each held."""
    owned: Owned
    """Every well-formed record of a file the batch writes, with its content (also those
    of an entry dropped for the rest of it: the file is still known as the batch's)."""
    older: bool
    """The manifest of an older swisstb (schema 1), which records no file contents: the
    files of that site cannot be proven the batch's."""


def _files(value: object, event: bool) -> dict[str, Content]:
    """The file records of ``value`` (``{name: [size, sha256]}``) that are well formed and
    name a file the batch writes (an event's under ``events/`` if ``event``, else a file of
    the site); the others are left out."""
    files = {}
    for name, record in (value.items() if isinstance(value, dict) else ()):
        content = Content.from_json(record)
        if content is not None and valid_name(name) and name.startswith(EVENT_FILES) == event:
            files[name] = content
    return files


def valid_entry(entry: object) -> dict[str, Any] | None:
    """``entry`` if it is an event entry as the batch writes it, else ``None``: a digest, the
    outputs and the summary (names of the event's files, each recorded in ``files``)."""
    if not isinstance(entry, dict):
        return None
    digest, outputs, summary = entry.get("digest"), entry.get("outputs"), entry.get("summary")
    records = entry.get("files")
    files = _files(records, event=True)
    if (not isinstance(digest, str) or not isinstance(outputs, list)
            or not isinstance(summary, str) or not isinstance(records, dict)
            or len(files) != len(records)):
        return None
    if not all(isinstance(o, str) and o in files for o in [*outputs, summary]):
        return None
    return {"digest": digest, "outputs": list(outputs), "summary": summary,
            "files": {name: list(c) for name, c in files.items()}}


def entry_contents(entry: dict[str, Any]) -> dict[str, Content]:
    """The files of a (checked) event entry, with what each held."""
    return {name: Content(*value) for name, value in entry.get("files", {}).items()}


def load(out: Path) -> Manifest:
    """The manifest in ``out``, checked; empty when there is none, it is unreadable, or it
    is of another schema (an older batch's: its files are then not known as the batch's)."""
    try:
        doc = json.loads((out / MANIFEST).read_text("utf-8"))
    except (OSError, ValueError):
        doc = None
    if not isinstance(doc, dict) or doc.get("schema") != MANIFEST_SCHEMA:
        older = isinstance(doc, dict) and doc.get("schema") == "swisstb-batch-manifest/1"
        return Manifest("", {}, {}, {}, older)
    events = doc.get("events")
    events = events if isinstance(events, dict) else {}
    checked = {rel: e for rel, entry in events.items() if (e := valid_entry(entry)) is not None}
    own: Owned = {}  # the well-formed records, of checked entries and of the others alike
    for entry in events.values():
        for name, content in _files(entry.get("files") if isinstance(entry, dict) else None,
                                    event=True).items():
            add_owned(own, name, content)
    site = _files(doc.get("site"), event=False)
    for name, content in site.items():
        add_owned(own, name, content)
    index = doc.get("index")
    return Manifest(index if isinstance(index, str) else "", checked, site, own, False)


def save(out: Path, events: dict[str, dict[str, Any]], site: dict[str, Content],
         index: str = "") -> None:
    """Write the manifest; ``index`` is the key of the season index last written."""
    doc = {"schema": MANIFEST_SCHEMA, "index": index, "events": dict(sorted(events.items())),
           "site": {name: list(c) for name, c in sorted(site.items())}}
    atomic_write(out / MANIFEST, (json.dumps(doc, indent=1) + "\n").encode("utf-8"),
                 temp_dir=out / STAGING)
