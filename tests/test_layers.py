"""The package's layers point one way: engine <- store <- kiosk <- ui; i18n imports the engine at
most; nothing imports ui or cli. Read from the source, so a lazy import inside a function counts."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "reddog_tui"
PARTS = {p.stem for p in PACKAGE.iterdir() if not p.name.startswith(("_", "."))}  # engine, ..., ui, cli

# What each part of the package may import from the rest of it.
ALLOWED = {
    "engine": set(),
    "i18n": {"engine"},
    "store": {"engine"},
    "kiosk": {"engine", "store", "i18n"},
    "hall": {"engine", "store"},
    "web": {"i18n"},  # the browser's server starts the kiosk as a process; it imports none of it
}


def imported_parts(path: Path) -> set[str]:
    """The top-level parts of reddog_tui that a module imports, relative or absolute."""
    part_of = path.relative_to(PACKAGE).parts
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(part_of[:-1])[: len(part_of) - node.level]
                target = [*base, *(node.module.split(".") if node.module else [])]
                names = [target] if target else [[alias.name] for alias in node.names]
            elif node.module == "reddog_tui":
                names = [[alias.name] for alias in node.names]
            elif node.module and node.module.startswith("reddog_tui."):
                names = [node.module.split(".")[1:]]
            else:
                continue
            found.update(name[0] for name in names if name)
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("reddog_tui."))
    return found


@pytest.mark.parametrize("part", sorted(ALLOWED))
def test_each_layer_imports_only_those_below_it(part):
    wrong = {}
    for path in sorted((PACKAGE / part).rglob("*.py")):
        outside = {p for p in imported_parts(path) if p != part and p in PARTS} - ALLOWED[part]
        if outside:
            wrong[str(path.relative_to(PACKAGE))] = sorted(outside)
    assert wrong == {}


def test_the_check_sees_relative_and_lazy_imports():
    assert {"store", "ui", "cli"} <= PARTS
    assert imported_parts(PACKAGE / "kiosk" / "pin.py") >= {"store"}  # from ..store.settings import Key
    assert imported_parts(PACKAGE / "cli.py") >= {"engine", "i18n"}
