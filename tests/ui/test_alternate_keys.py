"""`?`, `s`, `h` and `a` do what F1, F2, F3 and F12 do (a browser may keep those keys), on
every guest screen and in every language; in kiosk mode none of them leads out of the kiosk."""

from __future__ import annotations

import pytest

from reddog_tui.engine import Phase
from reddog_tui.i18n.keys import KEYS
from reddog_tui.ui.screens.attendant_base import AttendantScreen
from reddog_tui.ui.screens.table import TableScreen
from tests.kiosk.kiosk_helpers import kiosk_app

from .helpers import LANGUAGES, SPREAD_4_WIN, make_app, run

# (the F key, its plain stand-in) from the registry, as Textual names them.
PAIRS = [(key.bindings[0][0], key.alternate[0]) for key in KEYS if key.alternate is not None]
DECISION = ("enter", "plus", "d")  # the welcome screen, a chip, a deal: the raise is asked
# The guest screens the F keys open from the table, and the key that opens each.
OPENED_BY = {"table": (), "rules": ("f1",), "settings": ("f2",), "recall": ("f3",)}


def test_the_pairs_are_the_four_f_keys():
    assert sorted(PAIRS) == [("f1", "question_mark"), ("f12", "a"), ("f2", "s"), ("f3", "h")]


async def where_it_leads(app, pilot, start: tuple[str, ...], key: str) -> list[str]:
    """The screens above the table after `key`, pressed on the screen `start` opens."""
    app.action_back_to_table()
    await pilot.pause()
    await pilot.press(*start, key)
    await pilot.pause()
    stack = app.screen_stack
    table = next(index for index, screen in enumerate(stack) if isinstance(screen, TableScreen))
    return [type(screen).__name__ for screen in stack[table + 1 :]]


@pytest.mark.parametrize("language", LANGUAGES)
@run
async def test_each_plain_key_does_what_its_f_key_does_on_every_guest_screen(tmp_path, language):
    app = make_app(tmp_path, language, [SPREAD_4_WIN] * 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*DECISION)
        before = app.session.state
        assert before.phase is Phase.DECISION
        # From every guest screen in French, whose raise question has letters of its own; from
        # the table in the others.
        starts = OPENED_BY if language == "fr" else {"table": ()}
        for start_name, start in starts.items():
            for function_key, plain in PAIRS:
                by_f_key = await where_it_leads(app, pilot, start, function_key)
                by_plain = await where_it_leads(app, pilot, start, plain)
                assert by_plain == by_f_key, (start_name, function_key, plain)
        # Every one of them opened something (F12 only in kiosk mode, below), and the round
        # stayed exactly as it was: a raise question is not answered by them.
        assert await where_it_leads(app, pilot, (), "question_mark") == ["RulesScreen"]
        assert await where_it_leads(app, pilot, (), "s") == ["SettingsScreen"]
        assert await where_it_leads(app, pilot, (), "h") == ["RecallScreen"]
        assert await where_it_leads(app, pilot, (), "a") == []  # no attendant without kiosk mode
        assert app.session.state == before


@run
async def test_in_kiosk_mode_a_opens_the_pin_entry_and_no_plain_key_gets_past_it(tmp_path):
    app = kiosk_app(tmp_path, "de", [SPREAD_4_WIN] * 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*DECISION)
        before = app.session.state
        for start in OPENED_BY.values():
            assert await where_it_leads(app, pilot, start, "a") == await where_it_leads(app, pilot, start, "f12")
        assert await where_it_leads(app, pilot, (), "a") == ["PinScreen"]
        # On the PIN entry every plain key, the F keys and the exit keys leave the kiosk running,
        # and none opens the attendant's menu (its Exit is behind the PIN).
        for key in ("a", "question_mark", "s", "h", "f1", "f2", "f3", "f12", "ctrl+q", "ctrl+c", "escape", "a"):
            await pilot.press(key)
            await pilot.pause()
            assert app.is_running and app.return_code is None, key
            assert not any(isinstance(screen, AttendantScreen) for screen in app.screen_stack), key
        # Pressed everywhere in turn, the plain keys never end the kiosk or reach the menu.
        for start in OPENED_BY.values():
            app.action_back_to_table()
            await pilot.press(*start, "a", "question_mark", "s", "h", "a", "ctrl+q")
            await pilot.pause()
            assert app.is_running and app.return_code is None
            assert not any(isinstance(screen, AttendantScreen) for screen in app.screen_stack)
        app.action_back_to_table()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session.state == before


@pytest.mark.parametrize(("function_key", "plain"), PAIRS)
@run
async def test_the_plain_keys_do_what_the_f_keys_do_on_the_welcome_screen(tmp_path, function_key, plain):
    seen = []
    for key in (function_key, plain):
        app = make_app(tmp_path / key, "pl")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(key)
            await pilot.pause()
            seen.append([type(screen).__name__ for screen in app.screen_stack])
    assert seen[0] == seen[1]
    if function_key == "f1":
        assert seen[1][-1] == "RulesScreen"  # the rules need no table
