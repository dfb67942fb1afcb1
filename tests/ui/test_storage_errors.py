"""A storage error anywhere (a screen, an action, a timer) ends on the localized error screen, never a traceback."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from reddog_tui.engine import StackedDealer
from reddog_tui.store import GameSession, Store, StoreError
from reddog_tui.ui.screens.error import StoreErrorScreen

from .helpers import CONSECUTIVE, SPREAD_4_LOSE, SPREAD_4_WIN, HeldTimers, make_app, run, screen_text, wait_until


def damage_round_history(data_dir: Path) -> None:
    """Play two rounds, then overwrite the settled rounds' table page with noise, as a failing disk would."""
    with Store.open(data_dir) as store:
        session = GameSession(store, StackedDealer([list(SPREAD_4_WIN), list(SPREAD_4_LOSE)]))
        for action in ("add_chip", "deal", "call", "new_bet", "add_chip", "deal", "call"):
            session.act(action, 1 if action == "add_chip" else None)
    path = data_dir / "reddog.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    root = conn.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'rounds'").fetchone()[0]
    conn.close()
    with open(path, "r+b") as db:
        db.seek((root - 1) * page_size)
        db.write(b"\xa5" * page_size)


def on_error_screen(app, code: str) -> bool:
    screen = app.screen
    return isinstance(screen, StoreErrorScreen) and screen.error.code == code and app.session is None


@run
async def test_recall_of_a_damaged_history_shows_the_error_screen(tmp_path):
    damage_round_history(tmp_path)
    app = make_app(tmp_path, "de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f3")
        await pilot.pause()
        assert on_error_screen(app, "integrity")
        assert "Das Spiel ist angehalten" in screen_text(app)  # in the player's language, during play
        assert "Integritätsprüfung" in screen_text(app)
        await pilot.press("escape", "f3", "d", "f1")  # the error screen stays
        assert on_error_screen(app, "integrity")
        await pilot.press("ctrl+q")
    assert app.return_code == 0  # quit from the error screen, not crashed nor left running


def failing_writes(monkeypatch, tmp_path: Path) -> None:
    """From now on every commit fails as on a full disk."""

    def disk_full(self, *_commit_args, **_commit_options):
        raise StoreError("disk_full", tmp_path / "reddog.db", "database or disk is full", at_start=False)

    monkeypatch.setattr(Store, "commit", disk_full)


@run
async def test_a_storage_error_inside_an_action_shows_the_error_screen(tmp_path, monkeypatch):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d")
        failing_writes(monkeypatch, tmp_path)
        await pilot.press("c")
        await pilot.pause()
        assert on_error_screen(app, "disk_full")
        assert "Play has stopped" in screen_text(app)
        await pilot.press("ctrl+q")
    assert app.return_code == 0  # quit from the error screen, not crashed nor left running
    monkeypatch.undo()
    with Store.open(tmp_path) as store:  # what was committed before the failure is kept
        state, _seq, _balance = store.load_table()
        assert (state.ante, state.credits, state.outcome) == (1, 999, None)


@run
async def test_a_storage_error_in_the_push_deal_timer_shows_the_error_screen(tmp_path, monkeypatch):
    app = make_app(tmp_path, "fr", [CONSECUTIVE, SPREAD_4_WIN], push_pause=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")

        timers = HeldTimers(app)
        await pilot.press("d")  # a push: the next hand is dealt by the timer
        failing_writes(monkeypatch, tmp_path)
        await timers.fire()
        await pilot.pause()
        assert on_error_screen(app, "disk_full")
        await pilot.press("ctrl+q")
    assert app.return_code == 0  # quit from the error screen, not crashed nor left running


@run
async def test_a_storage_error_in_the_kiosk_idle_timer_shows_the_error_screen(tmp_path, monkeypatch):
    """The kiosk's once-a-second check calls a decision left open; that call cannot be written."""
    from tests.kiosk.kiosk_helpers import kiosk_app

    with Store.open(tmp_path) as store:
        GameSession(store, StackedDealer([]), initial_credits=10)
    app = kiosk_app(tmp_path, "it", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d")
        failing_writes(monkeypatch, tmp_path)
        app.clock.now += 3600  # far past any idle timeout
        await wait_until(pilot, lambda: on_error_screen(app, "disk_full"))  # the once-a-second check
        await wait_until(pilot, lambda: "Il gioco si è fermato" in screen_text(app))  # drawn


@run
async def test_a_right_pin_that_cannot_be_journaled_opens_no_attendant_menu(tmp_path, monkeypatch):
    """Every PIN attempt is journaled first: if that fails, play stops there, menu or not."""
    from tests.kiosk.kiosk_helpers import PIN, kiosk_app

    app = kiosk_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f12")
        failing_writes(monkeypatch, tmp_path)
        await pilot.press(*PIN, "enter")
        await wait_until(pilot, lambda: on_error_screen(app, "disk_full"))
        await pilot.pause(0.1)
        assert on_error_screen(app, "disk_full")


@run
async def test_recall_of_a_hand_edited_round_shows_the_error_screen(tmp_path):
    """A row no release writes (a card "ZZ", a hand "joker") is a damaged history too."""
    Store.open(tmp_path).close()
    conn = sqlite3.connect(tmp_path / "reddog.db")
    conn.execute("INSERT INTO rounds VALUES (1, 0, 'ZZ', '2H', '3C', 1, 0, 'joker', 0, 'lose', 0, 1000, 999)")
    conn.commit()
    conn.close()
    app = make_app(tmp_path, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f3")
        await pilot.pause()
        assert on_error_screen(app, "integrity")
        assert "Gra została zatrzymana" in screen_text(app)
