"""A language switch in the middle of a round redraws everything: the pay table, the marker, the
message, the buttons and the key bar read as if the table had been opened in the new language."""

from __future__ import annotations

import pytest

from reddog_tui import i18n
from reddog_tui.ui.app import next_language

from .helpers import LANGUAGES, SPREAD_4_WIN, make_app, run, screen_text

DECISION_KEYS = ("enter", "right", "plus", "d")  # a 5 ante; 5 and 10: spread 4 (R6), the raise asked


def previous_language(language: str) -> str:
    """The language that `l` leaves to show `language`."""
    return next(before for before in LANGUAGES if next_language(before) == language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_table_after_a_language_switch(snap_compare, tmp_path, language):
    app = make_app(tmp_path, previous_language(language), [SPREAD_4_WIN])
    assert snap_compare(app, press=(*DECISION_KEYS, "l"), terminal_size=(80, 24))


async def decision_text(data_dir, language: str, switch: bool) -> str:
    app = make_app(data_dir, previous_language(language) if switch else language, [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*DECISION_KEYS, *(("l",) if switch else ()))
        await pilot.pause()
        assert app.language == language
        return screen_text(app)


@pytest.mark.parametrize("language", LANGUAGES)
@run
async def test_a_switched_table_reads_as_one_opened_in_that_language(tmp_path, language):
    switched = await decision_text(tmp_path / "switched", language, switch=True)
    opened = await decision_text(tmp_path / "opened", language, switch=False)
    assert switched.splitlines() == opened.splitlines()


@run
async def test_the_l_key_steps_through_the_welcome_list_in_its_order(tmp_path):
    """One order of languages: `l` on the welcome screen lights the next language of its list,
    and after the last it comes back to the first."""
    from textual.widgets import OptionList

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        languages = app.screen.query_one("#language-list", OptionList)
        listed = [option.id for option in languages.options]
        assert listed == list(i18n.LANGUAGES)  # the registry's order
        start = listed.index(app.language)
        for step in range(1, len(listed) + 1):
            await pilot.press("l")
            await pilot.pause()
            assert app.language == listed[(start + step) % len(listed)]
            assert languages.highlighted_option.id == app.language


@run
async def test_the_language_is_remembered_once_shown_and_a_burst_remembers_the_last(tmp_path, monkeypatch):
    """R15: the language is a setting the journal keeps. It is written after the frame that shows
    it; switches in one burst (before a frame) write only the language they end on."""
    from reddog_tui.store.settings import Key

    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*DECISION_KEYS)
        await pilot.pause()
        written: list[str] = []
        real = app.session.set_setting

        def set_setting(key, value, **how):
            if key == Key.LANGUAGE:
                written.append(value)
            real(key, value, **how)

        monkeypatch.setattr(app.session, "set_setting", set_setting)
        app.language = "de"
        app.language = "pl"
        app.language = "fr"
        assert written == []  # nothing before the frame
        await pilot.pause()
        assert written == ["fr"] and app.session.settings.language == "fr"
        await pilot.press("l")
        await pilot.pause()
        assert written == ["fr", "it"] and app.session.settings.language == "it"


@run
async def test_a_language_picked_on_the_welcome_screen_is_remembered_though_the_app_quits_at_once(tmp_path):
    """R15: the welcome screen goes as the language is picked, and Ctrl+Q follows at once; the
    journal still has the language, and the next start opens in it."""
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("up", "enter", "ctrl+q")  # from English at the list's end: Italiano
    assert app.language == "it"
    again = make_app(tmp_path, None)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.language == "it" and again.session.settings.language == "it"
