"""The top bar's session reminder in kiosk mode: time played and net result, and a cash-out request."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import getters
from textual.content import Content
from textual.widgets import Static

from ...i18n import _
from ..kiosk_texts import clock_duration, signed_number

if TYPE_CHECKING:
    from ..shell import ShellApp


class SessionInfo(Static):
    # In kiosk mode it takes the bar's free room (the bar's -kiosk rules in reddog.tcss give the
    # credits only their own), so a long banner is cut short rather than the credits.
    DEFAULT_CSS = """
    SessionInfo { width: auto; margin: 0 0 0 2; display: none; }
    SessionInfo.-kiosk { display: block; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    if TYPE_CHECKING:  # for the type checker only: the top bar is on a Red Dog app
        app = getters.app(ShellApp)

    _shown: Content | None = None

    def on_mount(self) -> None:
        # Its words follow a language switch at once, not at the kiosk's next tick of the clock.
        self.watch(self.app, "language", self.refresh_view, init=False)
        self.refresh_view()

    def refresh_view(self) -> None:
        kiosk = getattr(self.app, "kiosk_mode", None)
        self.set_class(kiosk is not None, "-kiosk")
        if self.parent is not None:
            self.parent.set_class(kiosk is not None, "-kiosk")
        if kiosk is None:
            return
        banners: list = []
        locked = kiosk.pin_locked()
        if locked:
            # TRANSLATORS: a banner on the table while wrong PINs keep the attendant out; keep it short.
            banners.append((" " + _("Attendant entry locked") + " ", "bold $on-highlight on $alarm-background"))
        if kiosk.cash_out_requested:
            # TRANSLATORS: a banner on the table until the attendant pays out; keep it short.
            banners.append((" " + _("Cash-out requested") + " ", "bold $on-highlight on $highlight-background"))
        reminder: list = []
        if not locked:  # while locked the staff's notice has the room (a lock lasts minutes)
            reminder = [
                # TRANSLATORS: the top bar's time played (h:mm); keep it short.
                (_("Played"), "dim"), " ", (clock_duration(kiosk.played_seconds()), "bold"), "  ",
                # TRANSLATORS: the top bar's net result of the player's session; keep it short.
                (_("Net"), "dim"), " ", (signed_number(self.net_result(kiosk.net_result())), "bold"),
            ]  # fmt: skip
        parts = [part for banner in banners for part in (banner, "  ")] + reminder
        content = Content.assemble(*(parts[:-1] if parts and not reminder else parts))
        if content != self._shown:  # a new layout only for a new width (the bar's width follows it)
            width = None if self._shown is None else self._shown.cell_length
            self._shown = content
            self.update(content, layout=content.cell_length != width)

    def net_result(self, net: int) -> int:
        """The net result as the table stands: while a decided hand's third card turns, as staked."""
        view = self.app.table_view
        if view is None or view.staked is None or not self.app.play.motion_left_s():
            return net
        return net - (view.state.holdings - view.staked.holdings)
