"""The banner of a settled round: a win, a loss, a push, three of a kind, max winnings.

Each outcome has its own style from the theme and its own words and mark, so it is told
apart at a glance and never by colour alone.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.widgets import Static

from ...engine import TableState
from ..texts import Banner, banner_kind, banner_text
from .kept import KeptLines
from .veil import Veiled


class OutcomeBanner(Static, KeptLines, Veiled):
    """Its drawn lines are kept (KeptLines): unveiling a banner shown before is a look-up."""

    DEFAULT_CSS = """
    OutcomeBanner { display: none; height: 3; margin: 1 1 0 1; content-align: center middle; text-style: bold; }
    OutcomeBanner.-win { display: block; background: $win-background; color: $on-win; }
    OutcomeBanner.-three-of-a-kind, OutcomeBanner.-max-winnings {
        display: block; background: $highlight-background; color: $on-highlight; border: double $on-highlight;
    }
    OutcomeBanner.-push { display: block; border: round $highlight-text; color: $highlight-text; }
    OutcomeBanner.-lose {
        display: block; height: 1; margin: 2 1 1 1; content-align: left middle; text-style: none; color: $label-text;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)
        self.kind: Banner | None = None
        self._text = ""

    def show(self, state: TableState | None, *, veiled: bool = False) -> None:
        """Draw `state`'s banner (none while a round is open, or for None: while the cards are being
        dealt). `veiled`: in its place and styled, but transparent and without words until the third
        card has turned, when unveiling it repaints the banner without restyling or laying out the table."""
        kind, text = (banner_kind(state), banner_text(state)) if state is not None else (None, "")
        if veiled:
            text = ""  # no words in the terminal either (a screen reader, a copy) before the card turns
        if kind is not self.kind:
            for each in Banner:
                self.set_class(each is kind, f"-{each.value}", update=False)
            self.update_node_styles()  # one style update for the swap
            self.kind = kind
        if text != self._text:
            self._text = text
            self.update(text, layout=False)  # each kind's box has a fixed size
        self.veil(veiled)

    def picture(self) -> Hashable:
        return (self.kind, self._text)

    @property
    def shown(self) -> bool:
        """In its place (veiled or not): the chips give it their room."""
        return self.kind is not None
