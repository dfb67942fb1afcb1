"""What every kiosk screen shares: drawn from the app's view of the table, redrawn when it changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events, getters
from textual.app import App
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static

from ...i18n import _
from ...i18n.formatting import number

if TYPE_CHECKING:
    from ..shell import ShellApp

MIN_WIDTH, MIN_HEIGHT = 80, 24  # below either, a notice replaces the screen


def too_small_text(width: int, height: int) -> str:
    return _("Please enlarge the window to at least {min_width} × {min_height} (now {width} × {height}).").format(
        min_width=number(MIN_WIDTH), min_height=number(MIN_HEIGHT), width=number(width), height=number(height)
    )


def breakpoint_classes(app: App, width: int, height: int) -> dict[str, bool]:
    """The app's breakpoint classes at this size: each name, and whether it applies (as Textual sets them)."""
    classes: dict[str, bool] = {}
    for breakpoints, dimension in ((app.HORIZONTAL_BREAKPOINTS, width), (app.VERTICAL_BREAKPOINTS, height)):
        names = [name for _, name in breakpoints or []]
        fitting = [name for low, name in sorted(breakpoints or [], reverse=True) if dimension >= low]
        classes.update({name: bool(fitting) and name == fitting[0] for name in names})
    return classes


class ViewScreen(Screen):
    """A screen drawn from the app's `table_view` and the current language.

    It watches the view: while it is shown (on top, or under a modal screen) a new view
    redraws it at once; underneath another screen it is only marked stale and redrawn when
    it is shown again, so a language switch costs the one screen in view.
    """

    if TYPE_CHECKING:  # for the type checker only: `self.app` of a Red Dog screen is the Red Dog app (a Shell)
        app = getters.app(ShellApp)

    _stale = False  # a view came while this screen was hidden

    def __init__(self, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name, id, classes)
        # Textual gives a screen its breakpoint classes at its first resize, which styles every
        # widget of it a second time; a screen that starts with the classes of the app's size
        # is styled once.
        size = self.app.size
        self.update_classes(breakpoint_classes(self.app, size.width, size.height), update=False)

    def on_mount(self) -> None:
        self.watch(self.app, "table_view", self._view_changed, init=False)
        self.redraw()

    def _view_changed(self) -> None:
        if self.shown:
            self.redraw()
        else:
            self._stale = True

    @property
    def shown(self) -> bool:
        """On top, or seen through the modal screens above it."""
        for screen in reversed(self.app.screen_stack):
            if screen is self:
                return True
            if not isinstance(screen, ModalScreen):
                return False
        return False

    def on_screen_resume(self) -> None:
        if self._stale:
            self._stale = False
            self.redraw()

    def redraw(self) -> None:
        """`refresh_view` inside the app's journal guard: a screen that reads the journal
        (recall, the meters) ends on the error screen if the read fails."""
        with self.app.journal_guard():
            self.refresh_view()

    def refresh_view(self) -> None:
        """Draw every text from the view in the current language."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.app.may_act(action)  # one rule for the whole app

    def on_resize(self, event: events.Resize) -> None:
        for notice in self.query("#too-small").results(Static):
            notice.update(too_small_text(event.size.width, event.size.height))

    @property
    def notice_shown(self) -> bool:
        """Whether the too-small notice hides this screen (the rules, recall and attendant screens have none).

        The notice stands directly on its screen: found by id, not by a query, since every key asks."""
        try:
            return self.get_child_by_id("too-small").display
        except NoMatches:
            return False

    def set_focus(self, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False) -> None:
        # A hidden widget would still take the keys sent to the focus (Enter on a language list)
        # past the app's check_action: while the notice hides the screen, nothing on it is focused.
        if widget is not None and self.notice_shown:
            widget = None
        super().set_focus(widget, scroll_visible, from_app_focus)


class ScrollingScreen(ViewScreen):
    """A long text: arrows, page keys, home and end scroll it (the wheel does anyway)."""

    SCROLLER = ""  # the id of the scrolling widget that holds the text

    BINDINGS = [
        Binding("up", "scroll('up')", show=False),
        Binding("down", "scroll('down')", show=False),
        Binding("pageup", "scroll('page_up')", show=False),
        Binding("pagedown", "scroll('page_down')", show=False),
        Binding("home", "scroll('home')", show=False),
        Binding("end", "scroll('end')", show=False),
    ]

    def action_scroll(self, how: str) -> None:
        view = self.query_one(f"#{self.SCROLLER}", ScrollableContainer)
        {
            "up": view.scroll_up,
            "down": view.scroll_down,
            "page_up": view.scroll_page_up,
            "page_down": view.scroll_page_down,
            "home": view.scroll_home,
            "end": view.scroll_end,
        }[how](animate=False)
