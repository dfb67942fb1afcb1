"""A voucher number is read and typed digit by digit: no language groups its digits, wherever it is shown.

The hall issues numbers such as 1000000001 (a kiosk's own range starts at a
thousand million), so a grouped "1,000,000,001" or "1 000 000 001" would not
match the paper voucher. Every place that shows one is asked here: the
journal listing, the cashier's answer, the attendant's redemption lines and
the printed voucher.
"""

from __future__ import annotations

import pytest

from reddog_tui.cli.hall import cashier_text
from reddog_tui.cli.journal import journal_line
from reddog_tui.hall.server import Redemption
from reddog_tui.hall.vouchers import RedeemOutcome, RedeemResult
from reddog_tui.i18n import LANGUAGES, set_language
from reddog_tui.i18n.formatting import number, voucher_number
from reddog_tui.ui.screens.redeem_voucher import redemption_text

VOUCHER = 1_000_000_001
AMOUNT = 2500


def shown_texts() -> list[str]:
    """Every text that names voucher VOUCHER, in the current language."""
    row = {"record": "voucher", "number": VOUCHER, "time": "2026-12-01T18:00:00+00:00", "amount": AMOUNT}
    return [
        voucher_number(VOUCHER),  # the printed voucher's number row
        journal_line(row),
        *(cashier_text(outcome, VOUCHER, AMOUNT) for outcome in Redemption),
        *(redemption_text(RedeemResult(outcome, VOUCHER, AMOUNT)) for outcome in RedeemOutcome),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_voucher_number_is_shown_without_grouping(language):
    set_language(language)
    grouped = number(VOUCHER)
    assert grouped != "1000000001", "the language groups large numbers, so the test can tell"
    for text in shown_texts():
        assert "1000000001" in text and grouped not in text, text


def test_a_voucher_number_keeps_the_six_digits_printed_on_the_voucher():
    assert [voucher_number(n) for n in (1, 42, 123456, 100_000_001)] == ["000001", "000042", "123456", "100000001"]
