"""Idle: an open decision is called, an empty table goes back to the welcome screen."""

from reddog_tui.engine import StackedDealer, add_chip, call, deal, new_table
from reddog_tui.kiosk.idle import IdleStep, idle_step


def decision():
    return deal(add_chip(new_table(100), 10), StackedDealer([["2H", "JS", "AC"]]))


def test_nothing_happens_before_the_timeout():
    assert idle_step(decision(), idle_seconds=119, timeout=120) is IdleStep.NOTHING


def test_an_open_decision_is_called_at_the_timeout():
    assert idle_step(decision(), idle_seconds=120, timeout=120) is IdleStep.CALL


def test_an_empty_table_goes_back_to_welcome():
    lost_everything = call(deal(add_chip(new_table(10), 10), StackedDealer([["2H", "JS", "AC"]])))
    assert lost_everything.credits == 0 and lost_everything.on_table == 0
    assert idle_step(lost_everything, idle_seconds=300, timeout=120) is IdleStep.WELCOME
    assert idle_step(new_table(0), idle_seconds=300, timeout=120) is IdleStep.WELCOME


def test_credits_or_chips_keep_the_table():
    assert idle_step(new_table(5), idle_seconds=900, timeout=120) is IdleStep.NOTHING
    won = call(deal(add_chip(new_table(10), 10), StackedDealer([["2H", "JS", "5C"]])))
    assert won.credits == 0 and won.on_table == 20
    assert idle_step(won, idle_seconds=900, timeout=120) is IdleStep.NOTHING
