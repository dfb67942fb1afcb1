"""Money actions on the attendant's side: one question at a time, each answer carried out once."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.message import Message

from ...i18n import _
from ...kiosk.money import AttendantMoney, MoneyIntent
from ..key_pace import event_clock
from .confirm import ConfirmScreen

if TYPE_CHECKING:
    from ..shell import Shell


def attendant_money(app: Shell) -> AttendantMoney:
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
