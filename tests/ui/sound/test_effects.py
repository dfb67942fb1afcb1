"""Which sounds each committed transition plays, in order, over scripted rounds (R3–R15)."""

from __future__ import annotations

import pytest

from reddog_tui.engine import Action, TableConfig, new_table
from reddog_tui.ui.sound import SoundName, sounds_for

from .rounds import Table

S = SoundName
THIRD_CARD = (S.BEAT, S.CARD_TURNED)


def test_a_chip_placed_and_one_taken_off_the_ante_r3():
    table = Table()
    assert table.do(Action.ADD_CHIP, 10) == (S.CHIP_PLACED,)
    assert table.do(Action.ADD_CHIP, 5) == (S.CHIP_PLACED,)
    assert table.do(Action.REMOVE_CHIP, 5) == (S.CHIP_TAKEN,)


def test_a_spread_deals_then_waits_then_turns_the_third_card_and_wins_r5c_r7_r8():
    table = Table("4H AD QD")  # spread 9, the Queen between
    table.do(Action.ADD_CHIP, 10)
    assert table.do(Action.DEAL) == (S.DEAL,)  # the spread waits for raise or call: no third card yet
    assert table.do(Action.CALL) == (*THIRD_CARD, S.WIN)


def test_a_raise_places_its_chips_before_the_third_card_r7():
    table = Table("4H AD QD")
    table.do(Action.ADD_CHIP, 10)
    table.do(Action.DEAL)
    assert table.do(Action.RAISE) == (S.CHIP_PLACED, *THIRD_CARD, S.WIN)


def test_a_spread_lost_r8():
    table = Table("2S 9H KC")  # the King is outside 2..9
    table.do(Action.ADD_CHIP, 10)
    table.do(Action.DEAL)
    assert table.do(Action.CALL) == (*THIRD_CARD, S.LOSS)


def test_a_raised_hand_lost_still_places_the_raise_first_r7_r8():
    table = Table("2S 9H KC")
    table.do(Action.ADD_CHIP, 10)
    table.do(Action.DEAL)
    assert table.do(Action.RAISE) == (S.CHIP_PLACED, *THIRD_CARD, S.LOSS)


def test_a_spread_lost_on_a_card_equal_to_one_face_up_r8():
    table = Table("2S 9H 9C")
    table.do(Action.ADD_CHIP, 10)
    table.do(Action.DEAL)
    assert table.do(Action.CALL) == (*THIRD_CARD, S.LOSS)


def test_consecutive_is_a_push_without_a_third_card_and_the_next_deal_places_no_chips_r5a_r10():
    table = Table("7S 8H 2C", "4H AD QD")
    table.do(Action.ADD_CHIP, 10)
    assert table.do(Action.DEAL) == (S.DEAL, S.PUSH)
    assert table.do(Action.DEAL) == (S.DEAL,)  # R10: the same ante, dealt again


def test_a_pair_turns_the_third_card_at_once_and_pushes_r5b():
    table = Table("KS KH 2C")
    table.do(Action.ADD_CHIP, 10)
    assert table.do(Action.DEAL) == (S.DEAL, *THIRD_CARD, S.PUSH)


def test_three_of_a_kind_is_the_bigger_win_r5b():
    table = Table("6S 6H 6C")
    table.do(Action.ADD_CHIP, 10)
    assert table.do(Action.DEAL) == (S.DEAL, *THIRD_CARD, S.BIG_WIN)


def test_max_winnings_collected_is_its_own_win_r13_r14():
    # 100 on the ante, raised: spread 1 pays 5:1, a stack of 1,200 reaches max winnings.
    table = Table("6H 8S 7C", max_winnings=1200)
    assert table.do(Action.SET_PROGRESSIVE, True) == ()
    table.do(Action.ADD_CHIP, 100)
    assert table.do(Action.DEAL) == (S.DEAL,)
    assert table.do(Action.RAISE) == (S.CHIP_PLACED, *THIRD_CARD, S.MAX_WINNINGS)
    assert table.state.auto_collected == 1200


