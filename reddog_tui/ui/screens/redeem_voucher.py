"""Ticket in: a voucher of the hall redeemed at this kiosk."""

from __future__ import annotations

from textual.widgets import Input

from ...engine import errors
from ...engine.validation import digits_typed
from ...i18n import _
from ...i18n.formatting import credits, voucher_number
from ...kiosk.money import MoneyIntent, VoucherNumberRefused
from .money_entry import MoneyEntryScreen
from .money_questions import attendant_money, carried_out_already_text


class RedeemVoucherScreen(MoneyEntryScreen):
    """Ticket in: a voucher of the hall, confirmed, checked with the server and credited here once."""

    PROMPT_ID = "voucher-prompt"

    def __init__(self) -> None:
        super().__init__()
        self.asking = False

    @property
    def waiting(self) -> bool:
        return self.asking

    def heading(self) -> str:
        return _("Redeem a voucher")

    def prompt(self) -> str:
        return _("Voucher number, then Enter:")

    def verb(self) -> str:
        return _("Redeem")

    def status(self) -> str:
        return _("Asking the hall…") if self.asking else self.message

    def make_field(self) -> Input:
        # A validation number is typed with or without its hyphens (12-3456-7890-1234-5678).
        return Input(restrict=r"[0-9 \-]*", max_length=26, id="voucher-number", classes="attendant-input")

    def entered(self, event: Input.Submitted) -> None:
        from ...store import StoreError

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
            intent = attendant_money(self.app).ask_to_redeem(self.number_field.value)
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
            self.verb,
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
        field = self.number_field
        typed = digits_typed(field.value)  # with or without the printed hyphens
        still_typed = typed is not None and int(typed) == result.number
        if result.outcome is not RedeemOutcome.UNREACHABLE and still_typed:
            field.value = ""
        self.refresh_view()


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
