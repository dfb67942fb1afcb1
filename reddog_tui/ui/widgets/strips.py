"""Pictures drawn line by line as strips (Textual's line API), in the theme's colours.

A guest's first deals show many pictures for the first time: a card's face, the pay table with
another row lit, the marker at another spread. Through Textual's content pipeline each cost
0.2–0.6 ms to draw; as segments in styles taken straight from the theme, a small part of that.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.strip import Strip
from textual.widget import Widget


def theme_colour(widget: Widget, role: str) -> Color:
    """The colour the current theme gives `role` (theme.py names the roles)."""
    return Color.parse(widget.app.theme_variables[role])


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
    return base + Style(
        color=None if colour is None else theme_colour(widget, colour).rich_color,
        bgcolor=None if background is None else theme_colour(widget, background).rich_color,
        bold=bold,
        dim=dim,
        underline=underline,
    )


def line_strip(parts: list[tuple[str, Style]], width: int, base: Style) -> Strip:
    """One line of `parts`, cut or filled with `base` to `width` cells."""
    return Strip([Segment(text, style) for text, style in parts if text]).crop_extend(0, width, base)
