"""Running text wrapped so that a no-break space never ends a line.

The catalogues put a no-break space (U+00A0) or a narrow one (U+202F) where a
line must not break: "z\u00a0krupierem", "10\u00a0kredytów", "séquence\u00a0?".
Textual's wrapping, like Rich's, breaks at any Unicode space, these included,
so the text is wrapped here with each of them swapped for a stand-in that is no
space, and put back afterwards.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.widgets import Static

from .kept import DrawnAtOnce

# Private-use characters: one cell wide, never a space, never in a translation.
_HIDE = str.maketrans({"\u00a0": "\ue000", "\u202f": "\ue001"})
_SHOW = str.maketrans({"\ue000": "\u00a0", "\ue001": "\u202f"})


# Every text a screen shows comes from the catalogues, in five languages and a few widths:
# a language switch (and each layout after it) finds the lines of one it has shown before here.
@lru_cache(maxsize=2048)
def wrap_lines(text: str, width: int) -> tuple[str, ...]:
    """`text` as lines of at most `width` cells, broken only at ordinary spaces (or inside a too-long word)."""
    return tuple(line.plain.translate(_SHOW) for line in Content(text.translate(_HIDE)).wrap(max(1, width)))


class Prose(Static, DrawnAtOnce):
    """A plain-text Static whose lines break only where the text allows it.

    Its drawn lines are kept (DrawnAtOnce): the table's message line says the same few things round
    after round, and is drawn again whenever a frame's change spans it.
    """

    # What it says: setting the text it already shows does nothing (Textual compares).
    text: reactive[str] = reactive("", init=False, repaint=False)  # update() repaints

    def __init__(self, text: str = "", *, fixed_size: bool = False, **kwargs) -> None:
        super().__init__(text, markup=False, **kwargs)
        self.set_reactive(Prose.text, text)
        self.fixed_size = fixed_size  # the stylesheet fixes its box: a new text needs no new layout
        self._wrapped: tuple[tuple[str, int], tuple[str, ...]] | None = None

    def watch_text(self, text: str) -> None:
        self.update(text, layout=not self.fixed_size)

    def _lines(self, width: int) -> tuple[str, ...]:
        key = (str(self.content), width)
        if self._wrapped is None or self._wrapped[0] != key:
            self._wrapped = (key, wrap_lines(key[0], width))
        return self._wrapped[1]

    def picture(self) -> Hashable:
        return str(self.content)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Content:
        return Content("\n".join(self._lines(self.content_region.width or self.size.width)))

    def content_lines(self, width: int, height: int, base: Style) -> list[Strip] | None:
        """The lines as Textual's Content draws them (segments, style and the offsets text selection
        reads), without laying the text out again: a text drawn for the first time cost about 1 ms
        Textual's way. A text these lines could not show goes Textual's way (None; compared in
        tests/ui/test_kept_lines.py)."""
        styles = self.styles
        if (
            self.text_selection is not None
            or styles.text_align not in ("left", "start")
            or styles.content_align != ("left", "top")
            or styles.line_pad
        ):
            return None
        style = self.visual_style
        lines = self._lines(width)
        drawn = []
        for y in range(height):
            if y >= len(lines):  # below the text, as Textual draws it
                drawn.append(Strip.blank(width, style.rich_style))
                continue
            text = lines[y]
            length = cell_len(text)
            if not text or "\t" in text or text != text.rstrip() or length > width:
                return None
            drawn.append(Strip([Segment(text, style.rich_style_with_offset(0, y))], length))
        return drawn
