"""The package's modules import each other without cycles (issue 14).

Every ``import`` and ``from … import`` counts, at module level or inside a function (an
import deferred into a function to dodge a cycle is still a cycle), except those under
``if TYPE_CHECKING:``.  A package's
``__init__`` that re-exports its submodules is an edge like any other, so a submodule that
imports a sibling that its package's ``__init__`` loads is seen through that sibling.  A
module's own parent packages are left out: Python has loaded them before the module.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import swisstb_io

PACKAGE = Path(swisstb_io.__file__).parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(node: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement below ``node``, except those under ``if TYPE_CHECKING:``."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        return [node]
    found: list[ast.Import | ast.ImportFrom] = []
    if isinstance(node, ast.If) and _is_type_checking(node.test):
        children: list[ast.AST] = list(node.orelse)
    else:
        children = list(ast.iter_child_nodes(node))
    for child in children:
        found += _imports(child)
    return found


def _graph() -> dict[str, set[str]]:
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        is_package = path.name == "__init__.py"
        package = name if is_package else name.rpartition(".")[0]
        pieces = name.split(".")
        ancestors = {".".join(pieces[:i]) for i in range(1, len(pieces))}
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in _imports(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    stem = ".".join([*base, node.module] if node.module else base)
                else:
                    stem = node.module or ""
                targets = [stem] + [f"{stem}.{alias.name}" for alias in node.names]
            for target in targets:
                # importing a.b.c loads a, a.b and a.b.c
                parts = target.split(".")
                for i in range(1, len(parts) + 1):
                    prefix = ".".join(parts[:i])
                    if prefix in files and prefix != name and prefix not in ancestors:
                        graph[name].add(prefix)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_graph_sees_the_package() -> None:
    graph = _graph()
    assert "swisstb_io.cli" in graph and "swisstb_io.tiebreaks" in graph
    assert "swisstb_io.model" in graph["swisstb_io.api"]


def test_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_no_import_cycle_in_the_package() -> None:
    assert _cycles(_graph()) == []


def test_every_module_name_is_the_module() -> None:
    """No name a package exports hides a submodule of the same name (``import
    swisstb_io.tiebreaks.standings`` once gave a function)."""
    for name, path in sorted((_module_name(p), p) for p in PACKAGE.rglob("*.py")):
        if path.name == "__init__.py" or "." not in name:
            continue
        module = importlib.import_module(name)
        parent, _, leaf = name.rpartition(".")
        assert getattr(importlib.import_module(parent), leaf, module) is module, name
