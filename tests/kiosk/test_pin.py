"""The attendant PIN: hashed, verified, and locked after three wrong tries."""

import pytest

from reddog_tui.kiosk.pin import PinGate, PinRefused, Verdict, hash_pin, verify_pin


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_stored_hash_is_salted_and_is_not_the_pin():
    first, second = hash_pin("4711"), hash_pin("4711")
    assert "4711" not in first
    assert first != second  # a fresh salt every time
    assert first.startswith("scrypt$")
    assert verify_pin("4711", first) and verify_pin("4711", second)
    assert not verify_pin("4712", first)


@pytest.mark.parametrize("pin", ["", "123", "12ab", "1234567890123", "１２３４"])
def test_unusable_pins_are_refused(pin):
    with pytest.raises(PinRefused):
        hash_pin(pin)


def test_a_damaged_hash_never_verifies():
    assert not verify_pin("4711", "garbage")
    assert not verify_pin("4711", "scrypt$x$8$1$00$00")


def test_three_wrong_pins_lock_the_entry_for_sixty_seconds():
    clock = Clock()
    gate = PinGate(hash_pin("2468"), clock=clock)
    assert gate.attempt("1111").verdict is Verdict.WRONG
    assert gate.attempt("2222").verdict is Verdict.WRONG
    third = gate.attempt("3333")
    assert third.verdict is Verdict.LOCKED and third.locked_for == 60
    clock.now += 59
    # Even the right PIN is not checked while locked.
    assert gate.attempt("2468").verdict is Verdict.LOCKED
    clock.now += 1
    assert gate.attempt("2468").verdict is Verdict.ACCEPTED


def test_a_right_pin_resets_the_count_of_wrong_ones():
    clock = Clock()
    gate = PinGate(hash_pin("2468"), clock=clock)
    gate.attempt("1111")
    gate.attempt("1112")
    assert gate.attempt("2468").verdict is Verdict.ACCEPTED
    assert gate.attempt("1113").verdict is Verdict.WRONG
