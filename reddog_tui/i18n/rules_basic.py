"""The short rules card the rules screen falls back on when the full help is absent."""

from __future__ import annotations

from ..engine import HandKind, TableState, pay_table
from . import _
from .document import Section, Table
from .formatting import number, odds


def pay_table_block(state: TableState | None) -> Table:
    """R8 as a table; the current hand's row stands out when a hand is on the table."""
    rows: list[tuple[str, str]] = []
    highlight = None
    for index, (kind, spread, times) in enumerate(pay_table()):
        if kind is HandKind.SPREAD:
            label = _("Spread {spread}").format(spread=number(spread))
        elif kind is HandKind.CONSECUTIVE:
            label = _("Consecutive")
        elif kind is HandKind.PAIR:
            label = _("Pair")
        else:
            label = _("Three of a kind")
        rows.append((label, odds(times) if times is not None else _("push")))
        if state is not None and state.kind is kind and (kind is not HandKind.SPREAD or state.spread == spread):
            highlight = index
    return Table((_("Hand"), _("Pays")), tuple(rows), highlight)


def build_sections(state: TableState | None = None) -> list[Section]:
    """The card values and the pay table: enough to play by."""
    return [
        Section(
            _("Card values"),
            (
                Table(
                    (_("Card"), _("Value")),
                    (
                        (_("2 to 10"), _("face value")),
                        (_("Jack"), number(11)),
                        (_("Queen"), number(12)),
                        (_("King"), number(13)),
                        (_("Ace"), number(14)),
                    ),
                ),
            ),
            "cards",
        ),
        Section(_("Pay table"), (pay_table_block(state),), "pay-table"),
    ]
