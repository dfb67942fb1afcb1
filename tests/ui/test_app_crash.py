"""kill -9 of the real kiosk after each kind of transition: the restart shows the table as it was.

`python -m reddog_tui --data-dir D --lang en --seed S` runs under a pseudo terminal
(100×30, TERM=xterm-256color) and is driven by key bytes, as a person at the kiosk
would drive it. The test counts the transactions committed to SQLite's write-ahead log
(a commit frame carries the database size), and sends SIGKILL once the
transition's commit is on disk. After each kill the journal is opened like a restart
opens it (integrity check and accounting identity) and compared with a replay of the
same actions through a GameSession on a separate data dir: cards (the face-down third
card too), ante, raise, credits, phase, progressive stack, meters and the language.
Then the kiosk is started again on the same data dir and play goes on from there.

The kiosk deals from random.Random(seed), afresh at every start, so each start picks
a seed whose first deals are the hands that start needs (found with the engine). A seeded
run keeps its journal in the data dir's demo folder, never in the real table's file; it is
the same journal code, so that folder is the one checked here.
"""

from __future__ import annotations

import os
import random
import signal
import struct
import sys
import time
from pathlib import Path

import pytest

from reddog_tui import i18n
from reddog_tui.engine import Action, Card, Outcome, Phase, ShuffledDealer, StackedDealer
from reddog_tui.engine import table as engine
from reddog_tui.store import GameSession, Store, identity_gap
from reddog_tui.ui.launch import demo_data_dir
from reddog_tui.ui.texts import SUIT_SYMBOLS, rank_letter

from ..terminal import Terminal, app_command

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo terminal and SIGKILL")

SIZE = (100, 30)  # columns, rows
WAIT_S = 15.0
KEYS = {
    "plus": b"+", "minus": b"-", "d": b"d", "r": b"r", "c": b"c", "n": b"n", "o": b"o", "l": b"l",
    "enter": b"\r", "down": b"\x1b[B", "f2": b"\x1bOQ", "escape": b"\x1b",
}  # fmt: skip
INITIAL_CREDITS = 1000  # a new data dir outside kiosk mode (NEW_PLAYER_CREDITS)


# --- choosing seeds ---------------------------------------------------------------------


def first_hands(seed: int, count: int) -> list[tuple]:
    dealer = ShuffledDealer(random.Random(seed))
    return [dealer.draw_three(1) for _ in range(count)]


def dealt(cards) -> engine.TableState:
    """The state a deal of these cards gives from an ante of 1."""
    state = engine.add_chip(engine.new_table(100), 1)
    return engine.deal(state, StackedDealer([cards]))


def raising_wins(cards) -> bool:
    state = dealt(cards)
    return state.phase is Phase.DECISION and engine.raise_(state).outcome is Outcome.WIN


def is_push(cards) -> bool:
    return dealt(cards).outcome is Outcome.PUSH


def seed_where(*conditions) -> int:
    """The first seed whose first deals meet the conditions, in order."""
    for seed in range(10_000):
        hands = first_hands(seed, len(conditions))
        if all(condition(hand) for condition, hand in zip(conditions, hands)):
            return seed
    raise AssertionError("no seed found")


# --- the journal's write-ahead log ----------------------------------------------------------


def committed_transactions(data_dir: Path) -> int:
    """Commit frames in the WAL since it was last reset (frames whose salts match the header)."""
    try:
        data = (data_dir / "reddog.db-wal").read_bytes()
    except FileNotFoundError:
        return 0
    if len(data) < 32:
        return 0
    page_size = struct.unpack(">I", data[8:12])[0]
    salts = data[16:24]
    count, offset = 0, 32
    while offset + 24 + page_size <= len(data):
        header = data[offset : offset + 24]
        if header[8:16] != salts:
            break
        if struct.unpack(">I", header[4:8])[0] != 0:  # the database size: set on a commit frame
            count += 1
        offset += 24 + page_size
    return count


# --- the kiosk under a pseudo terminal --------------------------------------------------------


