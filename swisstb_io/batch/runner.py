"""Running a season: one worker call per event, results yielded as they come.

:func:`process_event` handles one event and never raises for a bad file: it returns a
:class:`FileResult` with ``status="failed"`` and the message (``KeyboardInterrupt`` and
``SystemExit`` still stop the run).  :class:`Batch` finds the events, skips those whose
input bytes and options did not change since the last run (the manifest), runs the rest
(in a process pool when ``jobs > 1``), and at the end writes the manifest and the season
index.  Every file is written all-or-nothing through the batch's own temporaries, and only
over a file the batch can prove it wrote (:mod:`.ownership`).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from ..api import load, read_source
from ..errors import SwisstbError, readable_path
from ..files import write_reason
from ..jsonwrite import dumps
from ..registry import by_extension
from ..tiebreaks import CalcOptions, chain_policy
from ..version import __version__
from . import manifest as manifest_file
from ._safety import (
    Journal,
    OutputLock,
    distinct_stems,
    entry_files,
    stop_if_orphaned,
    worker_start,
)
from .discovery import discover
from .matching import event_keys
from .options import BatchOptions
from .ownership import (
    Content,
    Owned,
    add_owned,
    close_staging,
    foreign,
    in_the_way,
    remove_own,
    sweep_staging,
    write_all,
)
from .render import (
    REPORT_EXTENSIONS,
    SUBMISSION_SUFFIXES,
    event_player_data,
    event_prize_file,
    event_reports,
    needs_explanations,
    player_data_beside,
    player_data_problem,
    prize_file_beside,
    prize_file_problem,
    prizes_for_section,
    submission,
)
from .results import (
    SECTION_MARK,
    FileResult,
    event_stem,
    split_section,
    summary_path,
)
from .season import site_files, with_summaries
from .season_parts import entry_to_json, season_entries
from .summary import summarise

MANIFEST = manifest_file.MANIFEST
"""The manifest file in the output folder: per event the hash of input and options, and the
files the batch wrote (:mod:`.manifest`)."""


def section_tasks(path: Path, rel: str, rounds_by_date: bool = False
                  ) -> list[tuple[str, str]]:
    """``(path, rel)`` tasks for one discovered event: one per section of a file that holds
    several (a SwissSys ``.sjson``, a US Chess DBF report, a PGN file of several events,
    a Chess-JSON file of several tournaments: :attr:`~swisstb_io.registry.FormatSpec.
    holds_sections`), else the file itself."""
    multi = path.is_dir() or any(s.holds_sections for s in by_extension(path.name))
    if multi:
        try:
            n = len(load(path, rounds_by_date=rounds_by_date).sections)
        except SwisstbError:
            n = 0  # the event's own run reports what is wrong
        if n > 1:
            return [(str(path), f"{rel}{SECTION_MARK}{i}") for i in range(1, n + 1)]
    return [(str(path), rel)]


def _digest(data: bytes, options: BatchOptions) -> str:
    h = hashlib.sha256()
    h.update(options.fingerprint().encode("utf-8"))
    h.update(b"\0")
    h.update(data)
    return h.hexdigest()


def process_event(
    path: str, rel: str, out_dir: str, options: BatchOptions, previous: dict[str, Any] | None,
    stem: str | None = None, owned: Mapping[str, set[Content]] | None = None,
    parent: int | None = None,
) -> FileResult:
    """Read, rank and write one event; ``previous`` is its manifest entry, if any; the
    outputs are ``<stem>.<ext>`` (``None``: :func:`~.results.event_stem` of ``rel``).

    ``owned``: the contents the batch recorded for the files it may overwrite (default:
    those of ``previous``); a file in the way with other content fails the event.
    ``parent``: in a worker process, the batch's process id: when the batch is gone, the
    worker writes nothing more (:func:`._safety.stop_if_orphaned`)."""
    out = Path(out_dir)
    stem = stem or event_stem(rel)
    try:
        data, _ = read_source(path)
    except SwisstbError as exc:
        return _failed(path, rel, exc, "")
    prize_path = options.prizes or prize_file_beside(path)
    try:  # a changed prize file redoes the event
        prize_bytes = read_source(prize_path)[0] if prize_path else b""
    except SwisstbError as exc:
        return _failed(path, rel, prize_file_problem(exc), "")
    facts_path = options.player_data or (player_data_beside(path) if options.ratings
                                          else None)
    try:  # a changed player-data file redoes the events it applies to
        facts = read_source(facts_path)[0] if facts_path else b""
    except SwisstbError as exc:
        return _failed(path, rel, player_data_problem(exc), "")
    digest = _digest(data + (b"\0prizes\0" + prize_bytes if prize_path else b"")
                     + (b"\0player data\0" + facts if facts_path else b""), options)
    if (previous is not None and not options.force and previous.get("digest") == digest
            and previous.get("summary") == summary_path(stem) and _reusable(out, previous)):
        return FileResult(path, rel, "skipped", outputs=tuple(previous["outputs"]),
                          digest=digest, stem=stem,
                          contents=manifest_file.entry_contents(previous))
    if owned is None:
        owned = {n: {c} for n, c in manifest_file.entry_contents(previous or {}).items()}
    try:
        return _produce(path, rel, stem, out, data, digest, options, prize_path,
                        (facts_path, facts) if facts_path else None, owned, parent)
    except SwisstbError as exc:
        return _failed(path, rel, exc, digest)
    except OSError as exc:
        where = exc.filename or out_dir
        return FileResult(path, rel, "failed", f"cannot write {where}: {write_reason(exc)}",
                          digest=digest)
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:  # one bad file never stops the batch
        return FileResult(path, rel, "failed", f"internal error ({type(exc).__name__}: {exc}); "
                          "please report it with the file", digest=digest)


def _failed(path: str, rel: str, exc: SwisstbError, digest: str) -> FileResult:
    loc = exc.location
    return FileResult(path, rel, "failed", exc.message, loc.line if loc else None,
                      loc.col if loc else None, digest=digest)


def _reusable(out: Path, previous: dict[str, Any]) -> bool:
    """True when every output of the last run is still there (the summary is read only
    if the season index must be rebuilt)."""
    outputs = previous.get("outputs")
    summary = previous.get("summary")
    if not isinstance(outputs, list) or not isinstance(summary, str):
        return False
    return all((out / o).is_file() for o in [*outputs, summary])


def _produce(
    path: str, rel: str, stem: str, out: Path, data: bytes, digest: str,
    options: BatchOptions, prize_path: str | None, facts: tuple[str, bytes] | None,
    owned: Mapping[str, set[Content]], parent: int | None,
) -> FileResult:
    read = load(data, path=path, section=split_section(rel)[1],
                rounds_by_date=options.rounds_by_date)
    t = read.tournament
    formats = tuple(dict.fromkeys(options.formats))
    calc = CalcOptions(explain=needs_explanations(formats),
                       actual_play_rule=options.actual_play_rule)
    blobs: dict[str, bytes] = {}  # everything is made before anything is written
    prize_file = event_prize_file(prize_path) if prize_path else None
    notes: list[str] = []
    if prize_file is not None and not prizes_for_section(prize_file, read, path,
                                                         split_section(rel)[1]):
        prize_file = None  # the prize file names another section of this file
    player_data = None
    if facts is not None:  # ``(path, bytes)`` of the event's player data
        shared = bool(options.player_data) or split_section(rel)[1] is not None
        player_data, more = event_player_data(facts[1], facts[0], t, shared)
        notes.extend(more)
    keys = event_keys(t.players)  # the page's player links and the season entries
    try:
        report, reports = event_reports(read, formats, calc, tiebreaks=options.tiebreaks,
                                        team_tiebreaks=options.team_tiebreaks, source=rel,
                                        stem=stem, prize_file=prize_file,
                                        ratings=options.ratings,
                                        rating_rules=options.rating_rules,
                                        player_data=player_data,
                                        dual_rated=options.dual_rated, keys=keys)
    except chain_policy.DeclaredChainError as exc:
        raise exc.located(t, path, read.format, data) from exc
    for fmt, blob in reports.items():
        blobs[f"{stem}.{REPORT_EXTENSIONS[fmt]}"] = blob
    for kind in dict.fromkeys(options.submit):
        suffix, blob, problems = submission(read, kind, options.tiebreaks, calc,
                                            dict(options.event_meta))
        blobs[f"{stem}.{suffix}"] = blob
        notes.extend(f"{path}: {kind} submission: {p}" for p in problems)
    written = list(blobs)
    summary = summarise(t, report)
    summary["format"] = read.format
    season = season_entries(t, report.result,
                            report.ratings.after if report.ratings is not None else None,
                            keys=keys)
    doc = {**summary, "entrants": [entry_to_json(e) for e in season]}
    blobs[summary_path(stem)] = dumps(doc, indent=None).encode("utf-8")
    contents = write_all(out, blobs.items(), owned, Journal(out).claim,
                         partial(stop_if_orphaned, parent))
    warnings = (*(str(d) for d in read.diagnostics if d.severity.value != "info"), *notes)
    return FileResult(path, rel, "ok", outputs=tuple(written), digest=digest, summary=summary,
                      warnings=warnings, season=season, stem=stem, contents=contents)


def index_key(results: list[FileResult], stopped_early: bool) -> str:
    """What the season index depends on: every event's key, status, digest and message."""
    h = hashlib.sha256(f"{__version__}\0{stopped_early}".encode())
    for r in sorted(results, key=lambda r: r.rel):
        ok = r.status != "failed"
        h.update(f"\0{r.rel}\0{ok}\0{r.digest}\0{r.location}\0{r.message}".encode(
            "utf-8", "surrogateescape"))
    return h.hexdigest()


