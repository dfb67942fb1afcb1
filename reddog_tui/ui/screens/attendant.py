"""The attendant's side of a locked kiosk (F12): PIN entry, then credits, cash-out, meters,
operator settings and the only way out."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual import events, getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.validation import ValidationResult, Validator
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import errors
from ...engine.validation import digits_typed
from ...i18n import _, ngettext, pgettext
from ...i18n.formatting import credits, number, voucher_number
from ...kiosk.intents import CloseKiosk, OpenAttendantMenu
from ...kiosk.money import CREDITS_KEY, AttendantMoney, MoneyIntent, VoucherNumberRefused
from ...kiosk.pin import MAX_PIN_LENGTH
from ...store.settings import CREDITS_PAID_IN, Key, SettingRefused, parse, table_config
from ..key_pace import event_clock
from ..kiosk_texts import (
    clock_duration,
    local_time,
    meter_names,
    refusal_text,
    seconds_left,
    setting_names,
    signed_credits,
)
from ..widgets.buttons import KeyBar, KeyItem
from ..widgets.choice_list import ChoiceList
from ..widgets.setting_fields import LanguageSelect, OnOffSwitch
from .attendant_base import ATTENDANT_CSS, AttendantScreen, back_key

if TYPE_CHECKING:
    from ...hall.replicator import ReplicationStatus
    from ..app import RedDogApp


def enter_key(label: str) -> KeyItem:
    """Enter in the screen's field; tapped on the key bar, it submits the field the same way."""
    return KeyItem(pgettext("key", "Enter"), label, "screen.submit")


class DigitButton(Button):
    can_focus = False  # the field keeps the focus (focusing it again would select its digits)

    def on_click(self, event: events.Click) -> None:  # before Button's own handler, which it prevents
        # Every tap is a digit, as every key press is. Button's own handler takes no press while the
        # last one still looks pressed (0.2 s): "1000" tapped at a quick pace came out as "100".
        event.stop()
        event.prevent_default()
        self.press()


class DigitPad(Horizontal):
    """Digits to tap on a kiosk without a keyboard: each types into the screen's field as its key
    does. Full-height buttons: a finger needs more than one line to hit."""

    def compose(self) -> ComposeResult:
        for digit in "1234567890":
            yield DigitButton(digit, action=f"screen.type_digit('{digit}')", classes="digit")
        yield DigitButton("", id="digit-delete", action="screen.delete_digit", classes="digit")

    def on_mount(self) -> None:
        self.watch(self.app, "language", self.refresh_labels)  # also draws them now

    def refresh_labels(self, _language: str = "") -> None:
        # TRANSLATORS: on the attendant's digit pad, takes back the last digit typed.
        self.query_one("#digit-delete", Button).label = pgettext("digit pad", "Delete")


class NumberEntry:
    """A screen with a number field (the PIN, an amount, a voucher number): what the digit pad
    and the key bar's Enter do there, in the field, through the field's own checks."""

    def _field(self) -> Input | None:
        focused = self.focused  # type: ignore[attr-defined]
        if isinstance(focused, Input):
            return focused
        return next(iter(self.query(Input)), None)  # type: ignore[attr-defined]

    def action_type_digit(self, digit: str) -> None:
        field = self._field()
        if field is not None:
            field.insert_text_at_cursor(digit)  # what a typed digit does: restrict and max length hold

    def action_delete_digit(self) -> None:
        field = self._field()
        if field is not None:
            field.action_delete_left()

    async def action_submit(self) -> None:
        field = self._field()
        if field is not None:
            await field.action_submit()  # what Enter does in the field


# --- the PIN -------------------------------------------------------------------------------


