"""Out of credits: a panel in place of the chips that says what happens next.

In kiosk mode credits are money, so only an attendant adds them (the attendant's F12 and the
table stay reachable: this is no screen of its own). At the practice table a new bankroll is
offered.
"""

from __future__ import annotations

from .prose import Prose


class ZeroCreditsPanel(Prose):
    DEFAULT_CSS = """
    ZeroCreditsPanel {
        display: none; height: auto; margin: 1 1 0 1; padding: 0 1;
        border: double $highlight-text; color: $highlight-text; text-style: bold; text-align: center;
    }
    ZeroCreditsPanel.-shown { display: block; }
    """

    def show(self, text: str) -> None:
        """Show `text`, or hide the panel for an empty text; only a change repaints."""
        self.set_class(bool(text), "-shown")
        self.text = text
