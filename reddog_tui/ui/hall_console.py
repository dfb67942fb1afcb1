"""`reddog hall`: the floor manager's console. Every kiosk with its status, the vouchers not
yet redeemed, the discrepancies and the places locked out (an alarm), kept live by the
server's notices (LISTEN/NOTIFY).

The server is read on a worker thread; the screen only draws what it is handed, so a slow or
lost server never freezes it. Every read must be answered in time (server.LinkLimits): a link
that stalls is given up and connected again, and the screen says the server is lost.
"""

from __future__ import annotations

import threading
import time

import psycopg
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from .. import i18n
from ..hall import schema, server
from ..hall.floor import Floor, changes, listen, read_floor
from ..hall.lifecycle import Lockout
from ..i18n import _, ngettext
from ..i18n.formatting import credits, decimal, number, voucher_number_end
from .kiosk_texts import discrepancy_lines, local_time, meter_names

NOTICE_WAIT_S = 1.0  # how long one wait for a notice lasts: the worker checks for the end between waits
REREAD_S = 3.0  # without notices the floor is read again this often, so "last seen" ages and a stall shows
RETRY_S = 2.0  # after losing the server, the wait before connecting again

KIOSK_METERS = ("credits_in", "credits_out", "games_played", "total_wagered", "total_paid")


