"""Shown instead of the table when the journal cannot be used: play is refused, the file kept."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ...kiosk.store_messages import store_error_text, store_error_title
from ..widgets.buttons import KeyBar
from .base import ViewScreen


class StoreErrorScreen(ViewScreen):
    def __init__(self, error) -> None:
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical(id="error-body"):
            yield Static("", id="error-title", markup=False)
            yield Static("", id="error-text", markup=False)
        yield KeyBar(id="keys")

    def refresh_view(self) -> None:
        at_start = self.error.at_start
        self.query_one("#error-title", Static).update(store_error_title(at_start))
        self.query_one("#error-text", Static).update(store_error_text(self.error.code, str(self.error.path), at_start))
        from .table import common_keys

        # Without a journal there is no table: the rules, settings and recall do not open.
        self.query_one("#keys", KeyBar).show(
            common_keys(self.app.exits_locked, leave_out=("show_rules", "show_settings", "show_recall"))
        )
