"""The settings model: one definition of what each setting accepts, used by the attendant's
screen, the store and a start-up over a file edited by hand alike."""

from __future__ import annotations

import json
import shutil
import sqlite3
from dataclasses import fields, replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reddog_tui.engine import Action, RedDogError, StackedDealer, TableConfig
from reddog_tui.store import GameSession, Store
from reddog_tui.store.settings import (
    MAX_AMOUNT,
    MAX_CHIP,
    SPECS,
    STORED_KEYS,
    Key,
    Refusal,
    SettingRefused,
    Settings,
    Whole,
    WholeList,
    check_table,
    parse,
    playable_ante,
    read_settings,
    setting_text,
)

from .conftest import FakeClock, stacked

HUGE = 10**25  # what an attendant once typed as a chip value
FIXTURES = Path(__file__).parent / "fixtures"
LANGUAGES = ("en", "de", "pl", "fr", "it")


def reopen(data_dir):
    store = Store.open(data_dir, clock=FakeClock())
    return store, GameSession(store, stacked(), languages=LANGUAGES)


def refusal(call) -> SettingRefused:
    with pytest.raises(SettingRefused) as info:
        call()
    return info.value


# --- one definition of a whole number -------------------------------------------------------------


@pytest.mark.parametrize("text", ["-5", "10,50", "10.50", "+5", "1_000", "5e3", "١٢٣", "１２", "", " ", "0x10"])
def test_only_the_digits_0_to_9_make_a_whole_number(text):
    refused = refusal(lambda: parse(Key.MAX_BET, text))
    assert refused.reason is Refusal.NOT_A_WHOLE_NUMBER and refused.text == text.strip()


def test_a_number_is_taken_whole_or_refused_with_its_limits():
    assert parse(Key.MAX_BET, "12345678") == 12_345_678  # never cut to fit a field
    refused = refusal(lambda: parse(Key.DECKS, "9"))
    assert (refused.reason, refused.low, refused.high) == (Refusal.OUT_OF_RANGE, 1, 8)
    refused = refusal(lambda: parse(Key.MAX_WINNINGS, str(10**30)))
    assert (refused.reason, refused.high) == (Refusal.OUT_OF_RANGE, MAX_AMOUNT)
    refused = refusal(lambda: parse(Key.CHIP_VALUES, f"1, 5, {HUGE}"))
    assert (refused.key, refused.reason, refused.high) == (Key.CHIP_VALUES, Refusal.OUT_OF_RANGE, MAX_CHIP)
    assert refusal(lambda: parse(Key.CHIP_VALUES, "١٢٣, 5")).reason is Refusal.NOT_A_WHOLE_NUMBER
    assert refusal(lambda: parse(Key.CHIP_VALUES, "5, 5")).reason is Refusal.REPEATED_CHIP
    assert refusal(lambda: parse(Key.CHIP_VALUES, "1,2,3,4,5,6,7,8,9")).reason is Refusal.TOO_MANY_CHIPS


BOUNDED = [key for key, spec in SPECS.items() if isinstance(spec, (Whole, WholeList))]


@pytest.mark.parametrize("key", BOUNDED)
def test_every_bounded_setting_takes_its_bounds_and_refuses_one_past_each(key):
    """Walks the registry: a setting added with limits is held to them without a test of its own.
    Typed text (the menu, the hall's push) and a stored value (the journal) are checked alike."""
    spec = SPECS[key]
    for value in (spec.low, spec.high):
        typed = parse(key, str(value))
        assert typed == ((value,) if isinstance(spec, WholeList) else value)
        assert setting_text(key, typed) == str(value)
    for value in (spec.low - 1, spec.high + 1):
        if value < 0:
            continue  # no digits write it; a sign is refused as no whole number (above)
        refused = refusal(lambda value=value: parse(key, str(value)))
        assert (refused.key, refused.reason, refused.low, refused.high) == (
            key,
            Refusal.OUT_OF_RANGE,
            spec.low,
            spec.high,
        )
        stored = (value,) if isinstance(spec, WholeList) else value
        assert refusal(lambda stored=stored: setting_text(key, stored)).reason is Refusal.OUT_OF_RANGE
    if isinstance(spec, WholeList):  # and as many values as it holds, not one more
        values = range(spec.low, spec.low + spec.most + 1)
        assert parse(key, ",".join(map(str, values[:-1]))) == tuple(values[:-1])
        assert refusal(lambda: parse(key, ",".join(map(str, values)))).reason is Refusal.TOO_MANY_CHIPS


