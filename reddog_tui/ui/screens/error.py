"""Shown instead of the table when the journal cannot be used: play is refused, the file kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import getters
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ...i18n import _
from ...kiosk.store_messages import store_error_text, store_error_title
from ..widgets.buttons import KeyBar
from .base import ViewScreen

if TYPE_CHECKING:
    from ..shell import ShellApp


class StoreErrorScreen(ViewScreen):
    if TYPE_CHECKING:  # for the type checker only: `self.app` is the Red Dog app (a Shell)
        app = getters.app(ShellApp)

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
        text = store_error_text(self.error.code, str(self.error.path), at_start)
        # Without a journal there is no table: the rules, settings and recall do not open.
        leave_out: tuple[str, ...] = ("show_rules", "show_settings", "show_recall")
        if self.app.kiosk:  # no key quits a kiosk: the staff are told their way out
            if self.app.attendant_sign_in() is not None:
                text += "\n\n" + _("Attendant: F12 and the attendant PIN close Red Dog.")
            else:
                leave_out += ("attendant",)
                text += "\n\n" + _(
                    "Attendant: the PIN cannot be read from this journal. Stop the Red Dog service to close it."
                )
        self.query_one("#error-text", Static).update(text)
        from .table import common_keys

        self.query_one("#keys", KeyBar).show(common_keys(self.app.exits_locked, leave_out=leave_out))
