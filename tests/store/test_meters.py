"""Meters only grow and tie every credit together; a settlement is never paid twice."""

import itertools
import random
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

from reddog_tui.engine import Action, Outcome, Phase, RedDogError, ShuffledDealer, TableConfig, play
from reddog_tui.store import GameSession, Store, StoreError, identity_gap
from reddog_tui.store.accounting import game_transition

from .conftest import FakeClock, stacked

ZERO = dict.fromkeys(
    ["credits_in", "credits_out", "games_played", "games_won", "total_wagered", "total_paid", "pushes"], 0
)

# Mostly the moves of a round, drawn by a seeded RNG so that most examples settle several rounds
# (hypothesis' own sampling favours the first move and short lists).
MOVES = [
    (Action.ADD_CHIP, 5),
    (Action.ADD_CHIP, 25),
    (Action.ADD_CHIP, 100),
    (Action.REMOVE_CHIP, 5),
    (Action.REMOVE_CHIP, 7),
    (Action.DEAL, None),
    (Action.DEAL, None),
    (Action.DEAL, None),
    (Action.RAISE, None),
    (Action.RAISE, None),
    (Action.CALL, None),
    (Action.REBET, None),
    (Action.REBET, None),
    (Action.NEW_BET, None),
    (Action.COLLECT, None),
    (Action.SET_PROGRESSIVE, True),
    (Action.SET_PROGRESSIVE, False),
    ("add_credits", 150),
    ("cash_out", None),
]


def test_a_new_table_counts_its_credits_in(open_session):
    _, session = open_session(credits=750)
    assert session.meters() == {**ZERO, "credits_in": 750}
    assert identity_gap(session.state, session.meters()) == 0


def test_meters_of_a_raised_win(open_session):
    # R7, R8: spread 6 pays 1:1 on ante and raise.
    _, session = open_session("2H 9S 5D")
    session.act(Action.ADD_CHIP, 10)
    session.act(Action.DEAL)
    assert session.meters()["total_wagered"] == 10 and session.meters()["total_paid"] == 0
    state = session.act(Action.RAISE)
    assert state.outcome is Outcome.WIN and state.winnings == 20
    meters = session.meters()
    assert meters == {
        **ZERO,
        "credits_in": 1000,
        "games_played": 1,
        "games_won": 1,
        "total_wagered": 20,
        "total_paid": 40,
    }
    assert identity_gap(state, meters) == 0
    [record] = session.recent_rounds(10)
    assert (record.ante, record.raised, record.paid) == (10, 10, 40)
    assert (record.credits_before, record.credits_after) == (1000, 1020)


def test_a_push_redeal_wagers_the_ante_again(open_session):
    # R5a, R10: a consecutive hand is a push; the ante stays and plays the next hand.
    _, session = open_session("7H 8S 2D", "2C 9D 4H")
    session.act(Action.ADD_CHIP, 25)
    pushed = session.act(Action.DEAL)
    assert pushed.outcome is Outcome.PUSH
    assert session.meters()["pushes"] == 1 and session.meters()["total_paid"] == 25
    session.act(Action.DEAL)
    meters = session.meters()
    assert meters["total_wagered"] == 50 and meters["games_played"] == 2
    assert identity_gap(session.state, meters) == 0
    assert [r.outcome for r in session.recent_rounds(10)] == [Outcome.PUSH]


def test_progressive_ride_and_max_winnings(open_session):
    # R13: the whole stack rides; R14: at max winnings it is collected automatically.
    _, session = open_session("2H 4S 3D", "3H 3S 3C", progressive=True, max_bet=100, max_winnings=500)
    session.act(Action.ADD_CHIP, 10)
    session.act(Action.DEAL)
    won = session.act(Action.RAISE)  # spread 1 pays 5:1 on 20
    assert won.on_table == 120
    ridden = session.act(Action.DEAL)  # 120 rides; trips pay 11:1 = 1320 + 120 >= 500
    assert ridden.auto_collected == 1440 and ridden.on_table == 0
    meters = session.meters()
    assert meters["total_wagered"] == 10 + 10 + 120
    assert meters["total_paid"] == 120 + 1440
    assert identity_gap(ridden, meters) == 0
    newest = session.recent_rounds(1)[0]
    assert (newest.credits_before, newest.credits_after) == (1100, 1100 - 120 + 1440)