def test_three_of_a_kind_reaching_max_winnings_plays_the_biggest_only_r14():
    table = Table("6S 6H 6C", max_winnings=1200, max_bet=100)
    table.do(Action.SET_PROGRESSIVE, True)
    table.do(Action.ADD_CHIP, 100)
    assert table.do(Action.DEAL) == (S.DEAL, *THIRD_CARD, S.MAX_WINNINGS)


def test_a_progressive_stack_rides_without_new_chips_and_collect_takes_them_r13():
    table = Table("4H AD QD", "2S 9H 5C")
    table.do(Action.SET_PROGRESSIVE, True)
    table.do(Action.ADD_CHIP, 10)
    table.do(Action.DEAL)
    table.do(Action.CALL)
    assert table.do(Action.DEAL) == (S.DEAL,)  # the stack becomes the ante: nothing from the credits
    assert table.do(Action.CALL) == (*THIRD_CARD, S.WIN)
    assert table.do(Action.COLLECT) == (S.CHIP_TAKEN,)


def test_rebet_places_the_ante_again_then_deals_and_new_bet_takes_the_chips_r12():
    table = Table("4H AD QD", "7S 8H 2C")
    table.do(Action.ADD_CHIP, 10)
    table.do(Action.DEAL)
    table.do(Action.CALL)
    assert table.do(Action.REBET) == (S.CHIP_PLACED, S.DEAL, S.PUSH)
    assert table.state.rounds_dealt == 2


def test_new_bet_after_a_win_takes_the_chips_and_after_a_loss_is_quiet_r12():
    won = Table("4H AD QD")
    won.do(Action.ADD_CHIP, 10)
    won.do(Action.DEAL)
    won.do(Action.CALL)
    assert won.do(Action.NEW_BET) == (S.CHIP_TAKEN,)
    lost = Table("2S 9H KC")
    lost.do(Action.ADD_CHIP, 10)
    lost.do(Action.DEAL)
    lost.do(Action.CALL)
    assert lost.do(Action.NEW_BET) == ()  # nothing was on the table to take


@pytest.mark.parametrize(
    ("action", "value", "credits"),
    [
        (Action.ADD_CHIP, 25, 10),  # more than the credits (R3)
        (Action.DEAL, None, 100),  # no ante (R3)
        (Action.REMOVE_CHIP, 5, 100),  # nothing on the ante
        (Action.RAISE, None, 100),  # no spread to raise on (R7)
    ],
)
def test_a_refusal_plays_the_refusal_sound_alone(action, value, credits):
    table = Table(credits=credits)
    before = table.state
    assert table.do(action, value) == (S.REFUSED,)
    assert table.state == before


def test_a_table_only_shown_and_an_unchanged_one_play_nothing():
    state = new_table(100, TableConfig())
    assert sounds_for(None, state) == ()
    assert sounds_for(state, state) == ()


def test_sound_off_plays_nothing_for_any_transition_r15():
    on = Table("4H AD QD", "6S 6H 6C")
    off = Table("4H AD QD", "6S 6H 6C", sound_on=False)
    for table in (on, off):
        table.do(Action.ADD_CHIP, 10)
        table.do(Action.DEAL)
        table.do(Action.RAISE)
        table.do(Action.REBET)
        table.do(Action.DEAL)  # refused: the round is settled, not a push
    assert all(on.heard) and on.heard[-1] == (S.REFUSED,)
    assert off.heard == [()] * len(on.heard)


def test_one_session_plays_every_sound_but_max_winnings_which_has_its_own_test():
    heard = set()
    table = Table("4H AD QD", "2S 9H KC", "7S 8H 2C", "6S 6H 6C")
    for action, value in [
        (Action.ADD_CHIP, 10),
        (Action.REMOVE_CHIP, 10),
        (Action.DEAL, None),
        (Action.ADD_CHIP, 10),
        (Action.DEAL, None),
        (Action.RAISE, None),
        (Action.REBET, None),
        (Action.CALL, None),
        (Action.REBET, None),
        (Action.DEAL, None),
    ]:
        heard.update(table.do(action, value))
    assert heard == set(SoundName) - {S.MAX_WINNINGS}
