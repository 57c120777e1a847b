"""Canonical text of records built from model values (the writer's "from the model" path).

Every function raises :class:`WriteError` naming the player or team and the field when a
value does not fit its columns.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import WriteError
from ..model import Color, Outcome, Player, PointSystem, Team
from . import _layout as L
from ._records import BB_FIELDS

CODE_OF: dict[Outcome, str] = {
    Outcome.WIN: "1",
    Outcome.DRAW: "=",
    Outcome.LOSS: "0",
    Outcome.WIN_UNRATED: "W",
    Outcome.DRAW_UNRATED: "D",
    Outcome.LOSS_UNRATED: "L",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
    Outcome.DOUBLE_FORFEIT: "-",
    Outcome.FULL_BYE: "F",
    Outcome.HALF_BYE: "H",
    Outcome.PAIRING_BYE: "U",
    Outcome.ZERO_BYE: "Z",
    Outcome.NOT_PAIRED: " ",
}
INCONSISTENT: dict[Outcome, str] = {
    Outcome.INCONSISTENT_WIN: "1",
    Outcome.INCONSISTENT_DRAW: "=",
    Outcome.INCONSISTENT_LOSS: "0",
}
"""US Chess N/R/S (the TD credited a result the two sides disagree on): written as the rated
result they credit, unless the writer is strict."""
COLOR_CHAR = {Color.WHITE: "w", Color.BLACK: "b", Color.NONE: "-"}


def decimal(value: Fraction) -> str | None:
    """``2.5``, ``1.0``, ``0.25``: the shortest exact decimal with at least one decimal
    place and at most two; ``None`` when there is none."""
    for places in (1, 2):
        scaled = value * 10**places
        if scaled.denominator == 1:
            n = int(scaled)
            sign = "-" if n < 0 else ""
            whole, frac = divmod(abs(n), 10**places)
            return f"{sign}{whole}.{frac:0{places}d}"
    return None


def _fit(text: str, span: L.Span, what: str, who: str) -> str:
    if len(text) > L.width(span):
        raise WriteError(f"{who}: {what} {text!r} does not fit TRF columns "
                         f"{span[0]}-{span[1]} ({L.width(span)} characters)")
    return text


def points_text(value: Fraction, who: str) -> str:
    text = decimal(value)
    if text is None:
        raise WriteError(f"{who}: points {value} cannot be written as a TRF decimal")
    return _fit(text, L.POINTS, "points", who)


def player_head(p: Player, code: str, points: Fraction | None) -> str:
    """Columns 1-89 of a 001 line (or of a national-rating record when ``code`` is one)."""
    who = f"player {p.start_no} ({p.name})"
    if not 1 <= p.start_no <= 9999:
        raise WriteError(f"{who}: start number {p.start_no} does not fit TRF columns 5-8 "
                         "(1 to 9999)")
    rating = p.fide_rating
    if rating is not None and not 0 <= rating <= 9999:
        raise WriteError(f"{who}: rating {rating} does not fit TRF columns 49-52")
    rank = p.declared_rank
    if rank is not None and not 0 <= rank <= 9999:
        raise WriteError(f"{who}: rank {rank} does not fit TRF columns 86-89")
    fields = [
        code,
        " ",
        f"{p.start_no:>4}",
        " ",
        _fit(p.sex, L.SEX, "sex", who).ljust(1),
        _fit(p.title, L.TITLE, "title", who).rjust(3),
        " ",
        _fit(p.name, L.NAME, "name", who).ljust(33),
        " ",
        "    " if rating is None else f"{rating:>4}",
        " ",
        _fit(p.federation, L.FED, "federation", who).ljust(3),
        " ",
        _fit(p.fide_id, L.FIDE_ID, "FIDE ID", who).rjust(11),
        " ",
        _fit(p.birth, L.BIRTH, "birth date", who).ljust(10),
        " ",
        "    " if points is None else points_text(points, who).rjust(4),
        " ",
        "    " if rank is None else f"{rank:>4}",
    ]
    return "".join(fields)


def player_line(p: Player, system: PointSystem, strict: bool) -> str:
    who = f"player {p.start_no} ({p.name})"
    points = p.declared_points if p.declared_points is not None else p.points(system)
    parts = [player_head(p, "001", points)]
    results = list(p.results)
    while results and results[-1].outcome is Outcome.NOT_PAIRED and results[-1].opponent is None:
        results.pop()
    for rnd, rr in enumerate(results, 1):
        code = CODE_OF.get(rr.outcome)
        if code is None:
            if rr.outcome in INCONSISTENT and not strict:
                code = INCONSISTENT[rr.outcome]
            else:
                raise WriteError(f"{who}: round {rnd}: TRF has no result code for "
                                 f"{rr.outcome.value!r}")
        opp = rr.opponent
        if opp is not None and not 1 <= opp <= 9999:
            raise WriteError(f"{who}: round {rnd}: opponent {opp} does not fit 4 columns")
        if rr.outcome is Outcome.NOT_PAIRED and opp is None:
            parts.append(" " * L.ROUND_STEP)
            continue
        opp_text = "0000" if opp is None else f"{opp:>4}"
        parts.append(f"  {opp_text} {COLOR_CHAR[rr.color]} {code}")
    return "".join(parts).rstrip()


def national_line(p: Player, code: str, original: str | None) -> str:
    """A national-rating record: the original line with the rating and ID put back in, or
    one built from the player's 001 fields."""
    who = f"player {p.start_no} ({p.name})"
    rating = p.rating(code)
    ident = _fit(p.national_id(code), L.FIDE_ID, f"{code} ID", who)
    if rating is not None and not 0 <= rating <= 9999:
        raise WriteError(f"{who}: {code} rating {rating} does not fit TRF columns 49-52")
    rating_text = "    " if rating is None else f"{rating:>4}"
    if original is None:
        base = player_head(p, code, None)[: L.BIRTH[1]]
        base = base[: L.FED[0] - 1] + "   " + base[L.FED[1] :]
    else:
        base = original.ljust(L.FIDE_ID[1])
    base = base[: L.RATING[0] - 1] + rating_text + base[L.RATING[1] :]
    base = base[: L.FIDE_ID[0] - 1] + ident.rjust(11) + base[L.FIDE_ID[1] :]
    return base.rstrip()