# The limits the operator's guide gives (docs/operator/attendant.md, and docs/hall.md for the
# hall's identifier, four digits), written out here rather than read from the registry, so that a
# limit moved in the registry is caught by the walk above and by this table alike.
DOCUMENTED_LIMITS = [
    (Key.IDLE_TIMEOUT, 30, 3600),
    (Key.REALITY_CHECK, 5, 240),
    (Key.DECKS, 1, 8),
    (Key.MIN_BET, 1, 1_000_000_000),
    (Key.MAX_WINNINGS, 1, 1_000_000_000),
    (Key.HALL_ID, 1000, 9999),
]


@pytest.mark.parametrize(("key", "low", "high"), DOCUMENTED_LIMITS, ids=[str(k) for k, _, _ in DOCUMENTED_LIMITS])
def test_the_documented_limits_are_taken_and_one_past_each_is_refused(key, low, high):
    assert parse(key, str(low)) == low and parse(key, str(high)) == high
    for outside in (low - 1, high + 1):
        refused = refusal(lambda outside=outside: parse(key, str(outside)))
        assert (refused.reason, refused.low, refused.high) == (Refusal.OUT_OF_RANGE, low, high)


def test_the_idle_timeout_is_half_a_minute_at_least(open_session):
    """29 seconds is refused and 30 taken, typed or stored; a stored 29 reads as the default."""
    assert parse(Key.IDLE_TIMEOUT, "30") == 30
    assert refusal(lambda: parse(Key.IDLE_TIMEOUT, "29")).reason is Refusal.OUT_OF_RANGE
    _, session = open_session()
    assert refusal(lambda: session.set_setting(Key.IDLE_TIMEOUT, 29)).reason is Refusal.OUT_OF_RANGE
    session.set_setting(Key.IDLE_TIMEOUT, 30)
    assert session.settings.idle_timeout_seconds == 30
    settings = read_settings({Key.IDLE_TIMEOUT.value: "29"})
    assert settings.idle_timeout_seconds == Settings().idle_timeout_seconds and settings.problems[0].low == 30


# --- the store and the session refuse what the screen refuses ---------------------------------------


def test_the_session_and_the_store_refuse_what_the_menu_refuses(open_session):
    store, session = open_session()
    before = session.state
    for config, reason in [
        (replace(before.config, chip_values=(1, 5, HUGE)), Refusal.OUT_OF_RANGE),
        (replace(before.config, max_winnings=10**30), Refusal.OUT_OF_RANGE),
        (replace(before.config, min_bet=7, max_bet=9, chip_values=(5,)), Refusal.NO_PLAYABLE_ANTE),
    ]:
        assert refusal(lambda config=config: session.reconfigure(config)).reason is reason
        assert session.state == before
    assert refusal(lambda: store.set_setting("idle_timeout_seconds", "100000")).reason is Refusal.OUT_OF_RANGE
    assert refusal(lambda: store.set_setting("fast_play", "maybe")).reason is Refusal.NOT_OFFERED
    assert refusal(lambda: store.set_setting("language", "Deutsch")).reason is Refusal.NOT_OFFERED
    # a language code has two or three letters
    assert refusal(lambda: store.set_setting("default_language", "deut")).reason is Refusal.NOT_OFFERED
    with_languages = GameSession(store, stacked(), languages=LANGUAGES)  # the app's languages, as the app passes them
    assert refusal(lambda: with_languages.set_setting("language", "xx")).reason is Refusal.NOT_OFFERED
    assert refusal(lambda: store.set_setting("no_such_setting", "1")).reason is Refusal.UNKNOWN_KEY
    assert store.settings_rows() == {}


