"""The kiosk's rules without a screen: a real journal, a clock the test moves, intents out."""

from __future__ import annotations

import pytest

from reddog_tui.engine import Action, Phase, StackedDealer
from reddog_tui.kiosk.intents import (
    BackToWelcome,
    CallOpenDecision,
    CloseAttendant,
    CloseKiosk,
    JournalAttendant,
    LockSignIn,
    OpenAttendantMenu,
    RefusePin,
    ShowRealityCheck,
    TakeAction,
)
from reddog_tui.kiosk.mode import Attendant, ClosingSignIn, KioskMode
from reddog_tui.kiosk.pin import LOCK_STEPS, MAX_ATTEMPTS, PIN_SETTING, hash_pin
from reddog_tui.store import GameSession, Store
from reddog_tui.store.settings import Key

from .kiosk_helpers import PIN, Clock

WRONG = "1357"
NO_SCREENS = {"welcome_shown": False}


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def session(tmp_path, clock):
    """An empty kiosk table (credits come from the attendant) with a PIN and stacked cards."""
    store = Store.open(tmp_path, clock=clock)
    store.set_setting(PIN_SETTING, hash_pin(PIN))
    dealer = StackedDealer([("5H", "TS", "8D"), ("5H", "TS", "TD")])  # spread 4: a win, then a loss
    yield GameSession(store, dealer, initial_credits=0)
    store.close()


def at_decision(session: GameSession, kiosk: KioskMode) -> None:
    session.add_credits(100)
    kiosk.credits_added(100)
    session.act(Action.ADD_CHIP, 5)
    session.act(Action.DEAL)
    assert session.state.phase is Phase.DECISION


# --- idle -----------------------------------------------------------------------------------------


def test_an_open_decision_is_called_at_exactly_the_idle_timeout_and_not_a_second_before(session, clock):
    kiosk = KioskMode(session, clock)
    at_decision(session, kiosk)
    kiosk.note_input()
    clock.now += kiosk.idle_timeout - 1
    assert kiosk.idle(**NO_SCREENS) is None
    clock.now += 1
    assert kiosk.idle(**NO_SCREENS) == CallOpenDecision()
    # The idle time starts again: the call's result stays in view for another timeout.
    assert kiosk.last_input == clock.now
    clock.now += kiosk.idle_timeout - 1
    assert kiosk.idle(**NO_SCREENS) is None
    clock.now += 1
    assert kiosk.idle(**NO_SCREENS) == CallOpenDecision()  # the rules only ask: nothing was called


def test_the_idle_timeout_is_the_operators_setting(session, clock):
    session.set_setting(Key.IDLE_TIMEOUT, 45)
    kiosk = KioskMode(session, clock)
    at_decision(session, kiosk)
    kiosk.note_input()
    clock.now += 44
    assert kiosk.idle(**NO_SCREENS) is None
    clock.now += 1
    assert kiosk.idle(**NO_SCREENS) == CallOpenDecision()


def test_input_starts_the_idle_time_again(session, clock):
    kiosk = KioskMode(session, clock)
    at_decision(session, kiosk)
    clock.now += kiosk.idle_timeout - 1
    kiosk.note_input()
    clock.now += kiosk.idle_timeout - 1
    assert kiosk.idle(**NO_SCREENS) is None


def test_an_empty_table_goes_back_to_the_welcome_in_the_default_language(session, clock):
    kiosk = KioskMode(session, clock, requested_language="pl")
    clock.now += kiosk.idle_timeout - 1
    assert kiosk.idle(**NO_SCREENS) is None
    clock.now += 1
    assert kiosk.idle(**NO_SCREENS) == BackToWelcome("pl")
    assert kiosk.last_input == clock.now
    session.set_setting(Key.DEFAULT_LANGUAGE, "fr")  # the operator's choice comes before --lang
    clock.now += kiosk.idle_timeout
    assert kiosk.idle(**NO_SCREENS) == BackToWelcome("fr")


