"""The attendant PIN: hashed, verified, and locked after three wrong tries, longer each time."""

import random

import pytest

from reddog_tui.kiosk.pin import (
    COUNTED,
    HISTORY_NEEDED,
    Attempt,
    JournaledAttempt,
    PinEvent,
    PinGate,
    PinLock,
    PinRefused,
    Verdict,
    hash_pin,
    journaled_attempts,
    judge,
    pin_lock,
    verify_pin,
)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_stored_hash_is_salted_and_is_not_the_pin():
    first, second = hash_pin("4711"), hash_pin("4711")
    assert "4711" not in first
    assert first != second  # a fresh salt every time
    assert first.split("$")[:4] == ["scrypt", str(2**14), "8", "1"]  # the kiosk's cost: about 16 MiB per check
    assert verify_pin("4711", first) and verify_pin("4711", second)
    assert not verify_pin("4712", first)


def test_a_hash_carries_its_cost_and_is_checked_at_it():
    cheap = hash_pin("4711", cost=2**4)  # as the kiosk tests store it
    assert cheap.split("$")[1] == "16"
    assert verify_pin("4711", cheap) and not verify_pin("4712", cheap)


@pytest.mark.parametrize("pin", ["", "123", "12ab", "1234567890123", "１２３４"])
def test_unusable_pins_are_refused(pin):
    with pytest.raises(PinRefused):
        hash_pin(pin)


def test_a_damaged_hash_never_verifies():
    assert not verify_pin("4711", "garbage")
    assert not verify_pin("4711", "scrypt$x$8$1$00$00")


def lock_out(gate: PinGate) -> Attempt:
    gate.attempt("1111")
    gate.attempt("2222")
    return gate.attempt("3333")


def test_three_wrong_pins_lock_the_entry_for_sixty_seconds():
    clock = Clock()
    gate = PinGate(hash_pin("2468"), clock=clock)
    assert gate.attempt("1111").verdict is Verdict.WRONG
    assert gate.attempt("2222").verdict is Verdict.WRONG
    third = gate.attempt("3333")
    assert third.verdict is Verdict.LOCKED and third.locked_for == 60
    assert (third.event, third.value) == (PinEvent.LOCKING, 60)  # journaled with its length
    clock.now += 59
    # Even the right PIN is not checked while locked.
    assert gate.attempt("2468").verdict is Verdict.LOCKED
    clock.now += 1
    assert gate.attempt("2468").verdict is Verdict.ACCEPTED


def test_each_lock_in_a_row_is_longer_up_to_half_an_hour():
    clock = Clock()
    gate = PinGate(hash_pin("2468"), clock=clock)
    lengths = []
    for _ in range(4):
        attempt = lock_out(gate)
        lengths.append(attempt.value)
        clock.now += attempt.locked_for
    assert lengths == [60, 5 * 60, 30 * 60, 30 * 60]


def test_the_right_pin_starts_the_next_row_at_a_minute_again():
    clock = Clock()
    gate = PinGate(hash_pin("2468"), clock=clock)
    clock.now += lock_out(gate).locked_for
    clock.now += lock_out(gate).locked_for
    assert gate.attempt("2468").verdict is Verdict.ACCEPTED
    assert lock_out(gate).value == 60


def test_a_gate_built_from_the_journal_is_still_locked():
    """What a restart sees: the journaled attempts, newest first, as the store reads them."""
    clock = Clock()
    newest_first = [
        (clock.now - 10, "pin_wrong_locked", 300),
        (clock.now - 12, "pin_wrong", None),
        (clock.now - 13, "pin_while_locked", None),
        (clock.now - 14, "pin_wrong", None),
        (clock.now - 100, "pin_wrong_locked", 60),
        (clock.now - 101, "pin_wrong", None),
        (clock.now - 102, "pin_wrong", None),
        (clock.now - 500, "menu_closed", None),
    ]
    gate = PinGate(hash_pin("2468"), clock=clock, history=journaled_attempts(newest_first))
    assert gate.locked_for() == 290
    assert gate.attempt("2468").verdict is Verdict.LOCKED
    clock.now += 290
    assert lock_out(gate).value == 30 * 60  # the third lock in a row


def test_a_lock_journaled_without_its_length_lasts_a_minute():
    clock = Clock()
    history = journaled_attempts([(clock.now - 30, "pin_wrong_locked", None)])
    assert PinGate(hash_pin("2468"), clock=clock, history=history).locked_for() == 30


def test_a_clock_set_back_never_makes_the_lock_longer():
    lock = pin_lock([JournaledAttempt(1000.0, PinEvent.LOCKING, 60)])
    assert lock.seconds_left(1000.0 - 3600) == 60
    assert lock.seconds_left(1030.0) == 30


def test_the_newest_attempts_decide_the_lock_as_the_whole_history_would():
    rng = random.Random(7)
    counted = [PinEvent.ACCEPTED, PinEvent.WRONG, PinEvent.WRONG, PinEvent.WRONG, PinEvent.WRONG]
    for _ in range(2000):
        now, lock, history = 1000.0, PinLock(), []
        for _ in range(rng.randrange(40)):
            right = rng.choice(counted) is PinEvent.ACCEPTED
            attempt = judge(lambda right=right: right, lock, now)
            history.append(JournaledAttempt(now, attempt.event, attempt.value))
            lock = pin_lock(history)
            now += rng.choice([1, 61, 400])
        newest = [a for a in history if a.event in COUNTED][-HISTORY_NEEDED:]
        full, window = pin_lock(history), pin_lock(newest)
        assert window.seconds_left(now) == full.seconds_left(now)
        assert window.next_lock_seconds() == full.next_lock_seconds()
        assert window.wrong_in_a_row == full.wrong_in_a_row


def test_a_right_pin_resets_the_count_of_wrong_ones():
    clock = Clock()
    gate = PinGate(hash_pin("2468"), clock=clock)
    gate.attempt("1111")
    gate.attempt("1112")
    assert gate.attempt("2468").verdict is Verdict.ACCEPTED
    assert gate.attempt("1113").verdict is Verdict.WRONG


def test_a_new_pin_keeps_the_lock_of_the_entry():
    """A PIN the hall sends does not open an entry that wrong PINs locked, nor forget two wrong ones."""
    clock = Clock()
    gate = PinGate(hash_pin("2468", cost=2**4), clock=clock)
    gate.attempt("1111")
    gate.attempt("2222")
    renewed = gate.with_hash(hash_pin("1357", cost=2**4))
    assert renewed.attempt("2468").verdict is Verdict.LOCKED  # the old PIN is wrong now: the third in a row
    clock.now += 60
    assert renewed.attempt("1357").verdict is Verdict.ACCEPTED
