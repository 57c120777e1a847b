"""Every explanation accounts for its value: the rows add up to it, or it states the formula
and its inputs, which give the value again.

For every system of the table, under both rulebooks (every FIDE edition, Swiss and round
robin) and every option and modifier the system declares, on generated consistent events
(any point system, byes, forfeits, unrated players).  A system added to the table without a
check here fails :func:`test_every_system_has_a_check`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import consistent_tournaments

from swisstb_io.errors import TiebreakError
from swisstb_io.model import Tournament
from swisstb_io.numbers import round_half_up
from swisstb_io.tiebreaks import CalcOptions, Context, Explanation, System, standings, systems
from swisstb_io.tiebreaks.ratings import DP_TABLE, perfect_performance

Check = Callable[[Fraction | None, Explanation], None]


def _counted(e: Explanation) -> list[Fraction]:
    """The values of the rows that count: not dropped, not left out."""
    return [r.value for r in e.rows if not r.dropped and r.value is not None]


def _sum(value: Fraction | None, e: Explanation) -> None:
    assert value == sum(_counted(e), Fraction(0)), (value, e)


def _sum_or_undefined(value: Fraction | None, e: Explanation) -> None:
    if value is None:  # 34E5 strict mode: not all tied players have met
        assert any("not all tied players have met" in n for n in e.notes), e
    else:
        _sum(value, e)


def _number(text: str) -> Fraction:
    return Fraction(Decimal(text)) if "/" not in text else Fraction(text)


def _cumulative(value: Fraction | None, e: Explanation) -> None:
    """34E3: the running scores that count, minus each unplayed result the notes name."""
    minus = [_number(m) for r in e.rows
             for m in re.findall(r"minus (\S+) for the unplayed result \(", r.note)]
    assert value == sum(_counted(e), Fraction(0)) - sum(minus, Fraction(0)), (value, e)


def _mean(decimals: int | None) -> Check:
    """The mean of the rows that count, rounded half up to ``decimals`` (None: exact)."""

    def check(value: Fraction | None, e: Explanation) -> None:
        rows = _counted(e)
        if not rows:
            assert value is None, (value, e)
            return
        mean = sum(rows, Fraction(0)) / len(rows)
        assert value == (mean if decimals is None else round_half_up(mean, decimals)), (value, e)
        if decimals is not None and mean != value:
            assert any(f"exact value {mean} =" in n for n in e.notes), e

    return check


def _opposition_performance(value: Fraction | None, e: Explanation) -> None:
    """34E10: the mean of the rows; the SwissSys formula rounds it half up, as a note says."""
    if "SwissSys 11 formula" not in e.rule:
        _mean(None)(value, e)
        return
    rows = _counted(e)
    if not rows:
        assert value is None, (value, e)
        return
    mean = sum(rows, Fraction(0)) / len(rows)
    assert value == round_half_up(mean), (value, e)
    assert any(n.endswith(f"rounded half up to {value} (SwissSys)") for n in e.notes), e


def _scores(e: Explanation) -> list[Fraction]:
    """The game scores the rating rows state (``..., scored 0.5``) of the rows that count."""
    return [_number(re.search(r"scored (\S+)$", r.note).group(1))  # type: ignore[union-attr]
            for r in e.rows if not r.dropped and r.value is not None]


def _performance(value: Fraction | None, e: Explanation) -> None:
    """TPR (§10.2): ARO of the rows + dp of the score percentage, as the note states."""
    rows = _counted(e)
    if not rows:
        assert value is None and len(e.notes) > 0, e
        return
    aro = round_half_up(sum(rows, Fraction(0)) / len(rows))
    pct = int(round_half_up(sum(_scores(e), Fraction(0)) * 100 / len(rows)))
    assert value == aro + DP_TABLE[pct], (value, e)
    assert f"ARO {aro} + dp({pct}%) {DP_TABLE[pct]:+}" in e.notes, e


def _perfect(value: Fraction | None, e: Explanation) -> None:
    """PTP (§10.3): the rule states the formula, the rows its inputs (ratings, scores)."""
    assert "lowest rating whose expected score reaches" in e.rule
    rows = _counted(e)
    if not rows:
        assert value is None and len(e.notes) > 0, e
        return
    ratings = [int(r) for r in rows]
    assert value == perfect_performance(sum(_scores(e), Fraction(0)), ratings), (value, e)


def _rank(value: Fraction | None, e: Explanation) -> None:
    """FIDE DE: the notes state the rank within the group and the formula; the team group
    systems (EDE…, TBR, BBE) state the rank, which is their value (1 = best)."""
    m = next(re.search(r"rank (\d+) of (\d+) in the tied group; value = \2 \+ 1 - rank", n)
             for n in e.notes if "in the tied group" in n)
    if m is not None:
        assert value == int(m.group(2)) + 1 - int(m.group(1)), (value, e)
        return
    m = next(re.search(r"rank (\d+) of \d+ in the tied group \(1 = best; the value is the "
                       r"rank\)", n) for n in e.notes if "in the tied group" in n)
    assert m is not None, e
    assert value == int(m.group(1)), (value, e)


def _lot(value: Fraction | None, e: Explanation) -> None:
    """34E12/34E13: the notes say which order was used; without one there is no value."""
    assert len(e.notes) == 1, e
    assert (value is None) == (e.notes[0] == "no play-off or lot given"), (value, e)


CHECKS: dict[str, Check] = {
    **dict.fromkeys(("BH", "FB", "SB", "PS", "KS", "WIN", "WON", "BPG", "BWG", "GE", "STD",
                     "SOLK", "MM", "MED", "OPPCUM", "BLK", "KASH", "USSB"), _sum),
    "RBT": _sum_or_undefined,
    "CUM": _cumulative,
    "ARO": _mean(0),
    "APRO": _mean(0),
    "APPO": _mean(0),
    "AOB": _mean(2),
    "AVGOPP": _mean(None),
    "OPPPERF": _opposition_performance,
    "TPR": _performance,
    "PTP": _perfect,
    "DE": _rank,
    "LOT": _lot,
}


def test_every_system_has_a_check() -> None:
    """Every individual system (the team-event systems are checked in test_teams.py)."""
    assert {s.code for s in systems() if not s.team_only} == set(CHECKS)


_MODIFIERS = {"C": ("C1", "C2"), "M": ("M1",), "L": ("L40", "L+1"), "U": ("U1400",)}


def variants(system: System) -> list[str]:
    """The system alone, with each modifier it declares, and with each value of each of its
    options."""
    out = [system.code]
    for mod in sorted(system.modifiers):
        out.extend(f"{system.code}/{m}" for m in _MODIFIERS.get(mod, (mod,)))
    if {"C", "P"} <= system.modifiers:
        out.append(f"{system.code}/C1/P")
    if system.family == "FIDE":
        out.extend(f"{system.code}/{v}" for v in ("V0", "V1", "V2"))
    for name, option in system.options.items():
        out.extend(f"{system.code}[{name}={choice}]" for choice in option.choices or ("0", "1"))
    return out


SPECS = [(system.code, text) for system in systems() if not system.team_only
         for text in variants(system)]


def _explained(t: Tournament, text: str, options: CalcOptions, ctx: Context
               ) -> list[tuple[Fraction | None, Explanation]]:
    """(value, explanation) of every player that has an explanation."""
    try:
        res = standings(t, [text], options, context=ctx)
    except TiebreakError as exc:  # only FB under the pre-2023 rules does not exist
        assert "FB does not exist" in str(exc), exc
        return []
    key = res.chain[0].key
    return [(tv.value, tv.explanation) for row in res.rows
            if (tv := row.values[key]).explanation is not None]


@settings(max_examples=60, deadline=None)
@given(t=consistent_tournaments(teams=False),
       edition=st.sampled_from(("2009", "2024", "2026")),
       system=st.sampled_from(("swiss", "round-robin")),
       unrated=st.sampled_from((None, 1500)))
def test_explanations_account_for_their_values(t: Tournament, edition: str, system: str,
                                               unrated: int | None) -> None:
    options = CalcOptions(explain=True, fide_rules=edition, system=system,
                          unrated_rating=unrated, lot_seed=7)
    ctx = Context(t, options)
    for code, text in SPECS:
        for value, explanation in _explained(t, text, options, ctx):
            assert explanation.rule, text
            CHECKS[code](value, explanation)


FILE_NAME = re.compile(r"\b[\w-]+\.(?:md|py|txt|toml|json|csv)\b")
"""A file name (``rules-uscf.md``): a director does not have our files."""

INTERNAL = re.compile(r"\bA\d{1,2}\b|ambiguit|0-opponent|\bZPB-opponent")
"""Our notes' own codes (``A3``: an entry of our rules notes, ``teams.md ambiguity 13``)
and jargon (``a 0-opponent``)."""

BAD_ARTICLE = re.compile(r"\ba (?!one\b|one-|uni|use|usu|eu)[aeiou]")
"""``a even score``, ``a unplayed round`` (but ``a one-point bye``, ``a US…``)."""


def words_of(e: Explanation) -> list[str]:
    """Every text of an explanation: its rule, each row's result, note and reason for a
    drop, and its notes."""
    return [e.rule, *(t for r in e.rows for t in (r.result, r.note, r.dropped)), *e.notes]


def wrong_words(text: str, scheduled: int, completed: int) -> list[str]:
    """What a director should not read in an explanation of an event of ``scheduled``
    rounds (``completed`` of them so far): a file name, an internal code, a wrong
    article, or a number of rounds that is not the event's."""
    found = [m.group(0) for pattern in (FILE_NAME, INTERNAL, BAD_ARTICLE)
             for m in pattern.finditer(text)]
    for n, kind in re.findall(r"\b(\d+) (scheduled|completed) rounds?\b", text):
        if int(n) != (scheduled if kind == "scheduled" else completed):
            found.append(f"{n} {kind} rounds")
    return found