def test_chips_on_the_table_with_no_credits_left_are_never_given_up_to_the_welcome(session, clock):
    kiosk = KioskMode(session, clock)
    session.add_credits(5)
    kiosk.credits_added(5)
    session.act(Action.ADD_CHIP, 5)  # every credit on the ante
    assert (session.state.credits, session.state.on_table) == (0, 5)
    clock.now += kiosk.idle_timeout
    assert kiosk.idle(**NO_SCREENS) is None
    session.act(Action.DEAL)
    session.act(Action.CALL)  # spread 4, an 8: won, the stack waits on the table
    assert (session.state.phase, session.state.credits, session.state.on_table) == (Phase.SETTLED, 0, 10)
    clock.now += kiosk.idle_timeout
    assert kiosk.idle(**NO_SCREENS) is None


def test_the_welcome_is_not_asked_for_over_itself(session, clock):
    kiosk = KioskMode(session, clock)
    clock.now += kiosk.idle_timeout
    assert kiosk.idle(welcome_shown=True) is None


@pytest.mark.parametrize(
    ("attendant", "signed_in"), [(Attendant.SIGNED_IN, True), (Attendant.PIN_ENTRY, False)], ids=["menu", "pin"]
)
def test_the_attendants_side_left_idle_closes_at_the_idle_timeout(session, clock, attendant, signed_in):
    """Credits on the kiosk or not: the next guest never finds the attendant's screens open."""
    session.set_setting(Key.IDLE_TIMEOUT, 30)
    kiosk = KioskMode(session, clock)
    at_decision(session, kiosk)  # a guest's decision is open under it too
    kiosk.note_input()
    clock.now += 29
    assert kiosk.idle(welcome_shown=False, attendant=attendant) is None
    clock.now += 1
    assert kiosk.idle(welcome_shown=False, attendant=attendant) == CloseAttendant(signed_in=signed_in)
    # The guest's own timeout starts then: the decision is theirs for another whole timeout.
    assert kiosk.last_input == clock.now
    clock.now += 29
    assert kiosk.idle(**NO_SCREENS) is None
    clock.now += 1
    assert kiosk.idle(**NO_SCREENS) == CallOpenDecision()


def test_the_attendants_side_stays_while_it_waits_for_an_answer(session, clock):
    """The hall's answer to a voucher, the journal check's verdict: shown, not lost under the guest's screen."""
    kiosk = KioskMode(session, clock)
    clock.now += 10 * kiosk.idle_timeout
    assert kiosk.idle(welcome_shown=False, attendant=Attendant.WAITING) is None
    assert kiosk.idle(welcome_shown=False, attendant=Attendant.SIGNED_IN) == CloseAttendant(signed_in=True)


def test_going_back_to_the_welcome_ends_the_players_session(session, clock):
    kiosk = KioskMode(session, clock)
    at_decision(session, kiosk)
    session.act(Action.CALL)  # the 8 wins: 105 on the kiosk
    session.act(Action.NEW_BET)
    session.cash_out()
    assert kiosk.played_seconds() == 0 and kiosk.player.started is not None
    clock.now += kiosk.idle_timeout
    assert kiosk.idle(**NO_SCREENS) == BackToWelcome("en")
    assert kiosk.player.started is None and kiosk.reality_check() is None


# --- the reality check ----------------------------------------------------------------------------


def test_the_reality_check_comes_at_each_interval_of_play(session, clock):
    kiosk = KioskMode(session, clock)
    session.add_credits(50)
    kiosk.credits_added(50)
    interval = kiosk.reality_minutes * 60
    assert interval == 30 * 60
    clock.now += interval - 1
    assert kiosk.reality_check() is None
    clock.now += 1
    assert kiosk.reality_check() == ShowRealityCheck()
    assert kiosk.reality_check() is None  # once per interval
    clock.now += interval - 1
    assert kiosk.reality_check() is None
    clock.now += 1
    assert kiosk.reality_check() == ShowRealityCheck()


