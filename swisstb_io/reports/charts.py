"""The score-progression chart: running score by round, as inline SVG (no dependency),
and its legend as an HTML list (so names are complete and wrap on a phone).

Coordinates are computed with Fractions and printed with one decimal, so the same input
always gives the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from ..numbers import fixed
from ._model import CrossRow, Row
from .html_kit import html_text

PALETTE = ("#0b5cad", "#c2410c", "#15803d", "#7e22ce", "#b91c1c",
           "#0e7490", "#a16207", "#be185d", "#4d7c0f", "#334155")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "", "6 3", "2 3", "8 3 2 3", "", "6 3")
WIDTH, HEIGHT = 720, 300
LEFT, RIGHT, TOP, BOTTOM = 40, 16, 12, 34


def _fixed_ratio(num: int, den: int) -> str:
    """``num / den`` with one decimal, rounded half up."""
    return fixed(Fraction(num, den), 1)


def chart(rows: Sequence[Row], lines: Sequence[CrossRow], rounds: int, title: str,
          limit: int = 10, title_id: str = "chart-title") -> str:
    """An ``<svg>`` element with one line per player (the first ``limit`` rows; ``lines``
    are their crosstable lines, in the same order); ``title_id``: the id of its title (a
    page of several sections has several charts)."""
    shown = list(zip(rows[:limit], lines[:limit], strict=True))
    top = max((x.progression[-1] for _, x in shown if x.progression), default=Fraction(0))
    y_max = max(1, math.ceil(top))
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    steps = max(rounds, 1)
    ys: dict[tuple[int, int], str] = {}
    xs = [_fixed_ratio(LEFT * steps + plot_w * k, steps)  # LEFT + plot_w * k / steps
          for k in range(rounds + 1)]  # every line has a point at each round's x

    def y(v: Fraction) -> str:
        # TOP + plot_h - plot_h * v / y_max, for v = n / d: exact in integers
        n, d = v.numerator, v.denominator
        text = ys.get((n, d))
        if text is None:
            text = ys[n, d] = _fixed_ratio((TOP + plot_h) * d * y_max - plot_h * n, d * y_max)
        return text

    out = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'role="img" aria-labelledby="{title_id}" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{title_id}">{html_text(title)}</title>',
    ]
    step = 1 if y_max <= 12 else (y_max // 10 + 1)
    v = 0
    while v <= y_max:
        out.append(f'<line class="grid" x1="{LEFT}" x2="{LEFT + plot_w}" '
                   f'y1="{y(Fraction(v))}" y2="{y(Fraction(v))}"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(Fraction(v))}" text-anchor="end" '
                   f'dominant-baseline="middle">{v}</text>')
        v += int(step)
    for k in range(rounds + 1):
        out.append(f'<text x="{xs[k]}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">'
                   f'{"R" + str(k) if k else "0"}</text>')
    out.append(f'<text x="{LEFT + plot_w // 2}" y="{HEIGHT - 4}" text-anchor="middle">'
               'round</text>')
    for n, (r, line) in enumerate(shown):
        color = PALETTE[n % len(PALETTE)]
        dash = DASHES[n % len(DASHES)]
        points = " ".join(
            f"{xs[k]},{y(v)}" for k, v in enumerate((Fraction(0), *line.progression))
        )
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        label = f"{r.place_text}. {r.name}"
        out.append(f'<polyline points="{points}" stroke="{color}"{dash_attr}>'
                   f"<title>{html_text(label)}: {html_text(r.points_text)}</title></polyline>")
    out.append("</svg>")
    return "\n".join(out)


def _swatch(n: int) -> str:
    """The line sample of the ``n``-th player (0-based): colour and dash of the chart."""
    dash = DASHES[n % len(DASHES)]
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<svg width="28" height="10" aria-hidden="true"><line x1="1" x2="27" y1="5" y2="5" '
            f'stroke="{PALETTE[n % len(PALETTE)]}" stroke-width="2"{dash_attr}/></svg>')


def legend(rows: Sequence[Row], limit: int = 10) -> str:
    """The chart's legend: ``place. name: points`` of the first ``limit`` rows, in full."""
    items = "".join(f"<li>{_swatch(n)}{html_text(f'{r.place_text}. {r.name}')}: "
                    f"{html_text(r.points_text)}</li>" for n, r in enumerate(rows[:limit]))
    return f'<ol class="legend" aria-label="Lines of the chart">{items}</ol>'


SEASON_W, SEASON_H = 480, 150
_S_LEFT, _S_RIGHT, _S_TOP, _S_BOTTOM = 44, 12, 10, 24


_S_PLOT_W = SEASON_W - _S_LEFT - _S_RIGHT
_S_PLOT_H = SEASON_H - _S_TOP - _S_BOTTOM
_SEASON_SERIES = ((PALETTE[0], ""), (PALETTE[1], ' stroke-dasharray="6 3"'),
                  (PALETTE[2], ' stroke-dasharray="2 3"'))
"""The lines of a season chart (rating used, performance, rating after): colour and
dash."""