def test_operator_settings_are_saved_in_one_transaction(open_session):
    store, session = open_session()
    statements: list[str] = []
    store._conn.set_trace_callback(statements.append)
    config = replace(session.state.config, min_bet=5, max_bet=200, max_winnings=2000)
    session.reconfigure(config, {Key.IDLE_TIMEOUT: 300, Key.REALITY_CHECK: 45, Key.DEFAULT_LANGUAGE: "de"})
    store._conn.set_trace_callback(None)
    assert sum(s.startswith("BEGIN") for s in statements) == 1
    assert session.settings.idle_timeout_seconds == 300 and session.settings.default_language == "de"
    assert session.state.config == config


def test_kiosk_settings_can_be_saved_during_a_round_but_table_settings_wait(open_session):
    _, session = open_session("2H 9S 5D")
    session.act(Action.ADD_CHIP, 5)
    session.act(Action.DEAL)
    before = session.state
    session.reconfigure(before.config, {Key.IDLE_TIMEOUT: 600})
    assert session.state == before and session.settings.idle_timeout_seconds == 600
    with pytest.raises(RedDogError) as info:
        session.reconfigure(replace(before.config, decks=2), {Key.IDLE_TIMEOUT: 900})
    assert info.value.code == "action_not_allowed" and session.settings.idle_timeout_seconds == 600


def test_the_table_limits_may_meet_but_not_cross():
    """The minimum may equal the maximum, and max winnings may equal the maximum bet; one past is refused."""
    table = TableConfig()
    assert check_table(replace(table, min_bet=500, max_bet=500, chip_values=(100,)))
    assert check_table(replace(table, max_winnings=table.max_bet)).max_winnings == table.max_bet
    crossed = refusal(lambda: check_table(replace(table, min_bet=501, max_bet=500, chip_values=(1,))))
    assert (crossed.key, crossed.reason) == (Key.MIN_BET, Refusal.MIN_ABOVE_MAX)
    below = refusal(lambda: check_table(replace(table, max_winnings=table.max_bet - 1)))
    assert (below.key, below.reason) == (Key.MAX_WINNINGS, Refusal.WINNINGS_BELOW_MAX_BET)


def test_every_setting_of_the_settings_table_has_a_typed_field():
    assert {f.name for f in fields(Settings)} == {key.value for key in STORED_KEYS} | {"problems"}


def test_a_refused_kiosk_setting_leaves_the_table_settings_unsaved(open_session):
    _, session = open_session()
    before = session.state.config
    config = replace(before, min_bet=5)
    assert refusal(lambda: session.reconfigure(config, {Key.REALITY_CHECK: 1})).key == Key.REALITY_CHECK
    assert session.state.config == before and session.get_setting("reality_check_minutes") is None


# --- a file edited by hand ----------------------------------------------------------------------------


def edit_table_state(db: Path, **config) -> None:
    conn = sqlite3.connect(db)
    state = json.loads(conn.execute("SELECT state FROM table_state").fetchone()[0])
    state["config"].update(config)
    conn.execute("UPDATE table_state SET state = ?", (json.dumps(state),))
    conn.commit()
    conn.close()


def test_a_stored_table_beyond_the_limits_is_played_with_safe_defaults_and_reported(data_dir, open_session):
    store, session = open_session()
    session.set_progressive(True)
    store.close()
    edit_table_state(data_dir / "reddog.db", chip_values=[1, 5, HUGE], max_winnings=10**30)
    store, again = reopen(data_dir)
    assert again.table_problem is not None and again.table_problem.key == Key.CHIP_VALUES
    assert again.state.config == replace(TableConfig(), progressive=True)  # the player's choice kept
    assert store.journal_actions(1)[0][1] == "settings_reset"
    store.close()
    store, third = reopen(data_dir)  # the reset was saved: nothing left to report
    assert third.table_problem is None
    store.close()


