"""The table: credits, chip rack, ante, the three cards, the Red Dog marker, pay table, buttons."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Static

from ...engine import Action, HandKind, TableState, allowed_actions, errors
from ...i18n import LANGUAGE_NAMES, _, current_language, failed_languages, pgettext
from ...i18n.formatting import credits, number
from ..kiosk_mode import exits_locked
from ..texts import BUTTON_KEYS, announcement, button_label, error_text, letter_action
from ..widgets.buttons import ActionButton, KeyBar, key_label
from ..widgets.card import CardView
from ..widgets.chips import Chip
from ..widgets.marker import SpreadMarker
from ..widgets.paytable import PayTable
from ..widgets.prose import Prose
from ..widgets.session_info import SessionInfo
from .base import ViewScreen

MIN_WIDTH, MIN_HEIGHT = 80, 24
BANKROLL_KEY = "b"
FIXED_SIZE_LINES = frozenset({"#credits", "#stakes", "#chips-title", "#message", "#too-small"})

# Buttons in the order they stand on the bar.
BUTTON_ORDER = (Action.DEAL, Action.REBET, Action.RAISE, Action.CALL, Action.COLLECT, Action.NEW_BET)


def shown_buttons(state: TableState) -> tuple[Action, ...]:
    """The current phase's buttons only: those of its actions that have a button (R7, R10, R12, R13)."""
    allowed = allowed_actions(state)
    return tuple(action for action in BUTTON_ORDER if action in allowed)


def common_keys() -> list[tuple[str, str]]:
    """The keys every screen shares, for the key bar."""
    return [
        (pgettext("key", "F1"), _("Rules")),
        (pgettext("key", "F2"), _("Settings")),
        (pgettext("key", "L"), _("Language")),
    ] + ([] if exits_locked() else [(pgettext("key", "Ctrl+Q"), _("Quit"))])


def too_small_text(width: int, height: int) -> str:
    return _("Please enlarge the window to at least {min_width} × {min_height} (now {width} × {height}).").format(
        min_width=number(MIN_WIDTH), min_height=number(MIN_HEIGHT), width=number(width), height=number(height)
    )


def catalogue_notice() -> str:
    language = current_language()
    if language not in failed_languages():
        return ""
    # The catalogue is missing, so this is shown in English, as the fallback.
    return _("{language} is not available; showing English.").format(language=LANGUAGE_NAMES[language])


