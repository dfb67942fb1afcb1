"""The package's layers point one way. `ALLOWED` is the whole contract, one line per part of the
package (docs/architecture.md, "Layers", lists the same): engine <- store <- kiosk <- ui; i18n imports the
engine at most; the hall builds on engine and store; nothing imports ui but the browser's server
and the command line, nothing imports cli but `python -m`. Read from the source, so a lazy import
inside a function counts, and so does one made only for the type checker."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "reddog_tui"
# Every part of the package: its sub-packages and its top-level modules (engine, ..., ui, cli, __main__).
PARTS = {
    p.stem
    for p in PACKAGE.iterdir()
    if (p.is_dir() and (p / "__init__.py").exists()) or (p.suffix == ".py" and p.name != "__init__.py")
}

# What each part of the package may import from the rest of it.
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "i18n": {"engine"},
    "store": {"engine"},
    "kiosk": {"engine", "store", "i18n"},
    "hall": {"engine", "store"},
    "logs": set(),
    "ui": {"engine", "i18n", "store", "kiosk", "hall", "logs"},
    # The browser's server (the optional extra `web`) starts the kiosk as a process; only its colours and the
    # input guard (neither imports Textual) come from ui.
    "web": {"i18n", "ui"},
    # The command line (the package cli/, one module per command group), with the UI's texts.
    "cli": PARTS - {"cli", "__main__"},
    "__main__": {"cli"},
}
# Inside the command line, the modules of these command groups keep to what their group needs (so
# `reddog check` never loads the hall's client); the others may import every part, as "cli" may.
CLI_MODULES: dict[str, set[str]] = {
    "hall.py": {"store", "i18n", "kiosk", "hall", "ui"},
    "hall_vouchers.py": {"i18n", "hall", "ui"},
    "journal.py": {"engine", "store", "i18n", "ui"},
    "pin.py": {"engine", "store", "i18n", "kiosk"},
    "manpage.py": {"i18n"},
}


def files_of(part: str) -> list[Path]:
    return sorted((PACKAGE / part).rglob("*.py")) if (PACKAGE / part).is_dir() else [PACKAGE / f"{part}.py"]


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


def test_every_part_of_the_package_has_its_line_in_the_contract():
    assert set(ALLOWED) == PARTS


@pytest.mark.parametrize("part", sorted(ALLOWED))
def test_each_layer_imports_only_those_below_it(part):
    wrong = {}
    for path in files_of(part):
        outside = {p for p in imported_parts(path) if p != part and p in PARTS} - ALLOWED[part]
        if outside:
            wrong[str(path.relative_to(PACKAGE))] = sorted(outside)
    assert wrong == {}


@pytest.mark.parametrize("module", sorted(CLI_MODULES))
def test_each_command_group_imports_only_what_it_needs(module):
    outside = {p for p in imported_parts(PACKAGE / "cli" / module) if p in PARTS} - {"cli"}
    assert sorted(outside - CLI_MODULES[module]) == []


def importers_of(part: str) -> set[str]:
    return {importer for importer, allowed in ALLOWED.items() if part in allowed}


def test_only_the_browser_and_the_command_line_import_ui_and_only_python_m_imports_cli():
    assert importers_of("ui") == {"web", "cli"}
    assert importers_of("cli") == {"__main__"}


def test_only_the_ui_and_the_command_line_import_the_hall():
    assert importers_of("hall") == {"ui", "cli"}


def test_the_check_sees_relative_and_lazy_imports():
    assert {"store", "ui", "cli", "__main__"} <= PARTS
    assert imported_parts(PACKAGE / "kiosk" / "pin.py") >= {"store"}  # from ..store.settings import Key
    assert imported_parts(PACKAGE / "cli" / "parser.py") >= {"engine", "i18n"}
    assert imported_parts(PACKAGE / "cli" / "hall.py") >= {"ui"}  # only inside functions
    assert imported_parts(PACKAGE / "__main__.py") == {"cli"}


# --- no import cycles ---------------------------------------------------------------------------


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, known: set[str], package: Path = PACKAGE) -> set[str]:
    """The package's modules that a module imports: at its top, inside a function (a lazy import),
    or under `if TYPE_CHECKING:` (never run, yet a loop all the same: each end names the other)."""
    name = module_name(path, package)
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()

    def add(target: str) -> None:
        while target and target not in known:  # a name from a module: the module
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[: len(here.split(".")) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            if source.split(".")[0] == package.name:
                for alias in node.names:
                    add(f"{source}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == package.name:
                    add(alias.name)
    return found


def import_cycles(package: Path = PACKAGE) -> list[list[str]]:
    """Every group of modules that import each other, directly or round a loop, the imports made only
    for the type checker included (Tarjan's algorithm)."""
    paths = {module_name(path, package): path for path in sorted(package.rglob("*.py"))}
    graph = {name: sorted(imported_modules(path, set(paths), package)) for name, path in paths.items()}
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(module: str) -> None:
        index[module] = lowest[module] = len(index)
        stack.append(module)
        for target in graph[module]:
            if target not in index:
                visit(target)
                lowest[module] = min(lowest[module], lowest[target])
            elif target in stack:
                lowest[module] = min(lowest[module], index[target])
        if lowest[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for module in graph:
        if module not in index:
            visit(module)
    return cycles


def test_no_module_imports_itself_round_a_loop():
    assert import_cycles() == []


def test_the_cycle_check_sees_a_lazy_loop_and_a_type_only_one(tmp_path):
    package = tmp_path / "pkg"
    (package / "screens").mkdir(parents=True)
    for init in (package / "__init__.py", package / "screens" / "__init__.py"):
        init.write_text("")
    (package / "app.py").write_text("from .screens.table import Table\n")
    (package / "screens" / "table.py").write_text("def keys():\n    from ..kiosk import locked\n")
    (package / "kiosk.py").write_text("from .shell import Shell\n")
    (package / "shell.py").write_text("class Shell:\n    pass\n")
    assert import_cycles(package) == []
    (package / "kiosk.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .app import App\n")
    assert import_cycles(package) == [["pkg.app", "pkg.kiosk", "pkg.screens.table"]]
    (package / "kiosk.py").write_text("def tick():\n    from pkg.app import App\n")
    assert import_cycles(package) == [["pkg.app", "pkg.kiosk", "pkg.screens.table"]]


# --- Textual's public API only ------------------------------------------------------------------


def private_textual_imports(path: Path) -> list[str]:
    """Imports of Textual's private modules or names (`textual._context`, `from textual import _x`):
    they change without notice between releases."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] == "textual":
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names if alias.name.split(".")[0] == "textual"]
        else:
            continue
        found += [name for name in names if any(part.startswith("_") for part in name.split(".")[1:])]
    return found


def test_only_textuals_public_api_is_used():
    used = {str(path.relative_to(PACKAGE)): private_textual_imports(path) for path in sorted(PACKAGE.rglob("*.py"))}
    assert {path: names for path, names in used.items() if names} == {}


def test_the_private_api_check_sees_both_forms(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("from textual._context import active_app\nimport textual._compose\nfrom textual import _x, app\n")
    assert private_textual_imports(module) == ["textual._context.active_app", "textual._compose", "textual._x"]