def test_hand_edited_settings_rows_read_as_defaults_and_are_reported(data_dir, open_session):
    store, _ = open_session()
    store._conn.executemany(
        "INSERT INTO settings VALUES (?, ?)",
        [
            ("idle_timeout_seconds", "-5"),
            ("reality_check_minutes", "99999999999999999999999999"),
            ("language", "xx"),
            ("sound", "off"),
            ("fast_play", "yes"),
        ],
    )
    store.close()
    store, _ = reopen(data_dir)
    typed = read_settings(store.settings_rows(), LANGUAGES)
    assert (typed.idle_timeout_seconds, typed.reality_check_minutes, typed.language) == (120, 30, None)
    assert typed.sound is False and typed.fast_play is False
    assert {(p.key, p.reason) for p in typed.problems} == {
        (Key.IDLE_TIMEOUT, Refusal.NOT_A_WHOLE_NUMBER),
        (Key.REALITY_CHECK, Refusal.OUT_OF_RANGE),
        (Key.LANGUAGE, Refusal.NOT_OFFERED),
        (Key.FAST_PLAY, Refusal.NOT_OFFERED),
    }
    store.close()


# --- a journal written by the previous release -----------------------------------------------------


def test_a_journal_written_by_the_previous_release_opens_and_plays_on(tmp_path):
    """The fixture was written by the release before the settings model (8 rounds, an operator
    change, kiosk settings, a PIN, chips on the ante)."""
    shutil.copy(FIXTURES / "previous_release.db", tmp_path / "reddog.db")
    with Store.open(tmp_path, full_check=True) as store:
        session = GameSession(store, StackedDealer([["2H", "9S", "5D"]]), languages=LANGUAGES)
        assert session.table_problem is None and session.settings.problems == ()
        config = session.state.config
        assert (config.min_bet, config.max_bet, config.chip_values, config.decks) == (2, 400, (2, 10, 50), 2)
        typed = session.settings
        assert (typed.language, typed.default_language, typed.fast_play, typed.sound) == ("de", "pl", True, False)
        assert (typed.idle_timeout_seconds, typed.reality_check_minutes) == (300, 45)
        assert typed.attendant_pin_hash and typed.attendant_pin_hash.startswith("scrypt$")
        assert session.state.ante == 10 and len(session.recent_rounds()) == 8
        session.act(Action.DEAL)  # the table plays on where it was left
        assert session.state.rounds_dealt == 9


# --- every accepted table can be played --------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    chips=st.lists(st.integers(1, 60), min_size=1, max_size=4, unique=True),
    low=st.integers(1, 150),
    width=st.integers(0, 150),
)
def test_playable_ante_finds_a_bet_exactly_when_one_exists(chips, low, width):
    high = low + width
    sums = {0}
    for _ in range(high):
        sums |= {s + c for s in sums for c in chips if s + c <= high}
    exists = any(low <= s <= high for s in sums)
    found = playable_ante(tuple(chips), low, high)
    assert (found is not None) == exists
    if found is not None:
        assert set(found) <= set(chips) and low <= sum(c * n for c, n in found.items()) <= high


def test_the_default_table_is_accepted():
    assert check_table(TableConfig()) == TableConfig()


def test_the_sound_volume_is_0_to_100_and_70_unless_set(open_session):
    """The operator's volume of the sound effects (docs/operator/attendant.md); the hall may push it."""
    assert (parse(Key.VOLUME, "0"), parse(Key.VOLUME, "100")) == (0, 100)
    refused = refusal(lambda: parse(Key.VOLUME, "101"))
    assert (refused.reason, refused.low, refused.high) == (Refusal.OUT_OF_RANGE, 0, 100)
    assert refusal(lambda: parse(Key.VOLUME, "-1")).reason is Refusal.NOT_A_WHOLE_NUMBER
    _, session = open_session()
    assert session.settings.volume == 70
    session.reconfigure(session.state.config, {Key.VOLUME: 35})
    assert session.settings.volume == 35 and session.get_setting("volume") == "35"
    assert read_settings({"volume": "250"}).volume == 70  # a stored value out of range reads as the default
