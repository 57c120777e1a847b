"""``swisstb batch``: a season folder of mixed formats, failures, atomic writes, re-runs."""

from __future__ import annotations

import datetime as dt
import gc
import json
import os
import pickle
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io import api
from swisstb_io.batch import (
    Batch,
    BatchOptions,
    discover,
    manifest,
    normalise_name,
    performance,
    read_index,
)
from swisstb_io.batch import runner as runner_mod
from swisstb_io.batch.season_parts import SeasonEntry
from swisstb_io.cli import cli
from swisstb_io.model import Color, DateText, Outcome, Player, Rating, RoundResult, Tournament

FORMATS = [("trf", ".trf"), ("xml", ".xml"), ("chess-json", ".jch"), ("swisssys-csv", ".csv")]
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
POOL = [(f"Member{k}, Alex", str(4100000 + k), 1400 + 7 * k) for k in range(60)]


def make_event(seed: int, n: int = 8, rounds: int = 4) -> Tournament:
    """A small random Swiss-like event whose players come from one club pool (FIDE ids)."""
    rng = random.Random(seed)
    people = rng.sample(POOL, n)
    res: dict[int, list[RoundResult]] = {i: [] for i in range(1, n + 1)}
    for _ in range(rounds):
        order = list(res)
        rng.shuffle(order)
        if len(order) % 2:
            res[order.pop()].append(RoundResult(Outcome.PAIRING_BYE))
        for a, b in zip(order[::2], order[1::2], strict=True):
            x = rng.random()
            oa, ob = ((Outcome.WIN, Outcome.LOSS) if x < 0.4 else
                      (Outcome.DRAW, Outcome.DRAW) if x < 0.7 else (Outcome.LOSS, Outcome.WIN))
            res[a].append(RoundResult(oa, b, Color.WHITE))
            res[b].append(RoundResult(ob, a, Color.BLACK))
    players = tuple(
        Player(i, people[i - 1][0], tuple(res[i]), fide_id=people[i - 1][1],
               fide_rating=people[i - 1][2])
        for i in range(1, n + 1))
    day = dt.date(2026, 1, 1) + dt.timedelta(days=seed)
    return Tournament(name=f"Club night {seed}", players=players, total_rounds=rounds,
                      start_date=DateText.from_date(day))


def make_season(root: Path, events: int = 50) -> list[str]:
    """``events`` generated events in rotating formats under two sub-folders, plus two
    corrupt files; returns the relative paths of the good ones."""
    good = []
    for k in range(events):
        fmt, ext = FORMATS[k % len(FORMATS)]
        rel = f"{'autumn' if k % 2 else 'spring'}/event{k:02d}{ext}"
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(api.dumps(make_event(k, n=6 + k % 5), fmt))
        good.append(rel)
    (root / "spring" / "broken.trf").write_bytes(
        b"012 Broken\n001    1 m    Solo                              1500 NOR     1\n"
        b"001    x garbage\n")
    (root / "autumn" / "truncated.xml").write_bytes(b'<?xml version="1.0"?>\n<tournament')
    (root / "notes.txt").write_text("not a tournament\n")
    return good


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    root = tmp_path_factory.mktemp("season")
    return root, make_season(root)


