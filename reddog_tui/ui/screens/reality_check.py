"""The reality check: at the operator's interval, time played and net result, continue or stop."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...i18n import _, pgettext
from ..kiosk_texts import duration_words, signed_credits
from ..widgets.buttons import KeyBar
from ..widgets.prose import Prose

if TYPE_CHECKING:
    from ..shell import ShellApp


class RealityChoice(Enum):
    """The guest's answer; what it leads to is the app's to decide (`ShownKiosk.reality_check_answered`)."""

    CONTINUE = "continue"
    STOP = "stop"


class RealityCheckScreen(ModalScreen[RealityChoice]):
    """Asks and dismisses with the answer; it changes nothing itself."""

    if TYPE_CHECKING:  # for the type checker only: `self.app` is the Red Dog app (a Shell)
        app = getters.app(ShellApp)

    DEFAULT_CSS = """
    RealityCheckScreen { align: center middle; background: $felt 60%; }
    #reality-box { width: 64; height: auto; border: double $highlight-text; background: $felt-deep; padding: 1 2; }
    #reality-title { text-style: bold; color: $highlight-text; margin: 0 0 1 0; }
    #reality-text { height: auto; }
    #reality-buttons { height: 3; margin: 1 0 0 0; align: center middle; }
    #reality-buttons Button { margin: 0 1; min-width: 22; }
    """
    BINDINGS = [
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
        Binding("escape", "continue_playing", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="reality-box"):
            yield Static("", id="reality-title", markup=False)
            yield Prose("", id="reality-text")
            with Horizontal(id="reality-buttons"):
                yield Button("", id="reality-continue", variant="success")
                yield Button("", id="reality-stop", variant="warning")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.refresh_view()
        for button in self.query("#reality-continue"):
            button.focus()

    def refresh_view(self) -> None:
        kiosk = self.app.kiosk_mode
        if kiosk is None or not self.query("#reality-title"):
            return  # not composed (the app is closing)
        self.query_one("#reality-title", Static).update(_("Time for a break?"))
        self.query_one("#reality-text", Static).update(
            _("You have played for {time}. Your net result is {net}.").format(
                time=duration_words(kiosk.played_seconds()), net=signed_credits(kiosk.net_result())
            )
        )
        self.query_one("#reality-continue", Button).label = _("Continue playing")
        self.query_one("#reality-stop", Button).label = _("Stop and cash out")
        self.query_one("#keys", KeyBar).show(
            [(pgettext("key", "←/→"), _("Choose")), (pgettext("key", "Enter"), _("Confirm"))]
        )

    @on(Button.Pressed, "#reality-continue")
    def action_continue_playing(self) -> None:
        self.dismiss(RealityChoice.CONTINUE)

    @on(Button.Pressed, "#reality-stop")
    def stop(self) -> None:
        self.dismiss(RealityChoice.STOP)
