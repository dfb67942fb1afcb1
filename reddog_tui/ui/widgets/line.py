"""A line of text drawn from the view: setting the text it already shows does nothing."""

from __future__ import annotations

from collections.abc import Hashable

from rich.segment import Segment
from textual.content import Content
from textual.reactive import reactive
from textual.strip import Strip
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

    def render_line(self, y: int) -> Strip:
        """The text's line as Textual's Content draws it (the same segments, styles and the offsets that
        text selection reads), without the wrapping it cannot need: a chip draws two new figures, and
        Textual's way took about 0.5 ms a line. A text that is not one plain line that fits goes Textual's
        way (tests/ui/test_kept_lines.py compares the two)."""
        visual = self.visual
        width = self.size.width
        styles = self.styles
        if (
            y
            or not isinstance(visual, Content)
            or visual.cell_length > width
            or "\n" in visual.plain
            or "\t" in visual.plain
            or visual.plain != visual.plain.rstrip()
            or self.text_selection is not None
            or styles.text_align not in ("left", "start", "right", "end")
            or styles.content_align != ("left", "top")
            or styles.line_pad
        ):
            return super().render_line(y)
        style = self.visual_style
        segments = []
        pad = width - visual.cell_length if styles.text_align in ("right", "end") else 0
        if pad:
            segments.append(Segment(" " * pad, style.background_style.rich_style))
        x = 0
        for text, text_style in visual.render(style, end=""):
            segments.append(Segment(text, (style + text_style).rich_style_with_offset(x, 0)))
            x += len(text)
        return Strip(segments, visual.cell_length + pad)
