"""The baseline: a bare Textual app of one Static, one Button and a Footer."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Button, Footer, Static


class BareApp(App):
    BINDINGS = [Binding("plus", "bump", "Add"), Binding("d", "bump", "Deal"), Binding("l", "bump", "Language")]

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Static("0", id="count")
        yield Button("Deal", id="deal")
        yield Footer()

    def action_bump(self) -> None:
        self.count += 1
        self.query_one("#count", Static).update(str(self.count))