class HallConsole(App[None]):
    """The hall at a glance for the floor manager; `dsn` is the hall server."""

    TITLE = "Red Dog"
    # The titles and the keys wrap in a narrow window rather than lose their ends.
    CSS = """
    Screen { layout: vertical; }
    #hall-title { height: auto; text-style: bold; padding: 0 1; }
    #server-state { height: auto; padding: 0 1; color: $warning; }
    #kiosks { height: 1fr; }
    #vouchers-title { height: auto; text-style: bold; padding: 0 1; margin-top: 1; }
    #vouchers { height: 1fr; }
    #discrepancies { height: auto; padding: 0 1; color: $error; }
    #alarms { height: auto; padding: 0 1; color: $error; text-style: bold; }
    #hall-keys { height: auto; padding: 0 1; background: $panel; }
    """
    BINDINGS = [
        Binding("l", "next_language", show=False),
        Binding("r", "reread", show=False),
        Binding("q,escape", "quit", show=False),
    ]

    def __init__(self, dsn: str, language: str) -> None:
        super().__init__()
        self.dsn = dsn
        self.language = language
        self.floor: Floor | None = None
        self.unreachable: str | None = None
        self.rereading = False  # `r` was pressed and the floor has not been read since
        self._read_at = time.monotonic()  # when `floor` was read
        self._reread = threading.Event()
        self._in_flight: server.AnswerDeadline | None = None  # the read waiting for the server

    def compose(self) -> ComposeResult:
        yield Static("", id="hall-title", markup=False)
        yield Static("", id="server-state", markup=False)
        yield DataTable(id="kiosks", cursor_type="row", zebra_stripes=True)
        yield Static("", id="vouchers-title", markup=False)
        yield DataTable(id="vouchers", cursor_type="row", zebra_stripes=True)
        yield Static("", id="discrepancies", markup=False)
        yield Static("", id="alarms", markup=False)
        yield Static("", id="hall-keys", markup=False)

    def on_mount(self) -> None:
        i18n.set_language(self.language)
        self.draw()
        self.set_interval(1.0, self._age)
        self.run_worker(self._follow_the_server, thread=True, group="floor", exit_on_error=False)

    # --- the worker thread --------------------------------------------------------------------
    def _follow_the_server(self) -> None:
        """Read the floor, then again after every notice of a change (and every REREAD_S)."""
        worker = get_current_worker()
        while not worker.is_cancelled:
            try:
                with server.connect(self.dsn) as conn, server.connect(self.dsn) as listener:
                    with server.answered_within(conn):
                        schema.require_current(conn)
                    with server.answered_within(listener):
                        listen(listener)  # before the first read, so no change falls between the two
                    self._read(conn)
                    waited = 0.0
                    for changed in changes(listener, NOTICE_WAIT_S):
                        if worker.is_cancelled:
                            return
                        waited += NOTICE_WAIT_S
                        if changed or waited >= REREAD_S or self._reread.is_set():
                            self._reread.clear()
                            self._read(conn)
                            waited = 0.0
            except (psycopg.Error, RuntimeError) as exc:
                self.call_from_thread(self._lost, exc)
                self._reread.wait(RETRY_S)
                self._reread.clear()

    def _read(self, conn: psycopg.Connection) -> None:
        with server.answered_within(conn) as deadline:
            self._in_flight = deadline
            try:
                floor = read_floor(conn)
            finally:
                self._in_flight = None
        self.call_from_thread(self._show, floor)

    # --- the screen ---------------------------------------------------------------------------
    def _show(self, floor: Floor) -> None:
        before = {lock.place for lock in self.floor.lockouts} if self.floor is not None else set()
        if any(lock.place not in before for lock in floor.lockouts):
            self.bell()  # a place newly locked out
        self.floor, self.unreachable, self.rereading = floor, None, False
        self._read_at = time.monotonic()
        self.draw()

    def _lost(self, exc: Exception) -> None:
        if isinstance(exc, server.LinkStalled):
            reason = _("no answer for {seconds} s").format(seconds=decimal(exc.seconds, 0))
        else:
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        self.unreachable, self.rereading = reason, False
        self.draw()

    def _age(self) -> None:
        """While the server is lost, the kiosks' "last seen" goes on counting."""
        if self.unreachable is not None and self.floor is not None:
            self._draw_kiosks(self.floor)

    def action_next_language(self) -> None:
        self.language = i18n.next_language(self.language)
        i18n.set_language(self.language)
        self.draw()

    def action_reread(self) -> None:
        """Read the floor now; a read still waiting for the server is given up and the link made anew."""
        self.rereading = True
        self._reread.set()
        in_flight = self._in_flight
        if in_flight is not None:
            in_flight.cut()
        self.draw()

    def draw(self) -> None:
        floor = self.floor
        kiosks = floor.kiosks if floor is not None else ()
        online = sum(1 for k in kiosks if k.online)
        self.query_one("#hall-title", Static).update(
            _("Red Dog hall. Kiosks: {count}, online: {online}").format(
                count=number(len(kiosks)), online=number(online)
            )
        )
        state = self.query_one("#server-state", Static)
        if self.rereading:
            state.update(_("Reading the hall again…"))
        elif self.unreachable is not None:
            state.update(_("The hall server cannot be reached: {reason}").format(reason=self.unreachable))
        elif floor is None:
            state.update(_("Connecting to the hall server…"))
        else:
            state.update("")
        state.display = self.rereading or self.unreachable is not None or floor is None
        self._draw_kiosks(floor)
        self._draw_vouchers(floor)
        faults = [] if floor is None else [
            line for k in kiosks
            for line in discrepancy_lines(k.kiosk_id, k.hall.conflict, k.hall.identity_gap, k.hall.credit_mismatches)
        ]  # fmt: skip
        discrepancies = self.query_one("#discrepancies", Static)
        discrepancies.update("\n".join(faults))
        discrepancies.display = bool(faults)
        alarms = [] if floor is None else [lockout_text(lock) for lock in floor.lockouts]
        self.query_one("#alarms", Static).update("\n".join(alarms))
        self.query_one("#alarms", Static).display = bool(alarms)
        self.query_one("#hall-keys", Static).update("   ".join((_("l  Language"), _("r  Read again"), _("q  Quit"))))

    def _draw_kiosks(self, floor: Floor | None) -> None:
        table = self.query_one("#kiosks", DataTable)
        names = meter_names()
        table.clear(columns=True)
        table.add_columns(
            _("Kiosk"),
            _("Status"),
            _("Last seen"),
            _("Lag"),
            _("Credits on the table"),
            *(names[name] for name in KIOSK_METERS),
        )
        lost = self.unreachable is not None
        aged = time.monotonic() - self._read_at if lost else 0.0  # since the floor was read
        for k in floor.kiosks if floor is not None else ():
            if k.hall.discrepancy:
                status = "⚠ " + _("discrepancy")
            elif lost:  # the console cannot tell while its own link is down
                status = "? " + _("unknown")
            elif k.online:
                status = "● " + _("online")
            else:
                status = "○ " + _("offline")
            table.add_row(
                str(k.kiosk_id),
                status,
                _("{seconds} s ago").format(seconds=number(int(k.seconds_since_seen + aged))),
                "–" if k.lag_s is None else _("{seconds} s").format(seconds=decimal(k.lag_s, 1)),
                "–" if k.balance is None else credits(k.balance),
                *(number(k.hall.meters[name]) for name in KIOSK_METERS),
                key=str(k.kiosk_id),
            )

    def _draw_vouchers(self, floor: Floor | None) -> None:
        vouchers = floor.vouchers if floor is not None else ()
        owed = floor.outstanding if floor is not None else 0
        self.query_one("#vouchers-title", Static).update(
            _("Vouchers not yet redeemed: {count}, worth {amount}").format(
                count=number(len(vouchers)), amount=credits(owed)
            )
        )
        table = self.query_one("#vouchers", DataTable)
        table.clear(columns=True)
        table.add_columns(_("Voucher"), _("Amount"), _("Kiosk"), _("Issued"), "")
        for v in vouchers:
            table.add_row(
                voucher_number_end(v.number_end),
                credits(v.amount),
                str(v.kiosk_id),
                local_time(v.issued_at),
                _("issued offline") if v.issued_offline else "",
                key=f"{v.kiosk_id}:{v.seq}",
            )


def lockout_text(lock: Lockout) -> str:
    """The console's alarm for a place the hall refuses after wrong voucher numbers."""
    until = local_time(lock.until)
    if lock.kiosk_id is not None:
        return "⚠ " + ngettext(
            "Kiosk {kiosk} is locked out until {until}: {count} unknown voucher number was asked for there.",
            "Kiosk {kiosk} is locked out until {until}: {count} unknown voucher numbers were asked for there.",
            lock.failures,
        ).format(kiosk=lock.kiosk_id, until=until, count=number(lock.failures))
    return "⚠ " + ngettext(
        "The cash desk {login} is locked out until {until}: {count} unknown voucher number was asked for there.",
        "The cash desk {login} is locked out until {until}: {count} unknown voucher numbers were asked for there.",
        lock.failures,
    ).format(login=lock.place, until=until, count=number(lock.failures))
