"""The "Red Dog" spread marker: the spreads 1 to 11 with the current one lit (R5c), under its label."""

from __future__ import annotations

from rich.style import Style
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle

from ...engine.rules import MAX_SPREAD, MIN_SPREAD
from ...i18n import pgettext
from ...i18n.formatting import number
from .kept import DrawnAtOnce
from .strips import text_look, text_strip


def marker_label() -> str:
    # TRANSLATORS: the label over the strip of spreads 1 to 11; the German source calls this
    # marker a "Red Dog" that shows the spread. Use the glossary's word for spread.
    return pgettext("spread marker", "Red Dog — spread")


class SpreadMarker(DrawnAtOnce):
    # Bound to the table's language: the words and numbers drawn follow a switch.
    language: reactive[str] = reactive("")
    spread: reactive[int] = reactive(0)

    def picture(self) -> tuple[str, int]:
        return (self.language, self.spread)

    def content_lines(self, width: int, height: int, base: Style) -> list[Strip]:
        lit, dim = text_look(self, "on-highlight", "highlight-background", bold=True), text_look(self, dim=True)
        cell = max(3, min(5, width // (MAX_SPREAD - MIN_SPREAD + 1)))  # wider when there is room
        cells: list[tuple[str, VisualStyle | None]] = []
        for k in range(MIN_SPREAD, MAX_SPREAD + 1):
            text = f" {number(k)} " if cell == 3 else number(k).center(cell)
            cells.append((text, lit if k == self.spread else dim))
        label = text_strip(self, [(marker_label(), text_look(self, bold=True))], 0, width)
        return [label, text_strip(self, cells, 1, width)][:height]
