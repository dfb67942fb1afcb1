"""The operator's settings: the table's limits and chips, idle time-out, reality check, the sound
effects' volume and the default language, checked by the settings model and saved together."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.validation import ValidationResult, Validator
from textual.widgets import Input, Static

from ...engine import errors
from ...i18n import _, pgettext
from ...store.settings import Key, SettingRefused, parse, table_config
from ..kiosk_texts import refusal_text, setting_names
from ..widgets.buttons import KeyBar, KeyItem
from ..widgets.setting_fields import LanguageSelect, OnOffSwitch
from .attendant_base import AttendantScreen, back_key

NUMBER_FIELDS = (
    Key.MIN_BET,
    Key.MAX_BET,
    Key.CHIP_VALUES,
    Key.MAX_WINNINGS,
    Key.DECKS,
    Key.IDLE_TIMEOUT,
    Key.REALITY_CHECK,
    Key.VOLUME,
)
FIELDS = (*NUMBER_FIELDS[:5], Key.PROGRESSIVE_OFFERED, *NUMBER_FIELDS[5:], Key.DEFAULT_LANGUAGE)


def field_id(key: str) -> str:
    return f"field-{key.replace('_', '-')}"


class OperatorSettingsScreen(AttendantScreen):
    """The operator's settings: each field shows what was typed; Enter checks all of them with the
    settings model and saves them together, or names the first refused field and why."""

    BINDINGS = [
        Binding("escape", "back", show=False),
        Binding("enter", "save", show=False),
        Binding("down", "app.focus_next", show=False),
        Binding("up", "app.focus_previous", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.message = ""

    def compose(self) -> ComposeResult:
        kiosk = self.kiosk_mode
        config = self.app.open_session.state.config
        with Vertical(classes="attendant-body"):
            yield Static("", classes="attendant-title", markup=False)
            with Vertical(classes="attendant-list attendant-form", id="fields"):
                for key in FIELDS:
                    with Horizontal(classes="field", id=f"row-{key.replace('_', '-')}"):
                        yield Static("", classes="field-name", markup=False)
                        if key == Key.PROGRESSIVE_OFFERED:
                            yield Static("", id="progressive-offered-word", classes="field-word", markup=False)
                            yield OnOffSwitch(config.progressive_offered, id=field_id(key))
                        elif key == Key.DEFAULT_LANGUAGE:
                            yield LanguageSelect(kiosk.default_language, id=field_id(key))
                        else:
                            yield Input(
                                validators=[SettingValidator(key, partial(parse, key))],
                                validate_on=["changed"],
                                id=field_id(key),
                                classes="field-input",
                            )
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.load()
        super().on_mount()
        self.query_one(f"#{field_id(Key.MIN_BET)}", Input).focus()

    def current(self) -> dict[Key, object]:
        """The settings in force, typed."""
        config, kiosk = self.app.open_session.state.config, self.kiosk_mode
        return {
            **{
                key: getattr(config, key.value)
                for key in (
                    Key.MIN_BET,
                    Key.MAX_BET,
                    Key.CHIP_VALUES,
                    Key.MAX_WINNINGS,
                    Key.DECKS,
                    Key.PROGRESSIVE_OFFERED,
                )
            },
            Key.IDLE_TIMEOUT: kiosk.idle_timeout,
            Key.REALITY_CHECK: kiosk.reality_minutes,
            Key.VOLUME: self.app.open_session.settings.volume,
            Key.DEFAULT_LANGUAGE: kiosk.default_language,
        }

    def load(self) -> None:
        """Fill the fields with the settings in force."""
        values = self.current()
        for key in NUMBER_FIELDS:
            value = values[key]
            text = ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)
            self.query_one(f"#{field_id(key)}", Input).value = text
        self.query_one(f"#{field_id(Key.PROGRESSIVE_OFFERED)}", OnOffSwitch).value = bool(
            values[Key.PROGRESSIVE_OFFERED]
        )
        self.query_one(f"#{field_id(Key.DEFAULT_LANGUAGE)}", LanguageSelect).value = str(values[Key.DEFAULT_LANGUAGE])

    def refresh_view(self) -> None:
        if self.app.session is None:
            return
        self.query_one(".attendant-title", Static).update(_("Operator settings"))
        names = setting_names()
        for key in FIELDS:
            self.query_one(f"#row-{key.replace('_', '-')} .field-name", Static).update(names[key])
        self.show_progressive_word()
        self.say(self.message)
        self.query_one("#keys", KeyBar).show(
            [
                KeyItem(pgettext("key", "↑/↓"), _("Choose")),  # a hint: the fields are clicked themselves
                KeyItem(pgettext("key", "Enter"), _("Save"), "screen.save"),
                back_key(),
            ]
        )

    def show_progressive_word(self) -> None:
        offered = self.query_one(f"#{field_id(Key.PROGRESSIVE_OFFERED)}", OnOffSwitch).value
        self.query_one("#progressive-offered-word", Static).update(_("Yes") if offered else _("No"))

    @on(OnOffSwitch.Changed)
    def switched(self, event: OnOffSwitch.Changed) -> None:
        event.stop()
        self.show_progressive_word()  # typed, not saved: Enter saves the whole form

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def typed(self) -> dict[Key, object]:
        """Every field's value as the settings model reads it; SettingRefused names the first refused."""
        values: dict[Key, object] = {
            key: parse(key, self.query_one(f"#{field_id(key)}", Input).value) for key in NUMBER_FIELDS
        }
        values[Key.PROGRESSIVE_OFFERED] = self.query_one(f"#{field_id(Key.PROGRESSIVE_OFFERED)}", OnOffSwitch).value
        values[Key.DEFAULT_LANGUAGE] = self.query_one(f"#{field_id(Key.DEFAULT_LANGUAGE)}", LanguageSelect).value
        return values

    def action_save(self) -> None:
        from ...store import StoreError

        app = self.app
        try:
            values = self.typed()
            config = table_config(values, app.open_session.state.config)
        except SettingRefused as refused:
            self.refuse(refused)
            return
        kiosk_values: dict[str, object] = {
            key: values[key] for key in (Key.IDLE_TIMEOUT, Key.REALITY_CHECK, Key.VOLUME, Key.DEFAULT_LANGUAGE)
        }
        try:
            app.open_session.reconfigure(config, kiosk_values)
        except SettingRefused as refused:
            self.refuse(refused)
            return
        except errors.InvalidSetting as error:  # the engine's own check: only chips on the ante get here
            self.message = (
                _("Chips are on the ante: settings can be changed once the ante is empty.")
                if error.setting == "table"
                else _("This setting is not valid.")
            )
            self.refresh_view()
            return
        except errors.ActionNotAllowed:
            self.message = _("A round is open: table settings can be changed between rounds.")
            self.refresh_view()
            return
        except StoreError as error:
            app.show_store_error(error)
            return
        self.message = _("Settings saved.")
        self.load()
        app.publish_view()

    def refuse(self, refused: SettingRefused) -> None:
        """Nothing is saved: the reason is shown and the refused field takes the focus, as typed."""
        self.message = refusal_text(refused) + " " + _("Nothing was saved.")
        for field in self.query(f"#{field_id(str(refused.key))}"):
            field.focus()
        self.refresh_view()

    def action_back(self) -> None:
        self.app.pop_screen()


class SettingValidator(Validator):
    """Marks a field whose text the settings model refuses; the reason is the model's, worded here."""

    def __init__(self, key: str, read: Callable[[str], object]) -> None:
        super().__init__()
        self.key, self.read = key, read

    def validate(self, value: str) -> ValidationResult:
        try:
            self.read(value)
        except SettingRefused as refused:
            return self.failure(refusal_text(refused))
        return self.success()
