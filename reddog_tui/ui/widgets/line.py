"""A line of text drawn from the view: setting the text it already shows does nothing."""

from __future__ import annotations

from collections.abc import Hashable

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from .kept import KeptLines, text_key


class Line(Static, KeptLines):
    """A Static whose text is a reactive, so Textual compares and repaints only a change.

    `fixed_size`: the stylesheet fixes the line's box, so a new text needs no new layout. Its drawn
    lines are kept (KeptLines): the credits and the stakes come back to the same few figures.
    """

    text: reactive[str | Content] = reactive("", init=False, repaint=False)  # update() repaints

    def __init__(self, *, fixed_size: bool = False, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)
        self.fixed_size = fixed_size

    def watch_text(self, text: str | Content) -> None:
        self.update(text, layout=not self.fixed_size)

    def picture(self) -> Hashable:
        return text_key(self.text)
