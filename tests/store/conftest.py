import contextlib
import hashlib
from pathlib import Path

import pytest

from reddog_tui.engine import StackedDealer
from reddog_tui.store import GameSession, Store


class FakeClock:
    """A clock the test moves: every reading is one second after the last."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        self.t += 1.0
        return self.t


def stacked(*rounds: str) -> StackedDealer:
    """A dealer for the given rounds, each written as 'first second third'."""
    return StackedDealer([r.split() for r in rounds])


def file_digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def open_session(data_dir):
    """open_session(*rounds, credits=1000) -> (store, session); every store is closed at the end."""
    stores: list[Store] = []

    def make(*rounds: str, credits: int = 1000, **config):
        from reddog_tui.engine import TableConfig

        store = Store.open(data_dir, clock=FakeClock())
        stores.append(store)
        return store, GameSession(store, stacked(*rounds), credits, TableConfig(**config) if config else None)

    yield make
    for store in stores:
        with contextlib.suppress(Exception):
            store.close()
