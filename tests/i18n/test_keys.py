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
    assert readme_key_rows() == [(key.shown, key.description) for key in keys.described()]


def test_the_rules_key_table_is_the_registry():
    assert list(KEY_ROWS) == [(key.shown, key.description) for key in keys.described()]


def test_every_binding_of_the_app_and_the_table_comes_from_the_registry():
    from reddog_tui.ui.app import RedDogApp
    from reddog_tui.ui.screens.table import TableScreen

    for scope, owner in ((keys.APP, RedDogApp), (keys.TABLE, TableScreen)):
        bound = [(binding.key, binding.action) for binding in owner.BINDINGS]
        listed = [(names, action) for key in keys.KEYS if key.scope == scope for names, action in key.bindings]
        assert bound == listed


def test_the_key_bar_puts_the_attendant_in_quits_place_when_the_exits_are_locked_and_a_screen_drops_its_own_key():
    open_bar = [label for _key, label, _action in keys.bar_items()]
    assert open_bar == ["Rules", "Settings", "Recall", "Language", "Quit"]
    locked = [label for _key, label, _action in keys.bar_items(exits_locked=True)]
    assert locked == ["Rules", "Settings", "Recall", "Language", "Attendant"]
    left_out = [label for _key, label, _action in keys.bar_items(leave_out=("show_rules",))]
    assert left_out == ["Settings", "Recall", "Language", "Quit"]
    assert keys.bar_items()[0][2] == "app.show_rules"  # what a tap runs
