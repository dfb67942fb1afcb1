"""Product code uses Textual's public API only (DESIGN.md, "Textual, used as designed").

Read from the source of every module under reddog_tui/, as the layer test reads imports. Flagged:
- an import from a private Textual module (`textual._…`) or of a private name from Textual;
- a name with one leading underscore taken from a Textual object or class: on `self`, `cls` or
  `super()`, a name one of the class's Textual bases defines (the class's own private names are
  its business); on a Textual name imported into the module, any private name; on anything else
  (`self.app._x`, `driver._x`), a private name Textual defines anywhere, since the receiver's type
  is not known from the source;
- a class of the project that defines (overrides) a private name of one of its Textual bases.

What Textual defines is read from its own source: every class's methods, class attributes and the
`self._x` it assigns, and every module's top-level names.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
import textual

PACKAGE = Path(__file__).resolve().parents[1] / "reddog_tui"
TEXTUAL = Path(textual.__file__).resolve().parent


def is_private(name: str) -> bool:
    return len(name) > 1 and name.startswith("_") and not name.startswith("__")


def module_name(path: Path, root: Path, package: str) -> str:
    parts = [package, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def class_body_names(node: ast.ClassDef, *, annotations: bool) -> set[str]:
    """Names a class defines: its methods and class attributes, and what its methods assign to
    `self.<name>`. A bare annotation (`_x: int`) defines nothing unless `annotations`."""
    names: set[str] = set()
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(item.name)
        elif isinstance(item, ast.Assign):
            names |= {t.id for t in item.targets if isinstance(t, ast.Name)}
        elif (
            isinstance(item, ast.AnnAssign)
            and isinstance(item.target, ast.Name)
            and (annotations or item.value is not None)
        ):
            names.add(item.target.id)
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for sub in ast.walk(item):
                targets = (
                    sub.targets
                    if isinstance(sub, ast.Assign)
                    else [sub.target]
                    if isinstance(sub, (ast.AnnAssign, ast.AugAssign))
                    else []
                )
                for target in targets:
                    if (
                        isinstance(target, ast.Attribute)
                        and isinstance(target.value, ast.Name)
                        and target.value.id == "self"
                    ):
                        names.add(target.attr)
    return names


def classes_in(tree: ast.Module) -> Iterator[tuple[str, ast.ClassDef]]:
    """Every class of a module with its qualified name; a class made inside a function has a
    `<locals>` part in it, as Python's own `__qualname__`."""

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, ast.ClassDef]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                name = f"{prefix}{child.name}"
                yield name, child
                yield from walk(child, f"{name}.")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield from walk(child, f"{prefix}{child.name}.<locals>.")
            else:
                yield from walk(child, prefix)

    return walk(tree, "")


@dataclass(frozen=True)
class TextualNames:
    by_class: dict[str, frozenset[str]]  # "textual.widgets._button.Button" -> its private names
    anywhere: frozenset[str]  # every private name of any Textual class or module


@cache
def textual_names() -> TextualNames:
    by_class: dict[str, frozenset[str]] = {}
    anywhere: set[str] = set()
    for path in sorted(TEXTUAL.rglob("*.py")):
        module = module_name(path, TEXTUAL, "textual")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for qualname, node in classes_in(tree):
            names = frozenset(n for n in class_body_names(node, annotations=True) if is_private(n))
            by_class[f"{module}.{qualname}"] = names
            anywhere |= names
        for item in tree.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and is_private(item.name):
                anywhere.add(item.name)
    return TextualNames(by_class, frozenset(anywhere))


def textual_bases_names(cls: type) -> set[str]:
    """The private names the Textual classes among `cls`'s bases define, or among the bases of a
    class it is mixed into (a mixin's `self` is that class's object)."""
    names: set[str] = set()
    known = textual_names().by_class
    for base in {b for c in (cls, *all_subclasses(cls)) for b in c.__mro__}:
        if base.__module__.split(".")[0] == "textual":
            names |= known.get(f"{base.__module__}.{base.__qualname__}", frozenset())
            names |= {n for n in vars(base) if is_private(n)}
    return names


