"""Kiosk mode's own timekeeping: the player's session, the idle timeout and the reality check.

Every check is a method called with the app's injectable clock, once a second by the
app and directly by the tests.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine import Action, Phase
from ..i18n import DEFAULT_LANGUAGE
from ..kiosk.idle import IdleStep, idle_step
from ..kiosk.pin import COUNTED, HISTORY_NEEDED, PIN_SETTING, Attempt, PinGate, journaled_attempts

if TYPE_CHECKING:
    from .app import RedDogApp

log = logging.getLogger(__name__)
# Attendant events in the log (the journal has them all; the log says what they mean).
ATTENDANT_LOG_TEXT = {
    "pin_accepted": "signed in",
    "menu_closed": "signed out",
    "pin_wrong": "wrong PIN",
    "pin_wrong_locked": "wrong PIN, entry locked out",
    "pin_while_locked": "PIN entered during the lockout",
    "exit": "closed Red Dog",
}
ATTENDANT_LOG_LEVELS = {
    "pin_wrong": logging.WARNING,
    "pin_wrong_locked": logging.WARNING,
    "pin_while_locked": logging.WARNING,
}


class KioskMode:
    """What the locked kiosk tracks beside the table."""

    def __init__(self, app: RedDogApp, clock: Callable[[], float]) -> None:
        self.app = app
        self.clock = clock
        self.last_input = clock()
        self.session_started: float | None = None  # when the current player's credits came in
        self.baseline = 0  # what the player had at the start plus every credit added since
        self.next_reality_check: float | None = None
        self.cash_out_requested = False
        self._gate: PinGate | None = None

    # --- settings (typed and checked by the store's settings model) ----------------------
    @property
    def idle_timeout(self) -> int:
        return self.app.settings.idle_timeout_seconds

    @property
    def reality_minutes(self) -> int:
        return self.app.settings.reality_check_minutes

    @property
    def default_language(self) -> str:
        return self.app.settings.default_language or self.app.requested_language or DEFAULT_LANGUAGE

    # --- the player's session -----------------------------------------------------
    def holdings(self) -> int:
        state = self.app.session.state
        return state.credits + state.on_table

    def start(self) -> None:
        """At start-up: credits already on the kiosk (after a restart) start a session."""
        if self.app.session is not None and self.holdings() > 0:
            self._begin(self.holdings())

    def _begin(self, baseline: int) -> None:
        now = self.clock()
        self.session_started = now
        self.baseline = baseline
        self.next_reality_check = now + self.reality_minutes * 60

    def end_session(self) -> None:
        self.session_started = None
        self.baseline = 0
        self.next_reality_check = None

    def credits_added(self, amount: int) -> None:
        if self.session_started is None:
            self._begin(self.holdings() - amount)
        self.baseline += amount

    def played_seconds(self) -> float:
        return 0.0 if self.session_started is None else self.clock() - self.session_started

    def net_result(self) -> int:
        return 0 if self.session_started is None else self.holdings() - self.baseline

    # --- input and the clock -------------------------------------------------------
    def note_input(self) -> None:
        self.last_input = self.clock()

    def tick(self) -> IdleStep:
        """Once a second: the idle timeout, the reality check and the top bar's clock."""
        app = self.app
        if app.session is None:
            return IdleStep.NOTHING
        now = self.clock()
        step = idle_step(app.session.state, now - self.last_input, self.idle_timeout)
        if step is IdleStep.CALL:
            app.act(Action.CALL)
            if app.session is None:  # the call could not be recorded: play has stopped
                return IdleStep.NOTHING
            self.last_input = now  # the result stays in view for another timeout
        elif step is IdleStep.WELCOME and not self._welcome_shown() and not self._attendant_at_work():
            self.back_to_welcome()
        else:
            step = IdleStep.NOTHING if step is IdleStep.WELCOME else step
        if self.next_reality_check is not None and now >= self.next_reality_check:
            self.next_reality_check = now + self.reality_minutes * 60
            if self.holdings() > 0:
                app.show_reality_check()
        app.refresh_session_info()
        return step

    def _welcome_shown(self) -> bool:
        from .screens.welcome import WelcomeScreen

        return any(isinstance(screen, WelcomeScreen) for screen in self.app.screen_stack)

    def _attendant_at_work(self) -> bool:
        from .screens.attendant import AttendantScreen

        return any(isinstance(screen, AttendantScreen) for screen in self.app.screen_stack)

    def back_to_welcome(self) -> None:
        """The table is empty: the next person finds the welcome screen in the default language."""
        from .screens.welcome import WelcomeScreen

        self.end_session()
        self.app.action_back_to_table()
        self.app.choose_language(self.default_language)
        self.app.push_screen(WelcomeScreen())
        self.last_input = self.clock()

    # --- the attendant PIN -----------------------------------------------------------
    def pin_set(self) -> bool:
        return bool(self.app.session is not None and self.app.session.get_setting(PIN_SETTING))

    def gate(self) -> PinGate:
        """Built once from the journal, so that a lock outlasts a restart."""
        if self._gate is None:
            session = self.app.session
            newest_first = session.attendant_events([event.value for event in COUNTED], HISTORY_NEEDED)
            self._gate = PinGate(
                session.get_setting(PIN_SETTING) or "", clock=self.clock, history=journaled_attempts(newest_first)
            )
        return self._gate

    def pin_locked(self) -> bool:
        """Too many wrong PINs: the table says so, for the staff."""
        return self.app.session is not None and self.gate().locked_for() > 0

    def try_pin(self, pin: str) -> Attempt:
        """Check a PIN; every attempt, right or wrong, is journaled, a lock with its length."""
        attempt = self.gate().attempt(pin)
        self.app.journal_attendant(attempt.event.value, attempt.value)
        self.app.refresh_session_info()
        return attempt

    def round_closed_for_cash_out(self) -> None:
        """A settled win or loss is gathered first, as NEW BET or COLLECT would (R12, R13)."""
        session = self.app.session
        state = session.state
        if state.phase is Phase.SETTLED:
            for action in (Action.COLLECT, Action.NEW_BET):
                if session.why_not(action) is None:
                    self.app.act(action)
                    break


