"""A line of text drawn from the view: setting the text it already shows does nothing."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static


class Line(Static):
    """A Static whose text is a reactive, so Textual compares and repaints only a change.

    `fixed_size`: the stylesheet fixes the line's box, so a new text needs no new layout.
    """

    text: reactive[str | Content] = reactive("", init=False, repaint=False)  # update() repaints

    def __init__(self, *, fixed_size: bool = False, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)
        self.fixed_size = fixed_size

    def watch_text(self, text: str | Content) -> None:
        self.update(text, layout=not self.fixed_size)
