"""The first screen: the five languages by their own names; the default one is lit."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.message import Message
from textual.widgets import Static

from ...i18n import LANGUAGE_NAMES, LANGUAGES, N_, _
from ..widgets.buttons import KeyBar
from .base import ViewScreen
from .table import catalogue_notice, common_keys, too_small_text

# Under the title, in the chosen language; attract mode shows it in each language in turn.
TAGLINE = N_("The casino card game: will the third card fall between the first two?")


class LanguageChoice(Static):
    """One language, shown by its own name (never translated)."""

    class Chosen(Message):
        def __init__(self, language: str) -> None:
            super().__init__()
            self.language = language

    def __init__(self, language: str) -> None:
        super().__init__(LANGUAGE_NAMES[language], id=f"lang-{language}", classes="language", markup=False)
        self.language = language

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Chosen(self.language))


class WelcomeScreen(ViewScreen):
    BINDINGS = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("enter", "choose", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.order = LANGUAGES  # the registry's order, which the `l` key follows too
        self.highlighted = self.app.language
        self._shown_language = self.app.language

    def compose(self) -> ComposeResult:
        with Vertical(id="welcome-body"):
            yield Static("Red Dog", id="welcome-title", markup=False)
            yield Static("", id="welcome-tagline", markup=False)
            with Center(), Vertical(id="language-list"):
                for language in self.order:
                    yield LanguageChoice(language)
            yield Static("", id="welcome-hint", markup=False)
            yield Static("", id="catalogue-notice", markup=False)
        yield KeyBar(id="keys")
        yield Static("", id="too-small", markup=False)

    def refresh_view(self) -> None:
        if self.app.language != self._shown_language:  # switched with `l`: follow it
            self._shown_language = self.highlighted = self.app.language
        self.query_one("#welcome-tagline", Static).update(_(TAGLINE))
        self.query_one("#welcome-hint", Static).update(_("Choose your language with ↑/↓ and Enter, or click it."))
        notice = catalogue_notice()
        self.query_one("#catalogue-notice", Static).update(notice)
        self.query_one("#catalogue-notice").display = bool(notice)
        for choice in self.query(LanguageChoice):
            choice.set_class(choice.language == self.highlighted, "-highlighted")
        self.query_one("#keys", KeyBar).show(common_keys(self.app.exits_locked))
        self.query_one("#too-small", Static).update(too_small_text(self.size.width, self.size.height))

    def action_move(self, step: int) -> None:
        index = self.order.index(self.highlighted)
        self.highlighted = self.order[max(0, min(len(self.order) - 1, index + step))]
        self.refresh_view()

    def action_choose(self) -> None:
        self.open_table(self.highlighted)

    @on(LanguageChoice.Chosen)
    def language_clicked(self, event: LanguageChoice.Chosen) -> None:
        self.open_table(event.language)

    def open_table(self, language: str) -> None:
        self.app.choose_language(language)
        self.app.pop_screen()
