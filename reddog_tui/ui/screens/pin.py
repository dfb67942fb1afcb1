"""The attendant's PIN entry (F12 on a locked kiosk): the way to the attendant menu or, once the
journal has failed, out of Red Dog."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from ...i18n import _
from ...kiosk.intents import CloseKiosk, OpenAttendantMenu
from ...kiosk.pin import MAX_PIN_LENGTH
from ..kiosk_texts import seconds_left
from ..widgets.buttons import KeyBar
from .attendant_base import ATTENDANT_CSS, back_key
from .number_entry import DigitPad, NumberEntry, enter_key

if TYPE_CHECKING:
    from ..shell import ShellApp


class PinScreen(NumberEntry, Screen):
    """The PIN is typed into a masked field: only dots are shown, never a digit."""

    if TYPE_CHECKING:  # for the type checker only: `self.app` is the Red Dog app (a Shell)
        app = getters.app(ShellApp)

    DEFAULT_CSS = ATTENDANT_CSS
    BINDINGS = [Binding("escape", "cancel", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.result: str = ""  # the last attempt's message, kept as a key so a language switch re-words it
        self._locked_until_text = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="attendant-body"):
            yield Static("", id="pin-title", classes="attendant-title", markup=False)
            yield Static("", id="pin-prompt", classes="attendant-line", markup=False)
            yield Input(
                password=True, restrict=r"[0-9]*", max_length=MAX_PIN_LENGTH, id="pin", classes="attendant-input"
            )
            yield DigitPad()
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one("#pin", Input).focus()
        self.set_interval(1.0, self.refresh_view)  # the lock's countdown

    def refresh_view(self) -> None:
        sign_in = self.app.attendant_sign_in()
        if sign_in is None:
            return
        self.query_one("#pin-title", Static).update(_("Attendant"))
        if self.app.store_error is None:
            prompt = _("Enter the attendant PIN and press Enter.")
        else:  # the journal failed: the PIN only closes Red Dog
            prompt = _("The journal cannot be used. Enter the attendant PIN and press Enter to close Red Dog.")
        self.query_one("#pin-prompt", Static).update(prompt)
        left = sign_in.locked_for()
        if left > 0:
            text = _("Too many wrong PINs: entry is locked for {time}.").format(time=seconds_left(left))
        elif self.result == "wrong":
            text = _("Wrong PIN.")
        else:
            text = ""
        self.query_one(".attendant-message", Static).update(text)
        self.query_one("#keys", KeyBar).show([enter_key(_("Confirm")), back_key("screen.cancel")])

    @on(Input.Submitted, "#pin")
    def submitted(self, event: Input.Submitted) -> None:
        field = self.query_one("#pin", Input)
        pin = field.value
        field.value = ""
        if not pin:  # Enter on an empty field is no attempt: it must not count towards the lock
            return
        sign_in = self.app.attendant_sign_in()
        if sign_in is None:
            return
        intents = sign_in.attempt(pin)
        self.app.carry_out(*intents)
        if OpenAttendantMenu() in intents or CloseKiosk() in intents:
            return  # the menu has replaced this screen, or Red Dog closes
        self.result = "wrong"
        self.refresh_view()

    def action_cancel(self) -> None:
        self.app.pop_screen()
