"""Snapshots of every screen in every language at 80×24, and the table at 120×40.

Deals come from a stacked dealer, the data dir is a fresh temp dir, the
automatic deal after a push is off (so the push itself is captured), and
animations are off. Update with `--snapshot-update` only after looking at
the SVGs under tests/ui/__snapshots__/.
"""

from __future__ import annotations

import pytest

from .helpers import CONSECUTIVE, LANGUAGES, SPREAD_4_WIN, THREE_OF_A_KIND, make_app

# state -> (stacked rounds, keys from the welcome screen)
TABLE_STATES = {
    "betting": ((), ("enter", "right", "plus", "plus")),  # ante of two 5-chips (R3)
    "spread-decision": ((SPREAD_4_WIN,), ("enter", "right", "plus", "d")),  # 5 and 10: spread 4 (R6)
    "win": ((SPREAD_4_WIN,), ("enter", "right", "plus", "d", "r")),  # raised and won at 1:1 (R8)
    "push": ((CONSECUTIVE,), ("enter", "right", "plus", "d")),  # 7 and 8 (R5a)
    "three-of-a-kind": ((THREE_OF_A_KIND,), ("enter", "right", "plus", "d")),  # 6-6-6 pays 11:1 (R5b)
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_welcome(snap_compare, tmp_path, language):
    assert snap_compare(make_app(tmp_path, language), terminal_size=(80, 24))


@pytest.mark.parametrize("state", TABLE_STATES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_table(snap_compare, tmp_path, language, state):
    rounds, keys = TABLE_STATES[state]
    assert snap_compare(make_app(tmp_path, language, rounds), press=keys, terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGUAGES)
def test_settings_during_a_round(snap_compare, tmp_path, language):
    """Progressive betting is locked while a round is open, with the reason shown (R13)."""
    rounds, keys = TABLE_STATES["spread-decision"]
    assert snap_compare(make_app(tmp_path, language, rounds), press=(*keys, "f2"), terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGUAGES)
def test_table_large(snap_compare, tmp_path, language):
    rounds, keys = TABLE_STATES["win"]
    assert snap_compare(make_app(tmp_path, language, rounds), press=keys, terminal_size=(120, 40))


def test_too_small_notice(snap_compare, tmp_path):
    """A round played at 80×24, then the window shrinks: the notice hides the table."""
    rounds, keys = TABLE_STATES["spread-decision"]

    async def play_then_shrink(pilot):
        await pilot.resize_terminal(80, 24)
        await pilot.press(*keys)  # behind the notice these keys would not act
        await pilot.resize_terminal(60, 20)
        await pilot.pause()

    assert snap_compare(make_app(tmp_path, "de", rounds), run_before=play_then_shrink, terminal_size=(60, 20))


@pytest.mark.parametrize("language", LANGUAGES)
def test_loss_line(snap_compare, tmp_path, language):
    """A lost round's quiet line, in place of the chips (the other banners are in test_table)."""
    rounds = (("5H", "TS", "KD"),)  # the King lies outside 5 and 10
    assert snap_compare(
        make_app(tmp_path, language, rounds), press=("enter", "right", "plus", "d", "c"), terminal_size=(80, 24)
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_max_winnings_banner(snap_compare, tmp_path, language):
    """R14: the stack reached max winnings and went to the credits, with its own banner."""
    from reddog_tui.engine import TableConfig

    async def play(pilot):
        pilot.app.session.reconfigure(TableConfig(max_winnings=1200))
        pilot.app.session.set_progressive(True)
        await pilot.press("enter", "right", "right", "right", "right", "plus", "d", "r")  # 100, raised: spread 1

    app = make_app(tmp_path, language, (("6H", "8S", "7C"),))
    assert snap_compare(app, run_before=play, terminal_size=(80, 24))


# 9♦ and K♣, then 10♣ between them: pips laid out as on a real card, and the king's big letter (R6).
PIPS_AND_PICTURE = ("9D", "KC", "TC")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_card_faces_large(snap_compare, tmp_path, language):
    """At 120×40 a 9 shows nine pips, a 10 ten, and a king its language's letter, drawn big."""
    keys = ("enter", "right", "plus", "d", "c")
    assert snap_compare(make_app(tmp_path, language, (PIPS_AND_PICTURE,)), press=keys, terminal_size=(120, 40))
