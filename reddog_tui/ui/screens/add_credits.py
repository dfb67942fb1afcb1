"""Credits paid in, added by the attendant."""

from __future__ import annotations

from textual.widgets import Input

from ...engine import errors
from ...i18n import _
from ...i18n.formatting import credits
from ...kiosk.money import CREDITS_KEY, MoneyIntent
from ...store.settings import CREDITS_PAID_IN, SettingRefused
from ..kiosk_texts import refusal_text
from .money_entry import MoneyEntryScreen
from .money_questions import attendant_money, carried_out_already_text
from .operator_settings import SettingValidator


class AddCreditsScreen(MoneyEntryScreen):
    """The amount paid in, exactly as typed: refused with the reason unless it is a whole number
    in range, then confirmed with the amount shown before anything is added."""

    PROMPT_ID = "credits-prompt"

    def heading(self) -> str:
        return _("Add credits")

    def prompt(self) -> str:
        return _("Credits paid in, then Enter:")

    def verb(self) -> str:
        return _("Add")

    def make_field(self) -> Input:
        return Input(
            validators=[SettingValidator(CREDITS_KEY, lambda text: CREDITS_PAID_IN.parse(CREDITS_KEY, text))],
            validate_on=["changed"],
            id="amount",
            classes="attendant-input",
        )

    def entered(self, event: Input.Submitted) -> None:
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
            self.verb,
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
            self.kiosk_mode.credits_added(amount)
            self.message = _("{amount} added.").format(amount=credits(amount))
            self.number_field.value = ""
            self.app.publish_view()
        self.refresh_view()