class Kiosk(Terminal):
    """One run of `python -m reddog_tui` on a pseudo terminal; everything it draws is kept."""

    def __init__(self, data_dir: Path, seed: int, language: str | None = "en") -> None:
        self.journal_dir = demo_data_dir(data_dir)  # where a seeded run keeps its journal
        args = ["--data-dir", str(data_dir), "--seed", str(seed)] + (["--lang", language] if language else [])
        super().__init__(app_command(*args), size=SIZE, wait_s=WAIT_S)

    def press(self, *keys: str) -> None:
        for key in keys:
            os.write(self.fd, KEYS[key])
            time.sleep(0.15 if key == "escape" else 0.03)  # a lone ESC is told from a sequence by a pause

    def wait_for_commits(self, count: int) -> None:
        deadline = time.monotonic() + WAIT_S
        while committed_transactions(self.journal_dir) < count:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{committed_transactions(self.journal_dir)} of {count} commits; screen: {self.text()[-1500:]!r}"
                )
            time.sleep(0.01)

    def kill(self) -> None:
        self.stop()
        assert self.status == -signal.SIGKILL  # it was running until the kill


def card_face(code: str, language: str) -> str:
    """A card's corner as the table draws it in `language` (German: B, D, K, A)."""
    card = Card.from_code(code)
    i18n.set_language(language)
    try:
        return rank_letter(card.rank) + SUIT_SYMBOLS[card.suit]
    finally:
        i18n.set_language("en")


# --- the test ---------------------------------------------------------------------------------


class CrashRun:
    """The kiosk on one data dir, and a replay of the same actions that says what it must hold."""

    def __init__(self, tmp_path: Path) -> None:
        self.data_dir = tmp_path / "kiosk"
        self.replay_store = Store.open(tmp_path / "replay")
        self.replay = GameSession(self.replay_store, StackedDealer([]), initial_credits=INITIAL_CREDITS)
        self.language = "en"
        self.kiosk: Kiosk | None = None
        self.commits = 0
        self.kills: list[str] = []

    def start(self, seed: int, language: str | None = "en") -> Kiosk:
        self.replay.dealer = ShuffledDealer(random.Random(seed))  # the kiosk deals afresh at each start
        self.kiosk = Kiosk(self.data_dir, seed, language)
        state = self.replay.state
        credits = f"{state.credits:,}"
        if self.language == "de":
            credits = credits.replace(",", ".")
        if not (state.phase is not Phase.BETTING or state.ante > 0):
            self.kiosk.wait_for("Choose your language")  # the welcome screen: no round open
        else:  # a round is open: the table at once, as it was
            self.kiosk.wait_for("Punkte" if self.language == "de" else "Credits", credits)
            if state.cards is not None:
                faces = [card_face(card.code, self.language) for card in state.cards]
                self.kiosk.wait_for(*faces[:2])
                if not state.third_card_shown:  # the third card is face down: its back, not its face
                    self.kiosk.wait_for("▚▞")
                    assert faces[2] not in self.kiosk.text()
        self.commits = committed_transactions(self.kiosk.journal_dir)
        return self.kiosk

    def act(self, key: str, *actions: tuple) -> None:
        """Press `key`; the kiosk commits one transaction per action; the replay does the same."""
        self.kiosk.press(key)
        for action in actions:
            self.replay.act(*action)
        self.commits += len(actions)
        self.kiosk.wait_for_commits(self.commits)

    def leave_welcome(self) -> None:
        """Enter on the welcome screen: the language already saved is chosen again (nothing to write)."""
        self.kiosk.press("enter")
        self.kiosk.wait_for("DEAL")

    def setting(self, *keys: str, commits: int = 1) -> None:
        self.kiosk.press(*keys)
        self.commits += commits
        self.kiosk.wait_for_commits(self.commits)

    def kill_and_check(self, transition: str) -> None:
        """SIGKILL, then open the journal as a restart would and compare it with the replay."""
        self.kiosk.kill()
        self.kills.append(transition)
        assert not (self.data_dir / "reddog.db").exists(), "a seeded run touched the real table"
        store = Store.open(self.kiosk.journal_dir)  # integrity check and the accounting identity run here
        try:
            state, _seq, _balance = store.load_table()
            meters = store.meters()
            language = store.get_setting("language")
        finally:
            store.close()
        expected = self.replay.state
        assert state == expected, transition
        assert state.to_json() == expected.to_json(), transition
        assert meters == self.replay.meters(), transition
        assert identity_gap(state, meters) == 0, transition
        assert language == self.language, transition

    def close(self) -> None:
        if self.kiosk is not None:
            self.kiosk.stop()
        self.replay_store.close()


