"""The table's action buttons stand in fixed places, as wide as the language's widest label: a new
phase relabels them rather than showing and hiding buttons, so a deal lays nothing out (R7, R10,
R12, R13 name the buttons each phase offers)."""

from __future__ import annotations

import gettext

import pytest

from reddog_tui.engine import Phase
from reddog_tui.ui.table_play import table_screen
from reddog_tui.ui.view import BUTTON_PLACES
from reddog_tui.ui.widgets.buttons import ActionButton

from .helpers import (
    CONSECUTIVE,
    LANGUAGES,
    SPREAD_4_LOSE,
    SPREAD_4_WIN,
    button_of,
    make_app,
    run,
)


def places(app) -> list[ActionButton]:
    return list(table_screen(app).buttons)


# (the hands dealt, progressive betting, the keys to the phase, the buttons the phase offers)
PHASES = {
    "betting (R3)": ([SPREAD_4_WIN], False, ("plus",), ["deal"]),
    "decision (R7)": ([SPREAD_4_WIN], False, ("plus", "d"), ["raise", "call"]),
    "push (R10)": ([CONSECUTIVE], False, ("plus", "d"), ["deal"]),
    "settled (R12)": ([SPREAD_4_WIN], False, ("plus", "d", "c"), ["rebet", "new_bet"]),
    "progressive win (R13)": ([SPREAD_4_WIN], True, ("plus", "d", "c"), ["deal", "collect"]),
    "progressive loss (R13)": ([SPREAD_4_LOSE], True, ("plus", "d", "c"), ["new_bet"]),
}


@pytest.mark.parametrize("phase", PHASES)
@run
async def test_every_phase_shows_its_buttons_in_order_in_the_places_and_veils_the_rest(tmp_path, phase):
    rounds, progressive, keys, offered = PHASES[phase]
    app = make_app(tmp_path, "en", rounds)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        if progressive:
            app.session.set_progressive(True)
        await pilot.press(*keys)
        await pilot.pause()
        assert [action.value for action in app.table_view.buttons] == offered
        shown = places(app)
        assert len(shown) == BUTTON_PLACES
        assert [b.table_action.value for b in shown if b.table_action is not None] == offered
        for button in shown[len(offered) :]:
            assert button.veiled and not str(button.label).strip()
        for button in shown[: len(offered)]:
            assert not button.veiled and str(button.label).strip()


@pytest.mark.parametrize("language", LANGUAGES)
@run
async def test_the_places_are_as_wide_as_the_widest_label_and_every_label_fits(tmp_path, language):
    from reddog_tui.engine import Action
    from reddog_tui.ui.texts import BUTTON_KEYS, button_label
    from reddog_tui.ui.widgets.buttons import key_label

    app = make_app(tmp_path, language, [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        await pilot.pause()
        widest = max(key_label(BUTTON_KEYS[a], button_label(a)).cell_length for a in Action if a in BUTTON_KEYS)
        widths = {button.outer_size.width for button in places(app)}
        assert len(widths) == 1
        assert all(button.content_size.width >= widest for button in places(app))


@run
async def test_a_deal_to_the_raise_question_lays_nothing_out(tmp_path):
    """DEAL becomes RAISE and CALL fills the place beside it: a repaint, no layout of the screen."""
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        await pilot.pause()
        layouts: list[object] = []
        app.screen.screen_layout_refresh_signal.subscribe(app.screen, layouts.append)
        await pilot.press("d")
        await pilot.pause()
        assert app.session.state.phase is Phase.DECISION
        assert [b.table_action.value for b in places(app) if b.table_action] == ["raise", "call"]
        assert layouts == []


@run
async def test_a_tap_on_an_empty_place_does_nothing(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        empty = places(app)[1]
        assert empty.table_action is None
        before = app.session.state
        await pilot.click(empty)
        await pilot.pause()
        assert app.session.state == before and app.table_view.refusal is None


@run
async def test_a_press_acts_on_the_action_its_place_showed_when_pressed(tmp_path):
    """A press is acted on after its message comes round; if the place shows the next phase's
    action by then (RAISE where DEAL was), the press is still DEAL's, refused, never a raise."""
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        deal = button_of(app, "deal")
        deal.press()  # the press is queued ...
        app.play.act(app.table_view.buttons[0])  # ... and the deal comes first, by another way
        assert deal.table_action is not None and deal.table_action.value == "raise"
        await pilot.pause()
        state = app.session.state
        assert state.phase is Phase.DECISION and state.raised == 0
        assert app.table_view.refusal is not None  # DEAL, refused mid-round


def test_the_places_width_is_worked_out_in_its_own_language_whatever_is_current(monkeypatch):
    """A table drawn for one language while another is current (a switch on its way) must not keep
    the other's width; nor may a width outlive the catalogue it was measured in."""
    from reddog_tui import i18n
    from reddog_tui.ui.screens.table import widest_button_label

    def widths() -> dict[str, int]:
        return {language: widest_button_label(language) for language in LANGUAGES}

    before = i18n.current_language()
    try:
        own = {}
        for language in LANGUAGES:
            i18n.set_language(language)
            own[language] = widest_button_label(language)
        assert len(set(own.values())) > 1  # the languages' widest labels differ
        i18n.set_language("en")
        assert widths() == own
        monkeypatch.setattr(i18n, "_catalogues", {"de": gettext.NullTranslations()})  # German lost
        assert widths()["de"] == own["en"]
        monkeypatch.undo()
        assert widths() == own
    finally:
        i18n.set_language(before)
