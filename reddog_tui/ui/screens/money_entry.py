"""The screen of a money action that starts with a number the attendant types (credits paid in,
a voucher's number): the credits now, a prompt, the field, the digit pad, Enter and Esc.

Each action keeps what is its own: its words, its field and the check of what was typed, and
what Enter asks and carries out (`entered`). Enter is taken as `MoneyQuestions` takes a submit,
and not while the screen waits for an answer to show (`waiting`).
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from ...i18n import _
from ...i18n.formatting import credits
from ..widgets.buttons import KeyBar
from .attendant_base import AttendantScreen, back_key
from .money_questions import MoneyQuestions
from .number_entry import DigitPad, NumberEntry, enter_key


class MoneyEntryScreen(MoneyQuestions, NumberEntry, AttendantScreen):
    """The shared screen; a subclass names its prompt line (`PROMPT_ID`) and gives the rest."""

    BINDINGS = [Binding("escape", "back", show=False)]
    PROMPT_ID = "prompt"

    def __init__(self) -> None:
        super().__init__()
        self.message = ""

    def heading(self) -> str:
        """The screen's title."""
        raise NotImplementedError

    def prompt(self) -> str:
        """The line above the field."""
        raise NotImplementedError

    def verb(self) -> str:
        """What Enter does: the key bar's label, and the Yes of the question it asks."""
        raise NotImplementedError

    def make_field(self) -> Input:
        """The number field, with its id, its restriction or its validators."""
        raise NotImplementedError

    def entered(self, event: Input.Submitted) -> None:
        """Enter in the field, taken: check what was typed, then ask or say why not."""
        raise NotImplementedError

    def status(self) -> str:
        """The message line."""
        return self.message

    @property
    def number_field(self) -> Input:
        """The screen's one field."""
        return self.query_one(Input)

    def compose(self) -> ComposeResult:
        with Vertical(classes="attendant-body"):
            yield Static("", classes="attendant-title", markup=False)
            yield Static("", id="credits-now", classes="attendant-line", markup=False)
            yield Static("", id=self.PROMPT_ID, classes="attendant-line", markup=False)
            yield self.make_field()
            yield DigitPad()
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        super().on_mount()
        self.number_field.focus()

    def refresh_view(self) -> None:
        if self.app.session is None:
            return
        self.query_one(".attendant-title", Static).update(self.heading())
        self.query_one("#credits-now", Static).update(
            _("Credits now: {amount}").format(amount=credits(self.app.session.state.credits))
        )
        self.query_one(f"#{self.PROMPT_ID}", Static).update(self.prompt())
        self.say(self.status())
        self.query_one("#keys", KeyBar).show([enter_key(self.verb()), back_key()])

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        if self.waiting or not self.takes_submit(event):
            return
        self.entered(event)

    def action_back(self) -> None:
        self.app.pop_screen()
