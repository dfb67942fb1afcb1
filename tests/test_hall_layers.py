"""The hall package builds on engine and store only, and only the command line (cli, hall_cli) and the UI use it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "reddog_tui"


def _imported_packages(path: Path) -> set[str]:
    """The reddog_tui sub-packages (or top-level modules) a module imports, by their first name."""
    module = path.relative_to(PACKAGE.parent).with_suffix("").parts
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the module's own package
                base = list(module[: len(module) - node.level])
                parts = base + (node.module.split(".") if node.module else [])
                names = [parts] if node.module else [[*base, a.name] for a in node.names]
            else:
                names = [node.module.split(".")] if node.module else []
            found.update(p[1] for p in names if len(p) > 1 and p[0] == "reddog_tui")
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("reddog_tui."))
    return found


def test_hall_imports_engine_and_store_only():
    for path in (PACKAGE / "hall").rglob("*.py"):
        assert _imported_packages(path) <= {"engine", "store", "hall"}, path


def test_only_the_command_line_and_the_ui_import_hall():
    for path in PACKAGE.rglob("*.py"):
        owner = path.relative_to(PACKAGE).parts[0]
        if owner in ("hall", "ui", "cli.py", "hall_cli.py"):
            continue
        assert "hall" not in _imported_packages(path), path
