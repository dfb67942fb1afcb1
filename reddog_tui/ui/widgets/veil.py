"""A veil: a widget in its place, laid out and styled, but transparent until the result it holds may be seen."""

from __future__ import annotations

from textual.widget import Widget


class Veiled(Widget):
    """Mixed into a widget that waits veiled while the third card turns (the result's buttons),
    or stands empty in its place (a place on the button bar without an action).

    An inline opacity, so unveiling repaints the widget without restyling or laying out the table. The
    widget itself keeps its words out of the terminal while veiled.
    """

    def veil(self, veiled: bool) -> None:
        opacity = 0.0 if veiled else 1.0
        if self.styles.opacity != opacity:
            self.styles.opacity = opacity

    @property
    def veiled(self) -> bool:
        return self.styles.opacity == 0.0
