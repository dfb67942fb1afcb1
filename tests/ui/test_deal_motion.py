"""The deal in frames: the two cards arrive one after the other, the third lands face down between
them and turns after a beat. The table is committed before the first frame, so the frames only
present it: any input during them draws the last frame first, then acts once; reduce motion (or
Textual's animations off) draws the last frame with the key, with no timer in between."""

from __future__ import annotations

import pytest

from reddog_tui.engine import Outcome, Phase
from reddog_tui.engine.cards import Card
from reddog_tui.store.settings import Key
from reddog_tui.ui.motion import FAST, NORMAL, length_s
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.sound import RecordingSink, SoundName
from reddog_tui.ui.table_play import PUSH_PAUSE_S, table_screen

from .helpers import (
    CONSECUTIVE,
    PAIR_PUSH,
    SPREAD_4_LOSE,
    SPREAD_4_WIN,
    HeldTimer,
    HeldTimers,
    button_of,
    make_app,
    run,
    screen_text,
    seen_buttons,
)

DEAL_STEPS_S = [NORMAL.step_s] * 4  # first card turned, second lands, second turned, third lands


def moving_app(tmp_path, rounds, *, push_pause: float | None = None):
    app = make_app(tmp_path, "en", rounds, push_pause=push_pause)
    app.animation_level = "full"  # the helper turns Textual's animations off, and with them the frames
    return app


def looks(app) -> tuple[tuple[str, bool] | None, ...]:
    """What the three places show: (card, face up), or None for an empty place."""
    table = table_screen(app)
    assert isinstance(table, TableScreen)
    return tuple(
        None if view.card is None else (view.card.code, view.face_up) for view in (table.cards[n] for n in (1, 2, 3))
    )


def banner_shown(app) -> bool:
    """Seen: in its place and not veiled (while the third card turns it waits there, blank)."""
    return table_screen(app).bet_area.banner_seen


def message(app) -> str:
    return str(table_screen(app).query_one("#message").content)


def card_code(code: str) -> str:
    return Card.from_code(code).code


async def fire(timer: HeldTimer) -> None:
    timer.stopped = True
    await timer.callback()


