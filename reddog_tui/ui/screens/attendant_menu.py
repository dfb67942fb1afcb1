"""The attendant menu (credits, cash-out, meters, operator settings, the journal check, exit) and
the way back from the attendant's side to play (`leave_attendant`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine import errors
from ...i18n import _, ngettext, pgettext
from ...i18n.formatting import credits, number
from ...kiosk.money import MoneyIntent
from ..kiosk_texts import clock_duration, local_time, refusal_text, signed_credits
from ..widgets.buttons import KeyBar, KeyItem
from ..widgets.choice_list import ChoiceList
from .add_credits import AddCreditsScreen
from .attendant_base import AttendantScreen, back_key
from .confirm import ConfirmScreen
from .meters import MetersScreen
from .money_questions import MoneyQuestions, attendant_money, carried_out_already_text
from .operator_settings import OperatorSettingsScreen
from .pin import PinScreen
from .redeem_voucher import RedeemVoucherScreen
from .voucher import VoucherScreen

if TYPE_CHECKING:
    from ...hall.replicator import ReplicationStatus
    from ..shell import Shell, ShellApp

MENU = ("add_credits", "cash_out", "meters", "settings", "check", "exit")
HALL_MENU = ("add_credits", "redeem_voucher", "cash_out", "meters", "settings", "check", "exit")  # a kiosk of a hall


def menu_keys(app: Shell) -> tuple[str, ...]:
    return HALL_MENU if getattr(app, "hall_link", None) is not None else MENU


def hall_link_text(status: ReplicationStatus, waiting: int | None) -> str:
    """The kiosk's link to the hall server, for the attendant: up or down since when, and what waits to be shipped."""
    from datetime import UTC, datetime

    if status.conflict is not None:
        return _("Hall server: shipping stopped, another journal uses this kiosk's number. Call the floor manager.")
    if waiting is None:
        shipping = _("entries waiting to be shipped: not known until the hall server answers")
    else:
        shipping = ngettext(
            "{count} entry waiting to be shipped", "{count} entries waiting to be shipped", waiting
        ).format(count=number(waiting))
    if status.connected or status.offline_since is None:
        # TRANSLATORS: the attendant menu's line on the kiosk's link to the hall server; {shipping}: entries waiting.
        return _("Hall server: online · {shipping}").format(shipping=shipping)
    since = local_time(datetime.fromtimestamp(status.offline_since, UTC))
    return _("Hall server: offline since {time} · {shipping}").format(time=since, shipping=shipping)


def menu_labels() -> dict[str, str]:
    return {
        "add_credits": _("Add credits"),
        "redeem_voucher": _("Redeem a voucher"),
        "cash_out": _("Cash out"),
        "meters": _("Meters"),
        "settings": _("Operator settings"),
        "check": _("Check the journal"),
        "exit": _("Exit Red Dog"),
    }


