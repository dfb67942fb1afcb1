"""The baseline of the browser benchmark: the bare app, whose button counts clicks (run as a script)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bare_app import BareApp


class BareClickApp(BareApp):
    def on_button_pressed(self) -> None:
        self.action_bump()


if __name__ == "__main__":
    BareClickApp().run()
