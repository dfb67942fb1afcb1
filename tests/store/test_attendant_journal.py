"""Attendant events (PIN attempts, leaving the kiosk) are journaled beside play and move no money."""

import pytest

from reddog_tui.engine import Action
from reddog_tui.store import GameSession, Store, identity_gap

from .conftest import stacked


def test_an_attendant_event_is_journaled_with_the_table_unchanged(data_dir, open_session):
    store, session = open_session("5H TS 8D", credits=100)
    session.act(Action.ADD_CHIP, 10)
    before, meters_before, seq_before = session.state, session.meters(), session.seq
    session.journal_attendant_event("pin_wrong")
    session.journal_attendant_event("pin_accepted")
    assert session.state == before
    assert session.meters() == meters_before
    assert session.seq == seq_before + 2
    newest = session.journal_actions(3)
    assert [action for _, action, _ in newest] == ["attendant_pin_accepted", "attendant_pin_wrong", "add_chip"]
    assert newest[0][0] > newest[1][0]  # each entry keeps its own time
    # Play goes on from the journaled seq, and the file reopens with its identity intact.
    session.act(Action.DEAL)
    store.close()
    again_store = Store.open(data_dir)
    try:
        again = GameSession(again_store, stacked("2H 3H 4H"), 0)
        assert again.state.phase.value == "decision"
        assert identity_gap(again.state, again.meters()) == 0
        assert "attendant_pin_wrong" in [a for _, a, _ in again.journal_actions(10)]
    finally:
        again_store.close()


@pytest.mark.parametrize("event", ["", "pin wrong", "x;drop", "pin-wrong"])
def test_an_attendant_event_is_a_plain_word(open_session, event):
    _, session = open_session()
    seq = session.seq
    with pytest.raises(ValueError):
        session.journal_attendant_event(event)
    assert session.seq == seq
