"""The report and batch packages import in one direction: no module imports one that
(directly or through others) imports it back."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "swisstb_io"


def _imports(path: Path, module: str) -> set[str]:
    """The swisstb_io modules ``path`` imports (at any depth of the file)."""
    package = module.rsplit(".", 1)[0] if path.name != "__init__.py" else module
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def _graph(*packages: str) -> dict[str, set[str]]:
    modules = {}
    for name in packages:
        for path in sorted((PACKAGE / name).glob("*.py")):
            stem = "" if path.name == "__init__.py" else f".{path.stem}"
            modules[f"swisstb_io.{name}{stem}"] = path
    return {m: _imports(p, m) & set(modules) - {m} for m, p in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return [*stack[stack.index(n):], n]
            if n not in state and (found := visit(n)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_no_import_cycle_in_reports_and_batch() -> None:
    for package in ("reports", "batch"):
        graph = _graph(package)
        # a package's __init__ imports its modules; they must not import it back
        graph = {m: {n for n in deps if not n.endswith(package)} for m, deps in graph.items()}
        assert _cycle(graph) is None, f"import cycle in {package}: {_cycle(graph)}"


def test_the_cycle_finder_finds_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
