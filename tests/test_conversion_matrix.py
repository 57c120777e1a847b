"""Every registered format into every other, over the gallery.

For each pair (A, B) of formats that can both be read and written, and each gallery
tournament T: write T with A, read it back with A, write that with B, read it back with B,
and compare with T.  Only what A or B declare in ``FormatSpec.lossy`` may differ (the
convention is on ``FormatSpec.lossy``; ``tests/lossy.py`` applies it).  Formats that other
helpers register join the matrix without any change here.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from gallery import GALLERY
from lossy import collapses, differences, outcomes, unwritable

from swisstb_io.errors import WriteError
from swisstb_io.model import Color, Outcome, RoundResult, Tournament
from swisstb_io.registry import FormatSpec, ReadOptions, all_formats

ROUND_TRIP = [s for s in all_formats() if s.reader is not None and s.writer is not None]


def _path(spec: FormatSpec) -> str:
    return "gallery" + (spec.extensions[0] if spec.extensions else "." + spec.name)


def _through(spec: FormatSpec, t: Tournament) -> Tournament:
    assert spec.writer is not None and spec.reader is not None
    data = spec.writer(t, spec.write_options)
    assert isinstance(data, bytes) and data, f"{spec.name} wrote nothing"
    return spec.reader(data, _path(spec), ReadOptions()).tournament


def _refused(spec: FormatSpec, t: Tournament) -> bool:
    """True when ``spec`` may refuse ``t``: it holds an outcome the format cannot write."""
    return bool(outcomes(t) & unwritable(spec.lossy))


def _check_stage(spec: FormatSpec, t: Tournament) -> Tournament | None:
    """``t`` through ``spec``; None when the writer refused it as its lossy entries allow."""
    if _refused(spec, t):
        try:
            return _through(spec, t)
        except WriteError:
            return None
    return _through(spec, t)


def test_registry_has_the_formats_this_matrix_is_for() -> None:
    names = {s.name for s in ROUND_TRIP}
    assert {"xml", "chess-json"} <= names
    for spec in ROUND_TRIP:
        collapses(spec.lossy)  # every outcome: entry names real Outcome members


@pytest.mark.parametrize("name", list(GALLERY))
@pytest.mark.parametrize("b", ROUND_TRIP, ids=lambda s: s.name)
@pytest.mark.parametrize("a", ROUND_TRIP, ids=lambda s: s.name)
def test_a_then_b_keeps_what_both_can_hold(a: FormatSpec, b: FormatSpec, name: str) -> None:
    original = GALLERY[name]
    via_a = _check_stage(a, original)
    if via_a is None:
        return
    via_b = _check_stage(b, via_a)
    if via_b is None:
        return
    found = differences(original, via_b, a.lossy | b.lossy)
    assert not found, f"{a.name} -> {b.name} on {name!r}:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("spec", ROUND_TRIP, ids=lambda s: s.name)
def test_a_refusal_is_declared_and_explained(spec: FormatSpec) -> None:
    """A writer that refuses a gallery tournament says why, and only for declared outcomes."""
    for name, t in GALLERY.items():
        assert spec.writer is not None
        try:
            spec.writer(t, spec.write_options)
        except WriteError as exc:
            assert _refused(spec, t), f"{spec.name} refused {name!r} undeclared: {exc}"
            assert str(exc), f"{spec.name} refused {name!r} without a message"


# The comparison helper itself: each rule must both forgive what it says and nothing more.

_BASE = GALLERY["byes"]


def _with_result(t: Tournament, start_no: int, rnd: int, res: RoundResult) -> Tournament:
    players = []
    for p in t.players:
        if p.start_no == start_no:
            results = list(p.results)
            results[rnd - 1] = res
            p = replace(p, results=tuple(results))
        players.append(p)
    return replace(t, players=tuple(players))


def test_identical_tournaments_have_no_differences() -> None:
    assert differences(_BASE, _BASE, ()) == []


def test_a_changed_outcome_is_found_and_a_declared_collapse_forgiven() -> None:
    changed = _with_result(_BASE, 7, 3, RoundResult(Outcome.FULL_BYE))
    assert differences(_BASE, changed, ()) == [
        "tournament.players[6].results[2].outcome: expected <Outcome.PAIRING_BYE: "
        "'pairing-bye'>, got <Outcome.FULL_BYE: 'full-bye'>"
    ]
    assert differences(_BASE, changed, {"outcome:PAIRING_BYE=FULL_BYE"}) == []
    assert differences(_BASE, changed, {"outcome:PAIRING_BYE"}) == []
    assert differences(_BASE, changed, {"outcome:HALF_BYE=FULL_BYE"}) != []


def test_a_bare_outcome_entry_still_checks_the_opponent() -> None:
    changed = _with_result(_BASE, 1, 1, RoundResult(Outcome.FORFEIT_WIN, 5, Color.WHITE))
    assert differences(_BASE, changed, {"outcome:WIN"}) != []


def test_trailing_not_paired_rounds_only() -> None:
    p6 = _BASE.player(6)
    dropped = replace(_BASE, players=tuple(
        replace(p, results=p.results[:3]) if p.start_no == 6 else p for p in _BASE.players
    ))  # fmt: skip
    assert differences(_BASE, dropped, {"player.results.trailing"}) == []
    assert p6.results[2].outcome is Outcome.ZERO_BYE
    two = replace(dropped, players=tuple(
        replace(p, results=p.results[:2]) if p.start_no == 6 else p for p in _BASE.players
    ))  # fmt: skip
    assert differences(_BASE, two, {"player.results.trailing"}) != []


def test_unplayed_colour_rule_leaves_played_games_alone() -> None:
    forfeit = GALLERY["forfeits"]
    recoloured = _with_result(forfeit, 1, 1, RoundResult(Outcome.FORFEIT_WIN, 4, Color.NONE))
    assert differences(forfeit, recoloured, {"player.results.color:unplayed"}) == []
    played = _with_result(forfeit, 1, 3, RoundResult(Outcome.WIN, 3, Color.NONE))
    assert differences(forfeit, played, {"player.results.color:unplayed"}) != []


def test_ascii_rule_accepts_transliteration_and_cuts_only() -> None:
    t = GALLERY["utf8-unrated"]
    names = {4: "??????, ????", 3: "Lukasiewicz, Swietos", 1: "Muller, Jurgen"}
    folded = replace(t, players=tuple(
        replace(p, name=names.get(p.start_no, p.name)) for p in t.players
    ))  # fmt: skip
    assert differences(t, folded, {"player.name:ascii"}) == []
    wrong = replace(folded, players=(replace(folded.players[0], name="Miller, Jurgen"),
                                     *folded.players[1:]))  # fmt: skip
    assert differences(t, wrong, {"player.name:ascii"}) != []


def test_other_systems_rule_keeps_the_systems_the_copy_has() -> None:
    t = GALLERY["round-robin"]
    no_uscf = replace(t, players=tuple(replace(p, ratings=()) for p in t.players))
    assert differences(t, no_uscf, {"player.ratings:other-systems"}) != []
    one_left = replace(no_uscf, players=(t.players[0], *no_uscf.players[1:]))
    assert differences(t, one_left, {"player.ratings:other-systems"}) != []
    assert differences(t, no_uscf, {"player.ratings"}) == []


def test_extras_added_by_a_reader_are_ignored_but_lost_ones_found() -> None:
    t = replace(_BASE, extras={"xml:note": "kept"})
    added = replace(t, extras={"xml:note": "kept", "trf:XXR": "4"})
    assert differences(t, added, ()) == []
    lost = replace(t, extras={"trf:XXR": "4"})
    assert differences(t, lost, ()) != []
    assert differences(t, lost, {"tournament.extras"}) == []


def test_unknown_entries_are_refused() -> None:
    with pytest.raises(KeyError):
        differences(_BASE, _BASE, {"player.nickname"})
    with pytest.raises(KeyError):
        differences(_BASE, _BASE, {"player.name:rot13"})
    with pytest.raises(KeyError):
        collapses({"outcome:SURRENDER"})
    with pytest.raises(KeyError):
        differences(_BASE, _BASE, {"player.results.opponent:rot13"})
    with pytest.raises(KeyError):
        differences(_BASE, _BASE, {"results.color"})