def all_subclasses(cls: type) -> set[type]:
    found: set[type] = set()
    for sub in type.__subclasses__(cls) if cls is not type else ():
        found |= {sub, *all_subclasses(sub)}
    return found


def product_modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def textual_imports(tree: ast.Module) -> tuple[set[str], list[tuple[int, str]]]:
    """The names a module binds to Textual objects, and its imports of private Textual things."""
    bound: set[str] = set()
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "textual":
                    bound.add((alias.asname or alias.name).split(".")[0])
                    if any(is_private(part) for part in alias.name.split(".")):
                        found.append((node.lineno, f"import {alias.name}"))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] != "textual":
                continue
            if any(is_private(part) for part in node.module.split(".")):
                found.append((node.lineno, f"from {node.module} import …"))
            for alias in node.names:
                bound.add(alias.asname or alias.name)
                if is_private(alias.name):
                    found.append((node.lineno, f"from {node.module} import {alias.name}"))
    return bound, found


def private_uses(path: Path) -> list[str]:
    """Every use of a private Textual name in one module, as "file:line: what"."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module = module_name(path, PACKAGE, "reddog_tui")
    where = path.relative_to(PACKAGE.parent)
    textual_bound, found = textual_imports(tree)
    loaded = None if module.endswith("__main__") else importlib.import_module(module)
    names = textual_names()

    def runtime_class(qualname: str) -> type | None:
        obj: object = loaded
        for part in qualname.split("."):
            obj = getattr(obj, part, None)
        return obj if isinstance(obj, type) else None

    classes = {id(node): qualname for qualname, node in classes_in(tree)}

    def walk(node: ast.AST, owner: type | None) -> None:
        """`owner`: the class the code is in, as run (None outside a class, or where it cannot be
        found: a class made in a function, whose bases are not known from the source)."""
        if isinstance(node, ast.ClassDef):
            for child in [*node.bases, *node.keywords, *node.decorator_list]:
                walk(child, owner)
            cls = runtime_class(classes[id(node)])
            inherited = textual_bases_names(cls) if cls is not None else set()
            for name in sorted(class_body_names(node, annotations=False)):
                if is_private(name) and name in inherited:
                    found.append((node.lineno, f"{node.name} overrides Textual's {name}"))
            for child in node.body:
                walk(child, cls)
            return
        if isinstance(node, ast.Attribute) and is_private(node.attr):
            receiver = node.value
            on_self = (isinstance(receiver, ast.Name) and receiver.id in ("self", "cls")) or (
                isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super"
            )
            if on_self and owner is not None:
                bad = node.attr in textual_bases_names(owner)
            elif isinstance(receiver, ast.Name) and receiver.id in textual_bound:
                bad = True
            else:  # another object, or a class whose bases are not known
                bad = node.attr in names.anywhere
            if bad:
                found.append((node.lineno, ast.unparse(node)))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and node.args[1].value in names.anywhere
        ):
            found.append((node.lineno, ast.unparse(node)))
        for child in ast.iter_child_nodes(node):
            walk(child, owner)

    walk(tree, None)
    return [f"{where}:{line}: {what}" for line, what in sorted(set(found))]


@pytest.mark.parametrize("path", product_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_private_textual_api(path: Path) -> None:
    assert private_uses(path) == []


# The checker itself, on small pieces of source: it must catch each kind of private use.
def test_the_checker_knows_textual_s_private_names() -> None:
    names = textual_names()
    assert "_handle_exception" in names.by_class["textual.app.App"]
    assert "_app" in names.by_class["textual.driver.Driver"]
    assert "_on_click" in names.by_class["textual.widgets._button.Button"]
    assert "_start_widget" in names.anywhere
