"""Typing a number on the attendant's side (the PIN, an amount, a voucher number): the digit pad
for a kiosk without a keyboard and the key bar's Enter, both through the field's own checks."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Input

from ...i18n import pgettext
from ..widgets.buttons import KeyItem


def enter_key(label: str) -> KeyItem:
    """Enter in the screen's field; tapped on the key bar, it submits the field the same way."""
    return KeyItem(pgettext("key", "Enter"), label, "screen.submit")


class DigitButton(Button):
    can_focus = False  # the field keeps the focus (focusing it again would select its digits)

    def on_click(self, event: events.Click) -> None:  # before Button's own handler, which it prevents
        # Every tap is a digit, as every key press is. Button's own handler takes no press while the
        # last one still looks pressed (0.2 s): "1000" tapped at a quick pace came out as "100".
        event.stop()
        event.prevent_default()
        self.press()


class DigitPad(Horizontal):
    """Digits to tap on a kiosk without a keyboard: each types into the screen's field as its key
    does. Full-height buttons: a finger needs more than one line to hit."""

    def compose(self) -> ComposeResult:
        for digit in "1234567890":
            yield DigitButton(digit, action=f"screen.type_digit('{digit}')", classes="digit")
        yield DigitButton("", id="digit-delete", action="screen.delete_digit", classes="digit")

    def on_mount(self) -> None:
        self.watch(self.app, "language", self.refresh_labels)  # also draws them now

    def refresh_labels(self, _language: str = "") -> None:
        # TRANSLATORS: on the attendant's digit pad, takes back the last digit typed.
        self.query_one("#digit-delete", Button).label = pgettext("digit pad", "Delete")


class NumberEntry:
    """A screen with a number field (the PIN, an amount, a voucher number): what the digit pad
    and the key bar's Enter do there, in the field, through the field's own checks."""

    def _field(self) -> Input | None:
        focused = self.focused  # type: ignore[attr-defined]
        if isinstance(focused, Input):
            return focused
        return next(iter(self.query(Input)), None)  # type: ignore[attr-defined]

    def action_type_digit(self, digit: str) -> None:
        field = self._field()
        if field is not None:
            field.insert_text_at_cursor(digit)  # what a typed digit does: restrict and max length hold

    def action_delete_digit(self) -> None:
        field = self._field()
        if field is not None:
            field.action_delete_left()

    async def action_submit(self) -> None:
        field = self._field()
        if field is not None:
            await field.action_submit()  # what Enter does in the field
