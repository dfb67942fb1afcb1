"""A line of text drawn from the view: setting the text it already shows does nothing."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static


class Line(Static):
    """A Static whose text is a reactive, so Textual compares and repaints only a change.

    `fixed_size`: the line's box never follows its text, so a new text needs no new layout. Without
    it a new text lays the screen out only where the stylesheet sizes the line by its text.
    """

    text: reactive[str | Content] = reactive("", init=False, repaint=False)  # update() repaints

    def __init__(self, *, fixed_size: bool = False, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)
        self.fixed_size = fixed_size

    def watch_text(self, text: str | Content) -> None:
        self.update(text, layout=not self.fixed_size and self.sized_by_text)

    @property
    def sized_by_text(self) -> bool:
        """Whether the line's width or height follows its text (`auto`); no width fills the parent."""
        width, height = self.styles.width, self.styles.height
        return height is None or height.is_auto or (width is not None and width.is_auto)
