"""Textual's Switch and Select as the settings screens use them, with the keys those screens had:
←/→ or Space change the value, ↑/↓ and Enter stay the screen's (next field, save)."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Select, Switch

from ...i18n import LANGUAGE_NAMES, LANGUAGES


class OnOffSwitch(Switch, inherit_bindings=False):
    """An on/off setting. Enter is left to the screen (it saves the operator's form)."""

    BINDINGS = [Binding("left,right,space", "toggle_switch", show=False)]


class LanguageSelect(Select[str], inherit_bindings=False):
    """A language by its own name, in the registry's order: ←/→ step through them, Space or a
    click opens the list. ↑/↓ and Enter are left to the screen."""

    BINDINGS = [
        Binding("left", "step(-1)", show=False),
        Binding("right", "step(1)", show=False),
        Binding("space", "show_overlay", show=False),
    ]

    def __init__(self, value: str, **kwargs) -> None:
        super().__init__(
            [(LANGUAGE_NAMES[language], language) for language in LANGUAGES],
            value=value,
            allow_blank=False,
            compact=True,
            **kwargs,
        )

    def action_step(self, step: int) -> None:
        current = self.value if isinstance(self.value, str) else LANGUAGES[0]
        self.value = LANGUAGES[(LANGUAGES.index(current) + step) % len(LANGUAGES)]
