"""The season chart of a player page (:class:`swisstb_io.reports.charts.SeasonCharts`)."""

from __future__ import annotations

import re

from swisstb_io.reports.charts import SeasonCharts


def _numbers(svg: str) -> list[str]:
    """The x axis' numbers (the texts on the axis line, y = 142)."""
    return re.findall(r'<text x="[\d.]+" y="142" text-anchor="middle">(\d+)</text>', svg)


def test_every_value_is_a_dot_and_the_lines_skip_missing_values() -> None:
    svg = SeasonCharts().chart([1650, 1650, None, 1700], [1500, None, None, 1900], "Ann")
    dots = re.findall(r'<path class="dots" d="([^"]*)"', svg)
    assert [d.count("h0") for d in dots] == [3, 2]
    lines = re.findall(r'<polyline points="([^"]*)"', svg)
    assert [len(line.split()) for line in lines] == [3, 2]
    assert dots[0] == "M" + "h0M".join(lines[0].split()) + "h0"  # the same points
    assert "<title>Ann</title>" in svg


def test_a_single_value_is_a_dot_without_a_line() -> None:
    svg = SeasonCharts().chart([1650], [None], "Bo")
    assert svg.count('class="dots"') == 1
    assert "<polyline" not in svg
    assert _numbers(svg) == ["1"]


def test_no_value_no_chart() -> None:
    assert SeasonCharts().chart([None, None], [None, None], "Cy") == ""


def test_the_x_axis_numbers_at_most_about_a_dozen_events() -> None:
    charts = SeasonCharts()
    assert _numbers(charts.chart([1500] * 12, [None] * 12, "a")) == [str(k) for k in
                                                                     range(1, 13)]
    assert _numbers(charts.chart([1500] * 13, [None] * 13, "b")) == [
        "1", "2", "4", "6", "8", "10", "12"]
    assert _numbers(charts.chart([1500] * 33, [None] * 33, "c")) == [
        "1", "5", "10", "15", "20", "25", "30"]
    assert _numbers(charts.chart([1500] * 240, [None] * 240, "d")) == [
        "1", *(str(k) for k in range(20, 241, 20))]
