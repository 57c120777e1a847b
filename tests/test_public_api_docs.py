"""Issue 16, item 19: every function the package exports (``swisstb_io.__all__``: ``read``,
``load``, ``write``, ``dumps``, ``standings``, ``render``) describes each of its parameters
in its docstring, written as ``name`` (the house style), so ``help()`` answers "what does
this argument do" without reading the code."""

from __future__ import annotations

import inspect

import pytest

import swisstb_io as st

FUNCTIONS = sorted(name for name in st.__all__ if inspect.isfunction(getattr(st, name)))


def test_the_functions_a_user_needs_are_exported() -> None:
    assert {"read", "load", "write", "dumps", "standings", "render"} <= set(FUNCTIONS)


@pytest.mark.parametrize("name", FUNCTIONS)
def test_every_parameter_is_described(name: str) -> None:
    function = getattr(st, name)
    doc = inspect.getdoc(function) or ""
    missing = [p for p in inspect.signature(function).parameters if f"``{p}``" not in doc]
    assert not missing, f"{name}() does not describe {', '.join(missing)} in its docstring"