def test_kill_9_after_each_kind_of_transition_restores_the_table(tmp_path):
    spread_win = seed_where(raising_wins)  # a spread whose third card falls between (R8)
    win_then_win = seed_where(raising_wins, raising_wins)
    push = seed_where(is_push)  # consecutive, or a pair with a different third card (R5)
    run = CrashRun(tmp_path)
    try:
        run.start(spread_win)
        run.setting("enter")  # the welcome screen: English chosen and saved
        run.act("plus", (Action.ADD_CHIP, 1))
        run.kill_and_check("add chip")

        run.start(spread_win)
        run.act("plus", (Action.ADD_CHIP, 1))
        run.act("minus", (Action.REMOVE_CHIP, 1))
        run.kill_and_check("remove chip")

        run.start(spread_win)
        run.act("d", (Action.DEAL,))
        assert run.replay.state.phase is Phase.DECISION
        run.kill_and_check("deal")  # the third card face down in the journal, never redrawn (R4)

        run.start(push)  # another seed: the open hand must come from the journal, not the dealer
        run.act("r", (Action.RAISE,))
        assert run.replay.state.outcome is Outcome.WIN and run.replay.state.raised == 1
        run.kill_and_check("raise")

        run.start(spread_win)
        run.act("d", (Action.REBET,))
        run.kill_and_check("rebet")

        run.start(spread_win)
        run.act("c", (Action.CALL,))
        run.kill_and_check("call")

        run.start(spread_win)
        run.act("n", (Action.NEW_BET,))
        run.kill_and_check("new bet")

        run.start(spread_win)
        run.leave_welcome()
        run.kiosk.press("f2")
        run.kiosk.wait_for("Progressive betting")
        run.kiosk.press("down")  # the progressive betting row
        run.act("enter", (Action.SET_PROGRESSIVE, True))
        run.kiosk.press("escape")
        run.act("plus", (Action.ADD_CHIP, 1))
        run.act("d", (Action.DEAL,))
        run.act("r", (Action.RAISE,))
        assert run.replay.state.winnings > 0 and run.replay.state.config.progressive
        run.kill_and_check("raise won with progressive betting: the stack stays on the table (R13)")

        run.start(spread_win)
        run.act("o", (Action.COLLECT,))
        run.kill_and_check("collect")

        run.start(win_then_win)
        run.leave_welcome()
        run.act("plus", (Action.ADD_CHIP, 1))
        run.act("d", (Action.DEAL,))
        run.act("r", (Action.RAISE,))
        stack = run.replay.state.on_table
        run.act("d", (Action.DEAL,))  # the whole stack rides (R13)
        assert run.replay.state.ante == stack and run.replay.state.phase is Phase.DECISION
        run.kill_and_check("progressive ride")

        run.start(push)
        run.act("c", (Action.CALL,))  # the stack wins again (R8)
        assert run.replay.state.outcome is Outcome.WIN
        run.act("o", (Action.COLLECT,))
        run.kill_and_check("call and collect with progressive betting")

        run.start(push)
        run.leave_welcome()
        run.act("plus", (Action.ADD_CHIP, 1))
        run.act("d", (Action.DEAL,))
        assert run.replay.state.outcome is Outcome.PUSH
        run.kill_and_check("push")  # killed before the automatic deal (R10)

        run.start(spread_win)  # the pause ends and the same ante is dealt again, by itself
        run.replay.act(Action.DEAL)
        run.commits += 1
        run.kiosk.wait_for_commits(run.commits)
        assert run.replay.state.phase is Phase.DECISION
        run.kill_and_check("push re-deal")

        run.start(spread_win)
        run.setting("l")  # Deutsch, saved
        run.language = "de"
        run.kill_and_check("language")

        run.start(spread_win, language=None)  # no --lang: the saved language comes back
        run.kiosk.wait_for("Punkte", "ERHÖHEN")
        run.act("c", (Action.CALL,))
        run.kill_and_check("call after the restart in German")
    finally:
        run.close()
    assert len(run.kills) == 15
