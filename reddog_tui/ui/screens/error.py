"""Shown instead of the table when the journal cannot be used: play is refused, the file kept."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ...i18n import _
from ..widgets.buttons import KeyBar
from .base import ViewScreen


def store_error_text(code: str, path: str) -> str:
    texts = {
        "unwritable": _("The data folder {path} cannot be written to. Choose another one with --data-dir."),
        "not_a_database": _("The file {path} is not a Red Dog journal. It has been left untouched."),
        "newer_schema": _("The journal {path} was written by a newer version of Red Dog. It has been left untouched."),
        "locked": _("The journal {path} is in use by another Red Dog. Close that one first."),
        "integrity": _("The journal {path} failed its integrity check. Play is refused and the file is kept as it is. Please call an attendant."),
        "journal_mode": _("The journal {path} cannot promise safe writes (WAL and full sync). Play is refused."),
    }
    return texts.get(code, _("The journal {path} cannot be used.")).format(path=path)


class StoreErrorScreen(ViewScreen):
    def __init__(self, error) -> None:
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical(id="error-body"):
            yield Static("", id="error-title", markup=False)
            yield Static("", id="error-text", markup=False)
        yield KeyBar("", id="keys", markup=False)

    def refresh_view(self) -> None:
        if not self.ready:
            return
        self.query_one("#error-title", Static).update(_("Red Dog cannot start"))
        self.query_one("#error-text", Static).update(store_error_text(self.error.code, str(self.error.path)))
        from .table import common_keys

        self.query_one("#keys", KeyBar).show([k for k in common_keys() if k[1] != _("Settings")])
