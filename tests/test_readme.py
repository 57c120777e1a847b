"""The README cannot drift: its console examples are run and compared, its formats table
is the registry, and its Quick start block is what CI runs."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from ci_env import SYSTEM_PACKAGES
from click.testing import CliRunner

from swisstb_io.cli import cli
from swisstb_io.registry import all_formats

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


Example = tuple[str, list[str]]


def console_blocks() -> list[list[Example]]:
    """Every console block of the README: its ``$ swisstb …`` lines with their output."""
    blocks: list[list[Example]] = []
    for text in re.findall(r"```console\n(.*?)```", README, flags=re.S):
        block: list[Example] = []
        for line in text.splitlines():
            if line.startswith("$ "):
                block.append((line[2:], []))
            elif block:
                block[-1][1].append(line)
        blocks.append(block)
    return blocks


def line_matches(shown: str, actual: str) -> bool:
    """A shown line ending in ``...`` only has to be a prefix of the actual line."""
    if shown.endswith("...") and shown != "...":
        return actual.startswith(shown[:-3])
    return shown == actual


def matches(shown: list[str], actual: list[str]) -> bool:
    """``shown`` equals ``actual``, where a line ``...`` in ``shown`` stands for any lines."""
    if "..." not in shown:
        return len(shown) == len(actual) and all(map(line_matches, shown, actual))
    cut = shown.index("...")
    head, tail = shown[:cut], shown[cut + 1 :]
    if len(actual) < len(head) or not all(map(line_matches, head, actual)):
        return False
    rest = actual[len(head) :]
    return any(matches(tail, rest[i:]) for i in range(len(rest) + 1))


BLOCKS = console_blocks()


def test_readme_has_console_examples() -> None:
    assert sum(len(b) for b in BLOCKS) >= 5


def test_the_elision_matcher_can_fail() -> None:
    assert matches(["a", "...", "z"], ["a", "b", "c", "z"])
    assert not matches(["a", "...", "z"], ["a", "b", "c"])
    assert matches(["Error: x..."], ["Error: x y z"])
    assert not matches(["Error: x..."], ["Warning: x"])


@pytest.mark.parametrize("block", BLOCKS, ids=[b[0][0] for b in BLOCKS])
def test_console_block_output_is_real(
    block: list[Example], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Run the block's commands in order (``/tmp/`` is a fresh folder) and compare."""
    monkeypatch.chdir(ROOT)
    for command, shown in block:
        argv = shlex.split(command)
        assert argv[0] == "swisstb"
        argv = [a.replace("/tmp/", f"{tmp_path}/") for a in argv[1:]]
        result = CliRunner().invoke(cli, argv, prog_name="swisstb")
        out = (result.stdout + result.stderr).replace(f"{tmp_path}/", "/tmp/")
        assert matches(shown, out.splitlines()), f"$ {command}\n{out}"


def test_formats_table_is_the_registry() -> None:
    section = README.split("## Formats", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    names = [re.match(r"\| `([^`]+)`", row).group(1) for row in rows]  # type: ignore[union-attr]
    assert names == [spec.name for spec in all_formats()]
    for row, spec in zip(rows, all_formats(), strict=True):
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[1] == ("yes" if spec.reader else "no"), spec.name
        assert cells[2] == ("yes" if spec.writer else "no"), spec.name


def test_quick_start_is_two_command_lines() -> None:
    section = README.split("## Quick start", 1)[1]
    block = re.search(r"```bash\n(.*?)```", section, flags=re.S)
    assert block is not None
    lines = [line for line in block.group(1).splitlines() if line.strip()]
    assert len(lines) == 2
    assert "swisstb report" in lines[0]
    assert "pytest" in lines[1]


def test_the_system_packages_are_named_where_ci_installs_them() -> None:
    """Every package the tests use (the browser tests' programs) is in the README's
    Quick start line, and `.ci/run` installs the same list."""
    quick_start = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"`apt-get install ([a-z0-9. -]+)`", quick_start)
    assert [tuple(line.split()) for line in named] == [SYSTEM_PACKAGES]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    installed = re.findall(r"apt-get install -y -qq ([a-z0-9. -]+?) >", ci)
    assert [tuple(line.split()) for line in installed] == [SYSTEM_PACKAGES]
    for line in re.findall(r"apt-get install [^`\n]*", README):
        assert all(package in line for package in SYSTEM_PACKAGES), line


def test_ci_runs_the_test_line_in_a_fresh_virtualenv() -> None:
    """`.ci/run` makes a virtualenv as the Quick start says, activates it, and runs the
    README's test line, then ruff and mypy, in it (a fresh machine's failures show)."""
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
          if line.strip() and not line.lstrip().startswith(("#", "echo"))]
    order = [next(i for i, line in enumerate(ci) if line.startswith(start)) for start in (
        'python3 -m venv "$venv_dir/venv"', '. "$venv_dir/venv/bin/activate"',
        'bash -c "$test_cmd"', "ruff check .", "mypy --strict swisstb_io")]
    assert order == sorted(order)
    assert "python3 -m venv venv && . venv/bin/activate" in README.split("```bash", 1)[0]


def test_python_examples_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Every python block of the README runs (in a scratch folder that sees fixtures/)."""
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert blocks
    (tmp_path / "fixtures").symlink_to(ROOT / "fixtures")
    monkeypatch.chdir(tmp_path)
    for code in blocks:
        if "season-2026" in code:  # the batch example needs a season folder: make one
            (tmp_path / "season-2026").mkdir()
            (tmp_path / "season-2026" / "a.trf").write_bytes(
                (ROOT / "fixtures" / "trf" / "held_swiss_5.trf").read_bytes()
            )
        exec(compile(code, "README.md", "exec"), {})
    assert (tmp_path / "held.xml").read_bytes().startswith(b"<?xml")


def test_formats_index_lists_every_format_with_its_dossier() -> None:
    index = (ROOT / "formats" / "README.md").read_text(encoding="utf-8")
    names = re.findall(r"^\| `([^`]+)` \|", index, flags=re.M)
    assert names == [spec.name for spec in all_formats()]
    for spec in all_formats():
        assert spec.dossier, spec.name
        assert (ROOT / spec.dossier).is_file(), spec.dossier
