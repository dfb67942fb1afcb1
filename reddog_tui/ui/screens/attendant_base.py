"""What every attendant screen shares: its look and the way back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Static

from ...i18n import _, pgettext
from ..widgets.buttons import KeyItem
from .base import ViewScreen

if TYPE_CHECKING:
    from ...kiosk.mode import KioskMode

ATTENDANT_CSS = """
.attendant-body { height: 100%; padding: 1 2; }
.attendant-title { height: 1; text-style: bold; color: $title-text; margin: 0 0 1 0; }
.attendant-banner { height: auto; background: $highlight-background; color: $on-highlight; text-style: bold; padding: 0 1; margin: 0 0 1 0; }
.attendant-line { height: auto; }
.attendant-message { height: auto; margin: 1 0 0 0; color: $highlight-text; text-style: bold; }
.attendant-list { height: auto; border: round $edge; padding: 0 1; width: 60; }
.attendant-form { width: 100%; }
.attendant-input, .attendant-input:focus { width: 24; height: 1; border: none; padding: 0 1; background: $hover; margin: 1 0 0 0; }
#menu, #menu:focus {
    height: auto; border: round $edge; padding: 0 1; width: 60; background: $felt; background-tint: $felt 0%;
    color: $table-text;
    & > .option-list--option-hover { background: $hover; }
    & > .option-list--option-highlighted { background: $highlight-background; color: $on-highlight; text-style: bold; }
}
.field { height: 1; }
.field-name { width: 1fr; }
.field-input, .field-input:focus { width: 24; height: 1; border: none; padding: 0 1; background: $felt-deep; }
.field-input:focus { background: $hover; }
.field-word { width: 6; text-align: right; text-style: bold; padding: 0 1 0 0; }
.field Switch {
    width: 18; height: 1; border: none; padding: 0 1; background: $felt-deep;
    & > .switch--slider { color: $hint-text; background: $felt; }
    &.-on > .switch--slider { color: $highlight-text; }
    &:focus { border: none; background: $hover; }
}
.field LanguageSelect { width: 24; }
.field LanguageSelect > SelectCurrent {
    background: $felt-deep; padding: 0 1;
    & Static#label { color: $table-text; }
    & .arrow { color: $hint-text; }
}
.field LanguageSelect:focus > SelectCurrent { border: none; background: $hover; & Static#label { text-style: bold; } }
.field LanguageSelect > SelectOverlay { background: $felt-deep; color: $table-text; border: round $edge; }
.field LanguageSelect > SelectOverlay > .option-list--option-highlighted {
    background: $highlight-background; color: $on-highlight;
}
.field-input.-invalid, .field-input.-invalid:focus, .attendant-input.-invalid, .attendant-input.-invalid:focus {
    border: none; background: $refused-background;
}
DigitPad { height: 3; width: auto; margin: 1 0 0 0; }
DigitPad .digit { min-width: 5; margin: 0 1 0 0; }
.voucher { width: 56; height: auto; border: double $table-text; padding: 1 2; }
.voucher-title { width: 100%; text-align: center; text-style: bold; margin: 0 0 1 0; }
.voucher-row { height: 1; }
.voucher-name { width: 1fr; color: $hint-text; }
.voucher-value { width: auto; text-style: bold; }
"""


def back_key(action: str = "screen.back") -> KeyItem:
    return KeyItem(pgettext("key", "Esc"), _("Back"), action)


class AttendantScreen(ViewScreen):
    """A screen the attendant reached with the right PIN; left idle, the kiosk closes it (`kiosk.mode`)."""

    DEFAULT_CSS = ATTENDANT_CSS

    @property
    def kiosk_mode(self) -> KioskMode:
        """Kiosk mode's rules: the attendant's screens open only while kiosk mode runs."""
        kiosk_mode = self.app.kiosk_mode
        assert kiosk_mode is not None, "an attendant screen opens only in kiosk mode"
        return kiosk_mode

    @property
    def waiting(self) -> bool:
        """Waiting for an answer to show (the hall's, the journal check's): idle does not close it meanwhile."""
        return False

    def say(self, text: str) -> None:
        self.query_one(".attendant-message", Static).update(text)
