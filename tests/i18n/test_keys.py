"""The key registry is the one list of keys: the bindings, the key bar, the rules' and the README's tables."""

from __future__ import annotations

import re
from pathlib import Path

from reddog_tui.i18n import keys
from reddog_tui.i18n.rules_help import KEY_ROWS

README = Path(__file__).resolve().parents[2] / "README.md"
MARKER = "<!-- keys: from reddog_tui/i18n/keys.py -->"
ROW = re.compile(r"^\| `(?P<key>[^`]+)` \| (?P<description>.+) \|$")


def readme_key_rows() -> list[tuple[str, str]]:
    lines = README.read_text(encoding="utf-8").splitlines()
    start = lines.index(MARKER) + 3  # the marker, the header, the rule
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        found = ROW.match(line)
        assert found, f"not a key row: {line!r}"
        rows.append((found["key"], found["description"]))
    return rows


def test_the_readme_key_table_is_the_registry():
    assert readme_key_rows() == [(key.printed, key.description) for key in keys.described()]


def test_the_rules_key_table_is_the_registry():
    assert list(KEY_ROWS) == [(key.printed, key.description) for key in keys.described()]


def test_every_binding_of_the_app_and_the_table_comes_from_the_registry():
    from reddog_tui.ui.app import RedDogApp
    from reddog_tui.ui.screens.table import TableScreen

    for scope, owner in ((keys.APP, RedDogApp), (keys.TABLE, TableScreen)):
        bound = [(binding.key, binding.action) for binding in owner.BINDINGS]
        listed = [(names, action) for key in keys.KEYS if key.scope == scope for names, action in key.all_bindings]
        assert bound == listed


def test_the_key_bar_puts_the_attendant_in_quits_place_when_the_exits_are_locked_and_a_screen_drops_its_own_key():
    open_bar = [label for _key, label, _action in keys.bar_items()]
    assert open_bar == ["Rules", "Settings", "Recall", "Language", "Quit"]
    locked = [label for _key, label, _action in keys.bar_items(exits_locked=True)]
    assert locked == ["Rules", "Settings", "Recall", "Language", "Attendant"]
    left_out = [label for _key, label, _action in keys.bar_items(leave_out=("show_rules",))]
    assert left_out == ["Settings", "Recall", "Language", "Quit"]
    assert keys.bar_items()[0][2] == "app.show_rules"  # what a tap runs


# F1 help, F3 find and F12 developer tools are the browser's where it can keep them; F2 goes
# with them, so that every key the key bar names has a plain stand-in.
KEYS_A_BROWSER_MAY_KEEP = {"f1": "show_rules", "f2": "show_settings", "f3": "show_recall", "f12": "attendant"}


def test_f1_f2_f3_and_f12_each_have_a_plain_key_beside_them():
    from textual.keys import key_to_character

    for function_key, action in KEYS_A_BROWSER_MAY_KEEP.items():
        key = keys.entry(action)
        assert key.bindings[0][0] == function_key
        assert key.alternate is not None, function_key
        name, printed = key.alternate
        # One printable character and no modifier: no browser shortcut and no terminal
        # control (Ctrl+C, Ctrl+S, Ctrl+Z) has one of them.
        assert len(printed) == 1 and printed.isprintable() and not printed.isspace()
        assert key_to_character(name) == printed  # Textual's name is the character printed
        assert name in key.all_bindings[0][0].split(",")


def test_no_alternate_is_a_key_the_table_or_any_screen_uses_in_any_language():
    import importlib
    import inspect
    import pkgutil

    from textual.binding import Binding
    from textual.screen import Screen

    from reddog_tui.ui import screens
    from reddog_tui.ui.texts import ANSWER_KEYS

    taken: dict[str, str] = {}
    for key in keys.KEYS:
        for names, action in key.bindings:
            taken.update(dict.fromkeys(names.split(","), action))
    for language, answers in ANSWER_KEYS.items():  # French: o (oui) and n (non) to the raise
        taken.update({letter: f"{language} answer" for letter in answers})
    for info in pkgutil.iter_modules(screens.__path__):
        module = importlib.import_module(f"{screens.__name__}.{info.name}")
        for _name, screen in inspect.getmembers(module, inspect.isclass):
            if issubclass(screen, Screen) and screen.__module__ == module.__name__:
                for binding in screen.BINDINGS:
                    if isinstance(binding, Binding):
                        taken.update(dict.fromkeys(binding.key.split(","), f"{screen.__name__}.{binding.action}"))
    alternates = [key.alternate[0] for key in keys.KEYS if key.alternate is not None]
    assert len(alternates) == len(set(alternates)) == len(KEYS_A_BROWSER_MAY_KEEP)
    clashes = {name: taken[name] for name in alternates if name in taken}
    assert clashes == {}
