"""Ranking: points, the 34E actual-play rule, the chain, group systems, shared places, lot."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from uscf_build import T1, wallchart

from swisstb_io.tiebreaks import (
    CalcOptions,
    Context,
    Spec,
    System,
    parse_chain,
    standings,
)
from swisstb_io.tiebreaks import registry as tb_registry


def order(res):  # type: ignore[no-untyped-def]
    return [(r.place, r.start_no) for r in res.rows]


def test_t1_standings() -> None:
    res = standings(wallchart(T1, rounds=4), "uscf")
    assert order(res) == [(1, 1), (2, 4), (3, 2), (4, 3), (5, 5)]
    assert all(r.last_place == r.place for r in res.rows)
    assert res.actual_play_rule


def test_equal_players_share_a_place() -> None:
    t = wallchart({
        1: ("A", None, "W3 D2"), 2: ("B", None, "W4 D1"),
        3: ("C", None, "L1 D4"), 4: ("D", None, "L2 D3"),
    })
    res = standings(t, "uscf")
    assert order(res) == [(1, 1), (1, 2), (3, 3), (3, 4)]
    assert [r.last_place for r in res.rows] == [2, 2, 4, 4]


# Whole score from unplayed games (player 1: B X L L) against a score made in play.
UNPLAYED = {
    1: ("Byes", None, "B X3 L4b L5b"),
    2: ("Player", None, "W6w L7w W8w L9w"),
    3: ("c", None, "- F1 - -"), 4: ("d", None, "- - W1 -"), 5: ("e", None, "- - - W1"),
    6: ("f", None, "L2 - - -"), 7: ("g", None, "- W2 - -"), 8: ("h", None, "- - L2 -"),
    9: ("i", None, "- - - W2"),
}


def test_actual_play_beats_an_all_unplayed_score() -> None:
    t = wallchart(UNPLAYED, rounds=4)
    res = standings(t, "BLK")
    top = [r for r in res.rows if r.points == 2]
    # Player 1 leads on Most Blacks but scored nothing in play (34E introduction).
    assert top[0].values["BLK"].value == 0
    assert top[1].values["BLK"].value == 2
    assert [(r.start_no, r.place, r.scored_in_play) for r in top] == [(2, 1, True),
                                                                     (1, 2, False)]


def test_actual_play_rule_only_with_a_us_chain() -> None:
    t = wallchart(UNPLAYED, rounds=4)
    res = standings(t, [])
    assert not res.actual_play_rule
    assert [r.place for r in res.rows if r.points == 2] == [1, 1]


def test_mixed_draw_and_bye_counts_as_scored_in_play() -> None:
    t = wallchart({1: ("A", None, "D2 B"), 2: ("B", None, "D1 -")})
    assert standings(t, "uscf").rows[0].scored_in_play


GROUP = {
    1: ("A", None, "W2 L4 W5"), 2: ("B", None, "L1 W6 W7"), 3: ("C", None, "W8 L7 W6"),
    4: ("D", None, "W5 W1 D8"), 5: ("E", None, "L4 D8 L1"), 6: ("F", None, "- L2 L3"),
    7: ("G", None, "- W3 L2"), 8: ("H", None, "L3 D5 D4"),
}


def test_group_system_applies_to_the_tied_group_only() -> None:
    res = standings(wallchart(GROUP), "RBT", CalcOptions(explain=True))
    rows = {r.start_no: r for r in res.rows}
    assert order(res)[:4] == [(1, 4), (2, 1), (3, 3), (4, 2)]
    assert {sn: rows[sn].values["RBT"].value for sn in (1, 2, 3)} == {1: 1, 2: -1, 3: 0}
    assert rows[4].values["RBT"].value is None  # never tied: not computed
    e = rows[3].values["RBT"].explanation
    assert e is not None and e.notes == ("tied group: 1, 2, 3",)


def test_playoff_order_decides_inside_a_tie_only() -> None:
    t = wallchart(T1, rounds=4)
    res = standings(t, "RBT", CalcOptions(playoff=(2, 4, 1)))
    assert [s.key for s in res.chain] == ["RBT", "LOT"]
    assert order(res) == [(1, 1), (2, 2), (3, 4), (4, 3), (5, 5)]
    b = next(r for r in res.rows if r.start_no == 2)
    assert b.values["LOT"].value == 2 and b.last_place == b.place == 2


def test_lot_is_seeded_and_repeatable() -> None:
    t = wallchart({sn: (f"P{sn}", None, "B") for sn in range(1, 9)})
    tied = standings(t, "uscf")
    assert {r.place for r in tied.rows} == {1}
    a = standings(t, "uscf", CalcOptions(lot_seed=42))
    b = standings(t, "uscf", CalcOptions(lot_seed=42))
    c = standings(t, "uscf", CalcOptions(lot_seed=43))
    assert order(a) == order(b) and order(a) != order(c)
    assert [r.place for r in a.rows] == list(range(1, 9))


def test_undefined_values_rank_below_defined_ones() -> None:
    t = wallchart({1: ("A", None, "B -"), 2: ("B", None, "- W3"), 3: ("C", 1500, "- L2")})
    res = standings(t, "AVGOPP", CalcOptions())
    assert order(res)[:2] == [(1, 2), (2, 1)]
    assert res.rows[1].values["AVGOPP"].value is None


def test_chain_of_specs_and_strings() -> None:
    t = wallchart(T1, rounds=4)
    specs = parse_chain("MM,CUM")
    assert order(standings(t, specs)) == order(standings(t, ["MM", "CUM"]))


def test_reapplied_group_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``reapply`` group system runs again on a subgroup still tied after a pass."""
    calls: list[tuple[int, ...]] = []

    def first_beats_rest(ctx: Context, spec: Spec, group: tuple[int, ...]
                         ) -> dict[int, F | None]:
        calls.append(group)
        return {sn: F(1 if sn == group[0] else 0) for sn in group}

    system = System("ZZREAPPLY", "test", "test rule", group_values=first_beats_rest,
                    reapply=True, family="FIDE")
    monkeypatch.setitem(tb_registry._SYSTEMS, "ZZREAPPLY", system)
    monkeypatch.setitem(tb_registry._ALIASES, "ZZREAPPLY", "ZZREAPPLY")
    t = wallchart({sn: (f"P{sn}", None, "B") for sn in range(1, 5)})
    res = standings(t, "ZZREAPPLY")
    assert calls == [(1, 2, 3, 4), (2, 3, 4), (3, 4)]
    assert order(res) == [(1, 1), (2, 2), (3, 3), (4, 4)]


def test_every_module_that_declares_systems_is_listed_in_the_package() -> None:
    """``tiebreaks/__init__`` imports each module that declares systems itself, so the
    table of systems never depends on which module happens to import which."""
    import ast
    from pathlib import Path

    import swisstb_io.tiebreaks as package

    folder = Path(package.__file__).parent
    init = ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))
    listed = {alias.name for node in init.body if isinstance(node, ast.ImportFrom)
              and node.level == 1 and node.module is None for alias in node.names}
    declaring = set()
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Name)}
        if path.stem not in ("__init__", "registry") and calls & {"tiebreak", "group_tiebreak"}:
            declaring.add(path.stem)
    assert {"buchholz", "team_esb", "team_encounters"} <= declaring
    assert declaring <= listed, sorted(declaring - listed)
