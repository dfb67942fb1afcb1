"""The hall, seen from the kiosk's screen: a voucher redemption asked of the hall off the UI thread
and journaled here, and the settings the hall sent applied between rounds. The app hands over to
these (`RedDogApp.resolve_redemption`, `apply_hall_settings`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..hall.server import RedemptionResult
    from .shell import ShellApp


def resolve_redemption(app: ShellApp, seq: int, number: int, done: Callable[[object], None] | None = None) -> None:
    """Ask the hall about a voucher redemption off the UI thread, then journal its answer here."""
    from ..engine import RedDogError as Refused
    from ..store import StoreError

    link = app.hall_link
    assert link is not None, "a redemption is asked of the hall only when the kiosk is part of one"

    def finish(answer: RedemptionResult | None) -> None:
        try:
            result = link.desk.settle(seq, number, answer)
        except StoreError as error:
            app.show_store_error(error)
            return
        except Refused:  # finished meanwhile by another request: nothing more to do
            if done is not None:
                done(None)
            return
        if result.amount and app.kiosk_mode is not None:
            app.kiosk_mode.credits_added(result.amount)
        app.publish_view()
        if done is not None:
            done(result)

    nonce = link.desk.nonce(seq)  # read here: the worker touches only the server

    def ask() -> None:
        answer = link.desk.ask(seq, number, nonce)
        app.call_from_thread(finish, answer)

    app.run_worker(ask, thread=True, group="hall")


def apply_hall_settings(app: ShellApp) -> None:
    """Settings the hall sent, applied between rounds (the journal guard covers the timer); a new
    PIN once nobody is typing one."""
    from .screens.pin import PinScreen

    link = app.hall_link
    if link is not None and app.session is not None and link.apply_settings(pin_entry_open=app.shows(PinScreen)):
        app.apply_theme()  # the hall may switch high contrast too
        app.publish_view()
