"""Kiosk mode on the screen, the object the app owns as `app.kiosk_mode` once kiosk mode runs: the
kiosk's rules (`kiosk.mode`) asked once a second, the exit signals held, the guest's session
followed, the reality check shown and answered. Imported when kiosk mode starts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..kiosk.idle import IdleStep
from ..kiosk.intents import BackToWelcome, CallOpenDecision, CloseAttendant, StartAttract
from ..kiosk.mode import Attendant, KioskMode

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.screen import Screen
    from textual.timer import Timer

    from ..kiosk.intents import Intent
    from ..kiosk.signals import ExitSignalLock
    from ..kiosk.summary import SessionSummary
    from ..store.session import GameSession
    from .screens.reality_check import RealityChoice


class KioskShell(Protocol):
    """What the kiosk's screen side asks of the app that owns it (RedDogApp meets it by its shape):
    named here, so this module does not import the one that imports it."""

    @property
    def session(self) -> GameSession | None: ...
    @property
    def requested_language(self) -> str | None: ...
    @property
    def screen(self) -> Screen[object]: ...
    @property
    def screen_stack(self) -> list[Screen[Any]]: ...
    def shows(self, screen_type: type[Screen]) -> bool: ...
    def carry_out(self, *intents: Intent) -> None: ...
    def show_session_summary(self, summary: SessionSummary | None) -> None: ...
    def refresh_session_info(self) -> None: ...
    def set_interval(self, interval: float, callback: Callable[[], object]) -> Timer: ...
    def push_screen(self, screen: Screen[Any], callback: Any = None) -> Any: ...


class ShownKiosk(KioskMode):
    """The kiosk's rules with the app that shows them: `tick` asks the rules and carries out what they ask."""

    def __init__(self, app: KioskShell, clock: Callable[[], float]) -> None:
        assert app.session is not None  # kiosk mode starts once the journal is open
        super().__init__(app.session, clock, app.requested_language)
        self.app = app
        self.exit_signal_lock: ExitSignalLock | None = None

    def open(self) -> None:
        """Once the PIN is known to be set: hold the exit signals, start the guest's session and the clock."""
        from ..kiosk.signals import ExitSignalLock

        self.exit_signal_lock = ExitSignalLock()
        try:
            self.exit_signal_lock.hold()  # again after the driver put its own Ctrl+Z handler in place
        except ValueError:  # not the main thread: nothing to ignore here
            self.exit_signal_lock = None
        self.start()
        self.gate()  # read now: the PIN still closes the kiosk if the journal fails later
        self.app.set_interval(1.0, self.second)

    def close(self) -> None:
        if self.exit_signal_lock is not None:
            self.exit_signal_lock.release()
            self.exit_signal_lock = None

    def second(self) -> None:
        # The interval can tick once more while the app closes, its screens already gone.
        if self.app.screen_stack:
            self.tick()

    def tick(self) -> IdleStep:
        """Once a second: the idle timeout, the reality check and the top bar's clock."""
        from .screens.welcome import WelcomeScreen

        app = self.app
        if app.session is None:  # play has stopped on the error screen
            return IdleStep.NOTHING
        summary = self.guest_summary()  # before idle may end the session
        idle = self.idle(
            welcome_shown=app.shows(WelcomeScreen),
            attendant=self.attendant(),
            welcome_in_view=isinstance(app.screen, WelcomeScreen),
        )
        if idle is not None:
            app.carry_out(idle)
            if app.session is None:  # what idle asked for could not be journaled: play has stopped
                return IdleStep.NOTHING
            if isinstance(idle, BackToWelcome):  # the guest has left: what their session came to
                app.show_session_summary(summary)
        due = self.reality_check(self.attendant())  # as it is now: idle may just have closed it
        if due is not None:
            app.carry_out(due)
        app.refresh_session_info()
        if idle is None:
            return IdleStep.NOTHING
        if isinstance(idle, StartAttract):
            return IdleStep.ATTRACT
        if isinstance(idle, CloseAttendant):
            return IdleStep.ATTENDANT_CLOSED
        return IdleStep.CALL if isinstance(idle, CallOpenDecision) else IdleStep.WELCOME

    def attendant(self) -> Attendant:
        """How far the attendant's side is open: its screens, and a question over them, are on the stack."""
        from .screens.attendant_base import AttendantScreen
        from .screens.pin import PinScreen

        screens = [screen for screen in self.app.screen_stack if isinstance(screen, AttendantScreen)]
        if any(screen.waiting for screen in screens):
            return Attendant.WAITING
        if screens:
            return Attendant.SIGNED_IN
        return Attendant.PIN_ENTRY if self.app.shows(PinScreen) else Attendant.AWAY

    # --- reminders ----------------------------------------------------------------------
    def show_reality_check(self) -> None:
        from .screens.reality_check import RealityCheckScreen

        if not self.app.shows(RealityCheckScreen):
            self.app.push_screen(RealityCheckScreen(), self.reality_check_answered)

    def reality_check_answered(self, choice: RealityChoice | None) -> None:
        """Stopping asks the attendant to pay out: a banner stays on the table until they do."""
        from .screens.reality_check import RealityChoice

        if choice is RealityChoice.STOP and self.app.session is not None:
            self.app.carry_out(self.request_cash_out())
            self.app.refresh_session_info()

    # --- the guest leaving ---------------------------------------------------------------
    def guest_summary(self) -> SessionSummary | None:
        """None also once the journal has failed: no session runs on a closed journal."""
        return super().guest_summary() if self.app.session is not None else None