@run
async def test_the_two_cards_arrive_one_after_the_other_and_the_third_lands_face_down(tmp_path):
    first, second, third = (card_code(code) for code in SPREAD_4_WIN)
    app = moving_app(tmp_path, [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus", "d")
        assert app.session.state.phase is Phase.DECISION  # committed with the key, before any frame
        seen = [looks(app)]
        delays = []
        while timers.pending():
            assert message(app) == ""  # the raise question waits for the cards
            delays.append(timers.pending()[0].delay)
            await timers.fire()
            seen.append(looks(app))
        assert seen == [
            ((first, False), None, None),
            ((first, True), None, None),
            ((first, True), (second, False), None),
            ((first, True), (second, True), None),
            ((first, True), (second, True), (third, False)),  # a spread: the third stays down
        ]
        assert delays == DEAL_STEPS_S
        assert message(app) == "5 and 10: spread 4 — raise?"


@run
async def test_the_third_card_turns_after_a_beat_and_the_result_comes_with_it(tmp_path):
    third = card_code(SPREAD_4_WIN[2])
    app = moving_app(tmp_path, [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus", "d")
        app.play.finish_motion()
        await pilot.press("r")
        assert app.session.state.outcome is Outcome.WIN  # committed with the key
        assert looks(app)[2] == (third, False) and not banner_shown(app)  # the beat: still face down
        assert [timer.delay for timer in timers.pending()] == [NORMAL.beat_s]
        await timers.fire()
        assert looks(app)[2] == (third, True) and not banner_shown(app)  # the card first, alone
        assert [timer.delay for timer in timers.pending()] == [NORMAL.result_s]
        await timers.fire()
        assert banner_shown(app) and message(app).startswith("In between!")


def table_line(app, name: str) -> str:
    return str(table_screen(app).lines[name].text)


def words_on_screen(app) -> set[str]:
    """The phrases of the result the screen's text holds."""
    text = screen_text(app)
    return {phrase for phrase in ("No win this time", "REBET", "NEW BET") if phrase in text}


def buttons_shown(app) -> list[str]:
    """The buttons seen: displayed and not veiled."""
    return [button.table_action.value for button in seen_buttons(app)]


@run
async def test_during_the_beat_the_table_stands_as_staked_and_tells_nothing_of_a_loss(tmp_path):
    """R7, R8: a raise that loses takes ante and raise; until the third card has turned the table
    still shows both stakes, no result's buttons, no usable chip, and says the card is turning."""
    app = moving_app(tmp_path, [SPREAD_4_LOSE])
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus", "d")
        app.play.finish_motion()
        credits_before = app.session.state.credits
        await pilot.press("r")
        assert app.session.state.outcome is Outcome.LOSE and app.session.state.ante == 0  # committed
        assert table_line(app, "stakes") == "Ante 1   Raise 1"
        assert table_line(app, "credits") == f"Credits {credits_before - 1}"
        assert buttons_shown(app) == []
        area = table_screen(app).bet_area
        assert area.shows_banner and not area.usable  # the chips made way, none usable
        assert message(app) == "Turning the third card…"
        # Not even in the terminal's text (a screen reader reads it, colour or not).
        assert not {"No win this time", "REBET", "NEW BET"} & words_on_screen(app)
        await timers.fire()  # the card turns; the table still stands as staked
        assert looks(app)[2] == (card_code(SPREAD_4_LOSE[2]), True)
        assert table_line(app, "stakes") == "Ante 1   Raise 1" and buttons_shown(app) == [] and not banner_shown(app)
        await timers.fire()  # the result
        assert banner_shown(app)
        assert {"No win this time", "REBET", "NEW BET"} <= words_on_screen(app)
        assert table_line(app, "stakes") == "Ante 0"
        assert buttons_shown(app) == ["rebet", "new_bet"]
        assert message(app) == "Spread 4: the third card is not in between — you lose your stake."


@run
async def test_a_key_pressed_during_the_deal_is_applied_exactly_once(tmp_path):
    first, second, third = (card_code(code) for code in SPREAD_4_WIN)
    app = moving_app(tmp_path, [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus", "d")
        await timers.fire()  # the first card is turned; the second is still to come
        assert looks(app) == ((first, True), None, None)
        await pilot.press("r")
        raises = [action for _, action, _ in app.store.journal_actions(limit=50) if action == "raise"]
        assert raises == ["raise"]
        assert app.session.state.raised == 1
        assert app.table_view.refusal is None  # not tried a second time
        # The deal ended at once; the raise turns the third card after its beat, as it would have.
        assert looks(app) == ((first, True), (second, True), (third, False))
        assert [timer.delay for timer in timers.pending()] == [NORMAL.beat_s]
        await timers.fire()
        assert looks(app) == ((first, True), (second, True), (third, True))
        await timers.fire()  # the result
        assert not timers.pending()


@run
async def test_a_refused_key_during_the_deal_shows_the_dealt_table_and_its_refusal(tmp_path):
    """An input acts on the committed table and is seen doing so: the last frame comes first."""
    app = moving_app(tmp_path, [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus", "d")
        await pilot.press("plus")  # no chips while the raise is open
        assert not timers.pending()
        assert looks(app)[1] == (card_code(SPREAD_4_WIN[1]), True)
        assert message(app) == "Chips can only be placed or taken off before the deal."


@run
async def test_with_reduce_motion_no_timer_runs_between_a_key_and_the_final_frame(tmp_path):
    first, second, third = (card_code(code) for code in SPREAD_4_WIN)
    app = moving_app(tmp_path, [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        app.set_setting_on(Key.REDUCE_MOTION, True)
        await pilot.press("enter", "plus", "d")
        assert looks(app) == ((first, True), (second, True), (third, False))
        assert message(app) == "5 and 10: spread 4 — raise?"
        await pilot.press("r")
        assert looks(app) == ((first, True), (second, True), (third, True))
        assert banner_shown(app)
        assert timers.timers == []  # none set, not even one fired at once


@pytest.mark.parametrize("fast_play", [False, True])
@run
async def test_a_pair_turns_its_third_card_after_the_beat_and_fast_play_makes_it_a_blink(tmp_path, fast_play):
    app = moving_app(tmp_path, [PAIR_PUSH])
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        app.set_setting_on(Key.FAST_PLAY, fast_play)
        await pilot.press("enter", "plus", "d")
        delays = []
        while timers.pending():
            delays.append(timers.pending()[0].delay)
            await timers.fire()
        pace = FAST if fast_play else NORMAL
        assert delays == [pace.step_s] * 4 + [pace.beat_s, pace.result_s]
        assert looks(app)[2] == (card_code(PAIR_PUSH[2]), True)
        if fast_play:
            assert sum(delays) <= 0.2
        else:
            assert 0.4 <= NORMAL.beat_s <= 0.6  # "about half a second"


@run
async def test_the_push_banner_stays_readable_and_the_next_hand_is_dealt_in_frames(tmp_path):
    app = moving_app(tmp_path, [CONSECUTIVE, SPREAD_4_WIN], push_pause=PUSH_PAUSE_S)
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus", "d")
        frame, push = timers.pending()
        # The banner comes with the last frame: the pause counts from there.
        assert push.delay == pytest.approx(PUSH_PAUSE_S + sum(DEAL_STEPS_S) + NORMAL.result_s)
        while frame is not None:
            assert not banner_shown(app)
            await fire(frame)
            frame = next((timer for timer in timers.pending() if timer is not push), None)
        assert banner_shown(app)
        await fire(push)
        assert app.session.state.rounds_dealt == 2
        assert looks(app) == ((card_code(SPREAD_4_WIN[0]), False), None, None)  # dealt again, card by card
        assert not banner_shown(app)
        assert len(timers.pending()) == 1


@run
async def test_reduce_motion_is_a_saved_setting(tmp_path):
    app = make_app(tmp_path, "de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f2", *["down"] * 5, "enter")
        assert app.settings.reduce_motion
        row = app.screen.query_one("#setting-reduce-motion")
        assert str(row.query_one(".setting-name").content) == "Bewegung reduzieren"
        assert str(row.query_one(".setting-value").content) == "Ein"
    again = make_app(tmp_path, "de")
    async with again.run_test(size=(80, 24)):
        assert again.settings.reduce_motion and not again.motion


def test_the_frames_end_on_the_committed_cards():
    """Every presentation ends on the view's own cards, and its length is its delays."""
    from reddog_tui.engine.cards import Card as C
    from reddog_tui.ui.motion import EMPTY, frames

    a, b, c = C.from_code("5H"), C.from_code("TS"), C.from_code("8D")
    dealt = ((a, True), (b, True), (c, False))
    turned = ((a, True), (b, True), (c, True))
    assert frames(EMPTY, dealt, NORMAL)[-1].looks == dealt
    assert frames(dealt, turned, NORMAL)[-1].looks == turned
    assert length_s(frames(dealt, turned, NORMAL)) == NORMAL.beat_s
    # A decided hand's result comes in a frame of its own, after the last card.
    assert length_s(frames(dealt, turned, NORMAL, result=True)) == NORMAL.beat_s + NORMAL.result_s
    assert frames(dealt, turned, NORMAL, result=True)[-1].looks == turned
    assert frames(turned, EMPTY, NORMAL) == []  # cards taken off go at once
    assert frames(dealt, dealt, NORMAL) == []


def test_snapshot_the_third_card_face_down_during_the_beat(snap_compare, tmp_path):
    """A pair: both cards up, the third landed face down, the push not yet told."""

    async def deal_to_the_beat(pilot) -> None:
        timers = HeldTimers(pilot.app)
        await pilot.press("enter", "plus", "d")
        for _ in DEAL_STEPS_S:
            await timers.fire()
        assert [timer.delay for timer in timers.pending()] == [NORMAL.beat_s]
        await pilot.pause()

    assert snap_compare(moving_app(tmp_path, [PAIR_PUSH]), run_before=deal_to_the_beat, terminal_size=(80, 24))


@run
async def test_a_win_sounds_its_third_card_and_result_with_the_banner_r15(tmp_path):
    """The deal is heard with the key; the beat, the third card and the win with the last frame."""
    app = moving_app(tmp_path, [SPREAD_4_WIN])
    heard = []

    class Listening(RecordingSink):
        def play(self, name, pcm):
            heard.append((name, banner_shown(app)))

    app.play.sound_sink = Listening()
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus")
        app.play.sound_player.wait_idle()
        assert heard == [(SoundName.CHIP_PLACED, False)]
        await pilot.press("d")
        app.play.finish_motion()
        await pilot.press("r")
        app.play.sound_player.wait_idle()
        assert app.session.state.outcome is Outcome.WIN
        assert [name for name, _ in heard] == [SoundName.CHIP_PLACED, SoundName.DEAL, SoundName.CHIP_PLACED]
        await timers.fire()
        await timers.fire()
        app.play.sound_player.wait_idle()
        assert heard[3:] == [(SoundName.BEAT, True), (SoundName.CARD_TURNED, True), (SoundName.WIN, True)]


@run
async def test_a_tap_on_a_veiled_button_does_nothing_and_the_shown_button_takes_it(tmp_path):
    """A tap where the result's button waits, unseen, during the beat presses nothing (R12): the
    guest cannot rebet a hand whose result they have not seen; once shown, the same tap rebets."""
    app = moving_app(tmp_path, [SPREAD_4_LOSE, SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus", "d")
        app.play.finish_motion()
        await pilot.press("c")
        assert app.session.state.outcome is Outcome.LOSE
        rebet = button_of(app, "rebet")
        assert rebet.display and rebet.veiled
        await pilot.click(rebet)
        assert app.session.state.rounds_dealt == 1 and app.table_view.refusal is None
        while timers.pending():
            await timers.fire()
        assert not rebet.veiled
        await pilot.click(rebet)
        assert app.session.state.rounds_dealt == 2


@run
async def test_a_frame_whose_timer_fired_as_a_key_ended_the_frames_does_nothing(tmp_path):
    """A timer that has fired waits its turn to run, and a key can end the frames first: its frame
    must then neither fail on the frames gone nor step through the frames the key began."""
    first, second, third = (card_code(code) for code in SPREAD_4_WIN)
    app = moving_app(tmp_path, [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus", "d")
        (fired,) = timers.pending()  # due now, but the key below comes first
        await pilot.press("r")  # the deal ends at once; the raise turns the third card after its beat
        await fired.callback()
        assert looks(app) == ((first, True), (second, True), (third, False))
        assert [timer.delay for timer in timers.pending()] == [NORMAL.beat_s]
        await timers.fire()
        await timers.fire()  # the third card, then the result
        await fired.callback()  # no frame left at all
        assert looks(app) == ((first, True), (second, True), (third, True))
        assert banner_shown(app) and not timers.pending()


@run
async def test_a_push_deal_whose_timer_fired_as_a_key_dealt_deals_nothing_more(tmp_path):
    """R10: after a push the next hand comes by itself. If the player's own deal comes between that
    timer firing and its turn to run, and is a push again, the old timer deals nothing: the new
    push keeps its own pause."""
    app = make_app(tmp_path, "en", [PAIR_PUSH, CONSECUTIVE, SPREAD_4_WIN], push_pause=PUSH_PAUSE_S)
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus", "d")  # a pair: a push
        (fired,) = timers.pending()
        await pilot.press("d")  # the player deals first: consecutive, a push again
        seq = app.session.seq
        assert app.session.state.outcome is Outcome.PUSH
        await fired.callback()
        assert app.session.seq == seq  # nothing dealt
        assert [timer.delay for timer in timers.pending()] == [PUSH_PAUSE_S]
        await timers.fire()  # the second push's own pause: the spread is dealt
        assert app.session.state.phase is Phase.DECISION
