"""Widgets that show one of a few pictures (a card, a chip, the marker, the pay table) keep each
picture's drawn lines, so showing it again costs a look-up rather than a render.

A deal shows the same 52 cards, 5 chips and 11 spreads again and again; Textual renders a widget's
content and styles it line by line on every change (about 0.7 ms for a card at 80×24), so a deal's
frames spent most of their time drawing pictures drawn before.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from textual.cache import LRUCache
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from ..glyphs import current_glyph_set


class KeptLines(Widget):
    """A widget whose drawn lines are kept, by `picture()` and everything else that styles them.

    `picture()` must name every state the widget draws from (its reactives and the language); the
    size, the crop, the widget's own style and background, the theme and the glyph set are added
    here. Each class keeps its own pictures.
    """

    _kept: ClassVar[LRUCache[Hashable, list[Strip]]]

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._kept = LRUCache(256)

    def picture(self) -> Hashable:
        raise NotImplementedError

    def render_lines(self, crop: Region) -> list[Strip]:
        key = (
            self.picture(),
            self.size,
            crop,
            self.visual_style,
            self.background_colors,
            self.app.theme,
            current_glyph_set().name,
        )
        lines = self._kept.get(key)
        if lines is None:
            lines = super().render_lines(crop)
            self._kept.set(key, lines)
        return lines
