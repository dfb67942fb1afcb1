"""The kiosk's meters for the attendant, and their export to files."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ...i18n import _, pgettext
from ...i18n.formatting import number
from ..kiosk_texts import meter_names
from ..widgets.buttons import KeyBar, KeyItem
from .attendant_base import AttendantScreen, back_key


class MetersScreen(AttendantScreen):
    # The key bar shows the key as "E": Shift+E (Textual's "E") exports as well as a plain e.
    BINDINGS = [Binding("escape,enter", "back", show=False), Binding("e,E", "export", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.message = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="attendant-body"):
            yield Static("", classes="attendant-title", markup=False)
            with Vertical(classes="attendant-list"):
                for key in meter_names():
                    with Horizontal(classes="voucher-row", id=f"meter-{key.replace('_', '-')}"):
                        yield Static("", classes="voucher-name", markup=False)
                        yield Static("", classes="voucher-value", markup=False)
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    def refresh_view(self) -> None:
        if self.app.session is None:
            return
        self.query_one(".attendant-title", Static).update(_("Meters"))
        values = self.app.session.meters()
        for key, name in meter_names().items():
            row = self.query_one(f"#meter-{key.replace('_', '-')}")
            row.query_one(".voucher-name", Static).update(name)
            row.query_one(".voucher-value", Static).update(number(values.get(key, 0)))
        self.say(self.message or _("Meters only grow; they count every game since the journal was created."))
        self.query_one("#keys", KeyBar).show(
            [KeyItem(pgettext("key", "E"), _("Export to files"), "screen.export"), back_key()]
        )

    def action_export(self) -> None:
        """The meters and the journal as CSV files in the data folder, as `reddog attendant` writes them."""
        from .journal_check import export_to_data_dir

        self.message = export_to_data_dir(self.app)
        self.refresh_view()

    def action_back(self) -> None:
        self.app.pop_screen()
