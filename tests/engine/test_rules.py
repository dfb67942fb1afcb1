"""Every rule of RULES.md, played with stacked decks."""

from collections import Counter

import pytest

from reddog_tui.engine import (
    Action,
    Card,
    HandKind,
    Outcome,
    Phase,
    add_chip,
    allowed_actions,
    call,
    collect,
    deal,
    errors,
    fresh_deck,
    new_bet,
    raise_,
    rebet,
    remove_chip,
    set_progressive,
    why_not,
)
from reddog_tui.engine.rules import read_face_up, third_card_wins

from .conftest import betting, stacked

# --- R1, R2: the cards ------------------------------------------------------


def test_r1_one_deck_has_52_distinct_cards_four_of_each_rank():
    deck = fresh_deck(1)
    assert len(deck) == 52 and len(set(deck)) == 52
    assert set(Counter(c.rank for c in deck).values()) == {4}


def test_r1_more_decks_make_a_larger_shoe():
    assert len(fresh_deck(8)) == 416
    with pytest.raises(ValueError):
        fresh_deck(0)
    with pytest.raises(ValueError):
        fresh_deck(9)


@pytest.mark.parametrize(
    "code, value", [("2S", 2), ("9H", 9), ("TD", 10), ("JC", 11), ("QS", 12), ("KH", 13), ("AD", 14)]
)
def test_r2_card_values_ace_high(code, value):
    assert Card.from_code(code).value == value


def test_r2_ace_is_never_one_so_ace_and_two_are_not_consecutive():
    face_up = read_face_up(Card.from_code("AS"), Card.from_code("2H"))
    assert face_up.kind is HandKind.SPREAD and face_up.spread == 11


def test_r2_suits_do_not_matter_and_hearts_diamonds_are_red():
    assert Card.from_code("7H").value == Card.from_code("7S").value
    assert Card.from_code("7H").is_red and Card.from_code("7D").is_red
    assert not Card.from_code("7S").is_red and not Card.from_code("7C").is_red


# --- R3: the ante -------------------------------------------------------------


def test_r3_chips_move_between_credits_and_ante():
    state = betting(credits=100, ante=0)
    state = add_chip(add_chip(state, 25), 5)
    assert (state.credits, state.ante) == (70, 30)
    state = remove_chip(state, 5)
    assert (state.credits, state.ante) == (75, 25)


def test_r3_unknown_chip_value_is_refused():
    state = betting(ante=0)
    with pytest.raises(errors.UnknownChip):
        add_chip(state, 7)


def test_r3_ante_must_be_covered_by_credits():
    state = betting(credits=20, ante=0)
    with pytest.raises(errors.InsufficientCredits) as refused:
        add_chip(state, 25)
    assert (refused.value.needed, refused.value.available) == (25, 20)


def test_r3_ante_above_table_maximum_is_refused():
    state = betting(credits=1000, ante=100, max_bet=100)
    with pytest.raises(errors.AboveTableMaximum):
        add_chip(state, 1)


def test_r3_ante_below_table_minimum_cannot_be_dealt():
    state = betting(ante=5, min_bet=10)
    with pytest.raises(errors.BelowTableMinimum):
        deal(state, stacked("2H 6S 4D"))


def test_r3_no_deal_without_ante():
    with pytest.raises(errors.NoBet):
        deal(betting(ante=0), stacked("2H 6S 4D"))


def test_r3_cannot_remove_more_than_the_ante():
    with pytest.raises(errors.NothingToRemove):
        remove_chip(betting(ante=5), 10)
    with pytest.raises(errors.NothingToRemove):  # not by a single credit either
        remove_chip(betting(ante=4), 5)
    assert remove_chip(betting(ante=5), 5).ante == 0  # the whole ante comes off


def test_r3_an_ante_of_exactly_the_table_minimum_is_dealt_one_below_is_not():
    assert deal(betting(ante=10, min_bet=10), stacked("2H 6S 4D")).phase is Phase.DECISION
    with pytest.raises(errors.BelowTableMinimum):
        deal(betting(ante=9, min_bet=10), stacked("2H 6S 4D"))