@pytest.fixture(scope="module")
def small_season(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    root = tmp_path_factory.mktemp("small")
    return root, make_season(root, events=12)


def _no_temporaries(out: Path) -> None:
    assert [p for p in out.rglob("*") if p.name.endswith(".tmp")] == []


def test_batch_cli_reports_every_good_event_and_lists_the_failures(
    season: tuple[Path, list[str]], tmp_path: Path
) -> None:
    root, good = season
    out = tmp_path / "out"
    run = CliRunner().invoke(cli, ["batch", str(root), "-o", str(out), "--jobs", "2",
                                   "--format", "html,json"])
    assert run.exit_code == 1, run.output
    lines = run.stderr.splitlines() if hasattr(run, "stderr") else run.output.splitlines()
    assert lines[-1].startswith("52 events: 50 done, 0 unchanged, 2 failed;")
    assert sorted(x for x in lines if x.endswith(": ok")) == sorted(
        f"{root / rel}: ok" for rel in good)
    failed = sorted(x for x in lines if ": error: " in x and not x.startswith("  "))
    again = sorted(x[2:] for x in lines[lines.index("failed:") + 1:-1])  # listed again
    assert failed == again == [
        f"{root / 'autumn' / 'truncated.xml'}:2:12: error: not well-formed XML: Couldn't find "
        "end of Start Tag tournament line 2",
        f"{root / 'spring' / 'broken.trf'}:3:5: error: start number 'x' is not a number "
        "(columns 5-8)",
    ]
    for rel in good:
        for ext in ("html", "json", "summary.json"):
            assert (out / "events" / f"{rel}.{ext}").is_file(), rel
        report = json.loads((out / "events" / f"{rel}.json").read_text())
        assert report["schema"] == "swisstb-report/3"
    index = read_index(out)
    assert index["counts"] == {"events": 52, "ok": 50, "failed": 2}
    by_file = {e["file"]: e for e in index["events"]}
    bad = by_file["spring/broken.trf"]
    assert (bad["status"], bad["location"], bad["message"], bad["links"]) == (
        "failed", "spring/broken.trf:3:5", "start number 'x' is not a number (columns 5-8)", {})
    assert by_file["autumn/truncated.xml"]["location"] == "autumn/truncated.xml:2:12"
    html = (out / "index.html").read_text()
    assert html.count('class="failed"') == 2
    assert ("<td>failed: spring/broken.trf:3:5: start number &#x27;x&#x27; is not a number "
            "(columns 5-8)</td>") in html
    ev = by_file["spring/event00.trf"]
    assert (ev["status"], ev["date"], ev["players"], ev["rounds"]) == ("ok", "2026-01-01", 6, 4)
    assert ev["links"] == {"html": "events/spring/event00.trf.html",
                           "json": "events/spring/event00.trf.json"}
    assert ev["winner"]
    assert "notes.txt" not in by_file
    _no_temporaries(out)


def test_second_run_skips_every_unchanged_event_and_force_redoes_them(
    season: tuple[Path, list[str]], tmp_path: Path
) -> None:
    root, good = season
    out = tmp_path / "out"
    first = list(Batch(root, out, BatchOptions(jobs=2, formats=("json",))).run())
    assert sorted(r.status for r in first).count("ok") == 50
    stamp = (out / "events" / f"{good[0]}.json").stat().st_mtime_ns
    index_stamp = (out / "index.json").stat().st_mtime_ns
    second = list(Batch(root, out, BatchOptions(jobs=2, formats=("json",))).run())
    assert {r.rel: r.status for r in second if r.status != "failed"} == dict.fromkeys(
        good, "skipped")
    assert (out / "events" / f"{good[0]}.json").stat().st_mtime_ns == stamp
    assert (out / "index.json").stat().st_mtime_ns == index_stamp  # nothing to redo
    assert read_index(out)["counts"] == {"events": 52, "ok": 50, "failed": 2}
    # a changed file is redone, the others are still skipped
    changed = root / good[1]
    original = changed.read_bytes()
    try:
        changed.write_bytes(api.dumps(make_event(999), "xml"))
        third = {r.rel: r.status for r in Batch(root, out, BatchOptions(
            jobs=2, formats=("json",))).run()}
        assert third[good[1]] == "ok"
        assert sum(s == "skipped" for s in third.values()) == 49
        names = {e["file"]: e["name"] for e in read_index(out)["events"]}
        assert names[good[1]] == "Club night 999"  # the index was rebuilt
    finally:
        changed.write_bytes(original)
    # changed options are redone (the options are part of the hash)
    entry = manifest.load(out).events[good[0]]
    again = runner_mod.process_event(str(root / good[0]), good[0], str(out),
                                     BatchOptions(formats=("json",)), entry)
    assert again.status == "skipped"
    other = runner_mod.process_event(str(root / good[0]), good[0], str(out),
                                     BatchOptions(formats=("json", "text")), entry)
    assert other.status == "ok" and other.digest != entry["digest"]
    # a missing output is redone; --force redoes everything
    (out / "events" / f"{good[2]}.json").unlink()
    assert runner_mod.process_event(str(root / good[2]), good[2], str(out),
                                    BatchOptions(formats=("json",)),
                                    manifest.load(out).events[good[2]]).status == "ok"
    forced = {r.status for r in Batch(root, out, BatchOptions(jobs=2, formats=("json",),
                                                              force=True)).run()}
    assert forced == {"ok", "failed"}


def test_a_crash_mid_write_leaves_nothing_partial(
    small_season: tuple[Path, list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, _ = small_season
    out = tmp_path / "out"
    real_replace = os.replace
    calls = {"n": 0}

    def crash(src: str, dst: str) -> None:
        calls["n"] += 1
        if calls["n"] == 6:  # the third event's second output (its first is in place)
            with open(src, "rb") as fh:
                assert fh.read()  # the temporary file holds data when the "crash" hits
            raise KeyboardInterrupt
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        for _ in Batch(root, out, BatchOptions(jobs=1, formats=("json",))).run():
            pass
    monkeypatch.setattr(os, "replace", real_replace)
    _no_temporaries(out)
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    # the first two events are complete; the third has only what was renamed into place
    for name in written:
        if name.startswith("events/"):
            data = (out / name).read_bytes()
            json.loads(data)
    # the manifest only records finished events, so the next run completes the season
    again = Batch(root, out, BatchOptions(jobs=2, formats=("json",)))
    results = {r.rel: r.status for r in again.run()}
    assert sum(s == "skipped" for s in results.values()) == 2
    assert sum(s == "ok" for s in results.values()) == 10


def test_a_write_error_fails_that_event_only(
    small_season: tuple[Path, list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, _ = small_season
    out = tmp_path / "out"
    real_replace = os.replace

    def disk_full(src: str, dst: str) -> None:
        if str(dst).endswith("event03.csv.json"):
            raise OSError(28, "No space left on device", str(dst))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", disk_full)
    results = {r.rel: r for r in Batch(root, out, BatchOptions(jobs=1, formats=("json",))).run()}
    bad = results["autumn/event03.csv"]
    assert bad.status == "failed"
    assert bad.message == (f"cannot write {out}/events/autumn/event03.csv.json: No space left "
                           "on device; the disk is full: free some space or choose another disk")
    assert sum(r.status == "ok" for r in results.values()) == 11
    assert not (out / "events" / "autumn" / "event03.csv.json").exists()
    _no_temporaries(out)


def test_fail_fast_stops_at_the_first_failure(small_season: tuple[Path, list[str]],
                                              tmp_path: Path) -> None:
    root, _ = small_season
    batch = Batch(root, tmp_path / "out", BatchOptions(jobs=1, fail_fast=True, formats=("json",)))
    results = list(batch.run())
    assert results[-1].status == "failed" and batch.stopped_early
    assert len(results) < 14
    assert read_index(tmp_path / "out")["stopped_early"] is True


def test_glob_narrows_and_stale_temporaries_are_swept(small_season: tuple[Path, list[str]],
                                                      tmp_path: Path) -> None:
    root, good = small_season
    assert [p.name for p in discover(root, patterns=("spring/*.trf",))] == [
        "broken.trf", *sorted(Path(g).name for g in good if g.startswith("spring/")
                              and g.endswith(".trf"))]
    out = tmp_path / "out"
    batch = Batch(root, out, BatchOptions(patterns=("*.csv",), formats=("json",)))
    first = batch._planned(batch._rel(batch.events[0]))[0]  # e.g. events/x.csv.json
    (out / first).parent.mkdir(parents=True)
    (out / ".swisstb-batch.tmp").mkdir()
    ours = out / ".swisstb-batch.tmp" / f".{Path(first).name}.a1b2c3d4.tmp"
    ours.write_bytes(b"half")  # a killed run's temporary, in the batch's own folder: swept
    theirs = [out / "events" / ".x.html.abc123.tmp", out / "notes.tmp",
              (out / first).with_name(f".{Path(first).name}.a1b2c3d4.tmp")]
    for f in theirs:  # not written by the batch, even named as its temporaries: kept
        f.write_bytes(b"the user's")  # (issue 16 item 9, issue 33 item 2)
    list(batch.run())
    assert not ours.exists()
    assert [f.read_bytes() for f in theirs] == [b"the user's"] * 3


def test_season_view_matches_players_by_id_then_name(tmp_path: Path) -> None:
    a = Player(1, "Müller, Hans", (RoundResult(Outcome.WIN, 2, Color.WHITE),),
               fide_id="123", fide_rating=2000)
    b = Player(2, "Jones, Bo", (RoundResult(Outcome.LOSS, 1, Color.BLACK),), fide_rating=1800)
    t1 = Tournament(name="One", players=(a, b), total_rounds=1)
    a2 = Player(1, "Hans Mueller", (RoundResult(Outcome.DRAW, 2, Color.BLACK),), fide_id="123",
                fide_rating=2010)
    b2 = Player(2, "bo  JONES", (RoundResult(Outcome.DRAW, 1, Color.WHITE),),
                ratings=(Rating("USCF", 1900),))
    t2 = Tournament(name="Two", players=(a2, b2), total_rounds=1)
    root = tmp_path / "s"
    root.mkdir()
    api.write(t1, root / "one.trf", format="trf")
    api.write(t2, root / "two.xml", format="xml")
    list(Batch(root, tmp_path / "o", BatchOptions(jobs=1, formats=("json",))).run())
    players = {p["name"]: p for p in read_index(tmp_path / "o")["players"]}
    assert set(players) == {"Jones, Bo", "Müller, Hans"}
    hans, bo = players["Müller, Hans"], players["Jones, Bo"]
    assert (hans["matched_by"], hans["other_names"], hans["fide_id"]) == (
        "FIDE id", ["Hans Mueller"], "123")
    assert (bo["matched_by"], bo["other_names"]) == ("name", ["bo  JONES"])
    assert (str(hans["score"]), hans["games"], len(hans["events"])) == ("1.5", 2, 2)
    # 1.5/2 = 75 % -> dp +193; opponents 1800 and 1900 -> average 1850
    assert hans["performance"] == 1850 + 193
    assert hans["rounds"] == [[0, 1, "W", "w", "Jones, Bo", 1800],
                              [1, 1, "D", "b", "bo  JONES", 1900]]
    html = (tmp_path / "o" / "index.html").read_text()
    # fifty players a page: both players are on players/1.html, each in a section
    assert f'<a href="players/1.html#{hans["id"]}">Müller, Hans</a>' in html
    hans_page = (tmp_path / "o" / "players" / "1.html").read_text()
    assert f'<h2 id="{hans["id"]}">Müller, Hans</h2>' in hans_page
    assert f'<h2 id="{bo["id"]}">Jones, Bo</h2>' in hans_page
    assert ('two.xml</a> Two: place 1, 0.5 points</th></tr>\n'
            "<tr><td>1</td><td>b</td><td>bo  JONES</td><td>1900</td><td>D</td></tr>") in hans_page
    pages = ["1.html"]
    assert sorted(f.name for f in (tmp_path / "o" / "players").iterdir()) == pages
    (tmp_path / "o" / "players" / "2.html").write_text("a page the batch did not write")
    (tmp_path / "o" / "index.html").unlink()  # the index is rebuilt, with its player pages
    list(Batch(root, tmp_path / "o", BatchOptions(formats=("json",))).run())
    assert sorted(f.name for f in (tmp_path / "o" / "players").iterdir()) == [*pages, "2.html"]
    assert (tmp_path / "o" / "players" / "2.html").read_text() == "a page the batch did not write"


def test_name_normalisation_and_performance() -> None:
    assert normalise_name("Müller,  Hans") == normalise_name("hans MULLER") == "hans muller"
    assert performance([]) is None
    assert performance([(2, 1500), (0, 1600)]) == 1550
    assert performance([(2, 1500)]) == 1500 + 800


def test_bad_options_are_usage_errors(tmp_path: Path) -> None:
    run = CliRunner().invoke(cli, ["batch", str(tmp_path), "-o", str(tmp_path / "o"),
                                   "--format", "pdf"])
    assert run.exit_code == 2 and "'pdf' is not one of" in run.output
    run = CliRunner().invoke(cli, ["batch", str(tmp_path), "-o", str(tmp_path / "o"),
                                   "--tiebreaks", "NOPE"])
    assert run.exit_code == 2 and "NOPE" in run.output
    run = CliRunner().invoke(cli, ["batch", str(tmp_path), "-o", str(tmp_path)])
    assert run.exit_code == 2


def test_submissions_are_written_per_event(tmp_path: Path) -> None:
    root = tmp_path / "s"
    root.mkdir()
    t = make_event(3, n=6, rounds=3)
    (root / "club.trf").write_bytes(api.dumps(t, "trf"))
    out = tmp_path / "o"
    run = CliRunner().invoke(cli, ["batch", str(root), "-o", str(out), "--jobs", "1",
                                   "--format", "json", "--submit", "fide,uscf",
                                   "--tiebreaks", "BH,SB"])
    assert run.exit_code == 0, run.output
    fide = api.load(out / "events" / "club.trf.fide.trf").tournament
    report = json.loads((out / "events" / "club.trf.json").read_text())
    ranks = {row["start_no"]: row["place"] for row in report["standings"]}
    assert {p.start_no: p.declared_rank for p in fide.players} == ranks
    uscf = api.load(out / "events" / "club.trf.uscf.zip", format="uscf-dbf").tournament
    assert [p.name for p in uscf.players] == [p.name for p in t.players]
    # what a rating officer would send back is shown, and the files are still written
    assert "fide submission: " in run.output and "uscf submission: " in run.output


def crashing_process_event(path: str, rel: str, *args: object) -> runner_mod.FileResult:
    """Stands for a reader bug that kills its process (a crash, not an exception)."""
    if rel.endswith("event05.xml"):
        os._exit(3)
    return REAL_PROCESS_EVENT(path, rel, *args)  # type: ignore[arg-type]


REAL_PROCESS_EVENT = runner_mod.process_event


def test_a_worker_crash_fails_only_its_event(small_season: tuple[Path, list[str]],
                                             tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    root, good = small_season
    monkeypatch.setattr(runner_mod, "process_event", crashing_process_event)
    results = {r.rel: r for r in Batch(root, tmp_path / "o",
                                        BatchOptions(jobs=2, formats=("json",))).run()}
    assert len(results) == 14
    crashed = results["autumn/event05.xml"]
    assert (crashed.status, crashed.message) == (
        "failed", "the worker process died while processing this file (a crash, not a reading "
        "error); please report it with the file")
    assert sorted(r for r, res in results.items() if res.status == "ok") == sorted(
        g for g in good if g != "autumn/event05.xml")


def writing_then_crashing_process_event(path: str, rel: str, out_dir: str,
                                        *args: object) -> runner_mod.FileResult:
    """Event05's first worker writes its files, then dies before its result reaches the
    batch (a marker file tells the second attempt, in a fresh process, to live)."""
    res = REAL_PROCESS_EVENT(path, rel, out_dir, *args)  # type: ignore[arg-type]
    marker = Path(out_dir) / "crashed-once"
    if rel.endswith("event05.xml") and not marker.exists():
        marker.write_text("")
        os._exit(3)
    return res


def test_an_event_redone_after_its_worker_died_may_overwrite_what_that_worker_wrote(
        small_season: tuple[Path, list[str]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The files were claimed in the journal before they were written: the batch wrote
    # them, so the event done again in isolation is not refused as "a file in the way".
    root, good = small_season
    monkeypatch.setattr(runner_mod, "process_event", writing_then_crashing_process_event)
    out = tmp_path / "o"
    results = {r.rel: r for r in Batch(root, out,
                                        BatchOptions(jobs=2, formats=("json",))).run()}
    assert (out / "crashed-once").exists()
    assert sorted(r for r, res in results.items() if res.status == "ok") == sorted(good)


@pytest.mark.parametrize(("name", "chain"), [
    ("held_swiss_9.trf", None),  # the file's FIDE chain
    ("held_swiss_9.trf", "BH/C1,BH,SB,FB,AOB,ARO,DE"),
    ("own_midevent.trf", "uscf"),
])
def test_an_event_leaves_no_reference_cycle(tmp_path: Path, name: str, chain: str | None
                                            ) -> None:
    """Everything an event allocates is freed by reference counting as soon as it is done.

    A reference cycle (a recursive closure once made one) keeps the whole calculation
    alive until the cyclic collector finds it: in a batch that collection was ~8 % of the
    time.  ``gc.collect()`` counts what only it could free: it must be nothing.
    """
    src = tmp_path / name
    src.write_bytes((FIXTURES / "trf" / name).read_bytes())
    options = BatchOptions(formats=("html", "json", "txt"), tiebreaks=chain)
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        for fmt, ext in FORMATS:  # the same event through every reader
            data = src if ext == ".trf" else tmp_path / f"copy{ext}"
            if ext != ".trf":
                data.write_bytes(api.dumps(api.read(src), fmt))
            got = runner_mod.process_event(str(data), data.name, str(tmp_path / "out"),
                                           options, None)
            assert got.status == "ok", got.message
            del got
            assert gc.collect() == 0, f"{fmt}: cyclic garbage left"
    finally:
        if was_enabled:
            gc.enable()


def test_a_result_crosses_processes_unchanged(small_season: tuple[Path, list[str]],
                                              tmp_path: Path) -> None:
    """A result crosses from the worker to the parent unchanged, its season entries
    still :class:`SeasonEntry`."""
    root, good = small_season
    got = runner_mod.process_event(str(root / good[0]), good[0], str(tmp_path), BatchOptions(),
                                   None)
    assert got.status == "ok" and got.season
    back = pickle.loads(pickle.dumps(got, protocol=pickle.HIGHEST_PROTOCOL))
    assert back.__dict__ == got.__dict__
    assert {type(e) for e in back.season or ()} == {SeasonEntry}
    failed = runner_mod.FileResult("a.trf", "a.trf", "failed", "bad", 3, 4)
    assert pickle.loads(pickle.dumps(failed)).__dict__ == failed.__dict__


def test_submit_fide_ranks_like_the_event_s_report(tmp_path: Path) -> None:
    """One chain policy: for a file that declares no chain, the submitted TRF's ranks are
    the places of the event's reports (both ranked by the default chain, uscf)."""
    season = tmp_path / "season"
    season.mkdir()
    held = FIXTURES / "trf" / "held_swiss_9.trf"
    (season / held.name).write_bytes(held.read_bytes())
    assert not api.read(held).tiebreaks and not api.read(held).standings_order
    out = tmp_path / "out"
    results = list(Batch(season, out, BatchOptions(formats=("json", "html"),
                                                   submit=("fide",))).run())
    assert [r.status for r in results] == ["ok"]
    doc = json.loads((out / "events" / f"{held.name}.json").read_text("utf-8"))
    assert [c["code"] for c in doc["tiebreaks"]] == ["MM", "SOLK", "CUM", "OPPCUM"]
    places = {e["start_no"]: e["place"] for e in doc["standings"]}
    submitted = api.load((out / "events" / f"{held.name}.fide.trf").read_bytes()).tournament
    assert {p.start_no: p.declared_rank for p in submitted.players} == places
    assert len(set(places.values())) > 1