def test_the_reality_check_is_held_while_the_attendant_is_there_and_comes_after(session, clock):
    kiosk = KioskMode(session, clock)
    session.add_credits(50)
    kiosk.credits_added(50)
    clock.now += kiosk.reality_minutes * 60
    for attendant in (Attendant.PIN_ENTRY, Attendant.SIGNED_IN, Attendant.WAITING):
        assert kiosk.reality_check(attendant) is None
    clock.now += 600  # however long the attendant stays
    assert kiosk.reality_check(Attendant.SIGNED_IN) is None
    assert kiosk.reality_check(Attendant.AWAY) == ShowRealityCheck()
    assert kiosk.reality_check(Attendant.AWAY) is None  # once


def test_no_reality_check_without_a_session_or_with_nothing_left(session, clock):
    kiosk = KioskMode(session, clock)
    clock.now += 10 * 3600
    assert kiosk.reality_check() is None  # no credits ever came in
    session.add_credits(1)
    kiosk.credits_added(1)
    session.cash_out()
    clock.now += kiosk.reality_minutes * 60
    assert kiosk.reality_check() is None  # nothing to play for: skipped
    session.add_credits(1)
    clock.now += kiosk.reality_minutes * 60
    assert kiosk.reality_check() == ShowRealityCheck()  # the skipped one still counted the interval


def test_credits_on_the_kiosk_at_start_up_start_a_session(session, clock):
    session.add_credits(40)
    kiosk = KioskMode(session, clock)
    kiosk.start()
    assert kiosk.player.started == clock.now and kiosk.net_result() == 0
    clock.now += kiosk.reality_minutes * 60
    assert kiosk.reality_check() == ShowRealityCheck()


def test_an_empty_kiosk_at_start_up_waits_for_the_first_credits(session, clock):
    kiosk = KioskMode(session, clock)
    kiosk.start()
    clock.now += kiosk.reality_minutes * 60
    assert kiosk.played_seconds() == 0 and kiosk.reality_check() is None
    session.add_credits(10)
    kiosk.credits_added(10)
    clock.now += 60
    assert kiosk.played_seconds() == 60


def test_time_played_and_net_result_count_from_the_first_credits(session, clock):
    kiosk = KioskMode(session, clock)
    clock.now += 500  # idle before anyone paid in
    assert kiosk.played_seconds() == 0 and kiosk.net_result() == 0
    at_decision(session, kiosk)
    clock.now += 90
    session.act(Action.CALL)  # 5 on the ante wins 1:1
    session.add_credits(20)
    kiosk.credits_added(20)  # credits added later are not winnings
    assert kiosk.played_seconds() == 90 and kiosk.net_result() == 5
    kiosk.paid_out()
    assert kiosk.played_seconds() == 0 and kiosk.net_result() == 0 and not kiosk.cash_out_requested


def test_stopping_at_the_reality_check_asks_for_a_cash_out(session, clock):
    kiosk = KioskMode(session, clock)
    assert kiosk.request_cash_out() == JournalAttendant("cash_out_requested")
    assert kiosk.cash_out_requested


def test_a_settled_round_is_gathered_before_a_cash_out(session, clock):
    kiosk = KioskMode(session, clock)
    assert kiosk.cash_out_first() is None  # betting: nothing to gather
    at_decision(session, kiosk)
    assert kiosk.cash_out_first() is None  # a decision is no settled round
    session.act(Action.CALL)  # a win; without progressive betting NEW BET takes it (R12)
    assert kiosk.cash_out_first() == TakeAction(Action.NEW_BET)


def test_with_progressive_betting_a_win_is_collected_before_a_cash_out(session, clock):
    kiosk = KioskMode(session, clock)
    session.set_progressive(True)
    at_decision(session, kiosk)
    session.act(Action.CALL)
    assert kiosk.cash_out_first() == TakeAction(Action.COLLECT)  # R13


# --- the attendant's sign-in --------------------------------------------------------------------------


def test_the_right_pin_opens_the_menu_and_is_journaled(session, clock):
    kiosk = KioskMode(session, clock)
    assert kiosk.pin_set()
    assert kiosk.try_pin(PIN) == (JournalAttendant("pin_accepted"), OpenAttendantMenu())