def test_r3_an_ante_of_exactly_the_table_maximum_is_dealt():
    """R3: the ante may be anywhere between the limits, the maximum included."""
    state = deal(betting(credits=1000, ante=100, max_bet=100), stacked("2H 6S 4D"))
    assert (state.phase, state.ante) == (Phase.DECISION, 100)


# --- R4, R5, R6: the deal and the three cases ----------------------------------


def test_r4_the_three_cards_are_fixed_at_the_deal():
    state = deal(betting(), stacked("2H 6S 4D"))
    assert [c.code for c in state.cards] == ["2H", "6S", "4D"]
    assert state.phase is Phase.DECISION and not state.third_card_shown


@pytest.mark.parametrize(
    "first, second, spread",
    [
        ("2H", "6S", 3),  # pl, en
        ("2H", "JS", 8),  # de: 3, 4, 5, 6, 7, 8, 9, 10
        ("4H", "JS", 6),  # fr: 5, 6, 7, 8, 9, 10
        ("5H", "TS", 4),  # it, en
        ("JS", "2H", 8),  # order does not matter
    ],
)
def test_r5c_r6_spread_examples_from_the_sources(first, second, spread):
    state = deal(betting(), stacked(f"{first} {second} 9C"))
    assert state.kind is HandKind.SPREAD and state.spread == spread
    assert allowed_actions(state) == {Action.RAISE, Action.CALL}


@pytest.mark.parametrize("first, second", [("7H", "8S"), ("5H", "6S"), ("QH", "KS"), ("2D", "3C")])
def test_r5a_consecutive_is_a_push_without_third_card(first, second):
    state = deal(betting(credits=1000, ante=10), stacked(f"{first} {second} 9C"))
    assert state.kind is HandKind.CONSECUTIVE and state.outcome is Outcome.PUSH
    assert state.phase is Phase.SETTLED and not state.third_card_shown
    assert (state.ante, state.credits, state.winnings) == (10, 990, 0)


def test_r5b_pair_turns_third_card_automatically_and_pushes():
    state = deal(betting(), stacked("KH KS 7C"))  # two Kings (de)
    assert state.kind is HandKind.PAIR and state.outcome is Outcome.PUSH
    assert state.third_card_shown and state.ante == 10 and state.credits == 990


def test_r5b_two_jacks_then_another_value_is_a_push():
    state = deal(betting(), stacked("JH JD 4C"))  # two Jacks (fr)
    assert state.outcome is Outcome.PUSH


def test_r5b_three_of_a_kind_pays_eleven_to_one():
    state = deal(betting(credits=1000, ante=10), stacked("6H 6S 6D"))  # 6-6-6 (pl)
    assert state.kind is HandKind.THREE_OF_A_KIND and state.outcome is Outcome.WIN
    assert state.winnings == 110 and state.on_table == 120 and state.credits == 990


def test_r5b_no_raise_on_a_pair():
    state = deal(betting(), stacked("KH KS 7C"))
    with pytest.raises(errors.ActionNotAllowed):
        raise_(state)


# --- R7, R8, R9: raise or call, settlement ------------------------------------


def test_r7_raise_doubles_the_bet_with_exactly_the_ante():
    state = raise_(deal(betting(credits=100, ante=10), stacked("2H JS 5C")))
    assert state.raised == 10 and state.credits == 80


def test_r7_raise_refused_when_credits_do_not_cover_it():
    state = deal(betting(credits=15, ante=10), stacked("2H JS 5C"))
    with pytest.raises(errors.InsufficientCredits):
        raise_(state)
    assert call(state).outcome is Outcome.WIN


