"""Started as a new process: prints 'ready' once the screen can take a key, then exits.

python benchmarks/start_probe.py bare
python benchmarks/start_probe.py app DATA_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


async def _ready(pilot) -> None:
    await pilot.pause()
    print("ready", flush=True)
    pilot.app.exit()


def main() -> None:
    if sys.argv[1] == "bare":
        from benchmarks.bare_app import BareApp

        app = BareApp()
    else:
        from reddog_tui.ui.app import RedDogApp

        app = RedDogApp(language="de", data_dir=sys.argv[2])
    app.run(headless=True, size=(80, 24), auto_pilot=_ready)


if __name__ == "__main__":
    main()
