"""Widgets that show one of a few pictures (a card, a chip, the marker, the pay table, a table
button, a line of the table) keep each picture's drawn lines, so showing it again costs a look-up
rather than a render.

A deal shows the same 52 cards, 5 chips and 11 spreads again and again, and the same few buttons,
banners and messages; Textual renders a widget's content and styles it line by line on every change
(about 0.7 ms for a card, 0.5 ms for a button at 80×24), so a deal's frames spent most of their time
drawing pictures drawn before.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.cache import LRUCache
from textual.color import Color
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from ..glyphs import current_glyph_set

if TYPE_CHECKING:
    from typing import Self


def text_key(text: str | Content) -> Hashable:
    """A text as a key of its picture: a Content by its words and its styles (Content compares by
    its words alone, so two styles of one text would share a picture)."""
    return (text.plain, tuple(text.spans)) if isinstance(text, Content) else text


class DrawnUntilRefreshed(Widget):
    """A widget that draws the lines it drew last again, without asking Textual, until it is
    refreshed or resized: a frame draws every widget whose container spans the change, most of them
    (the table's containers, its pictures) as they were."""

    _last_drawn: tuple[Region, Size, list[Strip]] | None = None

    def refresh(self, *regions: Region, **kwargs) -> Self:
        # Every repaint Textual asks for comes through here (a new text, a style, a theme).
        self._last_drawn = None
        return super().refresh(*regions, **kwargs)

    def render_lines(self, crop: Region) -> list[Strip]:
        # The outer size, which Textual keeps: `size` looks the widget up in the screen's map, and a
        # frame asks this of every widget it spans. A new border or padding comes with a refresh.
        size = self.outer_size
        last = self._last_drawn
        if last is not None and last[0] == crop and last[1] == size:
            return last[2]
        lines = self.draw_lines(crop)
        self._last_drawn = (crop, size, lines)
        return lines

    def draw_lines(self, crop: Region) -> list[Strip]:
        return super().render_lines(crop)


# Textual styles a widget by its first base's line of classes: Horizontal and Vertical come first.
class Row(Horizontal, DrawnUntilRefreshed):
    """A Horizontal of the table that draws its (empty) lines once until refreshed."""


class Column(Vertical, DrawnUntilRefreshed):
    """A Vertical of the table that draws its (empty) lines once until refreshed."""


class KeptLines(DrawnUntilRefreshed):
    """A widget whose drawn lines are kept, by `picture()` and everything else that styles them.

    `picture()` must name every state the widget draws from (its reactives, its text and the
    language); the size, the crop, the widget's own style, background and box (border, padding,
    alignment, tint, opacity), the theme and the glyph set are added here. Each class keeps its own
    pictures.
    """

    _kept: ClassVar[LRUCache[Hashable, list[Strip]]]

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._kept = LRUCache(256)

    def picture(self) -> Hashable:
        raise NotImplementedError

    def _box(self) -> Hashable:
        """What styles the widget's lines besides its text's style: a state (hover, disabled,
        pressed, a veil) or a class may change any of these."""
        styles = self.styles
        return (
            styles.border,
            styles.padding,
            styles.content_align_horizontal,
            styles.content_align_vertical,
            styles.text_align,
            styles.tint,
            styles.opacity,
            styles.text_opacity,
        )

    def _ground(self) -> Color | None:
        """The background the widget stands on (under its padding and border): its parent's, as the
        parent's visual style blends it. Textual keeps a visual style until its node's styles
        change; `background_colors` walks every ancestor's styles again at each call (about 30 µs)."""
        parent = self.parent
        return parent.visual_style.background if isinstance(parent, Widget) else None

    def draw_lines(self, crop: Region) -> list[Strip]:
        key = (
            self.picture(),
            self.outer_size,  # with the box below, the size of the content
            crop,
            self.visual_style,  # the colours and text style, over the background blended from the ancestors'
            self._ground(),
            self._box(),
            self.app.theme,
            current_glyph_set().name,
        )
        lines = self._kept.get(key)
        if lines is None:
            lines = self.draw_picture(crop)
            self._kept.set(key, lines)
        return lines

    def draw_picture(self, crop: Region) -> list[Strip]:
        """Draw what `picture()` names, which no kept lines hold."""
        return super().draw_lines(crop)


class DrawnAtOnce(KeptLines):
    """A KeptLines widget that draws all the lines of a picture in one call, `content_lines`.

    Textual asks `render_line` for each line in turn, and a widget that works out its size, style
    and theme colours there does so once per line: a card of seven lines cost about 1 ms to draw.
    In a plain box (no border, outline, tint, hatch or vertical padding, fully opaque) the lines
    are framed here as Textual's styles cache frames them: the side padding and the background
    added, the app's line filters applied. That cache spent more than half of a card's drawing
    on its general case. Any other box goes Textual's way.
    """

    _content: list[Strip] | None = None  # the picture being drawn

    def content_lines(self, width: int, height: int, base: Style) -> list[Strip] | None:
        """The lines of the content area, `width` cells wide, in the widget's style `base`; None
        where Textual draws the content itself (from `render`)."""
        raise NotImplementedError

    def draw_picture(self, crop: Region) -> list[Strip]:
        width, height = self.content_size
        # The widget's style as Textual keeps it until the widget is restyled (`rich_style` is worked
        # out again after every refresh).
        content = self.content_lines(width, height, self.visual_style.rich_style)
        if content is None:
            return super().draw_picture(crop)
        if self._plain_box():
            return self._framed(content, width, crop)
        self._content = content
        try:
            return super().draw_picture(crop)
        finally:
            self._content = None

    def _plain_box(self) -> bool:
        styles = self.styles
        padding = styles.padding
        return (
            not any(kind for kind, _colour in styles.border)
            and not any(kind for kind, _colour in styles.outline)
            and padding.top == padding.bottom == 0
            and not styles.tint.a
            and self.opacity == 1
            and styles.text_opacity == 1
            and not (styles.has_rule("hatch") and styles.hatch != "none")
        )

    def _framed(self, content: list[Strip], width: int, crop: Region) -> list[Strip]:
        """`content` in the widget's box, as Textual's styles cache draws a plain box."""
        base_background, background = self.background_colors
        inner = VisualStyle(background=base_background + background).rich_style
        below = self.visual_style.rich_style  # a line past the content, as Widget.render_line draws it
        padding = self.styles.padding
        left = Segment(" " * padding.left, inner) if padding.left else None
        right = Segment(" " * padding.right, inner) if padding.right else None
        outer_width = self.outer_size.width
        filters = self.get_line_filters()
        lines = []
        for y in crop.line_range:
            strip = content[y] if y < len(content) else Strip.blank(width, below)
            strip = strip.adjust_cell_length(width, inner)
            if left or right:
                strip = Strip([*([left] if left else []), *strip, *([right] if right else [])], outer_width)
            for line_filter in filters:
                strip = strip.apply_filter(line_filter, background)
            lines.append(strip)
        if crop.column_span != (0, outer_width):
            x1, x2 = crop.column_span
            lines = [strip.crop(x1, x2) for strip in lines]
        return lines

    def render_line(self, y: int) -> Strip:
        content = self._content
        if content is None:
            return super().render_line(y)
        if y < len(content):
            return content[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)  # below the content, as Textual draws it


class KeptScrollBar(ScrollBar, KeptLines):
    """Textual's scrollbar, its drawn lines kept by what it shows (`ScrollBar.render`'s inputs).

    The rules help changes its length with each language, so its bar was drawn anew at every
    switch, and twice: in the frame of the new layout, and again for its own repaint after it.
    Through Textual's styles cache a bar of 22 lines cost about 0.8 ms to draw.
    """

    def picture(self) -> Hashable:
        parent = self.parent
        assert isinstance(parent, Widget)  # a scrollbar stands on the widget it scrolls
        styles = parent.styles
        return (
            self.window_virtual_size,
            self.window_size,
            self.position,
            self.thickness,
            self.vertical,
            self.grabbed is not None,
            self.mouse_over,
            self.renderer,
            styles.scrollbar_color,
            styles.scrollbar_background,
            styles.scrollbar_color_hover,
            styles.scrollbar_background_hover,
            styles.scrollbar_color_active,
            styles.scrollbar_background_active,
            parent.background_colors,  # under a translucent bar
            self.screen.styles.scrollbar_color.a,  # none: a blank bar
        )


class SizedInLayout(Widget):
    """A widget whose new size needs no second layout.

    Textual sets a widget's `virtual_size` after each layout, and that reactive asks for a layout
    again: a language switch, which resizes the words of a screen, was laid out and drawn twice.
    A widget's size comes from its layout, so that second pass changes nothing for it.
    """

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