def test_r7_credits_exactly_equal_to_the_ante_cover_the_raise():
    """R7: the raise is offered "only when the player's credits cover it". Credits equal to the
    ante cover it: 20 credits, an ante of 10, leave 10 after the deal, exactly the raise."""
    state = deal(betting(credits=20, ante=10), stacked("2H JS 5C"))
    assert (state.credits, state.ante) == (10, 10)
    assert Action.RAISE in allowed_actions(state)
    raised = raise_(state)
    assert (raised.credits, raised.raised) == (0, 10)
    assert raised.outcome is Outcome.WIN and raised.winnings == 20  # spread 8 pays 1:1 on ante and raise (R8)
    # One credit short of the ante does not cover it.
    short = deal(betting(credits=19, ante=10), stacked("2H JS 5C"))
    with pytest.raises(errors.InsufficientCredits):
        raise_(short)


def test_r7_no_raise_after_the_decision():
    state = call(deal(betting(), stacked("2H JS 5C")))
    with pytest.raises(errors.ActionNotAllowed):
        raise_(state)


@pytest.mark.parametrize(
    "first, second, third, odds",
    [("6H", "8S", "7C", 5), ("6H", "9S", "8C", 4), ("2H", "6S", "4C", 2), ("5H", "TS", "7C", 1), ("2H", "AS", "KC", 1)],
)
def test_r8_r9_win_pays_ante_and_raise_at_the_spreads_rate(first, second, third, odds):
    state = raise_(deal(betting(credits=1000, ante=10), stacked(f"{first} {second} {third}")))
    assert state.outcome is Outcome.WIN
    assert state.winnings == odds * 20  # raise paid at the spread's rate too (fr)
    assert state.on_table == 20 + odds * 20


def test_r9_ten_won_at_five_to_one_returns_sixty():
    state = call(deal(betting(credits=1000, ante=10), stacked("6H 8S 7C")))
    assert state.on_table == 60


@pytest.mark.parametrize("third", ["2C", "JD", "AC", "KC"])  # equal to an end card, or outside
def test_r8_third_card_equal_or_outside_loses(third):
    state = raise_(deal(betting(credits=1000, ante=10), stacked(f"2H JS {third}")))
    assert state.outcome is Outcome.LOSE and state.on_table == 0 and state.credits == 980


def test_r8_never_a_push_in_a_non_consecutive_hand():
    for third in fresh_deck():
        assert third_card_wins(Card.from_code("4H"), Card.from_code("JS"), third) == (4 < third.value < 11)


# --- R10: push --------------------------------------------------------------------


def test_r10_push_keeps_the_ante_for_an_automatic_new_hand():
    state = deal(betting(credits=1000, ante=10), stacked("7H 8S 2C", "2H JS 5C"))
    assert allowed_actions(state) == {Action.DEAL}
    dealer = stacked("2H JS 5C")
    again = deal(state, dealer)
    assert again.ante == 10 and again.credits == 990 and again.spread == 8


# --- R12: REBET and NEW BET ----------------------------------------------------


def test_r12_rebet_collects_winnings_and_places_the_same_ante():
    won = call(deal(betting(credits=1000, ante=10), stacked("2H JS 5C")))
    assert allowed_actions(won) == {Action.REBET, Action.NEW_BET}
    again = rebet(won, stacked("3H 9S 4C"))
    assert again.ante == 10 and again.raised == 0 and again.credits == 1000 and again.phase is Phase.DECISION


def test_r12_rebet_after_a_loss_takes_the_ante_from_the_credits():
    lost = raise_(deal(betting(credits=100, ante=10), stacked("2H JS AC")))
    again = rebet(lost, stacked("3H 9S 4C"))
    assert again.credits == 70 and again.ante == 10


def test_r12_rebet_refused_when_credits_do_not_cover_the_ante():
    lost = call(deal(betting(credits=10, ante=10), stacked("2H JS AC")))
    with pytest.raises(errors.InsufficientCredits):
        rebet(lost, stacked("3H 9S 4C"))


def test_r12_rebet_with_exactly_the_ante_left_is_dealt():
    """R12 takes the ante from the credits again: credits of exactly the ante cover it."""
    lost = call(deal(betting(credits=20, ante=10), stacked("2H JS AC", "2H JS 5C")))
    assert lost.outcome is Outcome.LOSE and lost.credits + lost.on_table == 10
    again = rebet(lost, stacked("2H JS 5C"))
    assert (again.credits, again.ante, again.phase) == (0, 10, Phase.DECISION)


