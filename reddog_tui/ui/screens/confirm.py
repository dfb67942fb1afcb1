"""A question the attendant answers Yes or Cancel to, before money moves or Red Dog closes."""

from __future__ import annotations

import math
from collections.abc import Callable

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...i18n import _, pgettext
from ..widgets.buttons import KeyBar, KeyItem

# A question takes no answer until this long after it is shown: the rest of the burst that
# asked it (a bouncing Enter, a double tap) reaches the app over several reads of the terminal,
# after the question, and must not answer it for the attendant.
ANSWER_AFTER_S = 0.4


class ConfirmScreen(ModalScreen[bool]):
    """A question about money or leaving, with the amount in it; dismisses True only on Yes.

    It is answered once: whatever arrives after the first answer (a bounced key, a click on Yes
    with a tap on the key bar's Enter) is no answer. Nor is a press from before it was shown, or
    from the first ANSWER_AFTER_S after (`input_since`, which the app holds to): the presses that
    asked the question cannot answer it.
    """

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; background: $felt 60%; }
    #confirm-box { width: 64; height: auto; border: double $highlight-text; background: $felt-deep; padding: 1 2; }
    #confirm-question { height: auto; text-style: bold; }
    #confirm-buttons { height: 3; margin: 1 0 0 0; align: center middle; }
    #confirm-buttons Button { margin: 0 1; min-width: 16; }
    """
    BINDINGS = [
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
        Binding("escape", "answer(False)", show=False),
    ]

    input_since = math.inf  # until shown

    def __init__(self, question: Callable[[], str], yes_label: Callable[[], str]) -> None:
        super().__init__()
        self.question, self.yes_label = question, yes_label  # worded again on a language switch
        self.answered = False

    @on(events.ScreenResume)
    def shown_now(self, event: events.ScreenResume) -> None:
        self.input_since = event.time + ANSWER_AFTER_S

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static("", id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button("", id="confirm-yes", variant="warning")
                yield Button("", id="confirm-no")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one("#confirm-yes", Button).focus()

    def refresh_view(self) -> None:
        if not self.query("#confirm-question"):
            return
        self.query_one("#confirm-question", Static).update(self.question())
        self.query_one("#confirm-yes", Button).label = self.yes_label()
        self.query_one("#confirm-no", Button).label = _("Cancel")
        self.query_one("#keys", KeyBar).show(
            [
                KeyItem(pgettext("key", "Enter"), self.yes_label(), "screen.answer(True)"),
                KeyItem(pgettext("key", "Esc"), _("Cancel"), "screen.answer(False)"),
            ]
        )

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_answer(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        if self.answered:  # a second dismiss would close the screen beneath
            return
        self.answered = True
        self.dismiss(yes)
