"""The first screen: the five languages by their own names; the default one is lit."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import LANGUAGE_NAMES, LANGUAGES, N_, _
from ..widgets.buttons import KeyBar
from ..widgets.choice_list import ChoiceList
from .base import ViewScreen
from .table import catalogue_notice, common_keys, too_small_text

# Under the title, in the chosen language; attract mode shows it in each language in turn.
TAGLINE = N_("The casino card game: will the third card fall between the first two?")


class WelcomeScreen(ViewScreen):
    # The list answers ↑/↓/Enter itself when focused; these keep them working wherever the focus is.
    BINDINGS = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("enter", "choose", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.order = LANGUAGES  # the registry's order, which the `l` key follows too
        self._shown_language = self.app.language

    def compose(self) -> ComposeResult:
        with Vertical(id="welcome-body"):
            yield Static("Red Dog", id="welcome-title", markup=False)
            yield Static("", id="welcome-tagline", markup=False)
            with Center():
                # Each language by its own name, never translated.
                yield ChoiceList(
                    *(Option(LANGUAGE_NAMES[language], id=language) for language in self.order), id="language-list"
                )
            yield Static("", id="welcome-hint", markup=False)
            yield Static("", id="catalogue-notice", markup=False)
        yield KeyBar(id="keys")
        yield Static("", id="too-small", markup=False)

    @property
    def languages(self) -> ChoiceList:
        return self.query_one("#language-list", ChoiceList)

    @property
    def highlighted(self) -> str:
        """The language lit on the list."""
        return self.languages.highlighted_id or self.app.language

    def on_mount(self) -> None:
        self.languages.highlight_id(self.app.language)
        self.languages.focus()
        super().on_mount()

    def refresh_view(self) -> None:
        if self.app.language != self._shown_language:  # switched with `l`: follow it
            self._shown_language = self.app.language
            self.languages.highlight_id(self.app.language)
        self.query_one("#welcome-tagline", Static).update(_(TAGLINE))
        self.query_one("#welcome-hint", Static).update(_("Choose your language with ↑/↓ and Enter, or click it."))
        notice = catalogue_notice()
        self.query_one("#catalogue-notice", Static).update(notice)
        self.query_one("#catalogue-notice").display = bool(notice)
        self.query_one("#keys", KeyBar).show(common_keys(self.app.exits_locked))
        self.query_one("#too-small", Static).update(too_small_text(self.size.width, self.size.height))

    def action_move(self, step: int) -> None:
        self.languages.action_cursor_down() if step > 0 else self.languages.action_cursor_up()

    def action_choose(self) -> None:
        self.languages.action_select()

    @on(OptionList.OptionSelected, "#language-list")
    def language_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.open_table(event.option.id)

    def open_table(self, language: str) -> None:
        self.app.choose_language(language)
        self.app.pop_screen()
