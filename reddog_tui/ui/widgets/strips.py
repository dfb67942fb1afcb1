"""Pictures drawn line by line as strips (Textual's line API), in the theme's colours.

A guest's first deals show many pictures for the first time: a card's face, the pay table with
another row lit, the marker at another spread. Through Textual's content pipeline each cost
0.2–0.6 ms to draw; as segments in styles taken straight from the theme, a small part of that.
"""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget


def look(
    widget: Widget,
    base: Style,
    colour: str | None = None,
    background: str | None = None,
    *,
    bold: bool | None = None,
    dim: bool | None = None,
    underline: bool | None = None,
) -> Style:
    """`base` (the widget's own style) with a theme role's colour and background over it."""
    variables = widget.app.theme_variables
    return _look(
        base,
        None if colour is None else variables[colour],
        None if background is None else variables[background],
        bold,
        dim,
        underline,
    )


# A picture asks for the same few looks over and over (a chip rack: three for each of its chips);
# keyed by the colours' values, so a new theme finds its own.
@lru_cache(maxsize=1024)
def _look(
    base: Style, colour: str | None, background: str | None, bold: bool | None, dim: bool | None, underline: bool | None
) -> Style:
    return base + Style(
        color=None if colour is None else Color.parse(colour).rich_color,
        bgcolor=None if background is None else Color.parse(background).rich_color,
        bold=bold,
        dim=dim,
        underline=underline,
    )


def line_strip(parts: list[tuple[str, Style]], width: int, base: Style) -> Strip:
    """One line of `parts`, cut or filled with `base` to `width` cells."""
    return fitted_strip([Segment(text, style) for text, style in parts if text], width, base)


def fitted_strip(segments: list[Segment], width: int, fill: Style) -> Strip:
    """`segments` cut or filled to `width` cells, as one new strip (a picture drawn for the first
    time makes dozens of lines: each strip Textual makes comes with its own caches)."""
    length = sum(cell_len(segment.text) for segment in segments)
    if length < width:
        segments.append(Segment(" " * (width - length), fill))
    elif length > width:
        return Strip(segments, length).crop(0, width)
    return Strip(segments, width)


def text_look(
    widget: Widget,
    colour: str | None = None,
    background: str | None = None,
    *,
    bold: bool | None = None,
    dim: bool | None = None,
    underline: bool | None = None,
) -> VisualStyle:
    """A text's style in theme roles, as Textual's Content reads "bold $role on $role"."""
    variables = widget.app.theme_variables
    return _text_look(
        None if colour is None else variables[colour],
        None if background is None else variables[background],
        bold,
        dim,
        underline,
    )


@lru_cache(maxsize=256)
def _text_look(
    colour: str | None, background: str | None, bold: bool | None, dim: bool | None, underline: bool | None
) -> VisualStyle:
    return VisualStyle(
        foreground=None if colour is None else Color.parse(colour),
        background=None if background is None else Color.parse(background),
        bold=bold,
        dim=dim,
        underline=underline,
    )


def text_strip(widget: Widget, parts: list[tuple[str, VisualStyle | None]], y: int, width: int) -> Strip:
    """Line `y` of a widget showing `parts` of text, each in its look over the widget's style (None:
    the widget's own), as Textual's Content draws them: the same segments and styles, with the
    offsets text selection reads, cut or filled with the widget's background to `width` cells."""
    style = widget.visual_style
    segments = []
    x = 0
    for text, look_ in parts:
        if text:
            segments.append(Segment(text, (style if look_ is None else style + look_).rich_style_with_offset(x, y)))
            x += len(text)
    return fitted_strip(segments, width, style.background_style.rich_style)
