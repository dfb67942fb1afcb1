"""Running text wrapped so that a no-break space never ends a line.

The catalogues put a no-break space (U+00A0) or a narrow one (U+202F) where a
line must not break: "z\u00a0krupierem", "10\u00a0kredytów", "séquence\u00a0?".
Textual's wrapping, like Rich's, breaks at any Unicode space, these included,
so the text is wrapped here with each of them swapped for a stand-in that is no
space, and put back afterwards.
"""

from __future__ import annotations

from functools import lru_cache

from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.widgets import Static

# Private-use characters: one cell wide, never a space, never in a translation.
_HIDE = str.maketrans({"\u00a0": "\ue000", "\u202f": "\ue001"})
_SHOW = str.maketrans({"\ue000": "\u00a0", "\ue001": "\u202f"})


# Every text a screen shows comes from the catalogues, in five languages and a few widths:
# a language switch (and each layout after it) finds the lines of one it has shown before here.
@lru_cache(maxsize=2048)
def wrap_lines(text: str, width: int) -> tuple[str, ...]:
    """`text` as lines of at most `width` cells, broken only at ordinary spaces (or inside a too-long word)."""
    return tuple(line.plain.translate(_SHOW) for line in Content(text.translate(_HIDE)).wrap(max(1, width)))


class Prose(Static):
    """A plain-text Static whose lines break only where the text allows it."""

    # What it says: setting the text it already shows does nothing (Textual compares).
    text: reactive[str] = reactive("", init=False, repaint=False)  # update() repaints

    def __init__(self, text: str = "", *, fixed_size: bool = False, **kwargs) -> None:
        super().__init__(text, markup=False, **kwargs)
        self.set_reactive(Prose.text, text)
        self.fixed_size = fixed_size  # the stylesheet fixes its box: a new text needs no new layout

    def watch_text(self, text: str) -> None:
        self.update(text, layout=not self.fixed_size)

    def _lines(self, width: int) -> tuple[str, ...]:
        return wrap_lines(str(self.content), width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Content:
        return Content("\n".join(self._lines(self.content_region.width or self.size.width)))
