"""The pay table (R8) with the current hand's row highlighted."""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import HandKind, pay_table
from ...i18n import _, pgettext
from ...i18n.formatting import number, odds
from ..texts import hand_name, pay_table_name

# Below this height the spreads that pay alike share one row.
FULL_TABLE_HEIGHT = 17


def pay_rows(compact: bool, width: int = 0) -> list[tuple[str, str, set[tuple[HandKind, int]]]]:
    """(hand, pays, the hands this row stands for); a hand's gloss only where it fits `width`."""
    rows: list[tuple[str, str, set[tuple[HandKind, int]]]] = []
    spread_rows = [(k, x) for kind, k, x in pay_table() if kind is HandKind.SPREAD and x is not None]  # all pay odds
    if compact:
        groups: list[list[tuple[int, int]]] = []
        for k, x in spread_rows:
            if groups and groups[-1][-1][1] == x:
                groups[-1].append((k, x))
            else:
                groups.append([(k, x)])
        for group in groups:
            first, last = group[0][0], group[-1][0]
            label = (
                hand_name(HandKind.SPREAD, first)
                if first == last
                else _("Spread {first}–{last}").format(first=number(first), last=number(last))
            )
            rows.append((label, odds(group[0][1]), {(HandKind.SPREAD, k) for k, _x in group}))
    else:
        for k, x in spread_rows:
            rows.append((hand_name(HandKind.SPREAD, k), odds(x), {(HandKind.SPREAD, k)}))
    for kind, _k, paid in pay_table():
        if kind is not HandKind.SPREAD:
            pays = odds(paid) if paid is not None else pgettext("pay table", "push")
            label = pay_table_name(kind)
            if len(label) + 1 + len(pays) > width:
                label = hand_name(kind)
            rows.append((label, pays, {(kind, 0)}))
    return rows


class PayTable(Widget):
    """Redrawn from `hand` (kind and spread) and its own size."""

    DEFAULT_CSS = "PayTable { text-wrap: nowrap; text-overflow: clip; }"

    # Bound to the table's language: the words and numbers drawn follow a switch.
    language: reactive[str] = reactive("")
    hand: reactive[tuple[HandKind, int] | None] = reactive(None)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 + len(pay_rows(self.size.height < FULL_TABLE_HEIGHT, width))  # the heading, then the rows

    def render(self) -> Content:
        width, height = self.content_size
        lines = [Content.styled(_("Pay table").center(width)[:width], "bold underline")]
        for label, pays, hands in pay_rows(height < FULL_TABLE_HEIGHT, width):
            gap = max(1, width - len(label) - len(pays))
            text = (label + " " * gap + pays)[: max(width, 0)]
            lines.append(
                Content.styled(text, "bold $on-highlight on $highlight-background")
                if self.hand in hands
                else Content(text)
            )
        return Content("\n").join(lines)
