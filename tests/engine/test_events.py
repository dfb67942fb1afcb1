"""The events an action returns account for every credit it moves (R3–R14)."""

import json

import pytest
from hypothesis import event, given, settings

from reddog_tui.engine import (
    Action,
    ChipsPlaced,
    ChipsRemoved,
    Collected,
    Dealt,
    HandKind,
    Lost,
    MaxWinningsCollected,
    Outcome,
    Paid,
    Phase,
    ProgressiveSet,
    Pushed,
    StackedDealer,
    Stake,
    TableState,
    Wagered,
    add_chip,
    call,
    collect,
    deal,
    new_bet,
    play,
    raise_,
    rebet,
    remove_chip,
    set_progressive,
)
from reddog_tui.engine.errors import RedDogError

from .conftest import betting, stacked
from .legal_play import games, legal_sequence


@settings(max_examples=300, deadline=None)
@given(**games)
def test_the_events_of_every_legal_action_add_up_to_its_change_in_credits_and_chips(start, length, seed, limits):
    """R3–R14: for any legal play, each step's events move exactly the credits and table chips it changed."""
    for before, action, _, (after, events, _) in legal_sequence(start, length, seed, limits):
        assert sum(e.credits for e in events) == after.credits - before.credits, (action, events)
        assert sum(e.table for e in events) == after.on_table - before.on_table, (action, events)
        assert all(isinstance(getattr(e, "amount", 0), int) and getattr(e, "amount", 0) >= 0 for e in events)
        for e in events:
            event(type(e).__name__)


RESULTS = (Paid, Lost, Pushed, MaxWinningsCollected)


@settings(max_examples=200, deadline=None)
@given(**games)
def test_a_decided_hand_comes_with_the_table_as_staked_before_its_result(start, length, seed, limits):
    """R4–R8, R14: a step that settles a dealt hand also returns the table as staked (cards dealt,
    stakes placed, no result); the result's own events are exactly what lies between the two."""
    for before, action, _, step in legal_sequence(start, length, seed, limits):
        decides = action in (Action.DEAL, Action.REBET, Action.RAISE, Action.CALL) and step.state.phase is Phase.SETTLED
        assert (step.staked is not None) == decides, (action, step)
        if step.staked is None:
            continue
        staked, after = step.staked, step.state
        assert (staked.outcome, staked.winnings, staked.auto_collected) == (None, 0, 0)
        assert staked.cards == after.cards and staked.rounds_dealt == after.rounds_dealt
        results = [e for e in step.events if isinstance(e, RESULTS)]
        assert sum(e.credits for e in results) == after.credits - staked.credits, (action, step)
        assert sum(e.table for e in results) == after.on_table - staked.on_table, (action, step)
        if action is Action.RAISE:
            assert staked.raised == before.ante  # R7: the raise is on the table while the card turns


def test_a_lost_raise_shows_both_stakes_while_the_third_card_turns_r7_r8(table):
    dealt = play(table(ante=10, credits=100), Action.DEAL, dealer=stacked("2H 9S 9D")).state
    step = play(dealt, Action.RAISE)
    assert step.state.outcome is Outcome.LOSE and (step.state.ante, step.state.raised) == (0, 0)
    assert step.staked == dealt._replace(raised=10, credits=80)
    assert play(dealt, Action.CALL).staked == dealt  # the ante alone
    assert play(table(ante=10), Action.DEAL, dealer=stacked("2H 9S 9D")).staked is None  # R5c: still to decide


STATE_ONLY = {
    Action.ADD_CHIP: lambda state, value, _: add_chip(state, value),
    Action.REMOVE_CHIP: lambda state, value, _: remove_chip(state, value),
    Action.DEAL: lambda state, _, dealer: deal(state, dealer),
    Action.RAISE: lambda state, _, __: raise_(state),
    Action.CALL: lambda state, _, __: call(state),
    Action.REBET: lambda state, _, dealer: rebet(state, dealer),
    Action.NEW_BET: lambda state, _, __: new_bet(state),
    Action.COLLECT: lambda state, _, __: collect(state),
    Action.SET_PROGRESSIVE: lambda state, value, _: set_progressive(state, value),
}


@settings(max_examples=100, deadline=None)
@given(**games)
def test_the_functions_per_action_reach_the_state_play_reaches(start, length, seed, limits):
    """R3–R14: the functions that return the state alone (and skip the events) agree with `play`."""
    for before, action, value, (after, events, _) in legal_sequence(start, length, seed, limits):
        cards = [[c.code for c in e.cards] for e in events if isinstance(e, Dealt)]  # the same cards again
        assert STATE_ONLY[action](before, value, StackedDealer(cards)) == after


def test_the_sum_sees_a_wrong_event():
    """The property's check can fail: a payout one credit short does not add up (R8)."""
    state = add_chip(betting(credits=100, ante=0), 10)
    after, events, _ = play(play(state, Action.DEAL, dealer=stacked("2H 9S 5D")).state, Action.RAISE)
    short = [Paid(e.stake, e.winnings - 1, e.kind, e.odds) if isinstance(e, Paid) else e for e in events]
    assert sum(e.table for e in events) == after.on_table - 10
    assert sum(e.table for e in short) != after.on_table - 10


