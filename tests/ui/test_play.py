"""Pilot tests: playing by keys and by mouse in every language, switching language mid-round."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from reddog_tui.engine import HandKind, Outcome, Phase
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.screens.welcome import WelcomeScreen
from reddog_tui.ui.table_play import table_screen
from reddog_tui.ui.widgets.buttons import ActionButton

from .helpers import (
    CONSECUTIVE,
    LANGUAGES,
    SPREAD_4_LOSE,
    SPREAD_4_WIN,
    HeldTimers,
    button_of,
    click_chip,
    click_language,
    make_app,
    run,
    screen_text,
    seen_buttons,
    wait_until,
)

LABELS = {
    "en": {
        "deal": "DEAL",
        "raise": "RAISE",
        "call": "CALL",
        "rebet": "REBET",
        "new_bet": "NEW BET",
        "collect": "COLLECT",
    },
    "de": {
        "deal": "GEBEN",
        "raise": "ERHÖHEN",
        "call": "HALTEN",
        "rebet": "NOCHMAL",
        "new_bet": "NEUE WETTE",
        "collect": "EINSTREICHEN",
    },
    "pl": {
        "deal": "ROZDAJ",
        "raise": "PODBIJ",
        "call": "CZEKAJ",
        "rebet": "PONÓW",
        "new_bet": "NOWY ZAKŁAD",
        "collect": "ODBIERZ",
    },
    "fr": {
        "deal": "DISTRIBUER",
        "raise": "OUI",
        "call": "NON",
        "rebet": "REMISER",
        "new_bet": "NOUVELLE MISE",
        "collect": "ENCAISSER",
    },
    "it": {
        "deal": "GIOCA",
        "raise": "RILANCIA",
        "call": "CHIAMA",
        "rebet": "RIPETI",
        "new_bet": "NUOVA PUNTATA",
        "collect": "RITIRA",
    },
}
# The message line for a spread of 4 awaiting the decision (R5c, R7).
SPREAD_4_QUESTION = {
    "en": "5 and 10: spread 4 — raise?",
    "de": "5 und 10: Wertunterschied 4 – erhöhen?",
    "pl": "5 i\u00a010: Spread 4 – podbijasz?",
    "fr": "5 et 10\u00a0: séquence de 4 – augmenter l'enjeu\u202f?",
    "it": "5 e 10: scarto 4 – rilanci?",
}


def table_of(app) -> TableScreen:
    screen = table_screen(app)
    assert screen is not None
    return screen


def message(app) -> str:
    return str(table_of(app).query_one("#message").content)


def shown_buttons(app) -> dict[str, tuple[str, bool]]:
    """Visible buttons: action -> (label text, enabled)."""
    return {b.table_action.value: (str(b.label), not b.disabled) for b in seen_buttons(app)}


def label_of(app, action: str) -> str:
    text, _enabled = shown_buttons(app)[action]
    _key, label = text.strip().split(" ", 1)
    return label.strip()


@pytest.mark.parametrize("language", LANGUAGES)
@run
async def test_full_round_by_keys(tmp_path, language):
    app = make_app(tmp_path, language, [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, WelcomeScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        assert app.session.state.credits == 1000  # a new data dir can play at once
        await pilot.press("plus", "plus")  # two chips of the smallest value (1)
        assert app.session.state.ante == 2
        assert set(shown_buttons(app)) == {"deal"}
        await pilot.press("d")
        state = app.session.state
        assert (state.phase, state.kind, state.spread) == (Phase.DECISION, HandKind.SPREAD, 4)  # R6: 5 and 10
        assert message(app) == SPREAD_4_QUESTION[language]
        assert {a: label_of(app, a) for a in shown_buttons(app)} == {
            "raise": LABELS[language]["raise"],
            "call": LABELS[language]["call"],
        }
        await pilot.press("r")
        state = app.session.state
        assert (state.outcome, state.raised, state.winnings, state.credits) == (Outcome.WIN, 2, 4, 996)  # R8: 1:1
        assert {a: label_of(app, a) for a in shown_buttons(app)} == {
            "rebet": LABELS[language]["rebet"],
            "new_bet": LABELS[language]["new_bet"],
        }
        await pilot.press("n")  # R12: NEW BET takes everything to the credits
        state = app.session.state
        assert (state.phase, state.credits, state.on_table) == (Phase.BETTING, 1004, 0)


@pytest.mark.parametrize("language", LANGUAGES)
@run
async def test_full_round_by_mouse(tmp_path, language):
    app = make_app(tmp_path, language, [SPREAD_4_LOSE])
    async with app.run_test(size=(80, 24)) as pilot:
        await click_language(pilot, language)
        assert isinstance(app.screen, TableScreen) and app.language == language
        await click_chip(pilot, 5)  # a left click adds the chip (R3)
        assert app.session.state.ante == 5
        await click_chip(pilot, 5, button=3)  # a right click takes it off
        assert app.session.state.ante == 0
        await click_chip(pilot, 10)
        assert app.session.state.ante == 10
        assert table_of(app).selected_chip == 10
        await pilot.click(button_of(app, "deal"))
        assert app.session.state.phase is Phase.DECISION
        await pilot.click(button_of(app, "call"))
        state = app.session.state
        assert (state.outcome, state.credits, state.on_table) == (Outcome.LOSE, 990, 0)  # R8: equal loses
        await pilot.click(button_of(app, "new_bet"))
        assert app.session.state.phase is Phase.BETTING


@pytest.mark.parametrize("language", LANGUAGES)
@run
async def test_language_switch_mid_round_changes_text_not_game(tmp_path, language):
    """`l` mid-round: cards, stakes, credits and phase unchanged; buttons in the next language."""
    app = make_app(tmp_path, language, [SPREAD_4_WIN])
    order = ("en", "de", "pl", "fr", "it")
    following = order[(order.index(language) + 1) % 5]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "right", "plus", "d")  # a chip of 5, then deal
        before = app.session.state
        await pilot.press("f1")  # the rules screen on top: the table underneath must follow too
        await pilot.press("l")
        await pilot.pause()
        assert app.language == following
        assert app.session.state == before
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        assert app.session.state == before
        assert before.ante == 5 and before.phase is Phase.DECISION
        assert {a: label_of(app, a) for a in shown_buttons(app)} == {
            "raise": LABELS[following]["raise"],
            "call": LABELS[following]["call"],
        }
        assert message(app) == SPREAD_4_QUESTION[following]
        for button in table_of(app).query(ActionButton):
            if button.display:  # each label fits its button in the new language
                assert button.content_size.width >= len(str(button.label))
        await pilot.press("r")  # and the round plays on
        assert app.session.state.outcome is Outcome.WIN


@run
async def test_refusal_is_reworded_by_a_language_switch_and_the_push_deal_still_comes(tmp_path):
    app = make_app(tmp_path, "fr", [CONSECUTIVE, SPREAD_4_WIN], push_pause=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus", "d", "c")  # CALL after a push: refused
        assert message(app) == "NON n'est pas possible maintenant\u00a0: la manche est terminée."
        await pilot.press("l")
        assert message(app) == "CHIAMA non è disponibile ora: la mano è finita."
        await timers.fire()
        assert app.session.state.phase is Phase.DECISION  # R10: the refused key did not stop the deal


@run
async def test_the_push_pause_is_a_real_timer_that_deals(tmp_path):
    """R10: with nothing held, the app's own timer deals the next hand."""
    app = make_app(tmp_path, "en", [CONSECUTIVE, SPREAD_4_WIN], push_pause=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d")
        await wait_until(pilot, lambda: app.session.state.rounds_dealt == 2)
        assert (app.session.state.phase, app.session.state.ante) == (Phase.DECISION, 1)


@run
async def test_a_longer_label_after_a_switch_still_fits_its_button(tmp_path):
    app = make_app(tmp_path, "pl", [CONSECUTIVE])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter", "plus", "d")  # French chosen on the welcome screen
        await pilot.pause()
        button = button_of(app, "deal")
        assert str(button.label) == " d  DISTRIBUER"
        assert button.content_size.width >= len(str(button.label))


@run
async def test_welcome_lists_languages_and_highlights_the_default(tmp_path):
    app = make_app(tmp_path, "fr")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, WelcomeScreen)
        languages = screen.query_one("#language-list", OptionList)
        names = [str(option.prompt) for option in languages.options]
        assert names == ["Deutsch", "Polski", "Français", "Italiano", "English"]
        assert languages.highlighted_option.id == "fr"
        await pilot.press("up")
        assert languages.highlighted_option.id == "pl"
        await pilot.press("down", "down")
        await pilot.press("enter")
        assert app.language == "it"
        assert isinstance(app.screen, TableScreen)
        assert app.session.get_setting("language") == "it"


