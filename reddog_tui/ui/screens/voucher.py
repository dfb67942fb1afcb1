"""A cash-out voucher, shown for the attendant to pay the player."""

from __future__ import annotations

import math

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from ...i18n import _, pgettext
from ...i18n.formatting import credits, voucher_number
from ..kiosk_texts import local_time
from ..widgets.buttons import KeyBar, KeyItem
from .attendant_base import AttendantScreen


class VoucherScreen(AttendantScreen):
    BINDINGS = [Binding("escape,enter", "back", show=False)]
    input_since = math.inf  # until shown: the keys that paid out must not close the voucher too

    def __init__(self, voucher) -> None:
        super().__init__()
        self.voucher = voucher

    @on(events.ScreenResume)
    def shown_now(self, event: events.ScreenResume) -> None:
        self.input_since = event.time

    def compose(self) -> ComposeResult:
        with Vertical(classes="attendant-body"):
            with Vertical(classes="voucher"):
                yield Static("", classes="voucher-title", markup=False)
                for key in ("number", "amount", "time"):
                    with Horizontal(classes="voucher-row", id=f"voucher-{key}"):
                        yield Static("", classes="voucher-name", markup=False)
                        yield Static("", classes="voucher-value", markup=False)
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    def refresh_view(self) -> None:
        v = self.voucher
        self.query_one(".voucher-title", Static).update(
            Content.assemble(("Red Dog", "$title-text"), " · ", _("Cash-out voucher"))
        )
        rows = {
            "number": (_("Voucher number"), voucher_number(v.number)),
            "amount": (_("Amount"), credits(v.amount)),
            "time": (_("Time"), local_time(v.time)),
        }
        for key, (name, value) in rows.items():
            row = self.query_one(f"#voucher-{key}")
            row.query_one(".voucher-name", Static).update(name)
            row.query_one(".voucher-value", Static).update(value)
        text = _("Pay this amount to the player. The credits are now 0.")
        if getattr(v, "offline", False):  # a kiosk of a hall that could not reach its server
            text += "\n" + _(
                "Issued offline: this voucher can be redeemed at other kiosks once this kiosk reconnects to the hall server."
            )
        self.say(text)
        self.query_one("#keys", KeyBar).show([KeyItem(pgettext("key", "Enter"), _("Done"), "screen.back")])

    def action_back(self) -> None:
        self.app.pop_screen()