def team_013(team: Team) -> str:
    who = f"team {team.name!r}"
    members = [f"{m:>4}" for m in team.members]
    if any(not 1 <= m <= 9999 for m in team.members):
        raise WriteError(f"{who}: a member start number does not fit 4 columns")
    return ("013 " + _fit(team.name, L.T013_NAME, "name", who).ljust(32)
            + " ".join(members)).rstrip()


def team_310(team: Team, index: int) -> str:
    who = f"team {team.name!r}"
    number = team.number if team.number is not None else index + 1
    if not 0 <= number <= 999:
        raise WriteError(f"{who}: team number {number} does not fit TRF columns 5-7")
    if any(not 1 <= m <= 9999 for m in team.members):
        raise WriteError(f"{who}: a member start number does not fit 4 columns")
    ex = team.extras

    def col(key: str, span: L.Span, right: bool) -> str:
        text = _fit(ex.get(key, ""), span, key.removeprefix("trf:"), who)
        return text.rjust(L.width(span)) if right else text.ljust(L.width(span))

    head = (f"310 {number:>3} " + _fit(team.name, L.T310_NAME, "name", who).ljust(32) + " "
            + col("trf:nickname", L.T310_NICK, False) + " "
            + col("trf:strength", L.T310_STRENGTH, True) + " "
            + col("trf:match-points", L.T310_MP, True) + " "
            + col("trf:game-points", L.T310_GP, True) + " "
            + col("trf:rank", L.T310_RANK, True) + "  ")
    return (head + " ".join(f"{m:>4}" for m in team.members)).rstrip()


def _pt(value: Fraction, what: str) -> str:
    text = decimal(value)
    if text is None or len(text) > 4:
        raise WriteError(f"point system: {what} = {value} cannot be written in 4 columns")
    return text


def line_162(ps: PointSystem) -> str:
    pairs = [("W", ps.win), ("D", ps.draw), ("L", ps.loss), ("A", ps.zero_bye),
             ("P", ps.pairing_bye)]
    return "162  " + "    ".join(f"{c}{_pt(v, c).rjust(4)}" for c, v in pairs)


def fits_162(ps: PointSystem) -> bool:
    return (ps.forfeit_win == ps.win == ps.full_bye and ps.half_bye == ps.draw
            and ps.forfeit_loss == ps.zero_bye)


def line_xxs(ps: PointSystem) -> str:
    pairs = [("WW", ps.win), ("BW", ps.win), ("WD", ps.draw), ("BD", ps.draw),
             ("WL", ps.loss), ("BL", ps.loss), ("ZPB", ps.zero_bye), ("HPB", ps.half_bye),
             ("FPB", ps.full_bye), ("PAB", ps.pairing_bye), ("FW", ps.forfeit_win),
             ("FL", ps.forfeit_loss)]
    return "XXS " + " ".join(f"{c}={_pt(v, c)}" for c, v in pairs)


def line_bb(code: str, ps: PointSystem) -> str:
    value: Fraction = getattr(ps, BB_FIELDS[code][0])
    return f"{code} {_pt(value, code).rjust(4)}"