class AttendantMenu(MoneyQuestions, AttendantScreen):
    """The menu is an OptionList: ↑/↓ and Enter, a click, or an entry's number open it."""

    BINDINGS = [
        # The list answers ↑/↓/Enter itself when focused; these keep them working wherever the focus is.
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("enter", "choose", show=False),
        Binding("escape", "leave", show=False),
        *[Binding(str(n + 1), f"choose_number({n})", show=False) for n in range(len(HALL_MENU))],
    ]

    def __init__(self) -> None:
        super().__init__()
        self.keys: tuple[str, ...] = MENU  # the entries this kiosk offers, known once the screen is composed
        self.message = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="attendant-body"):
            yield Static("", classes="attendant-title", markup=False)
            yield Static("", id="cash-out-banner", classes="attendant-banner", markup=False)
            yield Static("", id="settings-problems", classes="attendant-banner", markup=False)
            yield Static("", id="menu-status", classes="attendant-line", markup=False)
            yield Static("", id="hall-link", classes="attendant-line", markup=False)
            self.keys = menu_keys(self.app)
            yield ChoiceList(*(Option("", id=key) for key in self.keys), id="menu", classes="attendant-list")
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    @property
    def menu(self) -> ChoiceList:
        return self.query_one("#menu", ChoiceList)

    @property
    def highlighted(self) -> str:
        """The entry lit on the menu."""
        return self.menu.highlighted_id or self.keys[0]

    def on_mount(self) -> None:
        self.menu.highlighted = 0
        self.menu.focus()
        super().on_mount()
        if self.app.hall_link is not None:
            self.set_interval(1.0, self.refresh_hall_link)  # the link changes on its own thread

    def refresh_hall_link(self) -> None:
        line = self.query_one("#hall-link", Static)
        link, session = self.app.hall_link, self.app.session
        line.display = link is not None and session is not None
        if link is not None and session is not None:
            line.update(hall_link_text(link.replicator.status, link.replicator.waiting_entries(session.seq)))

    def refresh_view(self) -> None:
        if self.app.session is None:
            return
        kiosk = self.kiosk_mode
        self.query_one(".attendant-title", Static).update(_("Attendant menu"))
        banner = self.query_one("#cash-out-banner", Static)
        banner.update(_("The player asked to cash out."))
        banner.display = kiosk.cash_out_requested
        problems = stored_settings_report(self.app.session)
        report = self.query_one("#settings-problems", Static)
        report.update(problems)
        report.display = bool(problems)
        self.query_one("#menu-status", Static).update(
            _("Credits {credits} · time played {time} · net result {net}").format(
                credits=number(kiosk.holdings()),
                time=clock_duration(kiosk.played_seconds()),
                net=signed_credits(kiosk.net_result()),
            )
        )
        self.refresh_hall_link()
        labels = menu_labels()
        for n, key in enumerate(self.keys):
            self.menu.replace_option_prompt(key, Content(f"{n + 1}  {labels[key]}"))  # Content: no markup
        self.say(self.message)
        self.query_one("#keys", KeyBar).show(
            [
                KeyItem(pgettext("key", "↑/↓"), _("Choose")),  # a hint: the rows are clicked themselves
                KeyItem(pgettext("key", "Enter"), _("Open"), "screen.choose"),
                back_key("screen.leave"),
            ]
        )

    def action_move(self, step: int) -> None:
        self.menu.action_cursor_down() if step > 0 else self.menu.action_cursor_up()

    def action_choose(self) -> None:
        self.open(self.highlighted)

    def action_choose_number(self, index: int) -> None:
        if index < len(self.keys):
            self.menu.highlighted = index
            self.open(self.keys[index])

    @on(OptionList.OptionSelected, "#menu")
    def entry_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None and self.takes_submit(event):
            self.open(event.option.id)

    def open(self, key: str) -> None:
        self.message = ""
        if key == "add_credits":
            self.app.push_screen(AddCreditsScreen())
        elif key == "redeem_voucher":
            self.app.push_screen(RedeemVoucherScreen())
        elif key == "cash_out":
            self.cash_out()
        elif key == "meters":
            self.app.push_screen(MetersScreen())
        elif key == "settings":
            self.app.push_screen(OperatorSettingsScreen())
        elif key == "check":
            from .journal_check import JournalCheckScreen

            self.app.push_screen(JournalCheckScreen())
        elif key == "exit":
            self.confirm_exit()
        self.refresh_view()

    def confirm_exit(self) -> None:
        def question() -> str:
            return _("Exit Red Dog? Credits on the kiosk: {amount} (kept until the next start).").format(
                amount=credits(self.kiosk_mode.holdings())
            )

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.attendant_exit()

        self.app.push_screen(ConfirmScreen(question, lambda: _("Exit")), answered)

    def cash_out(self) -> None:
        """The settled round is gathered first; then the amount is shown and confirmed."""
        if self.question_open:
            return
        app, kiosk = self.app, self.kiosk_mode
        gather = kiosk.cash_out_first()
        if gather is not None:
            app.carry_out(gather)
        try:
            intent = attendant_money(app).ask_to_cash_out()
        except errors.ActionNotAllowed:
            self.message = _("Cash-out is possible once the round on the table is settled.")
            return
        except errors.InsufficientCredits:
            self.message = _("There are no credits to pay out.")
            return
        self.ask_money(
            intent,
            lambda: _("Pay out {amount} on a cash-out voucher?").format(amount=credits(intent.amount)),
            lambda: _("Cash out"),
            self.pay_out,
        )

    def pay_out(self, intent: MoneyIntent) -> None:
        from ...store import IntentCarriedOut, StoreError

        app, kiosk = self.app, self.kiosk_mode
        summary = app.guest_summary()  # before the payout, which takes the credits the net result counts
        try:
            voucher = attendant_money(app).cash_out(intent)
        except errors.ActionNotAllowed:
            self.message = _("Cash-out is possible once the round on the table is settled.")
            return
        except errors.InsufficientCredits:
            self.message = _("There are no credits to pay out.")
            return
        except IntentCarriedOut:
            self.message = carried_out_already_text()
            return
        except StoreError as error:
            app.show_store_error(error)
            return
        finally:
            self.refresh_view()
        app.pending_summary = summary  # the guest sees it once the attendant is done
        kiosk.paid_out()
        app.publish_view()
        app.push_screen(VoucherScreen(voucher))

    def action_leave(self) -> None:
        leave_attendant(self.app)


def leave_attendant(app: ShellApp, event: str | None = "menu_closed") -> None:
    """Back to the play screens (a table whose chips changed rebuilds its rack as it redraws);
    `event` journaled first, None when nobody had signed in. A question left open over the
    attendant's screens goes with them, unanswered: nothing it asked about is done."""
    if event is not None:
        app.journal_attendant(event)
        if app.session is None:  # it could not be journaled: play has stopped on the error screen
            return
    while app.shows(AttendantScreen) or app.shows(PinScreen):
        app.pop_screen()
    app.publish_view()
    app.refresh_session_info()
    summary, app.pending_summary = app.pending_summary, None
    if summary is not None:  # paid out: the guest sees what the session came to
        app.show_session_summary(summary)


def stored_settings_report(session) -> str:
    """For staff: stored settings the settings model refused at start, now played with defaults."""
    if session is None:
        return ""
    lines = []
    if session.table_problem is not None:
        lines.append(_("The table's stored settings were not valid: the default table settings are in use."))
        lines.append(refusal_text(session.table_problem))
    if session.settings.problems:
        lines.append(_("Stored settings that are not valid are replaced by their defaults:"))
        lines.extend(refusal_text(refused) for refused in session.settings.problems)
    return "\n".join(lines)
