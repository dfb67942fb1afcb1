"""Game settings (R15): language, progressive betting, fast play, sound effects, high contrast, reduce motion."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from ...engine import Action
from ...i18n import LANGUAGES, _, pgettext
from ...i18n.keys import bar_item
from ...store.settings import Key
from ..texts import error_text
from ..widgets.buttons import KeyBar
from ..widgets.setting_fields import LanguageSelect, OnOffSwitch
from .base import ViewScreen
from .table import common_keys, too_small_text

SETTINGS = ("language", "progressive", "fast_play", "sound", "high_contrast", "reduce_motion")


class SettingRow(Horizontal):
    """A setting's name and its control: a Switch with the word for its state, or the language's
    Select. The screen's keys work the highlighted row; a click on the row outside the control
    changes it as the key would, a click on the control works the control."""

    class Clicked(Message):
        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def __init__(self, key: str, control: OnOffSwitch | LanguageSelect) -> None:
        super().__init__(id=f"setting-{key.replace('_', '-')}", classes="setting")
        self.key = key
        self.control = control
        control.can_focus = False  # the screen's ↑/↓ choose the row, its keys change it

    def compose(self) -> ComposeResult:
        yield Static("", classes="setting-name", markup=False)
        if isinstance(self.control, OnOffSwitch):
            yield Static("", classes="setting-value", markup=False)
        yield self.control

    def show(self, name: str, value: bool | str, word: str, highlighted: bool, enabled: bool) -> None:
        self.query_one(".setting-name", Static).update(name)
        for shown in self.query(".setting-value").results(Static):
            shown.update(word)
        self.control.value = value  # its Changed then matches the setting: the screen ignores it
        self.set_class(highlighted, "-highlighted")
        self.set_class(not enabled, "-locked")

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.key))


class SettingsScreen(ViewScreen):
    AUTO_FOCUS = ""  # nothing: the keys work the highlighted row; the language's closed list must not hold them
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
                    control = (
                        LanguageSelect(self.app.language, id="language-select")
                        if key == "language"
                        else OnOffSwitch(id=f"switch-{key.replace('_', '-')}")
                    )
                    yield SettingRow(key, control)
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
        values: dict[str, tuple[str, bool | str, bool]] = {
            "language": (_("Language"), view.language, True),
            "progressive": (pgettext("setting", "Progressive betting"), state.config.progressive, not lock),
            "fast_play": (_("Fast play"), view.settings.fast_play, True),
            "sound": (_("Sound effects"), view.settings.sound, True),
            "high_contrast": (_("High contrast"), view.settings.high_contrast, True),
            "reduce_motion": (_("Reduce motion"), view.settings.reduce_motion, True),
        }
        self.query_one("#settings-title", Static).update(_("Game Settings"))
        for row in self.query(SettingRow):
            name, value, enabled = values[row.key]
            word = (on if value else off) if isinstance(value, bool) else ""
            row.show(name, value, word, row.key == self.highlighted, enabled)
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

    @on(OnOffSwitch.Changed)
    def switch_tapped(self, event: OnOffSwitch.Changed) -> None:
        event.stop()
        row = event.switch.parent
        if isinstance(row, SettingRow) and event.value != self.is_on(row.key):  # a tap, not a redraw
            self.highlighted = row.key
            self.change(row.key, 1)  # a refusal (progressive mid-round) puts the switch back as it was

    def is_on(self, key: str) -> bool:
        app = self.app
        return {
            "progressive": app.open_session.state.config.progressive,
            "fast_play": app.settings.fast_play,
            "sound": app.settings.sound,
            "high_contrast": app.settings.high_contrast,
            "reduce_motion": app.settings.reduce_motion,
        }[key]

    @on(LanguageSelect.Changed)
    def language_picked(self, event: LanguageSelect.Changed) -> None:
        event.stop()
        if isinstance(event.value, str) and event.value != self.app.language:  # a pick, not a redraw
            self.highlighted = "language"
            self.app.language = event.value
            self.refresh_view()

    def change(self, key: str, step: int) -> None:
        app = self.app
        if key == "language":
            app.language = LANGUAGES[(LANGUAGES.index(app.language) + step) % len(LANGUAGES)]
        elif key == "progressive":
            # A refusal (a round is open) is shown as the reason under the list.
            app.play.act(Action.SET_PROGRESSIVE, not app.open_session.state.config.progressive, show_refusal=False)
        elif key == "fast_play":
            app.set_setting_on(Key.FAST_PLAY, not app.settings.fast_play)
        elif key == "sound":
            app.set_setting_on(Key.SOUND, not app.settings.sound)
        elif key == "high_contrast":
            app.set_setting_on(Key.HIGH_CONTRAST, not app.settings.high_contrast)
            app.apply_theme()
        elif key == "reduce_motion":
            app.set_setting_on(Key.REDUCE_MOTION, not app.settings.reduce_motion)
        self.refresh_view()
