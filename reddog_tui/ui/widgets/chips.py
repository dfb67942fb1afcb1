"""The chip rack: a left click adds that chip to the ante, a right click takes one off (R3)."""

from __future__ import annotations

from textual import events
from textual.color import Color
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive

from ...i18n.formatting import number
from .kept import KeptLines

RIGHT_BUTTON = 3
UNUSABLE_COLOR = "chip-unusable-text"  # theme variables (theme.py)
UNUSABLE_BORDER = "chip-unusable-edge"
UNUSABLE_EDGES = ("border_top", "border_right", "border_bottom", "border_left")


class Chip(KeptLines):
    """One chip value in the rack."""

    class Clicked(Message):
        def __init__(self, value: int, remove: bool) -> None:
            super().__init__()
            self.value, self.remove = value, remove

    # Bound to the table's language: the words and numbers drawn in render() follow a switch.
    language: reactive[str] = reactive("")
    selected: reactive[bool] = reactive(False)
    usable: reactive[bool] = reactive(True)

    def __init__(self, value: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.value = value

    def watch_selected(self, selected: bool) -> None:
        self.set_class(selected, "-selected")

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.watch_usable(self.usable))

    def watch_usable(self, usable: bool) -> None:
        # An inline style rather than a CSS class: a class change sends the widget
        # through the whole stylesheet again, and every deal changes all chips. Set rule by rule:
        # the style's own setters repaint once per edge, and lay the table out once per edge when
        # they clear it, though the edge is as thick as before. The reactive repaints the chip (a
        # theme change repaints every widget).
        styles = self.styles
        if usable:
            for rule in (*UNUSABLE_EDGES, "color"):
                styles.clear_rule(rule)
        else:
            colours = self.app.theme_variables
            edge = ("round", Color.parse(colours[UNUSABLE_BORDER]))
            for rule in UNUSABLE_EDGES:
                styles.set_rule(rule, edge)
            styles.set_rule("color", Color.parse(colours[UNUSABLE_COLOR]))

    def picture(self) -> tuple[str, int, bool, bool]:
        return (self.language, self.value, self.selected, self.usable)

    def render(self) -> Content:
        return Content(number(self.value))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.value, remove=event.button == RIGHT_BUTTON))
