"""Textual's key bindings, made from the key registry (i18n/keys.py)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from ..i18n.keys import KEYS


def bindings(scope: str) -> list[BindingType]:
    """The bindings of the registry's keys in `scope` (the app's, or the table's).

    Their description is the registry's untranslated text; the key bar, not Textual's
    footer, shows them, in the current language.
    """
    return [
        Binding(keys, action, key.description or key.bar_label or "", show=False, priority=key.priority)
        for key in KEYS
        if key.scope == scope
        for keys, action in key.all_bindings
    ]
