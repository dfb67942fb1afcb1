"""Every transition is committed before it is returned, and a restart restores it exactly."""

import itertools

import pytest

from reddog_tui.engine import Action, Outcome, Phase, RedDogError
from reddog_tui.store import GameSession, Store
from reddog_tui.store.paths import DB_FILENAME

from .conftest import FakeClock, stacked


def reopen(data_dir, *rounds):
    store = Store.open(data_dir, clock=FakeClock())
    return store, GameSession(store, stacked(*rounds))


def stored_state_json(store) -> str:
    state, _seq, _balance = store.load_table()
    return state.to_json()


def test_missing_data_dir_is_created(data_dir, open_session):
    assert not data_dir.exists()
    _store, session = open_session()
    assert (data_dir / DB_FILENAME).is_file()
    assert session.state.credits == 1000
    assert session.state.phase is Phase.BETTING


def test_wal_and_full_sync_are_in_force(open_session):
    store, _ = open_session()
    assert store._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._conn.execute("PRAGMA synchronous").fetchone()[0] == 2


def synced_commits(store) -> list[bool]:
    """Starts recording, for each COMMIT from now on, whether it waited for the disk."""
    commits: list[bool] = []
    level = [store._conn.execute("PRAGMA synchronous").fetchone()[0] == 2]

    def seen(statement: str) -> None:
        words = statement.upper().split()
        if words[:2] == ["PRAGMA", "SYNCHRONOUS"] and "=" in words:
            level[0] = words[-1] == "FULL"
        elif words == ["COMMIT"]:
            commits.append(level[0])

    store._conn.set_trace_callback(seen)
    return commits


def test_a_setting_waits_for_the_disk_unless_it_is_written_as_a_preference(open_session):
    """An operator's or attendant's setting waits until the disk has it; a player's preference
    (written without waiting) may be lost to a power cut, and the next synced commit syncs it too."""
    from reddog_tui.store.settings import Key

    store, session = open_session()
    commits = synced_commits(store)
    session.set_setting(Key.LANGUAGE, "de", wait_for_disk=False)
    session.set_setting(Key.REDUCE_MOTION, True, wait_for_disk=False)
    session.set_setting(Key.REALITY_CHECK, 30)
    store.set_setting(Key.LANGUAGE, "fr", wait_for_disk=False)
    assert commits == [False, False, True, False]
    assert session.settings.language == "de" and session.settings.reduce_motion


def test_only_chips_moved_before_the_deal_commit_without_waiting_for_the_disk(open_session):
    """A chip on the ante or off it stays within the player's balance and changes no meter: a
    power cut may undo it (the chips go back to the credits). Every other transition, and every
    one that moves a credit into play or out of it, waits until the disk has it."""
    store, session = open_session("5H TS 8D", "5H TS 8D", "5H TS 8D")
    commits = synced_commits(store)
    played = [
        (Action.ADD_CHIP, 5, False),
        (Action.ADD_CHIP, 1, False),
        (Action.REMOVE_CHIP, 1, False),
        (Action.DEAL, None, True),  # R3: the ante is at risk
        (Action.RAISE, None, True),  # R7
        (Action.REBET, None, True),  # R12: the same ante again, dealt
        (Action.CALL, None, True),
        (Action.NEW_BET, None, True),
        (Action.SET_PROGRESSIVE, True, True),
        (Action.ADD_CHIP, 10, False),
        (Action.DEAL, None, True),
        (Action.CALL, None, True),
        (Action.COLLECT, None, True),  # R13
    ]
    for action, value, _synced in played:
        session.act(action, value)
    session.add_credits(100)
    assert commits == [synced for _action, _value, synced in played] + [True]
    assert store._conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL again after the last


def test_each_transition_is_on_disk_when_act_returns(data_dir, open_session):
    store, session = open_session("2H 9S 5D")
    for action, value in [(Action.ADD_CHIP, 10), (Action.ADD_CHIP, 5), (Action.REMOVE_CHIP, 5), (Action.DEAL, None)]:
        state = session.act(action, value)
        assert stored_state_json(store) == state.to_json()


