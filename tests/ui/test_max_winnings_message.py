"""The R14 message names what was collected: the whole stack, not the winnings alone."""

from __future__ import annotations

import pytest

from reddog_tui.engine import TableConfig

from .helpers import make_app, run

SPREAD_1_WIN = ("6H", "8S", "7C")  # spread 1 pays 5:1 (R8)

# Ante 100 raised by 100 at 5:1: 200 staked and 1,000 won, 1,200 collected (R14).
EXPECTED = {
    "en": "Spread 1 pays 5:1. Max winnings reached: 1,200\u00a0credits collected for you.",
    "de": "1.200\u00a0Punkte gutgeschrieben.",
    "pl": "wygraną: dopisano 1200\u00a0kredytów.",  # Polish groups from 10 000 on; a no-break space before the unit
    "fr": "encaissement automatique de 1\u202f200\u00a0crédits.",  # grouped with a narrow no-break space
    "it": "ritiro automatico di 1.200\u00a0crediti.",
}


@pytest.mark.parametrize("language", EXPECTED)
@run
async def test_the_max_winnings_message_shows_the_collected_stack(tmp_path, language):
    app = make_app(tmp_path, language, [SPREAD_1_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.reconfigure(TableConfig(max_winnings=1200))
        app.session.set_progressive(True)
        await pilot.press("enter", "right", "right", "right", "right", "plus", "d", "r")  # the 100 chip
        await pilot.pause()
        state = app.session.state
        assert state.auto_collected == 1200 and state.winnings == 0
        message = str(app.screen.query_one("#message").content)
        assert message.endswith(EXPECTED[language]), message