EXIT_ACTIONS = frozenset({"quit"})


class KioskApp:
    """The app's kiosk-mode behaviour, mixed into RedDogApp (before textual.App).

    Without --kiosk every method falls through to Textual's own behaviour.
    """

    kiosk: bool
    kiosk_mode: KioskMode | None = None
    _exit_signal_lock = None

    def start_kiosk_mode(self) -> bool:
        """After the session is open: lock the exits and start the clock. False if no PIN is set."""
        from ..kiosk.signals import ExitSignalLock

        self.kiosk_mode = KioskMode(self, getattr(self, "clock", None) or time.time)
        if not self.kiosk_mode.pin_set():
            return False
        self._exit_signal_lock = ExitSignalLock()
        try:
            self._exit_signal_lock.hold()  # again after the driver put its own Ctrl+Z handler in place
        except ValueError:  # not the main thread: nothing to ignore here
            self._exit_signal_lock = None
        self.kiosk_mode.start()
        self.set_interval(1.0, self.kiosk_tick)
        return True

    def stop_kiosk_mode(self) -> None:
        if self._exit_signal_lock is not None:
            self._exit_signal_lock.release()
            self._exit_signal_lock = None

    def kiosk_tick(self) -> None:
        if self.kiosk_mode is not None:
            self.kiosk_mode.tick()

    # --- every exit route, closed in kiosk mode -------------------------------------
    @property
    def exits_locked(self) -> bool:
        """Locked in kiosk mode, except on the screen that refuses a broken journal: there is no
        attendant menu to leave by then (the PIN is in the journal), and nothing to play."""
        return self.kiosk and getattr(self, "store_error", None) is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Ctrl+Q's quit is refused while locked.

        The other exit keys reach no exit action: the terminal hands Ctrl+C, Ctrl+Z and Ctrl+\\
        over as plain keys (their signals are ignored too), Ctrl+C copies on Textual's screens,
        and the command palette (Ctrl+P) is never enabled.
        """
        if action in EXIT_ACTIONS and self.exits_locked:
            return False
        return super().check_action(action, parameters)  # type: ignore[misc]

    def attendant_exit(self) -> None:
        """The only way out of a locked kiosk: the attendant menu's Exit."""
        self.journal_attendant("exit")
        self.exit()

    async def on_event(self, event) -> None:
        from textual import events

        if self.kiosk_mode is not None and isinstance(
            event, (events.Key, events.MouseDown, events.MouseScrollUp, events.MouseScrollDown)
        ):
            self.kiosk_mode.note_input()
        await super().on_event(event)

    # --- attendant and reminders ------------------------------------------------------
    def action_attendant(self) -> None:
        """F12: the PIN entry, in kiosk mode only."""
        from .screens.attendant import AttendantScreen, PinScreen

        if self.kiosk_mode is None or self.session is None:
            return
        if any(isinstance(s, (PinScreen, AttendantScreen)) for s in self.screen_stack):
            return
        self.push_screen(PinScreen())

    def journal_attendant(self, event: str, value: int | None = None) -> None:
        log.log(ATTENDANT_LOG_LEVELS.get(event, logging.INFO), "attendant: %s", ATTENDANT_LOG_TEXT.get(event, event))
        if self.session is not None:
            self._store_call(lambda: self.session.journal_attendant_event(event, value))

    def show_reality_check(self) -> None:
        from .screens.reality_check import RealityCheckScreen

        if not any(isinstance(s, RealityCheckScreen) for s in self.screen_stack):
            self.push_screen(RealityCheckScreen())

    def refresh_session_info(self) -> None:
        from .widgets.session_info import SessionInfo

        for screen in self.screen_stack:
            for widget in screen.query(SessionInfo):
                widget.refresh_view()


def exits_locked() -> bool:
    """True in a locked kiosk: Ctrl+Q does nothing there, so no key bar offers it."""
    from textual._context import active_app

    try:
        return bool(getattr(active_app.get(), "exits_locked", False))
    except LookupError:
        return False