def test_r12_rebet_takes_the_ante_from_the_winnings_it_collects():
    """R12 collects the winnings first: a player whose credits alone cannot cover the ante still
    rebets with the stack won on the table."""
    won = call(deal(betting(credits=10, ante=10), stacked("2H JS 5C")))
    assert (won.outcome, won.credits, won.on_table) == (Outcome.WIN, 0, 20)
    again = rebet(won, stacked("3H 9S 4C"))
    assert (again.credits, again.ante, again.phase) == (10, 10, Phase.DECISION)


def test_r12_new_bet_collects_everything():
    won = raise_(deal(betting(credits=1000, ante=10), stacked("2H JS 5C")))
    fresh = new_bet(won)
    assert fresh.phase is Phase.BETTING and fresh.on_table == 0 and fresh.credits == 1020 and fresh.cards is None


# --- R13, R14: progressive betting ----------------------------------------------


def test_r13_progressive_deal_lets_the_whole_stack_ride():
    state = set_progressive(betting(credits=1000, ante=0), True)
    state = add_chip(add_chip(state, 5), 5)
    won = raise_(deal(state, stacked("2H JS 5C")))
    assert allowed_actions(won) == {Action.COLLECT, Action.DEAL}
    ride = deal(won, stacked("3H 9S 4C"))
    assert ride.ante == 40 and ride.raised == 0 and ride.credits == 980


def test_r13_collect_takes_the_stack_to_the_credits():
    state = add_chip(set_progressive(betting(credits=100, ante=0), True), 10)
    won = call(deal(state, stacked("2H JS 5C")))
    assert collect(won).credits == 110


def test_r13_progressive_cannot_be_switched_during_a_round():
    state = deal(betting(), stacked("2H JS 5C"))
    with pytest.raises(errors.ProgressiveLocked):
        set_progressive(state, True)
    with pytest.raises(errors.ProgressiveLocked):
        set_progressive(call(state), True)


def test_r13_progressive_after_a_loss_offers_only_a_new_bet():
    """Nothing is left to ride or collect (R13), so the table offers NEW BET (R12's way to bet again)."""
    state = add_chip(set_progressive(betting(credits=100, ante=0), True), 10)
    lost = call(deal(state, stacked("2H JS AC")))
    assert allowed_actions(lost) == {Action.NEW_BET}
    for action in allowed_actions(lost):
        assert why_not(lost, action) is None  # every action offered can be taken
    with pytest.raises(errors.ActionNotAllowed):
        deal(lost, stacked("3H 9S 4C"))
    again = new_bet(lost)
    assert again.phase is Phase.BETTING and again.credits == 90 and again.config.progressive
    assert add_chip(again, 5).ante == 5  # R3: the next ante goes on at once


def test_r14_after_max_winnings_collected_only_a_new_bet_is_offered():
    state = add_chip(set_progressive(betting(credits=1000, ante=0, max_winnings=500), True), 100)
    won = raise_(deal(state, stacked("6H 8S 7C")))  # R14 collects the 1,200 at once
    assert allowed_actions(won) == {Action.NEW_BET}
    assert why_not(won, Action.NEW_BET) is None and new_bet(won).credits == 2000


def test_r14_max_winnings_are_collected_automatically():
    state = add_chip(set_progressive(betting(credits=1000, ante=0, max_winnings=500), True), 100)
    won = raise_(deal(state, stacked("6H 8S 7C")))  # 200 at 5:1 -> 1,200 on the table
    assert won.on_table == 0 and won.auto_collected == 1200 and won.credits == 2000


def test_r14_below_max_winnings_the_stack_stays():
    state = add_chip(set_progressive(betting(credits=1000, ante=0, max_winnings=5000), True), 100)
    won = raise_(deal(state, stacked("6H 8S 7C")))
    assert won.on_table == 1200 and won.auto_collected == 0


