"""Textual's OptionList as the kiosk's lists use it: ↑/↓ stop at the ends instead of wrapping."""

from __future__ import annotations

from textual.widgets import OptionList


class ChoiceList(OptionList):
    """A list of choices: ↑/↓ move the highlight and stop at the first and last (a kiosk list is
    short, and a wrap would jump from the top to the bottom); Enter or a click selects."""

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)

    def _step(self, step: int) -> None:
        if self.highlighted is None:
            self.highlighted = 0
        else:
            self.highlighted = max(0, min(self.option_count - 1, self.highlighted + step))

    @property
    def highlighted_id(self) -> str | None:
        option = self.highlighted_option
        return None if option is None else option.id

    def highlight_id(self, option_id: str) -> None:
        self.highlighted = self.get_option_index(option_id)