class PinScreen(NumberEntry, Screen):
    """The PIN is typed into a masked field: only dots are shown, never a digit."""

    if TYPE_CHECKING:  # for the type checker only: `self.app` is the RedDogApp
        app = getters.app(RedDogApp)

    DEFAULT_CSS = ATTENDANT_CSS
    BINDINGS = [Binding("escape", "cancel", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.result: str = ""  # the last attempt's message, kept as a key so a language switch re-words it
        self._locked_until_text = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="attendant-body"):
            yield Static("", id="pin-title", classes="attendant-title", markup=False)
            yield Static("", id="pin-prompt", classes="attendant-line", markup=False)
            yield Input(
                password=True, restrict=r"[0-9]*", max_length=MAX_PIN_LENGTH, id="pin", classes="attendant-input"
            )
            yield DigitPad()
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one("#pin", Input).focus()
        self.set_interval(1.0, self.refresh_view)  # the lock's countdown

    def refresh_view(self) -> None:
        sign_in = self.app.attendant_sign_in()
        if sign_in is None:
            return
        self.query_one("#pin-title", Static).update(_("Attendant"))
        if self.app.store_error is None:
            prompt = _("Enter the attendant PIN and press Enter.")
        else:  # the journal failed: the PIN only closes Red Dog
            prompt = _("The journal cannot be used. Enter the attendant PIN and press Enter to close Red Dog.")
        self.query_one("#pin-prompt", Static).update(prompt)
        left = sign_in.locked_for()
        if left > 0:
            text = _("Too many wrong PINs: entry is locked for {time}.").format(time=seconds_left(left))
        elif self.result == "wrong":
            text = _("Wrong PIN.")
        else:
            text = ""
        self.query_one(".attendant-message", Static).update(text)
        self.query_one("#keys", KeyBar).show([enter_key(_("Confirm")), back_key("screen.cancel")])

    @on(Input.Submitted, "#pin")
    def submitted(self, event: Input.Submitted) -> None:
        field = self.query_one("#pin", Input)
        pin = field.value
        field.value = ""
        if not pin:  # Enter on an empty field is no attempt: it must not count towards the lock
            return
        sign_in = self.app.attendant_sign_in()
        if sign_in is None:
            return
        intents = sign_in.attempt(pin)
        self.app.carry_out(*intents)
        if OpenAttendantMenu() in intents or CloseKiosk() in intents:
            return  # the menu has replaced this screen, or Red Dog closes
        self.result = "wrong"
        self.refresh_view()

    def action_cancel(self) -> None:
        self.app.pop_screen()


# --- money actions: one question at a time, each carried out once ------------------------------


def attendant_money(app: RedDogApp) -> AttendantMoney:
    """The kiosk's money actions; a kiosk of a hall pays out and redeems through the hall."""
    link = app.hall_link
    if link is None:
        return AttendantMoney(app.open_session)
    return AttendantMoney(
        app.open_session, pay_out=link.cash_out, begin_redemption=link.desk.begin, hall_id=link.desk.hall_id
    )


def carried_out_already_text() -> str:
    return _("This has been done already. Nothing was changed.")


class MoneyQuestions:
    """A screen that asks the attendant to confirm a money action (`kiosk.money`).

    One question at a time: while it is open or its answer is being carried out, another
    submit (a bounced Enter, a second tap) asks nothing, and what was pressed meanwhile is not
    taken by this screen afterwards either (`input_since`, which the app holds to).
    """

    question_open = False
    input_since = -math.inf  # any input, typed ahead too, until a question is asked

    def takes_submit(self, submit: Message) -> bool:
        """A submit (a field's, a list's) is taken unless a question is open or being carried
        out, or it was made before the last one closed and waited in a queue meanwhile."""
        return not self.question_open and submit.time >= self.input_since

    def ask_money(
        self,
        intent: MoneyIntent,
        question: Callable[[], str],
        yes_label: Callable[[], str],
        carry_out: Callable[[MoneyIntent], None],
    ) -> None:
        if self.question_open:
            return
        self.question_open = True
        self.input_since = math.inf

        def answered(yes: bool | None) -> None:
            try:
                if yes:
                    carry_out(intent)
            finally:
                self.question_open = False
                self.input_since = event_clock()

        self.app.push_screen(ConfirmScreen(question, yes_label), answered)  # type: ignore[attr-defined]


# --- the menu -------------------------------------------------------------------------------

MENU = ("add_credits", "cash_out", "meters", "settings", "check", "exit")
HALL_MENU = ("add_credits", "redeem_voucher", "cash_out", "meters", "settings", "check", "exit")  # a kiosk of a hall


def menu_keys(app: RedDogApp) -> tuple[str, ...]:
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
        kiosk = self.app.running_kiosk
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
                amount=credits(self.app.running_kiosk.holdings())
            )

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.attendant_exit()

        self.app.push_screen(ConfirmScreen(question, lambda: _("Exit")), answered)

    def cash_out(self) -> None:
        """The settled round is gathered first; then the amount is shown and confirmed."""
        if self.question_open:
            return
        app, kiosk = self.app, self.app.running_kiosk
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

        app, kiosk = self.app, self.app.running_kiosk
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


