"""The big action buttons of the table and the key bar; both show their keys."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from textual import events, getters
from textual.containers import Horizontal
from textual.content import Content
from textual.geometry import Size
from textual.widgets import Button, Static

from ...engine import Action
from .veil import Veiled

if TYPE_CHECKING:
    from typing import Self

    from ..shell import ShellApp

PRESSED_S = 0.2  # how long a pressed button looks pressed (Textual's own length)


def key_label(key: str, label: str) -> Content:
    """ "d DEAL": the key in reverse, then the label as plain text (never markup)."""
    return Content.assemble((f" {key} ", "bold reverse"), " ", label)


class KioskButton(Button):
    """A button of the kiosk, pressed by a tap or by its key, so it takes no focus."""

    can_focus = False

    if TYPE_CHECKING:  # for the type checker only: the kiosk's buttons are on a Red Dog app
        app = getters.app(ShellApp)

    def press(self) -> Self:
        # A key presses the button too (see TableScreen): its pressed look is a flash of motion, so
        # none where motion is off (reduce motion, Textual's animations off).
        self.active_effect_duration = PRESSED_S if self.app.motion else 0
        return super().press()


class ActionButton(KioskButton, Veiled):
    """A place on the table's bar of action buttons; each phase shows its actions in these places.

    The places stay where they are and as wide as the widest label of the language: a deal turns
    DEAL into RAISE and fills the place beside it with CALL, which repaints two buttons rather than
    laying out the table (Textual lays out the whole screen when a widget is shown or hidden, or
    changes its width). A place without an action is veiled: blank, and deaf to clicks.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(Content(""), **kwargs)
        self.table_action: Action | None = None  # the action shown here, if any
        self.pressed_action: Action | None = None  # the action shown when last pressed
        self.widest = 0  # the cells of the widest label this place shows in the current language

    def press(self) -> Self:
        # The press acts later (its action is queued on the button): by then the place may show the next
        # phase's action.
        self.pressed_action = self.table_action
        return super().press()

    def on_click(self, event: events.Click) -> None:
        # The next phase's button appears where the pressed one was: the second
        # click of a double click would press it (a raise or a new wager unasked).
        # Textual calls Button's own handler after this one unless prevented. A veiled button
        # (Veiled; `show` blanks its label) is deaf to clicks.
        if event.chain > 1 or self.veiled:
            event.prevent_default()
            event.stop()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.widest + 2  # Button's own two cells beside its label

    def show(
        self,
        action: Action | None,
        widest: int,
        key: str = "",
        label: str = "",
        *,
        veiled: bool = False,
        disabled: bool = False,
    ) -> None:
        """Show `action` with its key and label (`veiled`: as many spaces, so no word is in the
        terminal), or nothing, veiled: `action` None. `widest` is the widest label of the language."""
        self.table_action = action
        if widest != self.widest:  # another language
            self.widest = widest
            self.refresh(layout=True)
        text = key_label(key, label) if action is not None else Content("")
        veiled = veiled or action is None
        if veiled:
            text = Content(" " * text.cell_length)
        if text != self.label:
            self.label = text
        if action is not None:  # an empty place keeps its state: each change restyles it
            self.disabled = disabled
        self.veil(veiled)


class KeyItem(NamedTuple):
    """One item of the key bar: the key as printed, what it does, and the action it runs.

    The action is the key binding's own action string, with its namespace ("app.show_rules",
    "screen.back"): a click runs it through the app's `run_action` and `check_action`, as the
    key does, so what a mode refuses to a key it refuses to a click. An item without an action
    is a hint only (the controls it names, a dialog's buttons, are clickable themselves).
    """

    key: str
    label: str
    action: str | None = None


class KeyButton(KioskButton):
    """A key bar item to click or tap; it runs its key's action.

    It is lit while a mouse moves over it (the class -pointed), not while it is under the pointer
    (:hover): a touch screen leaves its pointer where the finger was, so the tapped item would stay
    lit, or the one a new language's wider labels move under it. A tap puts the light out.
    """

    def __init__(self, item: KeyItem) -> None:
        super().__init__(key_label(item.key, item.label), action=item.action, compact=True, classes="key")
        self.item = item
        self.styles.line_pad = 0  # the stylesheet cannot say 0; the bar has no cell to spare

    def get_content_width(self, container: Size, viewport: Size) -> int:
        label = self.label
        assert isinstance(label, Content)  # Button's validator turns every label into Content
        return label.cell_length  # Button adds two cells of its padding, which the bar leaves out

    def on_click(self, event: events.Click) -> None:  # before Button's own handler, which it may prevent
        # The next screen's key bar appears under the pointer: the second click of a double
        # click would press the button now there (Back, then Rules again).
        if event.chain > 1:
            event.prevent_default()
            event.stop()
        self.remove_class("-pointed")

    def on_mouse_move(self) -> None:
        self.add_class("-pointed")

    def on_leave(self, event: events.Leave) -> None:
        if event.node is self:
            self.remove_class("-pointed")


class KeyHint(Static):
    """A key bar item without an action of its own: what the arrows do, say."""

    def __init__(self, item: KeyItem) -> None:
        super().__init__(key_label(item.key, item.label), classes="key-hint", markup=False)
        self.item = item


class KeyBar(Horizontal):
    """The keys of a screen and what they do, localized, each a button (in place of Textual's Footer)."""

    def show(self, items: Sequence[KeyItem | tuple[str, str] | tuple[str, str, str | None]]) -> None:
        """Show `items`; the items already there are relabelled, so a redraw does not rebuild the bar."""
        wanted = [KeyItem(*item) for item in items]
        shown: list[KeyButton | KeyHint] = [child for child in self.children if isinstance(child, (KeyButton, KeyHint))]
        if [item.action for item in wanted] != [child.item.action for child in shown]:
            self.remove_children()
            self.mount_all(KeyButton(item) if item.action is not None else KeyHint(item) for item in wanted)
            return
        for child, item in zip(shown, wanted):
            if child.item != item:
                width = key_label(child.item.key, child.item.label).cell_length
                child.item = item
                text = key_label(item.key, item.label)
                moved = text.cell_length != width  # only a label of another width lays the bar out
                if isinstance(child, KeyButton):
                    child.label = text
                    if moved:
                        child.refresh(layout=True)
                else:
                    child.update(text, layout=moved)
