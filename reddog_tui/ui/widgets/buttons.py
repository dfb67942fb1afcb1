"""The big action buttons of the table and the key bar; both show their keys."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.widgets import Button, Static

from ...engine import Action


def key_label(key: str, label: str) -> Content:
    """ "d DEAL": the key in reverse, then the label as plain text (never markup)."""
    return Content.assemble((f" {key} ", "bold reverse"), " ", label)


class ActionButton(Button):
    """A table action; the kiosk drives it by key or click, so it takes no focus."""

    can_focus = False

    def __init__(self, action: Action, **kwargs) -> None:
        super().__init__(Content(""), id=f"action-{action.value.replace('_', '-')}", **kwargs)
        self.table_action = action

    def _on_click(self, event: events.Click) -> None:
        # The next phase's button appears where the pressed one was: the second
        # click of a double click would press it (a raise or a new wager unasked).
        # Textual calls Button's own handler after this one unless prevented.
        if event.chain > 1:
            event.prevent_default()
            event.stop()

    def set_text(self, key: str, label: str) -> None:
        text = key_label(key, label)
        if text != self.label:
            self.label = text
            self.refresh(layout=True)  # a label in another language needs another width


class KeyBar(Static):
    """A localized line of keys and what they do, in place of Textual's Footer."""

    def show(self, items: list[tuple[str, str]]) -> None:
        parts: list[str | tuple[str, str]] = []
        for key, label in items:
            if parts:
                parts.append("  ")
            parts.extend([(f" {key} ", "bold reverse"), " ", label])
        self.update(Content.assemble(*parts))