def leave_attendant(app: RedDogApp, event: str | None = "menu_closed") -> None:
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


# --- credits in and out -----------------------------------------------------------------------


class AddCreditsScreen(MoneyQuestions, NumberEntry, AttendantScreen):
    """The amount paid in, exactly as typed: refused with the reason unless it is a whole number
    in range, then confirmed with the amount shown before anything is added."""

    BINDINGS = [Binding("escape", "back", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.message = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="attendant-body"):
            yield Static("", classes="attendant-title", markup=False)
            yield Static("", id="credits-now", classes="attendant-line", markup=False)
            yield Static("", id="credits-prompt", classes="attendant-line", markup=False)
            yield Input(
                validators=[SettingValidator(CREDITS_KEY, lambda text: CREDITS_PAID_IN.parse(CREDITS_KEY, text))],
                validate_on=["changed"],
                id="amount",
                classes="attendant-input",
            )
            yield DigitPad()
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#amount", Input).focus()

    def refresh_view(self) -> None:
        if self.app.session is None:
            return
        self.query_one(".attendant-title", Static).update(_("Add credits"))
        self.query_one("#credits-now", Static).update(
            _("Credits now: {amount}").format(amount=credits(self.app.session.state.credits))
        )
        self.query_one("#credits-prompt", Static).update(_("Credits paid in, then Enter:"))
        self.say(self.message)
        self.query_one("#keys", KeyBar).show([enter_key(_("Add")), back_key()])

    @on(Input.Submitted, "#amount")
    def submitted(self, event: Input.Submitted) -> None:
        if not self.takes_submit(event):
            return
        try:
            intent = attendant_money(self.app).ask_to_add(event.value)
        except SettingRefused as refused:
            self.message = refusal_text(refused)
            self.refresh_view()
            return
        except errors.ActionNotAllowed:
            self.message = _("Decide on the raise first; credits can be added after that.")
            self.refresh_view()
            return
        self.ask_money(
            intent,
            lambda: _("Add {amount} for the player?").format(amount=credits(intent.amount)),
            lambda: _("Add"),
            self.add,
        )

    def add(self, intent: MoneyIntent) -> None:
        from ...store import IntentCarriedOut, StoreError

        amount = intent.amount
        try:
            attendant_money(self.app).add(intent)
        except errors.ActionNotAllowed:
            self.message = _("Decide on the raise first; credits can be added after that.")
        except IntentCarriedOut:
            self.message = carried_out_already_text()
        except StoreError as error:
            self.app.show_store_error(error)
            return
        else:
            self.app.running_kiosk.credits_added(amount)
            self.message = _("{amount} added.").format(amount=credits(amount))
            self.query_one("#amount", Input).value = ""
            self.app.publish_view()
        self.refresh_view()

    def action_back(self) -> None:
        self.app.pop_screen()


class RedeemVoucherScreen(MoneyQuestions, NumberEntry, AttendantScreen):
    """Ticket in: a voucher of the hall, confirmed, checked with the server and credited here once."""

    BINDINGS = [Binding("escape", "back", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.message = ""
        self.asking = False

    @property
    def waiting(self) -> bool:
        return self.asking

    def compose(self) -> ComposeResult:
        with Vertical(classes="attendant-body"):
            yield Static("", classes="attendant-title", markup=False)
            yield Static("", id="credits-now", classes="attendant-line", markup=False)
            yield Static("", id="voucher-prompt", classes="attendant-line", markup=False)
            # A validation number is typed with or without its hyphens (12-3456-7890-1234-5678).
            yield Input(restrict=r"[0-9 \-]*", max_length=26, id="voucher-number", classes="attendant-input")
            yield DigitPad()
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#voucher-number", Input).focus()

    def refresh_view(self) -> None:
        if self.app.session is None:
            return
        self.query_one(".attendant-title", Static).update(_("Redeem a voucher"))
        self.query_one("#credits-now", Static).update(
            _("Credits now: {amount}").format(amount=credits(self.app.session.state.credits))
        )
        self.query_one("#voucher-prompt", Static).update(_("Voucher number, then Enter:"))
        self.say(_("Asking the hall…") if self.asking else self.message)
        self.query_one("#keys", KeyBar).show([enter_key(_("Redeem")), back_key()])

    @on(Input.Submitted, "#voucher-number")
    def submitted(self, event: Input.Submitted) -> None:
        from ...store import StoreError

        if self.asking or not self.takes_submit(event):
            return
        hall_link = self.app.hall_link
        assert hall_link is not None, "vouchers are redeemed only on a kiosk of a hall (see menu_keys)"
        try:
            # A redemption left pending (a crash, the server away) is finished before a new one:
            # it was confirmed when it began.
            pending = hall_link.desk.pending()
        except StoreError as error:
            self.app.show_store_error(error)
            return
        if pending is not None:
            self.ask_hall(*pending)
            return
        try:
            intent = attendant_money(self.app).ask_to_redeem(self.query_one("#voucher-number", Input).value)
        except VoucherNumberRefused as refused:
            if refused.reason == "check":
                self.message = _("That number has a mistyped digit: type it again as it is printed on the voucher.")
            elif refused.reason == "other_hall" and refused.voucher is not None:
                self.message = _("Voucher {number} is another hall's: it cannot be redeemed here.").format(
                    number=voucher_number(refused.voucher)
                )
            else:
                self.message = _("Enter the number printed on the voucher.")
            self.refresh_view()
            return
        self.ask_money(
            intent,
            lambda: _("Redeem voucher {number} for the player?").format(number=voucher_number(intent.voucher or 0)),
            lambda: _("Redeem"),
            self.redeem,
        )

    def redeem(self, intent: MoneyIntent) -> None:
        from ...store import IntentCarriedOut, StoreError

        hall_link = self.app.hall_link
        assert hall_link is not None and intent.voucher is not None
        try:
            try:
                pending: tuple[int, int] | None = (attendant_money(self.app).begin_redemption(intent), intent.voucher)
            except errors.ActionNotAllowed:  # another one became pending meanwhile: it is finished first
                pending = hall_link.desk.pending()
        except IntentCarriedOut:
            self.message = carried_out_already_text()
            self.refresh_view()
            return
        except StoreError as error:
            self.app.show_store_error(error)
            return
        if pending is not None:
            self.ask_hall(*pending)

    def ask_hall(self, seq: int, number: int) -> None:
        self.asking = True
        self.refresh_view()
        self.app.resolve_redemption(seq, number, self.answered)

    def answered(self, result) -> None:
        from ...hall.vouchers import RedeemOutcome

        self.asking = False
        if not self.is_attached:  # left while the hall was asked: the answer is journaled, nothing to show
            return
        if result is None:  # finished meanwhile by the redemption resumed at start
            self.refresh_view()
            return
        self.message = redemption_text(result)
        field = self.query_one("#voucher-number", Input)
        typed = digits_typed(field.value)  # with or without the printed hyphens
        still_typed = typed is not None and int(typed) == result.number
        if result.outcome is not RedeemOutcome.UNREACHABLE and still_typed:
            field.value = ""
        self.refresh_view()

    def action_back(self) -> None:
        self.app.pop_screen()


def redemption_text(result) -> str:
    """The attendant's line for the hall's answer to a voucher redemption (a RedeemResult)."""
    from ...hall.vouchers import RedeemOutcome

    shown = voucher_number(result.number)
    if result.outcome is RedeemOutcome.CREDITED:
        return _("Voucher {number}: {amount} added.").format(number=shown, amount=credits(result.amount))
    if result.outcome is RedeemOutcome.ALREADY_REDEEMED:
        return _("Voucher {number} has been redeemed already. Nothing added.").format(number=shown)
    if result.outcome is RedeemOutcome.UNKNOWN:
        return _("The hall knows no voucher {number}. Nothing added.").format(number=shown)
    if result.outcome is RedeemOutcome.EXPIRED:
        return _("Voucher {number} has expired. Nothing added.").format(number=shown)
    if result.outcome is RedeemOutcome.VOIDED:
        return _("Voucher {number} was voided by the hall. Nothing added.").format(number=shown)
    if result.outcome is RedeemOutcome.LOCKED_OUT:
        return _(
            "Voucher {number} was not checked: too many unknown voucher numbers were typed here, and the hall "
            "refuses redemptions at this kiosk for a while. Nothing added."
        ).format(number=shown)
    return _(
        "The hall server cannot be reached. Voucher {number} stays pending and is finished when it answers."
    ).format(number=shown)


class VoucherScreen(AttendantScreen):
    BINDINGS = [Binding("escape,enter", "back", show=False)]
    input_since = math.inf  # until shown: the keys that paid out must not close the voucher too

    def __init__(self, voucher) -> None:
        super().__init__()
        self.voucher = voucher

    @on(events.ScreenResume)
    def shown_now(self, event: events.ScreenResume) -> None:
        self.input_since = event.time

    def compose(self) -> ComposeResult:
        with Vertical(classes="attendant-body"):
            with Vertical(classes="voucher"):
                yield Static("", classes="voucher-title", markup=False)
                for key in ("number", "amount", "time"):
                    with Horizontal(classes="voucher-row", id=f"voucher-{key}"):
                        yield Static("", classes="voucher-name", markup=False)
                        yield Static("", classes="voucher-value", markup=False)
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    def refresh_view(self) -> None:
        v = self.voucher
        self.query_one(".voucher-title", Static).update(
            Content.assemble(("Red Dog", "$title-text"), " · ", _("Cash-out voucher"))
        )
        rows = {
            "number": (_("Voucher number"), voucher_number(v.number)),
            "amount": (_("Amount"), credits(v.amount)),
            "time": (_("Time"), local_time(v.time)),
        }
        for key, (name, value) in rows.items():
            row = self.query_one(f"#voucher-{key}")
            row.query_one(".voucher-name", Static).update(name)
            row.query_one(".voucher-value", Static).update(value)
        text = _("Pay this amount to the player. The credits are now 0.")
        if getattr(v, "offline", False):  # a kiosk of a hall that could not reach its server
            text += "\n" + _(
                "Issued offline: this voucher can be redeemed at other kiosks once this kiosk reconnects to the hall server."
            )
        self.say(text)
        self.query_one("#keys", KeyBar).show([KeyItem(pgettext("key", "Enter"), _("Done"), "screen.back")])

    def action_back(self) -> None:
        self.app.pop_screen()


class MetersScreen(AttendantScreen):
    # The key bar shows the key as "E": Shift+E (Textual's "E") exports as well as a plain e.
    BINDINGS = [Binding("escape,enter", "back", show=False), Binding("e,E", "export", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.message = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="attendant-body"):
            yield Static("", classes="attendant-title", markup=False)
            with Vertical(classes="attendant-list"):
                for key in meter_names():
                    with Horizontal(classes="voucher-row", id=f"meter-{key.replace('_', '-')}"):
                        yield Static("", classes="voucher-name", markup=False)
                        yield Static("", classes="voucher-value", markup=False)
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    def refresh_view(self) -> None:
        if self.app.session is None:
            return
        self.query_one(".attendant-title", Static).update(_("Meters"))
        values = self.app.session.meters()
        for key, name in meter_names().items():
            row = self.query_one(f"#meter-{key.replace('_', '-')}")
            row.query_one(".voucher-name", Static).update(name)
            row.query_one(".voucher-value", Static).update(number(values.get(key, 0)))
        self.say(self.message or _("Meters only grow; they count every game since the journal was created."))
        self.query_one("#keys", KeyBar).show(
            [KeyItem(pgettext("key", "E"), _("Export to files"), "screen.export"), back_key()]
        )

    def action_export(self) -> None:
        """The meters and the journal as CSV files in the data folder, as `reddog attendant` writes them."""
        from .journal_check import export_to_data_dir

        self.message = export_to_data_dir(self.app)
        self.refresh_view()

    def action_back(self) -> None:
        self.app.pop_screen()


# --- operator settings -----------------------------------------------------------------------------

NUMBER_FIELDS = (
    Key.MIN_BET,
    Key.MAX_BET,
    Key.CHIP_VALUES,
    Key.MAX_WINNINGS,
    Key.DECKS,
    Key.IDLE_TIMEOUT,
    Key.REALITY_CHECK,
)
FIELDS = (*NUMBER_FIELDS[:5], Key.PROGRESSIVE_OFFERED, *NUMBER_FIELDS[5:], Key.DEFAULT_LANGUAGE)


def field_id(key: str) -> str:
    return f"field-{key.replace('_', '-')}"


class OperatorSettingsScreen(AttendantScreen):
    """The operator's settings: each field shows what was typed; Enter checks all of them with the
    settings model and saves them together, or names the first refused field and why."""

    BINDINGS = [
        Binding("escape", "back", show=False),
        Binding("enter", "save", show=False),
        Binding("down", "app.focus_next", show=False),
        Binding("up", "app.focus_previous", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.message = ""

    def compose(self) -> ComposeResult:
        kiosk = self.app.running_kiosk
        config = self.app.open_session.state.config
        with Vertical(classes="attendant-body"):
            yield Static("", classes="attendant-title", markup=False)
            with Vertical(classes="attendant-list attendant-form", id="fields"):
                for key in FIELDS:
                    with Horizontal(classes="field", id=f"row-{key.replace('_', '-')}"):
                        yield Static("", classes="field-name", markup=False)
                        if key == Key.PROGRESSIVE_OFFERED:
                            yield Static("", id="progressive-offered-word", classes="field-word", markup=False)
                            yield OnOffSwitch(config.progressive_offered, id=field_id(key))
                        elif key == Key.DEFAULT_LANGUAGE:
                            yield LanguageSelect(kiosk.default_language, id=field_id(key))
                        else:
                            yield Input(
                                validators=[SettingValidator(key, partial(parse, key))],
                                validate_on=["changed"],
                                id=field_id(key),
                                classes="field-input",
                            )
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.load()
        super().on_mount()
        self.query_one(f"#{field_id(Key.MIN_BET)}", Input).focus()

    def current(self) -> dict[Key, object]:
        """The settings in force, typed."""
        config, kiosk = self.app.open_session.state.config, self.app.running_kiosk
        return {
            **{
                key: getattr(config, key.value)
                for key in (
                    Key.MIN_BET,
                    Key.MAX_BET,
                    Key.CHIP_VALUES,
                    Key.MAX_WINNINGS,
                    Key.DECKS,
                    Key.PROGRESSIVE_OFFERED,
                )
            },
            Key.IDLE_TIMEOUT: kiosk.idle_timeout,
            Key.REALITY_CHECK: kiosk.reality_minutes,
            Key.DEFAULT_LANGUAGE: kiosk.default_language,
        }

    def load(self) -> None:
        """Fill the fields with the settings in force."""
        values = self.current()
        for key in NUMBER_FIELDS:
            value = values[key]
            text = ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)
            self.query_one(f"#{field_id(key)}", Input).value = text
        self.query_one(f"#{field_id(Key.PROGRESSIVE_OFFERED)}", OnOffSwitch).value = bool(
            values[Key.PROGRESSIVE_OFFERED]
        )
        self.query_one(f"#{field_id(Key.DEFAULT_LANGUAGE)}", LanguageSelect).value = str(values[Key.DEFAULT_LANGUAGE])

    def refresh_view(self) -> None:
        if self.app.session is None:
            return
        self.query_one(".attendant-title", Static).update(_("Operator settings"))
        names = setting_names()
        for key in FIELDS:
            self.query_one(f"#row-{key.replace('_', '-')} .field-name", Static).update(names[key])
        self.show_progressive_word()
        self.say(self.message)
        self.query_one("#keys", KeyBar).show(
            [
                KeyItem(pgettext("key", "↑/↓"), _("Choose")),  # a hint: the fields are clicked themselves
                KeyItem(pgettext("key", "Enter"), _("Save"), "screen.save"),
                back_key(),
            ]
        )

    def show_progressive_word(self) -> None:
        offered = self.query_one(f"#{field_id(Key.PROGRESSIVE_OFFERED)}", OnOffSwitch).value
        self.query_one("#progressive-offered-word", Static).update(_("Yes") if offered else _("No"))

    @on(OnOffSwitch.Changed)
    def switched(self, event: OnOffSwitch.Changed) -> None:
        event.stop()
        self.show_progressive_word()  # typed, not saved: Enter saves the whole form

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def typed(self) -> dict[Key, object]:
        """Every field's value as the settings model reads it; SettingRefused names the first refused."""
        values: dict[Key, object] = {
            key: parse(key, self.query_one(f"#{field_id(key)}", Input).value) for key in NUMBER_FIELDS
        }
        values[Key.PROGRESSIVE_OFFERED] = self.query_one(f"#{field_id(Key.PROGRESSIVE_OFFERED)}", OnOffSwitch).value
        values[Key.DEFAULT_LANGUAGE] = self.query_one(f"#{field_id(Key.DEFAULT_LANGUAGE)}", LanguageSelect).value
        return values

    def action_save(self) -> None:
        from ...store import StoreError

        app = self.app
        try:
            values = self.typed()
            config = table_config(values, app.open_session.state.config)
        except SettingRefused as refused:
            self.refuse(refused)
            return
        kiosk_values: dict[str, object] = {
            key: values[key] for key in (Key.IDLE_TIMEOUT, Key.REALITY_CHECK, Key.DEFAULT_LANGUAGE)
        }
        try:
            app.open_session.reconfigure(config, kiosk_values)
        except SettingRefused as refused:
            self.refuse(refused)
            return
        except errors.InvalidSetting as error:  # the engine's own check: only chips on the ante get here
            self.message = (
                _("Chips are on the ante: settings can be changed once the ante is empty.")
                if error.setting == "table"
                else _("This setting is not valid.")
            )
            self.refresh_view()
            return
        except errors.ActionNotAllowed:
            self.message = _("A round is open: table settings can be changed between rounds.")
            self.refresh_view()
            return
        except StoreError as error:
            app.show_store_error(error)
            return
        self.message = _("Settings saved.")
        self.load()
        app.publish_view()

    def refuse(self, refused: SettingRefused) -> None:
        """Nothing is saved: the reason is shown and the refused field takes the focus, as typed."""
        self.message = refusal_text(refused) + " " + _("Nothing was saved.")
        for field in self.query(f"#{field_id(str(refused.key))}"):
            field.focus()
        self.refresh_view()

    def action_back(self) -> None:
        self.app.pop_screen()


# --- shared pieces ----------------------------------------------------------------------------------


class SettingValidator(Validator):
    """Marks a field whose text the settings model refuses; the reason is the model's, worded here."""

    def __init__(self, key: str, read: Callable[[str], object]) -> None:
        super().__init__()
        self.key, self.read = key, read

    def validate(self, value: str) -> ValidationResult:
        try:
            self.read(value)
        except SettingRefused as refused:
            return self.failure(refusal_text(refused))
        return self.success()


class ConfirmScreen(ModalScreen[bool]):
    """A question about money or leaving, with the amount in it; dismisses True only on Yes.

    It is answered once: whatever arrives after the first answer (a bounced key, a click on Yes
    with a tap on the key bar's Enter) is no answer. Nor is a press from before it was shown
    (`input_since`, which the app holds to): the press that asked the question cannot answer it.
    """

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; background: $felt 60%; }
    #confirm-box { width: 64; height: auto; border: double $highlight-text; background: $felt-deep; padding: 1 2; }
    #confirm-question { height: auto; text-style: bold; }
    #confirm-buttons { height: 3; margin: 1 0 0 0; align: center middle; }
    #confirm-buttons Button { margin: 0 1; min-width: 16; }
    """
    BINDINGS = [
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
        Binding("escape", "answer(False)", show=False),
    ]

    input_since = math.inf  # until shown

    def __init__(self, question: Callable[[], str], yes_label: Callable[[], str]) -> None:
        super().__init__()
        self.question, self.yes_label = question, yes_label  # worded again on a language switch
        self.answered = False

    @on(events.ScreenResume)
    def shown_now(self, event: events.ScreenResume) -> None:
        self.input_since = event.time

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static("", id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button("", id="confirm-yes", variant="warning")
                yield Button("", id="confirm-no")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one("#confirm-yes", Button).focus()

    def refresh_view(self) -> None:
        if not self.query("#confirm-question"):
            return
        self.query_one("#confirm-question", Static).update(self.question())
        self.query_one("#confirm-yes", Button).label = self.yes_label()
        self.query_one("#confirm-no", Button).label = _("Cancel")
        self.query_one("#keys", KeyBar).show(
            [
                KeyItem(pgettext("key", "Enter"), self.yes_label(), "screen.answer(True)"),
                KeyItem(pgettext("key", "Esc"), _("Cancel"), "screen.answer(False)"),
            ]
        )

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_answer(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        if self.answered:  # a second dismiss would close the screen beneath
            return
        self.answered = True
        self.dismiss(yes)


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
