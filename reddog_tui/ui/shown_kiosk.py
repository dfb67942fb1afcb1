"""Kiosk mode's rules with the app that shows them; imported when kiosk mode starts (see `kiosk_mode`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..kiosk.idle import IdleStep
from ..kiosk.intents import BackToWelcome, CallOpenDecision, CloseAttendant, StartAttract
from ..kiosk.mode import Attendant, KioskMode

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.screen import Screen

    from ..kiosk.intents import Intent
    from ..kiosk.summary import SessionSummary
    from ..store.session import GameSession


class KioskShell(Protocol):
    """What the kiosk's rules ask of the app that shows them (`KioskApp`, mixed into the app, meets it
    by its shape): named here, so this module does not import the one that imports it."""

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
    def guest_summary(self) -> SessionSummary | None: ...
    def show_session_summary(self, summary: SessionSummary | None) -> None: ...
    def refresh_session_info(self) -> None: ...


class ShownKiosk(KioskMode):
    """The kiosk's rules with the app that shows them: `tick` asks the rules and carries out what they ask."""

    def __init__(self, app: KioskShell, clock: Callable[[], float]) -> None:
        assert app.session is not None  # kiosk mode starts once the journal is open
        super().__init__(app.session, clock, app.requested_language)
        self.app = app

    def tick(self) -> IdleStep:
        """Once a second: the idle timeout, the reality check and the top bar's clock."""
        from .screens.welcome import WelcomeScreen

        app = self.app
        if app.session is None:  # play has stopped on the error screen
            return IdleStep.NOTHING
        summary = app.guest_summary()  # before idle may end the session
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