def test_wrong_words_are_found() -> None:
    """The check finds each of the texts issue 32 found."""
    assert wrong_words("the default reading of 34E3 (rules-uscf.md A3)", 4, 4) == [
        "rules-uscf.md", "A3"]
    assert wrong_words("score 2 is a even score", 4, 4) == ["a e"]
    assert wrong_words("own unplayed round: a 0-opponent (34E1)", 4, 4) == ["0-opponent"]
    assert wrong_words("no opponent: counts 0 (teams.md ambiguity 13)", 4, 4) == [
        "teams.md", "ambiguit"]
    assert wrong_words("2 values at each end for 9 scheduled rounds", 4, 4) == [
        "9 scheduled rounds"]
    assert wrong_words("minus 1 for a one-point bye; 1 value at each end for 4 scheduled "
                       "rounds (34E1, FIDE C.07 §16.4)", 4, 3) == []


@settings(max_examples=30, deadline=None)
@given(t=consistent_tournaments(teams=False),
       edition=st.sampled_from(("2009", "2024", "2026")),
       system=st.sampled_from(("swiss", "round-robin")))
def test_explanations_speak_the_rulebooks_words(t: Tournament, edition: str,
                                                system: str) -> None:
    """No explanation of any system (every option and modifier) names a file, one of our
    notes' codes or jargon, has ``a`` before a vowel, or counts rounds the event does not
    have (issue 32 item 11)."""
    options = CalcOptions(explain=True, fide_rules=edition, system=system, lot_seed=7)
    ctx = Context(t, options)
    for _, text in SPECS:
        for _, explanation in _explained(t, text, options, ctx):
            for words in words_of(explanation):
                assert wrong_words(words, ctx.scheduled, ctx.n_rounds) == [], (text, words)


