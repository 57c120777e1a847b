"""The tie-break package's modules import one another without cycles, and every module
name means the module (no exported function hides a module of the same name)."""

from __future__ import annotations

import ast
import importlib
import types
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "swisstb_io" / "tiebreaks"
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")


def _imports(name: str) -> set[str]:
    """The sibling modules ``name`` imports (anywhere, outside ``if TYPE_CHECKING``)."""
    tree = ast.parse((PACKAGE / f"{name}.py").read_text("utf-8"))
    skip = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
            and "TYPE_CHECKING" in ast.dump(node.test) for n in ast.walk(node)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip or not isinstance(node, ast.ImportFrom) or node.level != 1:
            continue
        if node.module:
            out.add(node.module.split(".")[0])
        else:
            out.update(a.name for a in node.names)
    return out & set(MODULES)


def test_no_import_cycles() -> None:
    graph = {name: _imports(name) for name in MODULES}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for dep in sorted(graph[name]):
            visit(dep, (*path, name))
        done.add(name)

    for name in MODULES:
        visit(name, ())


def test_every_module_name_is_the_module() -> None:
    for name in MODULES:
        module = importlib.import_module(f"swisstb_io.tiebreaks.{name}")
        assert isinstance(module, types.ModuleType), name
        import swisstb_io.tiebreaks as package

        assert getattr(package, name, module) is module, f"tiebreaks.{name} is not the module"
