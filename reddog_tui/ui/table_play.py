"""Play at the table as the screens ask for it: each action through the session, its refusal kept
for the message line, the push's next deal, and the cards' motion that every input finishes first.
The app owns one `TablePlay` as `app.play`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine import Action, Outcome, Phase, RedDogError, TableState
from ..i18n import _
from .screens.table import TableScreen
from .sound import MiniaudioSink, SoundName, SoundPlayer, sounds_for
from .speech import SpeechUnavailable, Voice, require_speech, spoken_credits, spoken_for
from .speech.sentences import SPOKEN_MODE_ON

if TYPE_CHECKING:
    from textual.timer import Timer

    from .shell import ShellApp
    from .sound import Sink

PUSH_PAUSE_S = 2.0  # R10: the pause before a push deals the next hand
PUSH_READABLE_S = 1.5  # the push's banner stays at least this long, fast play too
# The sounds of the key itself; what follows them (the beat, the third card, the result) waits for the cards' last frame.
AT_ONCE = frozenset({SoundName.CHIP_PLACED, SoundName.CHIP_TAKEN, SoundName.DEAL, SoundName.REFUSED})
# Where sounds go unless the app is given a sink: the cabinet's speakers (the tests' conftest
# puts a silent sink here, so no test opens a sound device).
default_sound_sink: Callable[[], Sink] = MiniaudioSink


def table_screen(app: ShellApp) -> TableScreen | None:
    """The table's screen, seen or under others."""
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            return screen
    return None


class TablePlay:
    """One table's play on the screen. `push_pause=None` leaves a push standing until a key deals."""

    def __init__(self, app: ShellApp, push_pause: float | None = PUSH_PAUSE_S, sound_sink: Sink | None = None) -> None:
        self.app = app
        self.push_pause = push_pause
        self.sound_sink = sound_sink  # None: the cabinet's speakers
        self.sound_player: SoundPlayer | None = None  # started with the first sound
        # The last refusal, shown on the message line until the next action. Kept as the error,
        # not as text, so a language switch re-words it.
        self.refusal: RedDogError | None = None
        self._push_timer: Timer | None = None
        self.voice: Voice | None = None  # the spoken mode: None while it is off
        self.make_voice: Callable[[], Voice] = Voice  # the tests give a voice that starts no espeak-ng

    def act(self, action: Action, value: int | bool | None = None, *, show_refusal: bool = True) -> bool:
        """Do `action` through the session; a refusal becomes the message line's text, unless
        the screen that asked explains it itself (`show_refusal=False`).

        True if it was taken. Guarded itself too, as screens also act from their own messages.
        """
        with self.app.journal_guard():
            return self._act(action, value, show_refusal)
        return False

    def _act(self, action: Action, value: int | bool | None, show_refusal: bool) -> bool:
        app = self.app
        session = app.session
        if session is None:
            return False
        self.finish_motion()
        if app.kiosk_mode is not None:
            app.kiosk_mode.follow_guest()  # before the action: a session's rounds count from its start
        before = session.state
        try:
            state = session.act(action, value)
        except RedDogError as error:
            # Nothing changed: a pending push deal still comes.
            self.refusal = error.with_traceback(None) if show_refusal else None  # kept: without its frames
            app.publish_view()
            self.play_sounds(before, before, refused=True)
            self.speak(before, before, error)
            return False
        self.refusal = None
        self.cancel_push_deal()
        app.publish_view()
        self.play_sounds(before, state)
        self.speak(before, state)
        self.schedule_push_deal()
        return True

    def speak(self, before: TableState, after: TableState, refusal: RedDogError | None = None) -> None:
        """Say one change of the table, or its refusal, in the current language (spoken mode only)."""
        if self.voice is None:
            return
        sentences = spoken_for(before, after, refusal)
        if sentences:
            self.voice.say(sentences, self.app.language)

    def toggle_spoken_mode(self) -> str | None:
        """Switch the spoken mode on or off. When espeak-ng is missing the mode stays off and the
        guest's explanation, in the current language, is returned for the screen to show."""
        if self.voice is not None:
            self.voice.close()
            self.voice = None
            return None
        try:
            require_speech()
        except SpeechUnavailable as error:
            return error.guest_text()
        self.voice = self.make_voice()
        self.voice.say(_(SPOKEN_MODE_ON), self.app.language)
        return None

    def say_credits(self) -> None:
        """Say the credits and, with chips on the table, the stakes (spoken mode only)."""
        session = self.app.session
        if self.voice is not None and session is not None:
            self.voice.say(spoken_credits(session.state), self.app.language)

    def play_sounds(self, before: TableState, after: TableState, *, refused: bool = False) -> None:
        """The sounds of one change of the table (R15: only with sound effects on). What follows the
        key's own sounds come with the cards' last frame: the third card and the result are heard as they are seen."""
        settings = self.app.settings
        names = sounds_for(before, after, refused, sound_on=settings.sound)
        if not names:
            return
        if self.sound_player is None:
            self.sound_player = SoundPlayer(self.sound_sink or default_sound_sink())
        player = self.sound_player
        player.volume = settings.volume
        now = 0
        while now < len(names) and names[now] in AT_ONCE:
            now += 1
        player.play_all(names[:now])
        if names[now:]:
            self.after_motion(lambda: player.play_all(names[now:]))

    def close(self) -> None:
        if self.sound_player is not None:
            self.sound_player.close()
        if self.voice is not None:
            self.voice.close()  # espeak-ng must not talk on after the app has left

    def new_bankroll(self) -> None:
        """Out of credits at the practice table: start again with a new player's credits.

        Never in kiosk mode, where credits are money and only an attendant adds them.
        """
        app = self.app
        session = app.session
        if app.kiosk or session is None or not session.out_of_credits():
            return
        with app.journal_guard():
            session.new_bankroll(app.new_player_credits)
            self.refusal = None
            app.publish_view()

    # --- R10: a push deals the next hand by itself -------------------------------------
    def schedule_push_deal(self) -> None:
        """After a push the same ante plays the next hand, after a short pause."""
        session = self.app.session
        if session is None or self.push_pause is None:
            return
        state = session.state
        if state.phase is Phase.SETTLED and state.outcome is Outcome.PUSH:
            pause = self.push_pause
            if self.app.settings.fast_play:  # shorter (R10), yet never too short to read the push's banner
                pause = max(pause / 3, min(pause, PUSH_READABLE_S))
            pause += self.motion_left_s()  # the banner comes with the cards' last frame
            self._push_timer = self.app.set_held_timer(pause, self._deal_after_push, lambda: self._push_timer)

    def cancel_push_deal(self) -> None:
        if self._push_timer is not None:
            self._push_timer.stop()
            self._push_timer = None

    def _deal_after_push(self) -> None:
        self._push_timer = None
        session = self.app.session
        state = session.state if session is not None else None
        if state is not None and state.phase is Phase.SETTLED and state.outcome is Outcome.PUSH:
            self.act(Action.DEAL)

    # --- the cards' motion -----------------------------------------------------------------
    def finish_motion(self) -> None:
        """Every input first draws the cards' last frame, then acts once on the committed table."""
        table = table_screen(self.app)
        if table is not None:
            table.finish_motion()

    def after_motion(self, callback: Callable[[], object]) -> None:
        """`callback` with the cards' last frame: now if no frames are left to draw."""
        table = table_screen(self.app)
        if table is not None and table.in_motion:
            table.at_last_frame.append(callback)
        else:
            callback()

    def motion_left_s(self) -> float:
        table = table_screen(self.app)
        return table.motion_left_s() if table is not None else 0.0
