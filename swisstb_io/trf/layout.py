"""Column layout of TRF records, 1-based and inclusive as the FIDE handbook writes them.

``cut(line, RATING)`` slices a decoded line; a column past the end of the line is blank.
Public: the TRF reader and writer use it, and so does ``swisstb check`` for the team
records (310) it checks against the team standings.
"""

from __future__ import annotations

from typing import TypeAlias

Span: TypeAlias = tuple[int, int]
"""First and last column, 1-based, inclusive."""

# 001 player records (and national-rating records, which share columns 1-79).
START: Span = (5, 8)
SEX: Span = (10, 10)
TITLE: Span = (11, 13)
NAME: Span = (15, 47)
RATING: Span = (49, 52)
FED: Span = (54, 56)
FIDE_ID: Span = (58, 68)
BIRTH: Span = (70, 79)
POINTS: Span = (81, 84)
RANK: Span = (86, 89)

FIRST_ROUND_COL = 92
"""Round 1's opponent starts here; round r starts at ``92 + 10 (r - 1)``."""
ROUND_STEP = 10
BLOCK_WIDTH = 8
"""A round block: opponent (4 columns), space, colour, space, result."""
COLOR_OFFSET = 5
RESULT_OFFSET = 7

# 013 team records (TRF16).
T013_NAME: Span = (5, 36)
T013_FIRST_MEMBER = 37
T013_STEP = 5

# 310 team records (TRF-2026).
T310_NUMBER: Span = (5, 7)
T310_NAME: Span = (9, 40)
T310_NICK: Span = (42, 46)
T310_STRENGTH: Span = (48, 53)
T310_MP: Span = (55, 60)
T310_GP: Span = (62, 67)
T310_RANK: Span = (69, 71)
T310_FIRST_MEMBER = 74
T310_STEP = 5

# 132 round dates: 8-column slots at the round-block positions.
DATE_SLOT_WIDTH = 8

# 299 abnormal points (blank type: bonus/penalty -> Player.adjustments in individual events).
A299_TYPE: Span = (5, 5)
A299_POINTS: Span = (14, 17)
A299_ROUND: Span = (20, 22)
A299_FIRST_ID = 24

MEMBER_WIDTH = 4


def cut(line: str, span: Span) -> str:
    """The text of columns ``span`` (may be shorter than the span, or empty)."""
    return line[span[0] - 1 : span[1]]


def width(span: Span) -> int:
    return span[1] - span[0] + 1