def test_team_explanations_speak_the_rulebooks_words() -> None:
    """The same of every team system's explanations, on the Held team exercise."""
    from pathlib import Path

    from swisstb_io import read
    from swisstb_io.teams.standings import team_standings

    held = Path(__file__).resolve().parent.parent / "fixtures" / "team" / "held_team_2026.trf"
    t = read(held)
    team_codes = [s.code for s in systems() if s.team_only]
    checked = 0
    for code in [*team_codes, "BH:MP/C1", "SB:GP", "PS:MP"]:
        ts = team_standings(t, code, options=CalcOptions(explain=True))
        key = ts.result.chain[0].key
        for row in ts.result.rows:
            e = row.values[key].explanation
            if e is None:
                continue
            checked += 1
            for words in words_of(e):
                assert wrong_words(words, t.rounds, t.rounds) == [], (code, words)
    assert checked > 10 * len(team_codes)


def test_what_the_listing_says_of_each_system_speaks_the_rulebooks_words() -> None:
    """Each system's rule, summary and options' descriptions (the tie-break listing and
    the chain's help print them) name no file of ours and none of our notes' codes."""
    for system in systems():
        texts = [system.rule, system.summary, *(o.doc for o in system.options.values())]
        for text in texts:
            found = [m.group(0) for pattern in (FILE_NAME, INTERNAL)
                     for m in pattern.finditer(text)]
            assert found == [], (system.code, text)