def test_r14_max_winnings_only_apply_with_progressive_betting():
    won = raise_(deal(betting(credits=1000, ante=100, max_winnings=500), stacked("6H 8S 7C")))
    assert won.on_table == 1200


# --- R15: settings the engine owns -------------------------------------------------


def test_r15_progressive_only_where_the_operator_offers_it():
    state = betting(ante=0, progressive_offered=False)
    with pytest.raises(errors.ProgressiveLocked):
        set_progressive(state, True)
    assert set_progressive(state, False).config.progressive is False


# --- phases: every action refused outside its phase --------------------------------


def test_actions_outside_their_phase_are_refused_with_a_typed_error():
    bet = betting()
    decision = deal(bet, stacked("2H JS 5C"))
    settled = call(decision)
    with pytest.raises(errors.ActionNotAllowed):
        call(bet)
    with pytest.raises(errors.ActionNotAllowed):
        add_chip(decision, 5)
    with pytest.raises(errors.ActionNotAllowed):
        deal(decision, stacked("2H JS 5C"))
    with pytest.raises(errors.ActionNotAllowed):
        collect(settled)  # progressive is off
    with pytest.raises(errors.ActionNotAllowed):
        rebet(bet, stacked("2H JS 5C"))
    assert "not allowed" in str(errors.ActionNotAllowed("raise", "betting"))


def test_r11_each_bet_is_settled_on_its_own():
    # Two players facing the same three cards: each is paid on their own stake.
    cards = "6H 6S 6D"
    small = deal(betting(credits=100, ante=5), stacked(cards))
    large = deal(betting(credits=100, ante=25), stacked(cards))
    assert (small.winnings, large.winnings) == (55, 275)


# --- the operator's settings ---------------------------------------------------


@pytest.mark.parametrize(
    "change, setting",
    [
        (dict(min_bet=600, max_bet=500), "min_bet"),
        (dict(min_bet=0), "min_bet"),  # R3: an ante of nothing is no bet
        (dict(chip_values=(0, 5)), "chip_values"),
        (dict(max_bet=500, max_winnings=400), "max_winnings"),
        (dict(decks=0), "decks"),
        (dict(decks=9), "decks"),
    ],
)
def test_operator_settings_that_make_no_table_are_refused(change, setting):
    from reddog_tui.engine import TableConfig, reconfigure

    state = betting(ante=0)
    with pytest.raises(errors.InvalidSetting) as refused:
        reconfigure(state, TableConfig(**change))
    assert refused.value.setting == setting


def test_operator_settings_apply_between_rounds_only():
    from reddog_tui.engine import TableConfig, reconfigure

    state = set_progressive(betting(ante=0), True)
    changed = reconfigure(state, TableConfig(min_bet=5, max_bet=200, decks=6))
    assert (changed.config.min_bet, changed.config.decks, changed.config.progressive) == (5, 6, True)
    assert reconfigure(state, TableConfig(progressive_offered=False)).config.progressive is False
    with pytest.raises(errors.InvalidSetting):
        reconfigure(betting(ante=10), TableConfig())
    with pytest.raises(errors.ActionNotAllowed):
        reconfigure(deal(betting(), stacked("2H JS 5C")), TableConfig())


def test_operator_settings_wait_while_even_one_chip_is_on_the_ante():
    """R3: chips on the ante were placed under the old limits; the new table waits until they are off."""
    from reddog_tui.engine import TableConfig, reconfigure

    state = betting(ante=1)
    with pytest.raises(errors.InvalidSetting):
        reconfigure(state, TableConfig(min_bet=5))
    assert reconfigure(remove_chip(state, 1), TableConfig(min_bet=5)).config.min_bet == 5


def test_why_not_answers_with_an_error_that_keeps_no_frames():
    """R3, R7: a refusal asked for is returned without its traceback, so the caller's frames (and a
    table's views, which hold these answers) are not kept alive by it."""
    empty = betting(credits=100, ante=0)
    for action in (Action.DEAL, Action.RAISE, Action.CALL, Action.NEW_BET):
        error = why_not(empty, action)
        assert error is not None and error.__traceback__ is None, action