def test_restart_restores_the_face_down_third_card(data_dir, open_session):
    # R4: the three cards are fixed at the deal; a restart never redraws the third.
    store, session = open_session("2H 9S 5D")
    session.act(Action.ADD_CHIP, 10)
    dealt = session.act(Action.DEAL)
    assert dealt.phase is Phase.DECISION and dealt.spread == 6
    store.close()
    store, again = reopen(data_dir, "AH AS AD")  # a different deck must not matter
    assert again.state == dealt
    assert [c.code for c in again.state.cards] == ["2H", "9S", "5D"]
    settled = again.act(Action.CALL)
    assert settled.outcome is Outcome.WIN  # 5 lies between 2 and 9 (R8)
    store.close()


def test_restart_does_not_add_initial_credits_again(data_dir, open_session):
    store, session = open_session(credits=700)
    session.act(Action.ADD_CHIP, 25)
    store.close()
    store, again = reopen(data_dir)
    assert again.state.credits == 675 and again.state.ante == 25
    assert again.meters()["credits_in"] == 700
    store.close()


def test_refused_action_writes_nothing(data_dir, open_session):
    store, session = open_session()
    before_json = stored_state_json(store)
    journal = store._conn.execute("SELECT count(*) FROM journal").fetchone()[0]
    with pytest.raises(RedDogError):
        session.act(Action.DEAL)  # no bet (R3)
    with pytest.raises(RedDogError):
        session.act(Action.ADD_CHIP, 7)  # no such chip
    assert stored_state_json(store) == before_json
    assert store._conn.execute("SELECT count(*) FROM journal").fetchone()[0] == journal
    assert session.why_not(Action.DEAL).code == "no_bet"
    assert session.why_not(Action.ADD_CHIP, 5) is None


def test_progressive_switch_is_stored(data_dir, open_session):
    store, session = open_session()
    assert session.set_progressive(True).config.progressive
    store.close()
    store, again = reopen(data_dir)
    assert again.state.config.progressive
    store.close()


def test_settings_survive_a_restart(data_dir, open_session):
    store, session = open_session()
    assert session.get_setting("language") is None
    session.set_setting("language", "pl")
    session.set_setting("language", "de")
    session.set_setting("fast_play", "on")
    store.close()
    store, again = reopen(data_dir)
    assert again.get_setting("language") == "de"
    assert again.get_setting("fast_play") == "on"
    store.close()


def test_a_stale_session_cannot_overwrite_the_table(open_session):
    # Two sessions on one store: the second one's state is out of date once the first acts.
    store, first = open_session()
    second = GameSession(store, stacked())
    first.act(Action.ADD_CHIP, 10)
    with pytest.raises(Exception) as info:
        second.act(Action.ADD_CHIP, 5)
    assert getattr(info.value, "code", None) == "locked"
    assert second.state.ante == 0  # the refused write left its state alone
    assert GameSession(store, stacked()).state.ante == 10


def test_operator_settings_are_stored_between_rounds(data_dir, open_session):
    from reddog_tui.engine import TableConfig

    store, session = open_session("2H 9S 5D")
    session.set_progressive(True)
    changed = session.reconfigure(TableConfig(min_bet=5, max_bet=200, max_winnings=2000))
    assert changed.config.min_bet == 5 and changed.config.progressive  # the player's choice is kept
    session.act(Action.ADD_CHIP, 5)
    session.act(Action.DEAL)
    with pytest.raises(RedDogError):
        session.reconfigure(TableConfig())  # not while a round is open
    meters = session.meters()
    store.close()
    store, again = reopen(data_dir)
    assert again.state.config == changed.config
    assert again.meters() == meters
    store.close()


def test_the_journal_holds_every_transition_with_the_state_after_it(data_dir, open_session):
    import sqlite3

    store, session = open_session("2H 9S 5D")
    states = [session.state]
    for action in [(Action.ADD_CHIP, 10), (Action.DEAL, None), (Action.RAISE, None), (Action.NEW_BET, None)]:
        states.append(session.act(*action))
    session.add_credits(5)
    states.append(session.state)
    store.check_history()  # a healthy file passes the whole-file check
    store.close()
    conn = sqlite3.connect(data_dir / "reddog.db")
    rows = conn.execute("SELECT seq, time, action, value, state FROM journal ORDER BY seq").fetchall()
    conn.close()
    assert [r[2] for r in rows] == ["open_table", "add_chip", "deal", "raise", "new_bet", "add_credits"]
    assert [r[3] for r in rows] == [1000, 10, None, None, None, 5]
    assert [r[4] for r in rows] == [s.to_json() for s in states]
    assert [r[0] for r in rows] == list(range(1, 7))
    assert all(a[1] < b[1] for a, b in itertools.pairwise(rows))
