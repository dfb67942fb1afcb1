"""A bullet list drawn as one widget, wrapped lines hanging under their text.

One widget instead of three per item keeps the rules screen's layout cheap:
a language switch re-measures every text, and Textual's cost is per widget.
"""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

from .prose import wrap_lines

MARK = "• "


class BulletList(Widget):
    DEFAULT_CSS = "BulletList { height: auto; }"

    def __init__(self, items: list[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self._items = list(items)
        self._wrapped: tuple[int, list[Content]] | None = None

    @property
    def items(self) -> list[str]:
        return list(self._items)

    def update(self, items: list[str]) -> None:
        if items != self._items:
            self._items = list(items)
            self._wrapped = None
            self.refresh(layout=True)

    def _lines(self, width: int) -> list[Content]:
        if self._wrapped is None or self._wrapped[0] != width:
            indent = len(MARK)
            lines: list[Content] = []
            for item in self._items:
                for index, line in enumerate(wrap_lines(item, width - indent)):
                    lines.append(Content(MARK if index == 0 else " " * indent) + Content(line))
            self._wrapped = (width, lines)
        return self._wrapped[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Content:
        return Content("\n").join(self._lines(self.content_region.width or self.size.width))
