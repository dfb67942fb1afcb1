"""The chip rack: a left click adds that chip to the ante, a right click takes one off (R3)."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...i18n.formatting import number

RIGHT_BUTTON = 3
UNUSABLE_COLOR = "#6f7a70"
UNUSABLE_BORDER = "#4d5a50"


class Chip(Widget):
    """One chip value in the rack."""

    class Clicked(Message):
        def __init__(self, value: int, remove: bool) -> None:
            super().__init__()
            self.value, self.remove = value, remove

    selected: reactive[bool] = reactive(False)
    usable: reactive[bool] = reactive(True)

    def __init__(self, value: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.value = value

    def watch_selected(self, selected: bool) -> None:
        self.set_class(selected, "-selected")

    def watch_usable(self, usable: bool) -> None:
        # An inline style rather than a CSS class: a class change sends the widget
        # through the whole stylesheet again, and every deal changes all chips.
        if usable:
            self.styles.border = None
            self.styles.color = None
        else:
            self.styles.border = ("round", UNUSABLE_BORDER)
            self.styles.color = UNUSABLE_COLOR

    def render(self) -> Content:
        return Content(number(self.value))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.value, remove=event.button == RIGHT_BUTTON))
