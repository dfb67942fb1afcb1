"""When a guest leaves (cash-out, or back to the welcome screen): what the session came to.

Rounds played and won, then the reality check's own sentence for time played and net
result. Any key or a click closes it; so does a timer, so that the next guest never finds
the last one's result. Two keys keep their meaning: the language key switches the language
(the summary stays, in the new words), and the attendant's key closes it and opens the
attendant's PIN entry.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ...i18n import _, pgettext
from ...i18n.formatting import number
from ...i18n.keys import entry
from ...kiosk.summary import SessionSummary
from ..kiosk_texts import duration_words, signed_credits
from ..widgets.buttons import KeyBar
from ..widgets.prose import Prose

SUMMARY_SHOWN_S = 30.0  # then it closes by itself


def keys_of(action: str) -> frozenset[str]:
    """The keys the registry binds to `action` (its alternate too)."""
    return frozenset(
        name for names, bound in entry(action).all_bindings if bound == action for name in names.split(",")
    )


LANGUAGE_KEYS = keys_of("next_language")
ATTENDANT_KEYS = keys_of("attendant")


def played_sentence(seconds: float, net: int) -> str:
    """Time played and net result, once play is over (the reality check's line says play goes on)."""
    return _("Time played: {time}. Net result: {net}.").format(time=duration_words(seconds), net=signed_credits(net))


class SummaryScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    SummaryScreen { align: center middle; background: $felt 60%; }
    #summary-box { width: 64; height: auto; border: double $highlight-text; background: $felt-deep; padding: 1 2; }
    #summary-title { text-style: bold; color: $highlight-text; margin: 0 0 1 0; }
    #summary-rounds { height: auto; }
    #summary-text { height: auto; margin: 1 0 0 0; }
    """

    def __init__(self, summary: SessionSummary) -> None:
        super().__init__()
        self.summary = summary
        self.ready = False

    def compose(self) -> ComposeResult:
        with Vertical(id="summary-box"):
            yield Static("", id="summary-title", markup=False)
            yield Static("", id="summary-rounds", markup=False)
            yield Prose("", id="summary-text")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.ready = True
        self.watch(self.app, "language", self.refresh_view, init=False)
        self.refresh_view()
        self.app.set_timer(SUMMARY_SHOWN_S, self.close)  # the app's timers are guarded and held in tests

    def refresh_view(self) -> None:
        if not self.ready:
            return
        summary = self.summary
        # TRANSLATORS: the title of the summary a guest sees on leaving the table.
        self.query_one("#summary-title", Static).update(_("Thank you for playing"))
        rows = ((_("Rounds played"), summary.rounds_played), (_("Rounds won"), summary.rounds_won))
        width = max(len(label) for label, _count in rows) + 2
        self.query_one("#summary-rounds", Static).update(
            Content("\n").join(
                Content.assemble((label.ljust(width), "dim"), (number(count), "bold")) for label, count in rows
            )
        )
        self.query_one("#summary-text", Static).update(played_sentence(summary.played_seconds, summary.net_result))
        self.query_one("#keys", KeyBar).show([(pgettext("key", "Enter"), _("Continue"))])

    def close(self) -> None:
        if self.is_attached and self.app.screen is self:
            self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        # A modal screen's keys never reach the app's bindings: these two run the app's actions
        # themselves, through its one check as the keys would.
        event.stop()
        if event.key in LANGUAGE_KEYS:  # the summary stays, and redraws in the new language
            self.app.call_later(self.app.run_action, "app.next_language")
            return
        self.close()
        if event.key in ATTENDANT_KEYS:
            self.app.call_later(self.app.run_action, "app.attendant")

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.close()