def test_cash_out_and_add_credits(open_session):
    _, session = open_session(credits=100)
    session.act(Action.ADD_CHIP, 5)
    session.add_credits(250)
    voucher = session.cash_out()
    assert voucher.amount == 350 and voucher.number == 1
    assert session.state.credits == 0 and session.state.ante == 0
    assert session.meters()["credits_in"] == 350 and session.meters()["credits_out"] == 350
    assert identity_gap(session.state, session.meters()) == 0
    with pytest.raises(RedDogError):
        session.cash_out()  # nothing left to pay
    with pytest.raises(RedDogError):
        session.add_credits(0)
    assert session.add_credits(40).credits == 40
    assert session.cash_out().number == 2


def test_attendant_money_waits_for_the_end_of_the_round(open_session):
    _, session = open_session("2H 9S 5D")
    session.act(Action.ADD_CHIP, 10)
    session.act(Action.DEAL)
    with pytest.raises(RedDogError) as info:
        session.cash_out()
    assert info.value.code == "action_not_allowed"
    with pytest.raises(RedDogError) as info:
        session.add_credits(100)  # a round's record stays exact: money moves between rounds
    assert info.value.code == "action_not_allowed"
    assert session.meters()["credits_out"] == 0 and session.meters()["credits_in"] == 1000


def test_meters_cannot_shrink_even_by_hand(open_session):
    store, _ = open_session()
    with pytest.raises(sqlite3.IntegrityError):
        store._conn.execute("UPDATE meters SET value = 0 WHERE name = 'credits_in'")
    with pytest.raises(sqlite3.IntegrityError):  # not by a single credit either
        store._conn.execute("UPDATE meters SET value = value - 1 WHERE name = 'credits_in'")
    store._conn.execute("UPDATE meters SET value = value WHERE name = 'credits_in'")  # staying put is no shrinking
    with pytest.raises(sqlite3.IntegrityError):
        store._conn.execute("DELETE FROM journal")


def test_a_replayed_settlement_is_not_paid_twice(open_session):
    store, session = open_session("2H 9S 5D")
    session.act(Action.ADD_CHIP, 10)
    dealt = session.act(Action.DEAL)
    session.act(Action.CALL)
    meters = session.meters()
    # Replay the same settlement at the current journal position: the round key refuses it.
    replay = game_transition(Action.CALL, None, dealt, play(dealt, Action.CALL), 1000, store.now())
    _, seq, _ = store.load_table()
    with pytest.raises(StoreError) as info:
        store.commit(replay, seq)
    assert info.value.code == "integrity"
    assert session.meters() == meters
    assert len(session.recent_rounds(10)) == 1
    assert store.load_table()[1] == seq  # nothing of the replay was written


def test_restarting_twice_changes_no_meter(data_dir, open_session):
    store, session = open_session("2H 9S 5D")
    session.act(Action.ADD_CHIP, 10)
    session.act(Action.DEAL)
    session.act(Action.RAISE)
    meters, rounds = session.meters(), session.recent_rounds(10)
    store.close()
    for _ in range(2):
        store = Store.open(data_dir, clock=FakeClock())
        again = GameSession(store, stacked(), initial_credits=1000)
        assert again.meters() == meters and again.recent_rounds(10) == rounds
        store.close()


