"""Kiosk mode on the screen: the kiosk's rules (`kiosk.mode`) asked once a second and their
intents carried out as screens, actions and journal entries; every exit route closed."""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import Action

# The kiosk's rules (`kiosk.mode`, its intents, the PIN's hashing) are imported when kiosk mode
# starts or acts, not with the app: a practice table opens without them.
if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import App
    from textual.screen import Screen

    from ..kiosk.intents import Intent
    from ..kiosk.mode import AttendantSignIn, ClosingSignIn
    from ..kiosk.summary import RoundTally, SessionSummary
    from ..store.errors import StoreError
    from ..store.session import GameSession
    from .screens.reality_check import RealityChoice
    from .shown_kiosk import ShownKiosk

    MixedIntoApp = App  # what the mixin's methods may use of the app
else:
    MixedIntoApp = object

log = logging.getLogger(__name__)


EXIT_ACTIONS = frozenset({"quit"})


class KioskApp(MixedIntoApp):
    """The app's kiosk-mode behaviour, mixed into RedDogApp (before textual.App).

    Without --kiosk every method falls through to Textual's own behaviour.
    """

    # What RedDogApp holds and does that the kiosk's behaviour uses.
    kiosk: bool
    session: GameSession | None
    store_error: StoreError | None
    data_dir: Path | None
    requested_language: str | None
    act: Callable[..., bool]
    action_back_to_table: Callable[[], None]
    choose_language: Callable[[str], None]
    _store_call: Callable[[Callable[[], object]], None]
    kiosk_mode: ShownKiosk | None = None
    _exit_signal_lock = None
    _closing_sign_in: ClosingSignIn | None = None
    _closing_sign_in_read = False  # the refused journal is read for the PIN once

    @property
    def running_kiosk(self) -> ShownKiosk:
        """Kiosk mode's rules, for what exists only in kiosk mode (the PIN entry, the attendant's screens)."""
        if self.kiosk_mode is None:
            raise RuntimeError("kiosk mode is not running")
        return self.kiosk_mode

    def start_kiosk_mode(self) -> bool:
        """After the session is open: lock the exits and start the clock. False if no PIN is set."""
        from ..kiosk.signals import ExitSignalLock
        from .shown_kiosk import ShownKiosk

        self.kiosk_mode = ShownKiosk(self, getattr(self, "clock", None) or time.time)
        if not self.kiosk_mode.pin_set():
            return False
        self._exit_signal_lock = ExitSignalLock()
        try:
            self._exit_signal_lock.hold()  # again after the driver put its own Ctrl+Z handler in place
        except ValueError:  # not the main thread: nothing to ignore here
            self._exit_signal_lock = None
        self.kiosk_mode.start()
        self.kiosk_mode.gate()  # read now: the PIN still closes the kiosk if the journal fails later
        self.set_interval(1.0, self.kiosk_tick)
        return True

    def stop_kiosk_mode(self) -> None:
        if self._exit_signal_lock is not None:
            self._exit_signal_lock.release()
            self._exit_signal_lock = None

    def kiosk_tick(self) -> None:
        # The interval can tick once more while the app closes, its screens already gone.
        if self.kiosk_mode is not None and self.screen_stack:
            self.kiosk_mode.tick()

    def shows(self, screen_type: type[Screen]) -> bool:
        """A screen of this type is on the stack, seen or under others."""
        return any(isinstance(screen, screen_type) for screen in self.screen_stack)

    def carry_out(self, *intents: Intent) -> None:
        """What the kiosk's rules asked for, as screens, table actions and journal entries."""
        from ..kiosk.intents import (
            BackToWelcome,
            CallOpenDecision,
            CloseAttendant,
            CloseKiosk,
            JournalAttendant,
            LockSignIn,
            OpenAttendantMenu,
            RefusePin,
            ShowRealityCheck,
            StartAttract,
            TakeAction,
        )

        for intent in intents:
            # Without a journal (it failed, maybe on the way) only the log and the way out are left.
            if isinstance(intent, JournalAttendant):
                self.journal_attendant(intent.event, intent.value)
            elif isinstance(intent, CloseKiosk):
                self.exit()
                return
            elif isinstance(intent, (RefusePin, LockSignIn)):
                self.refresh_session_info()  # a lock shows on the top bar for the staff
            elif self.session is None:  # play has stopped on the error screen
                return
            elif isinstance(intent, CallOpenDecision):
                self.act(Action.CALL)
            elif isinstance(intent, TakeAction):
                self.act(intent.action)
            elif isinstance(intent, BackToWelcome):
                from .screens.welcome import WelcomeScreen

                self.action_back_to_table()
                self.choose_language(intent.language)
                self.push_screen(WelcomeScreen())
            elif isinstance(intent, StartAttract):
                from .screens.attract import AttractScreen

                self.push_screen(AttractScreen())
            elif isinstance(intent, ShowRealityCheck):
                self.show_reality_check()
            elif isinstance(intent, OpenAttendantMenu):
                from .screens.attendant_menu import AttendantMenu

                self.switch_screen(AttendantMenu())
                self.refresh_session_info()
            elif isinstance(intent, CloseAttendant):
                from .screens.attendant_menu import leave_attendant

                # The mixin is only ever part of RedDogApp: a Textual app, and the Shell the attendant
                # screens name.
                leave_attendant(self, "menu_timed_out" if intent.signed_in else None)  # type: ignore[arg-type]

    # --- every exit route, closed in kiosk mode -------------------------------------
    @property
    def exits_locked(self) -> bool:
        """Locked on every screen of kiosk mode, the one that refuses a broken journal too: a guest
        must never reach what runs the kiosk. There the attendant's PIN closes it (`attendant_sign_in`)."""
        return self.kiosk

    def exit_refused(self, action: str) -> bool:
        """Ctrl+Q's quit is refused while locked (part of the app's one rule, `may_act`).

        The other exit keys reach no exit action: the terminal hands Ctrl+C, Ctrl+Z and Ctrl+\\
        over as plain keys (their signals are ignored too), Ctrl+C copies on Textual's screens,
        and the command palette (Ctrl+P) is never enabled.
        """
        return action in EXIT_ACTIONS and self.exits_locked

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
        """F12: the PIN entry, in kiosk mode only; on a failed journal's screen it closes the kiosk."""
        from .screens.attendant_base import AttendantScreen
        from .screens.pin import PinScreen

        if self.attendant_sign_in() is None:
            return
        if self.store_error is not None:  # over whatever the failed journal stopped
            if not isinstance(self.screen, PinScreen):
                self.push_screen(PinScreen())
        elif not (self.shows(PinScreen) or self.shows(AttendantScreen)):
            self.push_screen(PinScreen())

    def attendant_sign_in(self) -> AttendantSignIn | ClosingSignIn | None:
        """What judges the PIN: the menu's sign-in while the journal is open; once it failed, the one
        that closes the kiosk; None outside kiosk mode, or when the refused journal's PIN cannot be read."""
        from ..kiosk.mode import ClosingSignIn

        if not self.kiosk:
            return None
        if self.session is not None and self.kiosk_mode is not None:
            return self.kiosk_mode.sign_in
        if self.store_error is None:
            return None  # still starting
        if not self._closing_sign_in_read:
            self._closing_sign_in_read = True
            clock = getattr(self, "clock", None) or time.time
            if self.kiosk_mode is not None:  # the gate read at the start, with the journal's history
                self._closing_sign_in = ClosingSignIn(self.kiosk_mode.gate(), clock)
            else:
                self._closing_sign_in = ClosingSignIn.for_refused_journal(self.kiosk_data_dir(), clock)
        return self._closing_sign_in

    def kiosk_data_dir(self) -> Path:
        from ..store import resolve_data_dir

        return self.data_dir or resolve_data_dir(None, None)

    def journal_attendant(self, event: str, value: int | None = None) -> None:
        from ..kiosk.mode import ATTENDANT_LOG_LEVELS, ATTENDANT_LOG_TEXT

        log.log(ATTENDANT_LOG_LEVELS.get(event, logging.INFO), "attendant: %s", ATTENDANT_LOG_TEXT.get(event, event))
        session = self.session
        if session is not None:
            self._store_call(lambda: session.journal_attendant_event(event, value))

    def show_reality_check(self) -> None:
        from .screens.reality_check import RealityCheckScreen

        if not self.shows(RealityCheckScreen):
            self.push_screen(RealityCheckScreen(), self.reality_check_answered)

    def reality_check_answered(self, choice: RealityChoice | None) -> None:
        """Stopping asks the attendant to pay out: a banner stays on the table until they do."""
        from .screens.reality_check import RealityChoice

        if choice is RealityChoice.STOP and self.kiosk_mode is not None and self.session is not None:
            self.carry_out(self.kiosk_mode.request_cash_out())
            self.refresh_session_info()

    # --- the guest leaving ---------------------------------------------------------------
    pending_summary: SessionSummary | None = None  # a cash-out's, shown once the attendant has left the menu
    _round_tally: RoundTally | None = None

    def follow_guest(self) -> None:
        if self.kiosk_mode is None or self.session is None:
            return
        if self._round_tally is None:
            from ..kiosk.summary import RoundTally

            self._round_tally = RoundTally(self.session.meters)
        self._round_tally.follow(self.kiosk_mode.player.started)

    def guest_summary(self) -> SessionSummary | None:
        """What the current guest's session came to, or None when no session is running."""
        kiosk = self.kiosk_mode
        if kiosk is None or self.session is None or kiosk.player.started is None:
            return None
        self.follow_guest()
        tally = self._round_tally
        assert tally is not None  # follow_guest starts it in an open kiosk session
        return tally.summary(kiosk.player.started, kiosk.net_result(), kiosk.played_seconds())

    def show_session_summary(self, summary: SessionSummary | None) -> None:
        """Shown to a guest who played here and has left (credits came and went without a round: nothing)."""
        from .screens.summary import SummaryScreen

        if summary is not None and summary.rounds_played:
            self.push_screen(SummaryScreen(summary))

    def refresh_session_info(self) -> None:
        from .widgets.session_info import SessionInfo

        for screen in self.screen_stack:
            for widget in screen.query(SessionInfo):
                widget.refresh_view()