_TICK_STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
"""The steps between numbered events on a season chart's x axis (the smallest that keeps
at most :data:`_MAX_TICKS` numbers)."""
_MAX_TICKS = 12


class _YScale(dict[int, str]):
    """The y of a value on a season chart whose range spans ``span`` (in the chart's 100s),
    by the value's distance below the top of the range, as text: made once per distance."""

    def __init__(self, span: int) -> None:
        super().__init__()
        self.span = span

    def __missing__(self, below: int) -> str:
        # _S_TOP + plot_h * (high - v) / (high - low)
        text = self[below] = _fixed_ratio(_S_TOP * self.span + _S_PLOT_H * below, self.span)
        return text


class SeasonCharts:
    """Draws the season charts (one per player), keeping what recurs from one chart to the next
    (a season draws one per player, thousands): the x axis of a number of events, the y
    scale of a span of values, the grid of a range."""

    def __init__(self) -> None:
        self._x_axes: dict[int, tuple[list[str], str]] = {}
        self._scales: dict[int, _YScale] = {}
        self._grids: dict[tuple[int, int], str] = {}

    def _x_axis(self, n: int) -> tuple[list[str], str]:
        """The x of each of ``n`` events (one: in the middle) and the lines of their
        numbers (the first, then every ``step``-th: at most about a dozen)."""
        axis = self._x_axes.get(n)
        if axis is None:
            steps = max(n - 1, 1)
            xs = ([_fixed_ratio(2 * _S_LEFT + _S_PLOT_W, 2)] if n == 1 else
                  [_fixed_ratio(_S_LEFT * steps + _S_PLOT_W * k, steps) for k in range(n)])
            step = next((s for s in _TICK_STEPS if n // s <= _MAX_TICKS), _TICK_STEPS[-1])
            labels = "\n".join(f'<text x="{x}" y="{SEASON_H - 8}" text-anchor="middle">{k}</text>'
                               for k, x in enumerate(xs, 1) if k == 1 or k % step == 0)
            axis = self._x_axes[n] = (xs, labels)
        return axis

    def _y_axis(self, low: int, high: int) -> tuple[_YScale, str]:
        """The y scale of the range ``low``..``high`` and its grid's lines."""
        ys = self._scales.get(high - low)
        if ys is None:
            ys = self._scales[high - low] = _YScale(high - low)
        grid = self._grids.get((low, high))
        if grid is None:
            step = 100 if high - low <= 600 else 200
            grid = self._grids[low, high] = "\n".join(
                f'<line class="grid" x1="{_S_LEFT}" x2="{SEASON_W - _S_RIGHT}" '
                f'y1="{ys[high - v]}" y2="{ys[high - v]}"/><text x="{_S_LEFT - 6}" '
                f'y="{ys[high - v]}" text-anchor="end" dominant-baseline="middle">{v}</text>'
                for v in range(low, high + 1, step))
        return ys, grid

    def chart(self, ratings: Sequence[int | None], perfs: Sequence[int | None],
              title: str, after: Sequence[int | None] = ()) -> str:
        """A small ``<svg>`` of one player's season: for each event (in date order) the
        rating used (solid line), the performance (dashed) and, given ``after``, the
        estimated rating after the event (dotted), each value a dot; ``""`` when no
        event has any."""
        series = (ratings, perfs, after) if after else (ratings, perfs)
        values = [v for column in series for v in column if v is not None]
        if not values:
            return ""
        low = min(values) // 100 * 100
        high = max(-(-max(values) // 100) * 100, low + 100)
        ys, grid = self._y_axis(low, high)
        xs, x_labels = self._x_axis(len(ratings))
        out = [f'<svg class="chart season" viewBox="0 0 {SEASON_W} {SEASON_H}" '
               f'width="{SEASON_W}" height="{SEASON_H}" role="img" '
               'xmlns="http://www.w3.org/2000/svg">',
               f"<title>{html_text(title)}</title>", grid, x_labels]
        for (color, dash_attr), column in zip(_SEASON_SERIES, series, strict=False):
            points = [f"{x},{ys[high - v]}" for x, v in zip(xs, column, strict=True)
                      if v is not None]
            if len(points) > 1:
                out.append(f'<polyline points="{" ".join(points)}" stroke="{color}"'
                           f"{dash_attr}/>")
            if points:
                # the dots: one path of zero-length strokes with round caps, not an
                # element a dot (a season draws a chart per player)
                out.append(f'<path class="dots" d="M{"h0M".join(points)}h0" '
                           f'stroke="{color}"/>')
        out.append("</svg>")
        return "\n".join(out)


def season_legend(after: bool = False) -> str:
    """The legend of :meth:`SeasonCharts.chart` (``after``: with the rating after each
    event)."""
    return ('<ol class="legend" aria-label="Lines of the chart">'
            f"<li>{_swatch(0)}rating used</li><li>{_swatch(1)}performance</li>"
            + (f"<li>{_swatch(2)}rating after (estimate)</li>" if after else "") + "</ol>")