def test_the_entry_locks_at_the_third_wrong_pin_until_the_lock_ends(session, clock):
    kiosk = KioskMode(session, clock)
    for _ in range(MAX_ATTEMPTS - 1):
        assert kiosk.try_pin(WRONG) == (JournalAttendant("pin_wrong"), RefusePin())
        assert not kiosk.pin_locked()
    first = LOCK_STEPS[0]
    assert kiosk.try_pin(WRONG) == (JournalAttendant("pin_wrong_locked", first), LockSignIn(until=clock.now + first))
    assert kiosk.pin_locked()
    clock.now += first - 1
    # Even the right PIN is not checked while locked.
    assert kiosk.try_pin(PIN) == (JournalAttendant("pin_while_locked"), LockSignIn(until=clock.now + 1))
    clock.now += 1
    assert not kiosk.pin_locked()
    assert kiosk.try_pin(PIN) == (JournalAttendant("pin_accepted"), OpenAttendantMenu())


def test_each_lock_is_longer_and_a_right_pin_starts_again(session, clock):
    kiosk = KioskMode(session, clock)
    for step in LOCK_STEPS:
        for _ in range(MAX_ATTEMPTS - 1):
            kiosk.try_pin(WRONG)
        assert kiosk.try_pin(WRONG)[-1] == LockSignIn(until=clock.now + step)
        clock.now += step
    kiosk.try_pin(PIN)
    for _ in range(MAX_ATTEMPTS - 1):
        kiosk.try_pin(WRONG)
    assert kiosk.try_pin(WRONG)[-1] == LockSignIn(until=clock.now + LOCK_STEPS[0])


def test_a_lock_outlasts_a_restart(session, clock):
    """The lock is read back from the journaled attempts: the app journals what the rules ask."""
    kiosk = KioskMode(session, clock)
    for _ in range(MAX_ATTEMPTS):
        for intent in kiosk.try_pin(WRONG):
            if isinstance(intent, JournalAttendant):
                session.journal_attendant_event(intent.event, intent.value)
    clock.now += 10
    restarted = KioskMode(session, clock)
    assert restarted.gate().locked_for() == LOCK_STEPS[0] - 10


def test_no_pin_set(tmp_path, clock):
    with Store.open(tmp_path, clock=clock) as store:
        kiosk = KioskMode(GameSession(store, StackedDealer([]), initial_credits=0), clock)
        assert not kiosk.pin_set()


# --- a kiosk whose journal failed -------------------------------------------------------------------


def test_on_a_failed_journal_the_right_pin_closes_the_kiosk(session, clock):
    """No menu to open, nothing to play: the PIN is the attendant's way out, and still locks."""
    kiosk = KioskMode(session, clock)
    closing = ClosingSignIn(kiosk.gate(), clock)
    for _ in range(MAX_ATTEMPTS - 1):
        assert closing.attempt(WRONG) == (JournalAttendant("pin_wrong"), RefusePin())
    first = LOCK_STEPS[0]
    assert closing.attempt(WRONG)[-1] == LockSignIn(until=clock.now + first)
    assert closing.attempt(PIN)[-1] == LockSignIn(until=clock.now + first)  # not checked while locked
    clock.now += first
    assert closing.attempt(PIN) == (JournalAttendant("pin_accepted"), JournalAttendant("exit"), CloseKiosk())


def test_a_refused_journal_gives_its_pin_if_it_can_be_read(session, clock, tmp_path):
    closing = ClosingSignIn.for_refused_journal(tmp_path, clock)  # the session's journal, held open: readable
    assert closing is not None
    assert closing.attempt(PIN)[-1] == CloseKiosk()
    garbage = tmp_path / "garbage"
    garbage.mkdir()
    (garbage / "reddog.db").write_bytes(b"this is not a journal" * 10)
    assert ClosingSignIn.for_refused_journal(garbage, clock) is None  # then only a signal ends the kiosk
    assert ClosingSignIn.for_refused_journal(tmp_path / "nothing", clock) is None
