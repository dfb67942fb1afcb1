"""What the kiosk's rules ask for (their intents), carried out as screens, table actions and journal
entries; and the attendant's way in, which serves a refused journal too. The app delegates to these
(`RedDogApp.carry_out`, `action_attendant`, …); kiosk mode's running side is `ui/shown_kiosk.py`."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..engine import Action

# The kiosk's rules (`kiosk.mode`, its intents, the PIN's hashing) are imported when kiosk mode
# starts or acts, not with the app: a practice table opens without them.
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from ..kiosk.intents import Intent
    from ..kiosk.mode import ClosingSignIn, KioskMode
    from .shell import ShellApp

log = logging.getLogger(__name__)

EXIT_ACTIONS = frozenset({"quit"})  # refused while the exits are locked (see `RedDogApp.may_act`)


def carry_out(app: ShellApp, *intents: Intent) -> None:
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
            app.journal_attendant(intent.event, intent.value)
        elif isinstance(intent, CloseKiosk):
            app.exit()
            return
        elif isinstance(intent, (RefusePin, LockSignIn)):
            app.refresh_session_info()  # a lock shows on the top bar for the staff
        elif app.session is None:  # play has stopped on the error screen
            return
        elif isinstance(intent, CallOpenDecision):
            app.play.act(Action.CALL)
        elif isinstance(intent, TakeAction):
            app.play.act(intent.action)
        elif isinstance(intent, BackToWelcome):
            from .screens.welcome import WelcomeScreen

            app.action_back_to_table()
            app.choose_language(intent.language)
            app.push_screen(WelcomeScreen())
        elif isinstance(intent, StartAttract):
            from .screens.attract import AttractScreen

            app.push_screen(AttractScreen())
        elif isinstance(intent, ShowRealityCheck):
            from .shown_kiosk import ShownKiosk

            if isinstance(app.kiosk_mode, ShownKiosk):
                app.kiosk_mode.show_reality_check()
        elif isinstance(intent, OpenAttendantMenu):
            from .screens.attendant_menu import AttendantMenu

            app.switch_screen(AttendantMenu())
            app.refresh_session_info()
        elif isinstance(intent, CloseAttendant):
            from .screens.attendant_menu import leave_attendant

            leave_attendant(app, "menu_timed_out" if intent.signed_in else None)


def journal_attendant(app: ShellApp, event: str, value: int | None = None) -> None:
    from ..kiosk.mode import ATTENDANT_LOG_LEVELS, ATTENDANT_LOG_TEXT

    log.log(ATTENDANT_LOG_LEVELS.get(event, logging.INFO), "attendant: %s", ATTENDANT_LOG_TEXT.get(event, event))
    session = app.session
    if session is not None:
        with app.journal_guard():
            session.journal_attendant_event(event, value)


def open_pin_entry(app: ShellApp) -> None:
    """F12: the PIN entry, in kiosk mode only; on a failed journal's screen it closes the kiosk."""
    from .screens.attendant_base import AttendantScreen
    from .screens.pin import PinScreen

    if app.attendant_sign_in() is None:
        return
    if app.store_error is not None:  # over whatever the failed journal stopped
        if not isinstance(app.screen, PinScreen):
            app.push_screen(PinScreen())
    elif not (app.shows(PinScreen) or app.shows(AttendantScreen)):
        app.push_screen(PinScreen())


def closing_sign_in(
    kiosk_mode: KioskMode | None, data_dir: Path | None, clock: Callable[[], float]
) -> ClosingSignIn | None:
    """The sign-in that closes the kiosk once its journal failed: from the PIN gate read at the start,
    with the journal's history, or read from the refused journal (None if its PIN cannot be read)."""
    from ..kiosk.mode import ClosingSignIn
    from ..store import resolve_data_dir

    if kiosk_mode is not None:
        return ClosingSignIn(kiosk_mode.gate(), clock)
    return ClosingSignIn.for_refused_journal(data_dir or resolve_data_dir(None, None), clock)


def refresh_session_info(app: ShellApp) -> None:
    from .widgets.session_info import SessionInfo

    for screen in app.screen_stack:
        for widget in screen.query(SessionInfo):
            widget.refresh_view()