class TableScreen(ViewScreen):
    BINDINGS = [
        Binding("d", "deal", show=False),
        Binding("r", "table_action('raise')", show=False),
        Binding("c", "table_action('call')", show=False),
        Binding("n", "letter('n')", show=False),
        Binding("o", "letter('o')", show=False),
        Binding("plus,kp_plus", "chip(1)", show=False),
        Binding("minus,kp_minus", "chip(-1)", show=False),
        Binding("left", "select_chip(-1)", show=False),
        Binding("right", "select_chip(1)", show=False),
        Binding("b", "new_bankroll", show=False),  # out of credits, outside kiosk mode
    ]

    def __init__(self) -> None:
        super().__init__()
        config = self.app.session.state.config
        self.chip_values: tuple[int, ...] = tuple(sorted(config.chip_values))
        self.selected_chip: int = self.chip_values[0]  # the smallest chip to start

    @property
    def state(self) -> TableState:
        return self.app.session.state

    # --- layout -----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="table-body"):
            with Horizontal(id="top-bar"):
                yield Static("Red Dog", id="title", markup=False)
                yield Static("", id="demo-mark", markup=False)
                yield Static("", id="catalogue-notice", markup=False)
                yield SessionInfo("", id="session-info", markup=False)  # kiosk mode only
                yield Static("", id="credits", markup=False)
            with Horizontal(id="felt"):
                with Vertical(id="hand-area"):
                    with Horizontal(id="cards"):
                        yield CardView(id="card-1", classes="card")
                        yield CardView(id="card-3", classes="card")
                        yield CardView(id="card-2", classes="card")
                    yield SpreadMarker(id="marker")
                yield PayTable(id="paytable")
            yield Static("", id="stakes", markup=False)
            yield Static("", id="chips-title", markup=False)
            with Horizontal(id="chip-rack"):
                for value in self.chip_values:
                    yield Chip(value, id=f"chip-{value}", classes="chip")
            yield Prose("", id="message")
            with Horizontal(id="actions"):
                for action in BUTTON_ORDER:
                    yield ActionButton(action, classes="action")
                bankroll = Button(Content(""), id="new-bankroll", classes="action")
                bankroll.can_focus = False  # driven by key or click, like the table's buttons
                bankroll.display = False  # shown only when out of credits at the practice table
                yield bankroll
            yield KeyBar("", id="keys", markup=False)
        yield Static("", id="too-small", markup=False)

    def on_resize(self, event: events.Resize) -> None:
        self._put("#too-small", too_small_text(event.size.width, event.size.height))

    # --- drawing ------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Redraw every text from the state in the current language.

        Only what changed is handed to Textual: an unchanged widget keeps its
        frame, so a key press repaints a few cells rather than the whole table.
        """
        if not self.ready or self.app.session is None:
            return
        state = self.state
        chip_values = tuple(sorted(state.config.chip_values))
        if chip_values != self.chip_values:  # the operator set other chips: the rack is built anew
            self.chip_values, self.selected_chip = chip_values, chip_values[0]
            self.ready = False
            self.call_later(self._rebuild)
            return
        language_changed = self._drawn_language != current_language()
        self._drawn_language = current_language()
        # A seeded demo plays on its own journal (ui.launch): say that the real table is untouched.
        self._put("#demo-mark", _("DEMO — practice table, real credits untouched") if self.app.demo else "")
        self._show("#demo-mark", self.app.demo)
        notice = catalogue_notice()
        self._put("#catalogue-notice", notice)
        self._show("#catalogue-notice", bool(notice))
        self._put("#credits", Content.assemble((_("Credits"), "dim"), " ", (number(state.credits), "bold")))
        self._draw_cards(state, language_changed)
        marker, paytable = self.query_one(SpreadMarker), self.query_one(PayTable)
        marker.spread = state.spread if state.kind is HandKind.SPREAD else 0
        paytable.hand = None if state.kind is None else (state.kind, state.spread)
        if language_changed:  # their words and numbers are drawn in render()
            paytable.refresh()
            marker.refresh()
        self._draw_stakes(state)
        out_of_credits = self.app.session.out_of_credits()
        self._put(
            "#chips-title",
            _("Chips: no credits left to place.") if out_of_credits else _("Chips: ←/→ chooses, + adds, - takes off"),
        )
        for chip in self.query(Chip):
            chip.selected = chip.value == self.selected_chip
            chip.usable = self.app.session.why_not(Action.ADD_CHIP, chip.value) is None
            if language_changed:
                chip.refresh()
        shown = shown_buttons(state)
        refusals = {action: self.app.session.why_not(action) for action in shown}
        for button in self.query(ActionButton):
            action = button.table_action
            button.display = action in shown
            if action in shown:  # a hidden button keeps its state: each change restyles it
                button.set_text(BUTTON_KEYS[action], button_label(action))
                button.disabled = refusals[action] is not None
        offer = out_of_credits and not self.app.kiosk
        self._show("#new-bankroll", offer)
        if offer:
            self.query_one("#new-bankroll", Button).label = key_label(BANKROLL_KEY, _("NEW BANKROLL"))
        self._put("#message", self.message_text(state, refusals, out_of_credits))
        if language_changed:  # a resize redraws the notice by itself
            self.query_one("#keys", KeyBar).show(common_keys())
            self._put("#too-small", too_small_text(self.size.width, self.size.height))

    _drawn_language: str | None = None

    async def _rebuild(self) -> None:
        await self.recompose()
        self.__dict__.pop("_drawn", None)  # new widgets: nothing drawn on them yet
        self._drawn_language = None
        self.ready = True
        self.redraw()

    def _put(self, selector: str, content: str | Content) -> None:
        """Update a Static only when its content differs from what it shows."""
        drawn = self.__dict__.setdefault("_drawn", {})
        if drawn.get(selector) != content:
            drawn[selector] = content
            # Lines whose box the stylesheet fixes need no new layout when their text changes.
            self.query_one(selector, Static).update(content, layout=selector not in FIXED_SIZE_LINES)

    def _show(self, selector: str, visible: bool) -> None:
        widget = self.query_one(selector)
        if widget.display != visible:
            widget.display = visible

    def _draw_cards(self, state: TableState, language_changed: bool) -> None:
        first, third, second = (self.query_one(f"#card-{n}", CardView) for n in (1, 3, 2))
        if state.cards is None:
            for view in (first, third, second):
                view.show(None, False)
            return
        first.show(state.cards[0], True)
        second.show(state.cards[1], True)
        third.show(state.cards[2], state.third_card_shown)
        if language_changed:  # rank letters are localized
            for view in (first, third, second):
                view.refresh()

    def _draw_stakes(self, state: TableState) -> None:
        parts: list[str | tuple[str, str]] = [(_("Ante"), "dim"), " ", (number(state.ante), "bold")]
        if state.raised:
            parts += ["   ", (_("Raise"), "dim"), " ", (number(state.raised), "bold")]
        if state.winnings:
            parts += ["   ", (_("Winnings"), "dim"), " ", (number(state.winnings), "bold")]
        self._put("#stakes", Content.assemble(*parts))

    def message_text(
        self, state: TableState, refusals: dict[Action, errors.RedDogError | None], out_of_credits: bool = False
    ) -> str:
        """What happened (or why a key was refused), then why a shown button is disabled."""
        if self.app.refusal is not None:
            return error_text(self.app.refusal)
        if out_of_credits:  # the one thing to say (the cards still show how the last hand ended)
            return self.out_of_credits_text()
        text = announcement(state)
        for reason in refusals.values():
            if reason is not None and not isinstance(reason, errors.NoBet):  # "no ante" is the announcement
                text += " " + error_text(reason)
        return text

    def out_of_credits_text(self) -> str:
        if self.app.kiosk:
            return _("You have no credits left. Please call an attendant.")
        # TRANSLATORS: {button} is the button's label, for example NEW BANKROLL.
        return _("You have no credits left. {button} starts this practice table again with {amount}.").format(
            button=_("NEW BANKROLL"), amount=credits(self.app.new_player_credits)
        )

    # --- actions --------------------------------------------------------------------
    def action_new_bankroll(self) -> None:
        self.app.new_bankroll()

    def action_deal(self) -> None:
        """`d`: deal, rebet or deal again, whichever the phase offers (R10, R12, R13)."""
        if self.app.session is None:
            return
        self.app.act(Action.REBET if Action.REBET in shown_buttons(self.state) else Action.DEAL)

    def action_table_action(self, name: str) -> None:
        self.app.act(Action(name))

    def action_letter(self, key: str) -> None:
        """`n` new bet, `o` collect; in French also non and oui to the raise question."""
        if self.app.session is None:
            return
        self.app.act(letter_action(key, self.state.phase, current_language()))

    def action_chip(self, direction: int) -> None:
        self.app.act(Action.ADD_CHIP if direction > 0 else Action.REMOVE_CHIP, self.selected_chip)

    def action_select_chip(self, step: int) -> None:
        index = self.chip_values.index(self.selected_chip)
        self.selected_chip = self.chip_values[max(0, min(len(self.chip_values) - 1, index + step))]
        self.refresh_view()

    def action_click_chip(self, value: int, remove: bool) -> None:
        self.selected_chip = value
        # The app redraws every screen after the action, taken or refused.
        self.app.act(Action.REMOVE_CHIP if remove else Action.ADD_CHIP, value)

    # Clicks run the same actions as keys, so `check_action` decides for both.
    @on(Chip.Clicked)
    async def chip_clicked(self, event: Chip.Clicked) -> None:
        await self.run_action(f"click_chip({event.value!r}, {event.remove!r})")

    @on(Button.Pressed, ".action")
    async def button_pressed(self, event: Button.Pressed) -> None:
        button = event.button
        if isinstance(button, ActionButton):
            await self.run_action(f"table_action({button.table_action.value!r})")
        else:  # the new bankroll
            await self.run_action("new_bankroll")
