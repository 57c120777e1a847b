"""The HTML report of a multi-section file (project issue 15, item 4): one page, one titled
block per section, no id twice, and the page's script contract (``data-no``, ``data-col``,
``#why-data``) holding for every block.  The browser half is in test_reports_browser.py."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

from click.testing import CliRunner

from swisstb_io.cli import cli

ROOT = Path(__file__).resolve().parent.parent
SJSON = ROOT / "fixtures" / "sjson" / "swisssys_115x_midevent.sjson"
CLUB = ROOT / "fixtures" / "sjson" / "club_championship.sjson"


class Page(HTMLParser):
    """What the tests read of a page: every id and in-page link, the headings, the body
    rows of each table (by the table's id: ``data-no`` and text), the tie-break columns
    of each (``data-col`` and label), the ``(data-no, data-col)`` of every value that
    opens an explanation, and the explanation data."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.headings: list[tuple[str, str]] = []
        self.rows: dict[str, list[tuple[str, str]]] = {}
        self.columns: dict[str, list[tuple[int, str]]] = {}
        self.why_cells: dict[str, list[tuple[str, int]]] = {}
        self.data_text = ""
        self._tables: list[str] = []
        self._col_at: dict[str, dict[int, int]] = {}  # table -> cell position -> data-col
        self._cell = -1
        self._row: tuple[str, list[str]] | None = None
        self._open: str | None = None  # what the next text belongs to
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "a" and a.get("href", "").startswith("#"):
            self.links.append(a["href"][1:])
        if tag in ("h2", "h3"):
            self.headings.append((tag, ""))
            self._open = "heading"
        if tag == "script" and a.get("id") == "why-data":
            self._open = "data"
        if tag == "table":
            self._tables.append(a.get("id", ""))
        if tag == "tr":
            self._cell = -1
            key = a.get("data-no", a.get("id"))  # the standings' data-no, the crosstable's id
            self._row = None if key is None else (key, [])
        if tag in ("td", "th") and self._tables:
            self._cell += 1
            if "data-col" in a:
                table = self._tables[-1]
                self._col_at.setdefault(table, {})[self._cell] = int(a["data-col"])
                self.columns.setdefault(table, []).append((int(a["data-col"]), ""))
                self._open = "column"
        if tag == "button" and "why-open" in a.get("class", "") and self._row is not None:
            table = self._tables[-1]
            self.why_cells.setdefault(table, []).append(
                (self._row[0], self._col_at[table][self._cell]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._tables.pop()
        if tag == "tr" and self._row is not None:
            self.rows.setdefault(self._tables[-1], []).append(
                (self._row[0], " ".join(self._row[1])))
            self._row = None
        if tag in ("h2", "h3", "script", "button"):
            self._open = None

    def handle_data(self, data: str) -> None:
        if self._open == "data":
            self.data_text += data
        elif self._open == "heading":
            tag, text = self.headings[-1]
            self.headings[-1] = (tag, text + data)
        elif self._open == "column":
            table = self.columns[self._tables[-1]]
            table[-1] = (table[-1][0], table[-1][1] + data)
        elif self._row is not None:
            self._row[1].append(data)

    @property
    def data(self) -> dict[str, object]:
        parsed: dict[str, object] = json.loads(self.data_text)
        return parsed


def report(*args: str) -> str:
    res = CliRunner().invoke(cli, ["report", *args])
    assert res.exit_code == 0, res.stderr
    return res.stdout


def test_every_section_in_one_page_with_no_id_twice() -> None:
    page = Page(report(str(SJSON), "-f", "html"))
    assert len(page.ids) == len(set(page.ids)), sorted(i for i in page.ids
                                                        if page.ids.count(i) > 1)
    assert set(page.links) <= set(page.ids)  # every crosstable link finds its row
    assert ("h2", "Section 1 of 2: Open") in page.headings
    assert ("h2", "Section 2 of 2: U1600") in page.headings
    assert {"sec1-standings", "sec2-standings", "sec1-crosstable", "sec2-crosstable",
            "sec1-chart-title", "sec2-chart-title"} <= set(page.ids)


def test_each_block_holds_its_sections_own_standings() -> None:
    page = Page(report(str(SJSON), "-f", "html"))
    for number in (1, 2):
        alone = Page(report(str(SJSON), "-f", "html", "--section", str(number)))
        prefix = f"sec{number}-"
        for table in ("standings", "crosstable"):
            rows = page.rows[prefix + table]
            assert rows and rows == [(prefix + key, text) for key, text in alone.rows[table]]
    assert [text.split()[1] for _, text in page.rows["sec2-standings"]] == [
        "Evans,", "Gray,", "Fox,"]  # place order, as the text report shows


def test_the_scripts_keys_find_every_explanation() -> None:
    """What the page's script looks up when a value is opened: the row's ``data-no`` in
    ``p``, the column's ``data-col`` in ``c`` and in the player's cells; the two sections
    have different tie-break chains, so the second section's columns come after the
    first's."""
    page = Page(report(str(SJSON), "-f", "html"))
    data = page.data
    labels = data["c"]
    assert isinstance(labels, list)
    first = [label for _, label in page.columns["sec1-standings"]]
    second = [label for _, label in page.columns["sec2-standings"]]
    assert first != second and labels == first + second
    assert [k for k, _ in page.columns["sec2-standings"]] == list(
        range(len(first), len(first) + len(second)))
    cells = data["p"]
    names = data["n"]
    assert isinstance(cells, dict) and isinstance(names, dict)
    opened = 0
    for table in ("sec1-standings", "sec2-standings"):
        for key, column in page.why_cells[table]:
            explanation = cells[key][column]
            assert explanation is not None, (key, column)
            opponents = [row[2] for row in explanation[1] if row[2] is not None]
            assert all(names[o].strip() for o in opponents)  # each opponent's name is there
            assert all(o.startswith(table[:5]) for o in opponents)  # of the same section
            opened += 1
    assert opened >= len(page.rows["sec2-standings"])


def test_a_one_section_page_is_unchanged_by_the_sections_code() -> None:
    """A page of one section has the ids of any one-event page (the golden pages check
    every byte)."""
    page = Page(report(str(SJSON), "-f", "html", "--section", "2"))
    assert "standings" in page.ids and "x1" in page.ids
    assert not any(i.startswith("sec") for i in page.ids)
    assert list(page.data["n"]) == ["1", "3", "2"]  # type: ignore[call-overload]


def test_playoff_and_prizes_of_a_multi_section_file_need_section(tmp_path: Path) -> None:
    """A prize file that names no section (one that does gives its section: issue 28)."""
    prizes = tmp_path / "prizes.toml"
    prizes.write_text('schema = "swisstb-prizes/1"\n[event]\nname = "x"\n\n[[group]]\n'
                      'id = "place"\nkind = "place"\ncash = [100]\n')
    for extra in (["--playoff", "1,2"], ["--prizes", str(prizes)]):
        res = CliRunner().invoke(cli, ["report", str(CLUB), *extra])
        assert res.exit_code == 2, res.output
        assert "holds 2 sections" in res.stderr and "choose it with --section" in res.stderr
    res = CliRunner().invoke(cli, ["report", "--help"])
    help_text = " ".join(res.stdout.split())
    assert help_text.count("a multi-section file needs --section") == 1  # --playoff
    assert "of one section of a multi-section file: the prize file's [event] section, else " \
        "--section" in help_text
