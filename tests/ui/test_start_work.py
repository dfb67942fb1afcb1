"""What a start does before the table is ready: no work that only a later screen, kiosk mode or a new
journal needs, and none done twice (the cold-start benchmark in benchmarks/run.py times it; this counts it)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
from textual.css.stylesheet import Stylesheet
from reddog_tui.ui.app import RedDogApp
from reddog_tui.ui.screens.table import TableScreen

readings = []
reparse = Stylesheet.reparse
def counted(self):
    readings.append(1)
    return reparse(self)
Stylesheet.reparse = counted

styled = []  # each time the whole table screen is styled
update_nodes = Stylesheet.update_nodes
def styling(self, nodes, animate=False):
    nodes = list(nodes)
    styled.extend(node for node in nodes if isinstance(node, TableScreen))
    return update_nodes(self, nodes, animate)
Stylesheet.update_nodes = styling

resized = []
on_resize = TableScreen.on_resize
def resizing(self, event):
    resized.append(tuple(event.size))
    return on_resize(self, event)
TableScreen.on_resize = resizing

async def ready(pilot):
    await pilot.pause()
    pilot.app.exit()

RedDogApp(language="de", data_dir=sys.argv[1]).run(headless=True, size=(80, 24), auto_pilot=ready)
later = ["secrets", "babel", "reddog_tui.kiosk.mode", "reddog_tui.kiosk.intents", "reddog_tui.kiosk.pin"]
print(json.dumps({
    "readings_again": len(readings),
    "imported": [name for name in later if name in sys.modules],
    "table_styled": len(styled),
    "table_resized": resized,
}))
"""


def start(data_dir: Path) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(data_dir)], cwd=ROOT, capture_output=True, text=True, check=True, timeout=120
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_start_reads_the_stylesheet_once_and_leaves_kiosk_mode_and_babel_unimported(tmp_path):
    """Whole numbers need no Babel (see formatting.GROUP_SEPARATORS); the table screen starts with the
    breakpoint classes of its size, so it is styled once, at the one size it is shown at. The theme,
    set as Textual documents it, has the stylesheet read once more (Textual's theme watcher)."""
    start(tmp_path)  # the first start creates the journal (which needs secrets)
    found = start(tmp_path)
    assert found["readings_again"] == 1 and found["imported"] == [] and found["table_styled"] == 1
    assert found["table_resized"] and {tuple(size) for size in found["table_resized"]} == {(80, 24)}


def test_play_draws_from_the_system_source_and_a_seed_from_its_own(tmp_path):
    """Randomness in play is the operating system's (`secrets.SystemRandom`, the same class as
    `random.SystemRandom`, which the start imports without `secrets`); a seed gives a replayable demo."""
    import random
    import secrets

    from reddog_tui.engine import ShuffledDealer
    from reddog_tui.ui.app import RedDogApp

    dealer = RedDogApp(language="en", data_dir=tmp_path / "play").dealer
    assert isinstance(dealer, ShuffledDealer) and isinstance(dealer.rng, secrets.SystemRandom)
    demo = RedDogApp(language="en", data_dir=tmp_path / "demo", seed=7).dealer
    assert isinstance(demo, ShuffledDealer) and not isinstance(demo.rng, random.SystemRandom)


def test_the_collector_rests_while_the_app_starts_and_runs_again_from_its_first_frame(tmp_path, monkeypatch):
    """The start's objects live on: Python's collector is off from the app's load to its first
    frame, and on again after it, and after an app that ends before a frame (kiosk mode without a PIN)."""
    import asyncio
    import gc

    from reddog_tui.ui.app import RedDogApp
    from reddog_tui.ui.screens.table import TableScreen

    seen: list[bool] = []
    compose = TableScreen.compose

    def composing(screen):
        seen.append(gc.isenabled())
        return compose(screen)

    async def body(app: RedDogApp) -> bool:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return gc.isenabled()

    assert gc.isenabled()
    monkeypatch.setattr(TableScreen, "compose", composing)
    assert asyncio.run(body(RedDogApp(language="en", data_dir=tmp_path / "play"))) is True
    assert seen == [False]
    assert gc.isenabled()

    no_pin = RedDogApp(language="en", data_dir=tmp_path / "kiosk", kiosk=True)
    asyncio.run(no_pin.run_async(headless=True, size=(80, 24)))
    assert no_pin.return_code == 2 and gc.isenabled()