def test_recent_rounds_are_newest_first_and_limited(open_session):
    hands = [f"2H 9S {third}" for third in ["5D", "KD", "3C", "AS", "8H", "9D", "4C", "2S", "6H", "7D", "5S", "QC"]]
    _, session = open_session(*hands)
    session.act(Action.ADD_CHIP, 5)
    session.act(Action.DEAL)
    session.act(Action.CALL)
    for _ in hands[1:]:
        session.act(Action.REBET)
        session.act(Action.CALL)
    recent = session.recent_rounds(10)
    assert [r.number for r in recent] == list(range(12, 2, -1))
    assert recent[0].cards == ("2H", "9S", "QC") and recent[0].outcome is Outcome.LOSE
    assert recent[-1].cards == ("2H", "9S", "3C") and recent[-1].outcome is Outcome.WIN
    assert all(a.time > b.time for a, b in itertools.pairwise(recent))
    assert recent[0].time.tzinfo is not None


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    moves_seed=st.integers(0, 2**32 - 1),
    length=st.integers(10, 120),
    seed=st.integers(0, 2**32 - 1),
    progressive_offered=st.booleans(),
)
def test_identity_holds_after_every_transition(moves_seed, length, seed, progressive_offered):
    moves = random.Random(moves_seed)
    steps = [moves.choice(MOVES) for _ in range(length)]
    note(f"steps: {steps}")
    config = TableConfig(max_bet=100, max_winnings=300, progressive_offered=progressive_offered)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(Path(tmp), clock=FakeClock())
        session = GameSession(store, ShuffledDealer(random.Random(seed)), 200, config)
        last = session.meters()
        for action, value in steps:
            before = session.state
            try:
                if action == "add_credits":
                    session.add_credits(value)
                elif action == "cash_out":
                    session.cash_out()
                else:
                    session.act(action, value)
            except RedDogError:
                assert session.state == before  # a refused action changes nothing
            meters = session.meters()
            assert all(meters[k] >= last[k] for k in meters), "meters only grow"
            assert identity_gap(session.state, meters) == 0
            last = meters
        rounds = session.recent_rounds(10_000)
        open_round = 1 if session.state.phase is Phase.DECISION else 0
        assert len(rounds) + open_round == last["games_played"]
        assert sum(r.paid for r in rounds) == last["total_paid"]
        assert sum(r.outcome is Outcome.WIN for r in rounds) == last["games_won"]
        assert sum(r.outcome is Outcome.PUSH for r in rounds) == last["pushes"]
        for r in rounds:  # each round's balance moves by what it paid less what it staked
            assert r.credits_after - r.credits_before == r.paid - r.ante - r.raised
        event(f"rounds settled: {min(len(rounds), 5)}{'+' if len(rounds) >= 5 else ''}")
        store.close()
        # the identity is also what the next start checks
        store = Store.open(Path(tmp), clock=FakeClock())
        assert GameSession(store, ShuffledDealer(random.Random(seed))).state == session.state
        store.close()


@pytest.mark.parametrize("progressive", [False, True])
def test_a_new_bankroll_is_journaled_and_metered_as_credits_in(open_session, data_dir, progressive):
    """Out of credits at the practice table: the new bankroll counts as credits in; the identity holds."""
    store, session = open_session("5H TS TD", credits=10, progressive=progressive)
    for action, value in ((Action.ADD_CHIP, 10), (Action.DEAL, None), (Action.CALL, None)):
        session.act(action, value)
    assert (session.state.outcome, session.balance()) == (Outcome.LOSE, 0)  # R8: the last credits lost
    state = session.new_bankroll(1000)
    assert (state.phase, state.credits, state.cards) == (Phase.BETTING, 1000, None)
    assert session.meters()["credits_in"] == 1010
    assert identity_gap(session.state, session.meters()) == 0
    assert session.journal_actions(1)[0][1:] == ("new_bankroll", 1000)
    store.close()
    again = GameSession(Store.open(data_dir), stacked())  # kept across a restart
    assert again.state.credits == 1000 and identity_gap(again.state, again.meters()) == 0
    again.store.close()


def test_a_new_bankroll_only_when_nothing_is_left(open_session):
    _, session = open_session(credits=10)
    with pytest.raises(RedDogError):
        session.new_bankroll(1000)
    session.act(Action.ADD_CHIP, 10)  # all of it on the ante: still the player's
    with pytest.raises(RedDogError):
        session.new_bankroll(1000)
    assert session.meters()["credits_in"] == 10


def test_no_new_bankroll_while_the_last_credits_wait_on_a_spread(open_session):
    """R7: every credit on the ante of a spread hand is still in play until the third card; the
    table is not out of credits then, and takes no new bankroll."""
    _, session = open_session("5H TS TD", credits=10)
    session.act(Action.ADD_CHIP, 10)
    session.act(Action.DEAL)
    assert session.state.phase is Phase.DECISION and session.balance() == 0
    assert not session.out_of_credits()
    with pytest.raises(RedDogError):
        session.new_bankroll(1000)
    assert session.meters()["credits_in"] == 10 and session.state.credits == 0