def test_play_returns_what_the_action_function_returns(table):
    state = table(ante=10)
    assert play(state, Action.ADD_CHIP, 5).state == add_chip(state, 5)


def test_a_refused_action_raises_through_play_as_well(table):
    """R3: a chip the table does not have is refused; play returns no events for it."""
    with pytest.raises(RedDogError):
        play(table(ante=10), Action.ADD_CHIP, 3)


def test_chips_on_and_off_the_ante_are_placed_and_removed_r3(table):
    state = table(ante=0)
    placed = play(state, Action.ADD_CHIP, 25)
    assert placed.events == (ChipsPlaced(25),)
    assert play(placed.state, Action.REMOVE_CHIP, 25).events == (ChipsRemoved(25),)


def test_a_spread_wagers_the_ante_and_waits_r4_r5c(table):
    dealt = play(table(ante=10), Action.DEAL, dealer=stacked("2H 9S 5D"))
    assert [type(e) for e in dealt.events] == [Wagered, Dealt]
    wagered, hand = dealt.events
    assert wagered == Wagered(10, Stake.ANTE)
    assert (hand.number, hand.kind, hand.spread) == (1, HandKind.SPREAD, 6)
    assert [c.code for c in hand.cards] == ["2H", "9S", "5D"]


def test_a_raise_wagers_as_much_again_and_a_win_pays_stake_and_winnings_r7_r8(table):
    dealt = play(table(ante=10), Action.DEAL, dealer=stacked("2H 9S 5D")).state  # spread 6 pays 1:1
    assert play(dealt, Action.RAISE).events == (Wagered(10, Stake.RAISE), Paid(20, 20, HandKind.SPREAD, 1))


def test_a_call_that_loses_loses_the_ante_alone_r7_r8(table):
    dealt = play(table(ante=10), Action.DEAL, dealer=stacked("2H 9S 9D")).state
    assert play(dealt, Action.CALL).events == (Lost(10),)


def test_consecutive_and_pair_are_pushes_and_three_of_a_kind_pays_eleven_r5_r10(table):
    consecutive = play(table(ante=10), Action.DEAL, dealer=stacked("5H 6S 9D"))
    assert consecutive.events[-1] == Pushed(10, HandKind.CONSECUTIVE)
    pair = play(table(ante=10), Action.DEAL, dealer=stacked("5H 5S 9D"))
    assert pair.events[-1] == Pushed(10, HandKind.PAIR)
    trips = play(table(ante=10), Action.DEAL, dealer=stacked("5H 5S 5D"))
    assert trips.events[-1] == Paid(10, 110, HandKind.THREE_OF_A_KIND, 11)
    # R10: the pushed ante plays the next hand; it is wagered again.
    again = play(pair.state, Action.DEAL, dealer=stacked("2H 9S 5D"))
    assert again.events[0] == Wagered(10, Stake.ANTE)


def test_rebet_collects_the_table_places_the_ante_and_deals_r12(table):
    won = play(play(table(ante=10), Action.DEAL, dealer=stacked("2H 9S 5D")).state, Action.CALL).state
    rebet = play(won, Action.REBET, dealer=stacked("2H 9S 5D"))
    assert rebet.events[:3] == (Collected(20), ChipsPlaced(10), Wagered(10, Stake.ANTE))
    assert isinstance(rebet.events[3], Dealt)
    lost = play(play(table(ante=10), Action.DEAL, dealer=stacked("2H 9S 9D")).state, Action.CALL).state
    assert play(lost, Action.NEW_BET).events == ()  # nothing on the table to collect


def test_progressive_choice_ride_and_collect_r13():
    state = betting(credits=1000, ante=0)
    progressive = play(state, Action.SET_PROGRESSIVE, True)
    assert progressive.events == (ProgressiveSet(True),)
    state = add_chip(progressive.state, 10)
    won = play(play(state, Action.DEAL, dealer=stacked("2H 9S 5D")).state, Action.CALL).state
    ride = play(won, Action.DEAL, dealer=stacked("2H 9S 5D"))
    assert ride.events[0] == Wagered(20, Stake.ANTE)  # the whole stack rides
    won_again = play(ride.state, Action.CALL).state
    assert play(won_again, Action.COLLECT).events == (Collected(40),)


def test_max_winnings_collects_the_stack_after_paying_it_r14():
    state = add_chip(play(betting(credits=1000, ante=0, max_winnings=1200), Action.SET_PROGRESSIVE, True).state, 100)
    dealt = play(state, Action.DEAL, dealer=stacked("6H 8S 7C")).state  # spread 1 pays 5:1
    assert play(dealt, Action.RAISE).events == (
        Wagered(100, Stake.RAISE),
        Paid(200, 1000, HandKind.SPREAD, 5),
        MaxWinningsCollected(1200, 1200),
    )


def test_a_state_written_by_a_later_release_with_more_fields_still_loads():
    """A journal entry from a later release may carry fields this one does not know: they are ignored."""
    state = play(betting(credits=900, ante=10), Action.DEAL, dealer=stacked("2H 9S 5D")).state
    data = json.loads(state.to_json())
    data["side_bet"] = 5
    data["config"]["bonus_table"] = "B"
    loaded = TableState.from_json(json.dumps(data))
    assert loaded == state
    assert "side_bet" not in loaded.to_json()