@run
async def test_smallest_chip_is_selected_and_arrows_move_it(tmp_path):
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        table = table_of(app)
        assert table.selected_chip == 1
        assert table.bet_area.selected == 1
        await pilot.press("right", "right")
        assert table.bet_area.selected == 10
        assert "┏━━━━━┓" in screen_text(app).splitlines()[15][17:24]  # the third chip drawn chosen
        await pilot.press("left", "left", "left")  # stops at the smallest
        assert table.selected_chip == 1


@run
async def test_open_round_opens_the_table_directly(tmp_path):
    app = make_app(tmp_path, "de", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d")
        dealt = app.session.state
    again = make_app(tmp_path, None)  # no language given: the saved one
    async with again.run_test(size=(80, 24)):
        assert isinstance(again.screen, TableScreen)
        assert again.language == "de"
        assert again.session.state == dealt  # the same cards, the third one too


@run
async def test_deal_without_ante_is_disabled_and_the_message_says_why(tmp_path):
    app = make_app(tmp_path, "de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert shown_buttons(app)["deal"] == (" d  GEBEN", False)
        assert message(app).startswith("Noch kein Wetteinsatz")
        await pilot.press("d")  # the key is refused with a reason, nothing changes
        assert app.session.state.phase is Phase.BETTING
        assert message(app) == "Noch kein Wetteinsatz: zuerst eine Spielmarke setzen."


@run
async def test_raise_the_credits_do_not_cover_is_disabled(tmp_path):
    from reddog_tui.engine import StackedDealer
    from reddog_tui.store import GameSession, Store

    with Store.open(tmp_path) as store:
        GameSession(store, StackedDealer([]), initial_credits=30)
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "right", "right", "right", "plus", "d")  # ante 25 of 30
        assert app.session.state.phase is Phase.DECISION
        assert shown_buttons(app)["raise"][1] is False  # R7: only when the credits cover it
        assert shown_buttons(app)["call"][1] is True
        assert "Not enough credits: 25\u00a0credits needed, 5\u00a0credits left." in message(app)
        await pilot.press("r")
        assert app.session.state.raised == 0
        await pilot.press("c")
        assert app.session.state.outcome is Outcome.WIN


@run
async def test_push_deals_the_next_hand_by_itself(tmp_path):
    """R10: a push keeps the ante on the table and deals again after a short pause."""
    app = make_app(tmp_path, "en", [CONSECUTIVE, SPREAD_4_WIN], push_pause=0.6)
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus", "plus", "d")
        state = app.session.state
        assert (state.outcome, state.kind, state.ante) == (Outcome.PUSH, HandKind.CONSECUTIVE, 2)
        assert message(app) == "Consecutive — push. The next hand follows."
        assert [timer.delay for timer in timers.pending()] == [0.6]
        await timers.fire()
        await pilot.pause()
        state = app.session.state
        assert (state.phase, state.spread, state.ante, state.rounds_dealt) == (Phase.DECISION, 4, 2, 2)
        assert state.credits == 998


@run
async def test_demo_mark_only_with_a_seed(tmp_path):
    demo = make_app(tmp_path / "a", "it", seed=11)
    async with demo.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        mark = table_of(demo).query_one("#demo-mark")
        assert mark.display and str(mark.content) == "DEMO – tavolo di prova, crediti reali intatti"
    plain = make_app(tmp_path / "b", "it")
    async with plain.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert not table_of(plain).query_one("#demo-mark").display


@pytest.mark.parametrize("language, words", [("en", "Please enlarge the window"), ("pl", "Powiększ okno")])
@run
async def test_small_window_shows_a_notice_and_keeps_the_round(tmp_path, language, words):
    app = make_app(tmp_path, language, [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d")
        before = app.session.state
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        table = table_of(app)
        notice = table.query_one("#too-small")
        assert notice.display and words in str(notice.content)
        assert not table.query_one("#table-body").display
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert table.query_one("#table-body").display and not notice.display
        assert app.session.state == before


@run
async def test_store_error_shows_a_localized_screen(tmp_path):
    from reddog_tui.ui.screens.error import StoreErrorScreen

    (tmp_path / "reddog.db").write_bytes(b"this is not a database at all" * 10)
    app = make_app(tmp_path, "de")
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, StoreErrorScreen)
        assert app.store_error.code == "not_a_database"
        text = str(app.screen.query_one("#error-text").content)
        assert "ist kein Red-Dog-Journal" in text
        await pilot.press("l", "d", "f2", "escape", "f1", "escape")  # nothing to play, nothing breaks
        assert app.language == "pl"
    assert (tmp_path / "reddog.db").read_bytes() == b"this is not a database at all" * 10


@run
async def test_missing_catalogue_falls_back_to_english_with_a_notice(tmp_path, monkeypatch):
    from reddog_tui import i18n

    monkeypatch.setattr(i18n, "locales_dir", lambda: tmp_path / "no-locales")
    monkeypatch.setattr(i18n, "_catalogues", {})
    monkeypatch.setattr(i18n, "_failed", set())
    app = make_app(tmp_path / "data", "de")
    async with app.run_test(size=(80, 24)) as pilot:
        welcome_notice = app.screen.query_one("#catalogue-notice")
        assert welcome_notice.display and "Deutsch" in str(welcome_notice.content)
        await pilot.press("enter")
        notice = table_of(app).query_one("#catalogue-notice")
        assert notice.display
        assert str(notice.content) == "Deutsch is not available; showing English."
        assert label_of(app, "deal") == "DEAL"


def test_labels_keep_brackets():
    """Labels are Content, not markup: a translation with [brackets] shows them."""
    from reddog_tui.ui.widgets.buttons import key_label

    assert str(key_label("d", "[GEBEN]")) == " d  [GEBEN]"


@run
async def test_command_palette_is_off(tmp_path):
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        assert isinstance(app.screen, WelcomeScreen)
        assert app.use_command_palette is False


@run
async def test_language_without_flag_is_saved_then_system_then_english(tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.language == "pl"  # nothing saved yet: the system's language
        await pilot.press("down", "enter")  # Français chosen and saved
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    again = make_app(tmp_path, None)
    async with again.run_test(size=(80, 24)):
        assert again.language == "fr"  # the saved setting wins over the system
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    fresh = make_app(tmp_path / "other", None)
    async with fresh.run_test(size=(80, 24)):
        assert fresh.language == "en"


@run
async def test_a_store_error_during_play_stays_on_its_screen(tmp_path):
    from reddog_tui.store import StoreError
    from reddog_tui.ui.screens.error import StoreErrorScreen

    app = make_app(tmp_path, "en", rounds=[SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        app.show_store_error(StoreError("locked", tmp_path / "reddog.db"))
        await pilot.pause()
        # Back, rules, settings, recall and every play key: the refusal stays, nothing raises.
        await pilot.press("escape", "d", "f1", "escape", "f2", "f3", "plus", "r", "c", "n", "o")
        assert isinstance(app.screen, StoreErrorScreen) and app.session is None


@run
async def test_a_double_click_never_presses_the_button_that_appears_in_its_place(tmp_path):
    app = make_app(tmp_path, "en", rounds=[SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        await pilot.click(button_of(app, "deal"), times=2)  # RAISE takes DEAL's place after the first click
        await pilot.pause()
        state = app.session.state
        assert state.phase is Phase.DECISION and state.raised == 0 and state.credits == 999


@run
async def test_progressive_after_a_lost_hand_offers_a_working_new_bet(tmp_path):
    """R13: a lost hand leaves nothing to ride or collect, so NEW BET (R12) is the one button, and it works."""
    app = make_app(tmp_path, "en", rounds=[SPREAD_4_LOSE])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        app.session.set_progressive(True)
        await pilot.press("plus", "d", "c")
        state = app.session.state
        assert (state.outcome, state.on_table, state.config.progressive) == (Outcome.LOSE, 0, True)
        assert list(shown_buttons(app)) == ["new_bet"] and shown_buttons(app)["new_bet"][1]
        assert label_of(app, "new_bet") == "NEW BET"
        assert message(app) == "Spread 4: the third card is not in between — you lose your stake."
        await pilot.press("n", "plus")
        state = app.session.state
        assert (state.phase, state.ante, state.credits) == (Phase.BETTING, 1, 998)
        assert "deal" in shown_buttons(app) and shown_buttons(app)["deal"][1]


@run
async def test_the_welcome_list_stops_at_its_ends(tmp_path):
    """↑ on the first language and ↓ on the last stay there: a short list does not wrap."""
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        languages = app.screen.query_one("#language-list", OptionList)
        await pilot.press("down")
        assert languages.highlighted_option.id == "en"  # the last
        await pilot.press(*["up"] * 6)
        assert languages.highlighted_option.id == "de"  # the first
        await pilot.press("enter")
        assert app.language == "de" and isinstance(app.screen, TableScreen)


@run
async def test_a_start_with_chips_on_the_ante_opens_on_the_table(tmp_path):
    """Chips the player placed before a restart are a round begun: no welcome screen over them."""
    from reddog_tui.engine import Action, StackedDealer
    from reddog_tui.store import GameSession, Store

    with Store.open(tmp_path) as store:
        GameSession(store, StackedDealer([])).act(Action.ADD_CHIP, 5)
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert (app.session.state.phase, app.session.state.ante) == (Phase.BETTING, 5)
