"""R1: every round starts from a fresh, uniformly shuffled deck."""

import random

from reddog_tui.engine import Card, ShuffledDealer, fresh_deck, shuffle_front
from reddog_tui.engine.simulate import chi_square_sf


def _uniformity_p_value(counts: list[list[int]], trials: int, dof: int) -> float:
    cells = [c for row in counts for c in row]
    expected = trials / len(counts[0])
    statistic = sum((c - expected) ** 2 / expected for c in cells)
    return chi_square_sf(statistic, dof)


# A card x position table of full shuffles has both margins fixed: 51 x 51
# degrees of freedom. Three draws fix only each position's total: 3 x 51.
FULL_DOF = 51 * 51
DRAW_DOF = 3 * 51


def test_full_shuffle_puts_every_card_in_every_position_equally_often():
    rng = random.Random(2024)
    deck = fresh_deck()
    index = {card: i for i, card in enumerate(deck)}
    counts = [[0] * 52 for _ in range(52)]
    trials = 5200
    for _ in range(trials):
        for position, card in enumerate(shuffle_front(list(deck), rng)):
            counts[index[card]][position] += 1
    assert all(sum(row) == trials for row in counts)
    assert _uniformity_p_value(counts, trials, FULL_DOF) > 0.001


def test_three_card_draw_is_uniform_over_cards_and_positions():
    rng = random.Random(7)
    dealer = ShuffledDealer(rng)
    index = {card: i for i, card in enumerate(fresh_deck())}
    counts = [[0] * 3 for _ in range(52)]
    trials = 52 * 300
    for _ in range(trials):
        cards = dealer.draw_three(1)
        assert len(set(cards)) == 3  # one deck: three different cards
        for position, card in enumerate(cards):
            counts[index[card]][position] += 1
    # Each card lands in each of the three positions with probability 1/52.
    flipped = [list(col) for col in zip(*counts)]
    assert _uniformity_p_value(flipped, trials, DRAW_DOF) > 0.001


def test_a_biased_shuffle_is_detected():
    # The test above can fail: a shuffle that never moves the first card is caught.
    rng = random.Random(7)
    deck = fresh_deck()
    index = {card: i for i, card in enumerate(deck)}
    counts = [[0] * 52 for _ in range(52)]
    for _ in range(5200):
        cards = list(deck)
        rest = cards[1:]
        rng.shuffle(rest)
        for position, card in enumerate([cards[0], *rest]):
            counts[index[card]][position] += 1
    assert _uniformity_p_value(counts, 5200, FULL_DOF) < 1e-9


def test_each_round_draws_from_a_fresh_full_shoe():
    class Counting(random.Random):
        calls = 0

        def randrange(self, start, stop=None):
            Counting.calls += 1
            assert stop == 52 * 2  # every draw is over the whole two-deck shoe
            return super().randrange(start, stop)

    dealer = ShuffledDealer(Counting(3))
    for _ in range(10):
        dealer.draw_three(2)
    assert Counting.calls == 30


def test_seeded_source_gives_the_same_rounds():
    first = [ShuffledDealer(random.Random(42)).draw_three(1) for _ in range(3)]
    second = [ShuffledDealer(random.Random(42)).draw_three(1) for _ in range(3)]
    assert first == second and all(isinstance(c, Card) for c in first[0])
