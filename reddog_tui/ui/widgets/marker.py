"""The "Red Dog" spread marker: the spreads 1 to 11 with the current one lit (R5c), under its label."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ...engine.rules import MAX_SPREAD, MIN_SPREAD
from ...i18n import pgettext
from ...i18n.formatting import number


def marker_label() -> str:
    # TRANSLATORS: the label over the strip of spreads 1 to 11; the German source calls this
    # marker a "Red Dog" that shows the spread. Use the glossary's word for spread.
    return pgettext("spread marker", "Red Dog — spread")


class SpreadMarker(Widget):
    DEFAULT_CSS = "SpreadMarker { text-wrap: nowrap; text-overflow: clip; }"

    # Bound to the table's language: the words and numbers drawn follow a switch.
    language: reactive[str] = reactive("")
    spread: reactive[int] = reactive(0)

    def render(self) -> Content:
        cell = max(3, min(5, self.content_size.width // (MAX_SPREAD - MIN_SPREAD + 1)))  # wider when there is room
        cells = []
        for k in range(MIN_SPREAD, MAX_SPREAD + 1):
            text = f" {number(k)} " if cell == 3 else number(k).center(cell)
            cells.append((text, "bold $on-highlight on $highlight-background" if k == self.spread else "dim"))
        return Content.assemble((marker_label(), "bold"), "\n", *cells)
