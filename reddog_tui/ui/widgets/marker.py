"""The "Red Dog" spread marker: the spreads 1 to 11 with the current one lit (R5c), under its label."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive

from ...engine.rules import MAX_SPREAD, MIN_SPREAD
from ...i18n import pgettext
from ...i18n.formatting import number
from .kept import KeptLines


def marker_label() -> str:
    # TRANSLATORS: the label over the strip of spreads 1 to 11; the German source calls this
    # marker a "Red Dog" that shows the spread. Use the glossary's word for spread.
    return pgettext("spread marker", "Red Dog — spread")


class SpreadMarker(KeptLines):
    # Bound to the table's language: the words and numbers drawn in render() follow a switch.
    language: reactive[str] = reactive("")
    spread: reactive[int] = reactive(0)

    def picture(self) -> tuple[str, int]:
        return (self.language, self.spread)

    def render(self) -> Content:
        parts: list[str | tuple[str, str]] = [(marker_label(), "bold"), "\n"]
        cell = max(3, min(5, self.size.width // (MAX_SPREAD - MIN_SPREAD + 1)))  # wider when there is room
        for k in range(MIN_SPREAD, MAX_SPREAD + 1):
            text = f" {number(k)} " if cell == 3 else number(k).center(cell)
            parts.append((text, "bold $on-highlight on $highlight-background") if k == self.spread else (text, "dim"))
        return Content.assemble(*parts)
