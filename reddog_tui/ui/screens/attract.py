"""Attract mode on the screen: over the welcome screen of an idle kiosk with no credits, each
language's tagline in its own language, then the demo hand (`kiosk.attract`), round and round.

Any key or tap ends it and is used up doing so: the welcome list underneath sees nothing of it,
so a passer-by's first key cannot choose a language by accident. The frames step on the app's
timers; nothing here plays on the kiosk's table or writes to its journal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events, getters
from textual.app import ComposeResult
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from ...i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, gettext_in
from ...kiosk.attract import Frame, HandStep, Tagline, attract_frames, frame_seconds
from ..texts import announcement
from ..widgets.card import CardView
from .welcome import TAGLINE

if TYPE_CHECKING:
    from ..shell import ShellApp

# In each frame's language: how to leave attract mode and play.
PLAY_HINT = N_("Press any key or touch the screen to play.")


class AttractScreen(Screen):
    if TYPE_CHECKING:  # for the type checker only: `self.app` is the Red Dog app (a Shell)
        app = getters.app(ShellApp)

    DEFAULT_CSS = """
    AttractScreen { align: center top; }
    #attract-body { height: 100%; align: center top; padding: 1 2; }
    #attract-title { width: 100%; text-align: center; text-style: bold; color: $title-text; margin: 1 0 0 0; }
    #attract-language { width: 100%; text-align: center; color: $hint-text; margin: 1 0 0 0; }
    #attract-tagline { width: 100%; text-align: center; margin: 1 0; }
    #attract-cards { height: auto; }
    #attract-hand { width: auto; height: auto; }
    #attract-hand CardView:last-child { margin-right: 0; }
    #attract-hint { width: 100%; text-align: center; margin: 1 0 0 0; color: $hint-text; }
    Screen.-high #attract-title { margin: 4 0 0 0; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.frames: tuple[Frame, ...] = attract_frames(LANGUAGES)
        self.index = 0
        self._timer: Timer | None = None
        # Built here, not looked up: a frame can be drawn before the screen has composed them.
        self.language_line = Static("", id="attract-language", markup=False)
        self.tagline = Static("", id="attract-tagline", markup=False)
        self.hint = Static("", id="attract-hint", markup=False)
        self.hand = Center(id="attract-cards")
        self.cards = tuple(CardView(id=f"attract-card-{place}") for place in (1, 2, 3))

    def compose(self) -> ComposeResult:
        with Vertical(id="attract-body"):
            yield Static("Red Dog", id="attract-title", markup=False)
            yield self.language_line
            yield self.tagline
            with self.hand, Horizontal(id="attract-hand"):
                yield from self.cards
            yield self.hint

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    def on_mount(self) -> None:
        self.show_frame()

    def show_frame(self) -> None:
        frame = self.frame
        if isinstance(frame, Tagline):
            language = frame.language
            self.language_line.update(LANGUAGE_NAMES[language])
            self.tagline.update(gettext_in(language, TAGLINE))
        else:
            language = self.app.language  # the hand is told in the welcome's own language
            self.language_line.update(_("Demo hand"))
            self.tagline.update(announcement(frame.state))
            self.show_hand(frame)
        self.hand.display = isinstance(frame, HandStep)
        self.hint.update(gettext_in(language, PLAY_HINT))
        self._timer = self.app.set_timer(frame_seconds(frame), self.advance)  # the app's timers are held in tests

    def show_hand(self, step: HandStep) -> None:
        state = step.state
        assert state.cards is not None
        shown = (True, True, state.third_card_shown)
        for view, card, face_up in zip(self.cards, state.cards, shown, strict=True):
            view.show(card, face_up)

    def advance(self) -> None:
        if not self.is_attached or self.app.screen is not self:
            return
        self.index = (self.index + 1) % len(self.frames)
        self.show_frame()

    def leave(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        if self.is_attached and self.app.screen is self:
            self.app.pop_screen()

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.leave()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.leave()
