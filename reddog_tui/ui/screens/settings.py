"""Game settings (R15): language, progressive betting, fast play, sound effects, high contrast, reduce motion."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from ...engine import Action
from ...i18n import LANGUAGE_NAMES, LANGUAGES, _, pgettext
from ...i18n.keys import bar_item
from ...store.settings import Key
from ..texts import error_text
from ..widgets.buttons import KeyBar
from .base import ViewScreen
from .table import common_keys, too_small_text

SETTINGS = ("language", "progressive", "fast_play", "sound", "high_contrast", "reduce_motion")


class SettingRow(Horizontal):
    """A setting's name and value; a click changes it."""

    class Clicked(Message):
        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def __init__(self, key: str) -> None:
        super().__init__(id=f"setting-{key.replace('_', '-')}", classes="setting")
        self.key = key

    def compose(self) -> ComposeResult:
        yield Static("", classes="setting-name", markup=False)
        yield Static("", classes="setting-value", markup=False)

    def show(self, name: str, value: str, highlighted: bool, enabled: bool) -> None:
        self.query_one(".setting-name", Static).update(name)
        self.query_one(".setting-value", Static).update(
            Content.assemble(("◀ ", "dim"), value, (" ▶", "dim")) if self.key == "language" else value
        )
        self.set_class(highlighted, "-highlighted")
        self.set_class(not enabled, "-locked")

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.key))


class SettingsScreen(ViewScreen):
    BINDINGS = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("enter,space,right", "change(1)", show=False),
        Binding("left", "change(-1)", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.highlighted = SETTINGS[0]

    def compose(self) -> ComposeResult:
        with Vertical(id="settings-body"):
            yield Static("", id="settings-title", markup=False)
            with Vertical(id="settings-list"):
                for key in SETTINGS:
                    yield SettingRow(key)
            yield Static("", id="settings-reason", markup=False)
            yield Static("", id="settings-hint", markup=False)
        yield KeyBar(id="keys")
        yield Static("", id="too-small", markup=False)

    def refresh_view(self) -> None:
        view = self.app.table_view
        if self.app.session is None or view is None:
            return
        on, off = _("On"), _("Off")
        state = view.state
        reason = view.why_not(Action.SET_PROGRESSIVE)  # why it cannot be switched now (R13)
        lock = error_text(reason) if reason is not None else ""
        values = {
            "language": (_("Language"), LANGUAGE_NAMES[view.language], True),
            "progressive": (
                pgettext("setting", "Progressive betting"),
                on if state.config.progressive else off,
                not lock,
            ),
            "fast_play": (_("Fast play"), on if view.settings.fast_play else off, True),
            "sound": (_("Sound effects (terminal bell)"), on if view.settings.sound else off, True),
            "high_contrast": (_("High contrast"), on if view.settings.high_contrast else off, True),
            "reduce_motion": (_("Reduce motion"), on if view.settings.reduce_motion else off, True),
        }
        self.query_one("#settings-title", Static).update(_("Game Settings"))
        for row in self.query(SettingRow):
            name, value, enabled = values[row.key]
            row.show(name, value, row.key == self.highlighted, enabled)
        self.query_one("#settings-reason", Static).update(lock)
        self.query_one("#settings-hint", Static).update(_("↑/↓ chooses a setting; Enter, ←/→ or a click changes it."))
        keys = [bar_item("back_to_table"), *common_keys(self.app.exits_locked, leave_out=("show_settings",))]
        self.query_one("#keys", KeyBar).show(keys)
        self.query_one("#too-small", Static).update(too_small_text(self.size.width, self.size.height))

    def action_move(self, step: int) -> None:
        index = SETTINGS.index(self.highlighted)
        self.highlighted = SETTINGS[max(0, min(len(SETTINGS) - 1, index + step))]
        self.refresh_view()

    def action_change(self, step: int) -> None:
        self.change(self.highlighted, step)

    @on(SettingRow.Clicked)
    def row_clicked(self, event: SettingRow.Clicked) -> None:
        self.highlighted = event.key
        self.change(event.key, 1)

    def change(self, key: str, step: int) -> None:
        app = self.app
        if key == "language":
            app.language = LANGUAGES[(LANGUAGES.index(app.language) + step) % len(LANGUAGES)]
        elif key == "progressive":
            # A refusal (a round is open) is shown as the reason under the list.
            app.act(Action.SET_PROGRESSIVE, not app.open_session.state.config.progressive, show_refusal=False)
        elif key == "fast_play":
            app.set_setting_on(Key.FAST_PLAY, not app.fast_play)
        elif key == "sound":
            app.set_setting_on(Key.SOUND, not app.sound)
        elif key == "high_contrast":
            app.set_setting_on(Key.HIGH_CONTRAST, not app.settings.high_contrast)
            app.apply_theme()
        elif key == "reduce_motion":
            app.set_setting_on(Key.REDUCE_MOTION, not app.settings.reduce_motion)
        self.refresh_view()
