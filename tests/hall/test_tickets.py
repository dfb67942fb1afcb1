"""Validation numbers: 18 digits, the hall's identifier first, a Damm check digit last."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from reddog_tui.hall import tickets

numbers = st.builds(
    tickets.new_number,
    st.integers(tickets.HALL_ID_LOW, tickets.HALL_ID_HIGH),
    st.randoms(use_true_random=False),
)


def test_the_damm_digit_of_the_textbook_example():
    # 572 takes check digit 4; 5724 then checks to 0.
    assert tickets.check_digit("572") == 4
    assert tickets.check_digit("5724") == 0


@given(numbers)
def test_a_new_number_has_18_digits_its_hall_and_a_valid_check(number):
    assert len(str(number)) == 18
    assert tickets.is_ticket(number)
    assert tickets.HALL_ID_LOW <= tickets.hall_of(number) <= tickets.HALL_ID_HIGH


@given(numbers, st.integers(0, 17), st.integers(1, 9))
def test_every_single_wrong_digit_is_caught(number, position, shift):
    text = str(number)
    wrong = text[:position] + str((int(text[position]) + shift) % 10) + text[position + 1 :]
    if wrong[0] != "0":
        assert not tickets.is_ticket(int(wrong))


@given(numbers, st.integers(0, 16))
def test_every_swap_of_neighbours_is_caught(number, position):
    text = str(number)
    if text[position] == text[position + 1]:
        return
    swapped = text[:position] + text[position + 1] + text[position] + text[position + 2 :]
    if swapped[0] != "0":
        assert not tickets.is_ticket(int(swapped))


def test_the_hall_identifier_is_the_first_four_digits():
    number = tickets.new_number(4711, random.Random(1))
    assert str(number).startswith("4711")
    assert tickets.hall_of(number) == 4711
    assert tickets.hall_of(123456) is None  # a standalone kiosk's voucher carries no hall


def test_numbers_are_not_sequential():
    rng = random.Random(7)
    drawn = [tickets.new_number(2000, rng) for _ in range(1000)]
    assert len(set(drawn)) == 1000
    gaps = {b - a for a, b in itertools.pairwise(drawn)}
    assert len(gaps) > 990  # no fixed step between one and the next


def test_an_out_of_range_hall_identifier_is_refused():
    for hall_id in (999, 10000):
        try:
            tickets.new_number(hall_id, random.Random(1))
        except ValueError:
            continue
        raise AssertionError(f"hall identifier {hall_id} was accepted")


def test_printed_grouped_and_typed_back_with_or_without_separators():
    number = tickets.new_number(1234, random.Random(3))
    printed = tickets.grouped(number)
    assert printed.count("-") == 4 and len(printed) == 22
    assert [len(part) for part in printed.split("-")] == [2, 4, 4, 4, 4]
    for typed in (printed, printed.replace("-", " "), str(number), f"  {printed}  "):
        assert tickets.digits_typed(typed) == str(number)
    assert tickets.digits_typed("12-34a") is None