class Batch:
    """One batch run over ``root`` into ``out``; iterate :meth:`run` to drive it.

    The batch leaves the garbage collector alone.  A program that runs a large batch in
    its own process may set it as the ``swisstb`` command does first
    (:func:`swisstb_io.cli.tune_collector`): at Python's default setting a large batch
    spends a good part of its time in collections (``benchmarks/README.md``)."""

    def __init__(self, root: Path, out: Path, options: BatchOptions | None = None) -> None:
        self.root = root
        self.out = out
        self.options = options or BatchOptions()
        if not root.exists():
            raise SwisstbError(f"{root}: no such file or folder")
        self.notes: list[str] = []
        """Files and folders passed over, and why (:func:`.discovery.discover`); after
        :meth:`run`, also the events processed again because their summary could not be
        read."""
        inputs = [Path(f) for f in (self.options.prizes, self.options.player_data) if f]
        self.events = discover(root, patterns=self.options.patterns,
                               exclude=(out, *inputs), notes=self.notes)
        """The events; the batch's other inputs in the season folder are none of them."""
        self.tasks: list[tuple[str, str]] = []
        """``(path, rel)`` per event: one per file, one per section of a multi-section one."""
        seen: set[str] = set()
        by_date = self.options.rounds_by_date
        for path, rel in (t for e in self.events
                          for t in section_tasks(e, self._rel(e), by_date)):
            if rel in seen:
                self.notes.append(f"{path}: skipped: its name reads as {rel}, the name of "
                                  "another event; rename one of the two")
                continue
            seen.add(rel)
            self.tasks.append((path, rel))
        suffixes = [*(REPORT_EXTENSIONS[f] for f in dict.fromkeys(self.options.formats)),
                    *(SUBMISSION_SUFFIXES[k] for k in dict.fromkeys(self.options.submit)),
                    "summary.json"]
        named = distinct_stems({rel: event_stem(rel) for _, rel in self.tasks}, suffixes)
        self.stems = {rel: stem for rel, (stem, _) in named.items()}
        """Each event's outputs are ``<stem>.<ext>`` (:func:`._safety.distinct_stems`)."""
        self.notes.extend(
            f"{path}: its outputs are named {named[rel][0]}.*, since {event_stem(rel)}.* "
            f"would overwrite those of {other} (names compared as macOS and Windows compare "
            "them, ignoring case)"
            for path, rel in self.tasks if (other := named[rel][1]) is not None)
        self._suffixes = suffixes
        self._owned: Owned = {}
        """Every content the batch recorded for each file (:mod:`.ownership`)."""
        self.results: list[FileResult] = []
        self.stopped_early = False

    def _rel(self, event: Path) -> str:
        """The event's key and output name (:func:`~swisstb_io.errors.readable_path`; the
        input itself is read by its real name)."""
        rel = event.name if self.root.is_file() else event.relative_to(self.root).as_posix()
        return readable_path(rel)

    def run(self) -> Iterator[FileResult]:
        """Yield one :class:`FileResult` per event as it finishes; write the index at the end.

        The output folder is locked for the run (a second batch on it refuses); every
        finished event is journalled at once, so a run killed at any moment loses only the
        events in progress."""
        self.out.mkdir(parents=True, exist_ok=True)
        lock = OutputLock(self.out)
        lock.acquire()
        try:
            yield from self._locked_run()
        finally:
            lock.release()

    def _planned(self, rel: str) -> list[str]:
        """The files event ``rel`` writes, relative to the output folder."""
        return [f"{self.stems[rel]}.{suffix}" for suffix in self._suffixes]

    def _locked_run(self) -> Iterator[FileResult]:
        last = manifest_file.load(self.out)
        previous_index, manifest, site = last.site_key, last.events, dict(last.site)
        self._owned = last.owned
        journal = Journal(self.out)
        if journal.replay(manifest, self._owned, manifest_file.valid_entry):
            previous_index = ""  # the last run was killed: its index is behind
        taken = foreign(self.out, ["index.json", "index.html"], self._owned)
        if taken:  # refused before anything is done (an event's own files: that event)
            raise in_the_way(self.out, taken, last.older)
        sweep_staging(self.out)
        seen: set[str] = set()
        index = ""  # the key of the index on disk, once it is known to be up to date
        done = False
        try:
            for res in self._results(manifest, journal):
                seen.add(res.rel)
                self.results.append(res)
                journal.record(res.rel, self._record(manifest, res))
                yield res
                if res.status == "failed" and self.options.fail_fast:
                    self.stopped_early = True
                    break
            self._remove_vanished(manifest)
            index = previous_index
            if index_key(self.results, self.stopped_early) != previous_index or not all(
                (self.out / name).is_file() for name in ("index.json", "index.html")
            ):
                index = ""
                results = self._with_summaries(manifest)
                site = self._write_site(results, site, journal)
                index = index_key(results, self.stopped_early)
            done = True
        finally:
            try:
                manifest_file.save(self.out, manifest, site, index)
                # a run cut short keeps its journal: its claims name files written by
                # workers that finished after the batch stopped taking their results
                journal.close(remove=done)
            finally:
                close_staging(self.out)

    def _remove_vanished(self, manifest: dict[str, dict[str, Any]]) -> None:
        """Take out of ``manifest`` the events of the last run that are gone (their file, or
        that section of it), and remove their files."""
        base = self.root.parent if self.root.is_file() else self.root
        rels = set(self.stems)
        files = {split_section(rel)[0] for rel in rels}
        for rel in [r for r in manifest if r not in rels]:
            file = split_section(rel)[0]
            if file in files or not (base / file).exists():  # a section or a file gone
                remove_own(self.out, entry_files(manifest.pop(rel)), self._owned)

    def _write_site(self, results: list[FileResult], site: dict[str, Content],
                    journal: Journal) -> dict[str, Content]:
        """Write the season index and player pages, all or none, and remove the player
        pages of the last run no longer needed; returns what each file of the site holds."""
        files = site_files(results, self.stopped_early, self.options.ratings is not None)
        written = write_all(self.out, files, self._owned, journal.claim)
        remove_own(self.out, [n for n in site if n not in written], self._owned)
        return written

    def _owned_by(self, rel: str, previous: dict[str, Any] | None) -> Owned:
        """The recorded contents of the files event ``rel`` may overwrite."""
        names = [*self._planned(rel), *entry_files(previous or {})]
        return {n: self._owned[n] for n in names if n in self._owned}

    def _with_summaries(self, manifest: dict[str, dict[str, Any]]) -> list[FileResult]:
        """The results, with each skipped event's summary read back for the index.  An
        event whose summary cannot be read (damaged, or changed by hand) is processed
        again, so the index never shows it without its entrants (a note says so)."""
        results = with_summaries(self.out, self.results)
        for k, res in enumerate(results):
            if res.status != "skipped" or (res.summary is not None and res.season is not None):
                continue
            self.notes.append(f"{res.path}: its summary {res.summary_file} could not be read "
                              "(damaged or changed); the event was processed again")
            again = process_event(res.path, res.rel, str(self.out),
                                  replace(self.options, force=True), None, self.stems[res.rel],
                                  self._owned_by(res.rel, None))
            self._record(manifest, again)
            results[k] = again
        return results

    def _record(self, manifest: dict[str, dict[str, Any]],
                res: FileResult) -> dict[str, Any] | None:
        """Put ``res`` in ``manifest`` and return its entry; a failed event is taken out
        (``None``), and the files the batch wrote for it are removed."""
        if res.status == "failed":
            names = [*entry_files(manifest.pop(res.rel, {})), *self._planned(res.rel)]
            remove_own(self.out, names, self._owned)
            return None
        contents = res.contents or {}
        for name, content in contents.items():
            add_owned(self._owned, name, content)
        entry = manifest[res.rel] = {
            "digest": res.digest, "outputs": list(res.outputs), "summary": res.summary_file,
            "files": {name: list(c) for name, c in contents.items()}}
        return entry

    def _results(self, manifest: dict[str, dict[str, Any]],
                 journal: Journal) -> Iterator[FileResult]:
        tasks, stems = self.tasks, self.stems
        opts, out = self.options, str(self.out)
        if opts.jobs == 1 or len(tasks) <= 1:
            for path, rel in tasks:
                yield process_event(path, rel, out, opts, manifest.get(rel), stems[rel],
                                    self._owned_by(rel, manifest.get(rel)))
            return
        left = {rel: path for path, rel in tasks}  # the events without a result yet
        pool = ProcessPoolExecutor(max_workers=min(opts.jobs, len(tasks)),
                                   initializer=worker_start)
        try:
            futures: dict[Future[FileResult], str] = {
                pool.submit(process_event, path, rel, out, opts, manifest.get(rel),
                            stems[rel], self._owned_by(rel, manifest.get(rel)),
                            os.getpid()): rel
                for path, rel in tasks
            }
            # as_completed, not wait(FIRST_COMPLETED) in a loop: that one installs a waiter
            # on every pending future at each call (quadratic in the number of events).
            for fut in as_completed(futures):
                try:
                    res = fut.result()
                except BrokenProcessPool:
                    break  # every other future of this pool fails the same way
                del left[futures[fut]]
                yield res
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        if left:
            journal.add_claims(self._owned)  # what the dead worker wrote is ours too
            yield from self._isolated(left, manifest)

    def _isolated(
        self, left: dict[str, str], manifest: dict[str, dict[str, Any]]
    ) -> Iterator[FileResult]:
        """After a worker died (a crash, not an exception): the remaining events one at a
        time, each in a fresh process, so the event that kills its process is the one
        reported, and the others go on."""
        opts, out = self.options, str(self.out)
        for rel, path in left.items():
            with ProcessPoolExecutor(max_workers=1) as pool:
                fut = pool.submit(process_event, path, rel, out, opts, manifest.get(rel),
                                  self.stems[rel], self._owned_by(rel, manifest.get(rel)),
                                  os.getpid())
                try:
                    res = fut.result()
                except BrokenProcessPool:
                    res = FileResult(path, rel, "failed", "the worker process died while "
                                     "processing this file (a crash, not a reading error); "
                                     "please report it with the file")
            yield res


def default_jobs() -> int:
    """The CPU count available to this process."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)
