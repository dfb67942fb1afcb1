"""The table: credits, chip rack, ante, the three cards, the Red Dog marker, pay table, buttons."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import lru_cache

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Button, Static

from ...engine import Action, HandKind, TableState, errors
from ...i18n import LANGUAGE_NAMES, _, catalogue, current_language, failed_languages
from ...i18n.formatting import credits, number
from ...i18n.keys import TABLE, bar_items
from ..key_bindings import bindings
from ..motion import FAST, NORMAL, Frame, Looks, frames, length_s, looks_of
from ..texts import BUTTON_KEYS, announcement, button_label, error_text, letter_action
from ..view import BUTTON_ORDER, BUTTON_PLACES, TableView
from ..widgets.bet_area import BetArea
from ..widgets.buttons import ActionButton, KeyBar, KioskButton, key_label
from ..widgets.card import CardView
from ..widgets.line import Line
from ..widgets.marker import SpreadMarker
from ..widgets.paytable import PayTable
from ..widgets.prose import Prose
from ..widgets.session_info import SessionInfo
from ..widgets.zero_credits import ZeroCreditsPanel
from .base import ViewScreen, too_small_text

BANKROLL_KEY = "b"
# How long a key waits for the button it pressed to act, before the next key is taken regardless.
PRESS_WAIT_S = 2.0

log = logging.getLogger(__name__)


def common_keys(exits_locked: bool, leave_out: tuple[str, ...] = ()) -> list[tuple[str, str, str]]:
    """The keys every screen shares, for the key bar, less those a screen leaves out (by action); a locked
    kiosk offers no Quit (Ctrl+Q does nothing there)."""
    return bar_items(leave_out=leave_out, exits_locked=exits_locked)


def widest_button_label(language: str) -> int:
    """The cells of the widest action button label in `language`: every place on the bar is this
    wide, so a phase's new buttons fit the places of the last phase's."""
    return _widest_label(language, catalogue(language))


# Kept by the catalogue the labels come from, not by the language alone: the language may be
# drawn while another is current (a switch on its way), or its catalogue read anew.
@lru_cache(maxsize=16)
def _widest_label(language: str, translations: object) -> int:
    return max(key_label(BUTTON_KEYS[action], button_label(action, language)).cell_length for action in BUTTON_ORDER)


def catalogue_notice() -> str:
    language = current_language()
    if language not in failed_languages():
        return ""
    # The catalogue is missing, so this is shown in English, as the fallback.
    return _("{language} is not available; showing English.").format(language=LANGUAGE_NAMES[language])


class TableScreen(ViewScreen):
    BINDINGS = bindings(TABLE)  # from the key registry (i18n/keys.py)

    # The language the widgets that draw words themselves (cards, pay table, marker, chips)
    # are bound to: a switch repaints them, and nothing else does.
    language: reactive[str] = reactive("", init=False)
    selected_chip: reactive[int] = reactive(0, init=False)

    def __init__(self) -> None:
        super().__init__()
        self.chip_values: tuple[int, ...] = tuple(sorted(self.view.state.config.chip_values))
        self.set_reactive(TableScreen.selected_chip, self.chip_values[0])  # the smallest chip to start
        # The cards as the view has them (None until first drawn: a table opened mid-round is
        # drawn as it stands), and the frames still to draw on the way there.
        self._final_looks: Looks | None = None
        self._frames: list[Frame] = []
        self._frame_timer: Timer | None = None
        self.at_last_frame: list[Callable[[], object]] = []  # what comes with the last frame (the win's bell)

    @property
    def view(self) -> TableView:
        view = self.app.table_view
        assert view is not None  # published before the table is pushed
        return view

    @property
    def state(self) -> TableState:
        return self.view.state

    # --- layout -----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # The widgets a redraw hands texts to, kept at hand rather than looked up on every key.
        self.lines = {
            name: Line(id=name, fixed_size=fixed)
            for name, fixed in (
                ("demo-mark", False),
                ("catalogue-notice", False),
                ("credits", True),
                ("stakes", True),
                ("too-small", True),
            )
        }
        self.cards = {n: CardView(id=f"card-{n}", classes="card").data_bind(TableScreen.language) for n in (1, 2, 3)}
        self.marker = SpreadMarker(id="marker").data_bind(TableScreen.language)
        self.paytable = PayTable(id="paytable").data_bind(TableScreen.language)
        self.message = Prose("", id="message", fixed_size=True)
        # The chips before the deal, a settled round's banner in their place after it.
        self.bet_area = BetArea(self.chip_values, id="bet-area").data_bind(TableScreen.language)
        self.zero_credits = ZeroCreditsPanel(id="zero-credits")  # out of credits: in place of the bet area
        # Each button runs its action itself (Textual's Button action): the press reaches the screen's
        # action directly, where a Button.Pressed would climb the row, the body and the screen first.
        self.buttons = [
            ActionButton(action=f"screen.place_pressed({place})", id=f"action-{place}", classes="action")
            for place in range(1, BUTTON_PLACES + 1)
        ]
        self.bankroll = KioskButton(Content(""), action="screen.bankroll", id="new-bankroll", classes="action")
        self.bankroll.display = False  # shown only when out of credits at the practice table
        self.key_bar = KeyBar(id="keys")
        self.session_info = SessionInfo("", id="session-info", markup=False)
        with Vertical(id="table-body") as self.body:
            with Horizontal(id="top-bar"):
                yield Static("Red Dog", id="title", markup=False)
                yield self.lines["demo-mark"]
                yield self.lines["catalogue-notice"]
                yield self.session_info  # kiosk mode only
                yield self.lines["credits"]
            with Horizontal(id="felt"):
                with Vertical(id="hand-area"):
                    with Horizontal(id="cards"):
                        yield from (self.cards[n] for n in (1, 3, 2))
                    yield self.marker
                yield self.paytable
            yield self.lines["stakes"]
            yield self.bet_area
            yield self.zero_credits
            yield self.message
            with Horizontal(id="actions"):
                yield from self.buttons
                yield self.bankroll
            yield self.key_bar
        yield self.lines["too-small"]

    def on_resize(self, event: events.Resize) -> None:
        self.lines["too-small"].text = too_small_text(event.size.width, event.size.height)
        self.bet_area.fit(roomy=self.has_class("-wide") and self.has_class("-high"))

    # --- drawing ------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Hand every text of the view, in the current language, to the widgets.

        Each widget keeps what it shows in a reactive, so Textual repaints only the ones whose
        text or state changed: a chip placed repaints a few cells rather than the whole table.
        """
        if self.app.table_view is None:
            return
        view = self.view
        state = view.state
        chip_values = tuple(sorted(state.config.chip_values))
        if chip_values != self.chip_values:  # the operator set other chips
            self.chip_values = chip_values
            self.set_reactive(TableScreen.selected_chip, chip_values[0])
        self.language = view.language
        lines = self.lines
        # A seeded demo plays on its own journal (ui.launch): say that the real table is untouched.
        lines["demo-mark"].text = _("DEMO — practice table, real credits untouched") if self.app.demo else ""
        lines["demo-mark"].display = self.app.demo
        notice = catalogue_notice()
        lines["catalogue-notice"].text = notice
        lines["catalogue-notice"].display = bool(notice)
        self._present_cards(state)
        moving = self.in_motion  # the round's result waits for the cards' last frame
        # While the cards of a decided hand move, the table stands as staked: credits, stakes,
        # chips and buttons tell nothing of the result before the third card has turned.
        turning = view.staked if moving else None
        shown = turning or state
        credits = Content.assemble((_("Credits"), "dim"), " ", (number(shown.credits), "bold"))
        lines["credits"].text = credits
        if self.session_info.has_class("-kiosk"):  # beside the reminder the credits keep their own width
            lines["credits"].styles.width = credits.cell_length
        self.marker.spread = state.spread if state.kind is HandKind.SPREAD else 0
        self.paytable.hand = None if state.kind is None else (state.kind, state.spread)
        lines["stakes"].text = self._stakes(shown, winnings=not moving)
        # A settled round cannot take chips (R12, R13): its banner stands in their place.
        self.bet_area.show_banner(None if moving and turning is None else state, veiled=turning is not None)
        usable = frozenset() if turning is not None else frozenset(v for v in chip_values if view.chip_usable(v))
        self.bet_area.show_chips(chip_values, _("Chips: ←/→ chooses, + adds, - takes off"), self.selected_chip, usable)
        out_of_credits = view.out_of_credits and not moving  # told with the result, after the last frame
        self.zero_credits.show(self.out_of_credits_text() if out_of_credits else "")
        self.bet_area.display = not out_of_credits  # the panel stands in its place: rare, a new layout
        # While the card turns the result's buttons take their places veiled (transparent, deaf
        # to clicks): the result then only unveils them, a repaint rather than a new layout.
        veiled = turning is not None
        buttons = view.buttons
        widest = widest_button_label(view.language)
        for place, button in enumerate(self.buttons):
            action = buttons[place] if place < len(buttons) else None
            if action is None:
                button.show(None, widest)
            else:
                disabled = view.why_not(action) is not None
                button.show(action, widest, BUTTON_KEYS[action], button_label(action), veiled=veiled, disabled=disabled)
        offer = out_of_credits and not self.app.kiosk
        self.bankroll.display = offer
        if offer:
            self.bankroll.label = key_label(BANKROLL_KEY, _("NEW BANKROLL"))
        self.message.text = self.motion_text(state) if moving else self.message_text(view)

    def watch_language(self) -> None:
        """The texts no view changes but a language switch (a resize redraws the notice by itself)."""
        self.key_bar.show(common_keys(self.app.exits_locked))
        self.lines["too-small"].text = too_small_text(self.size.width, self.size.height)

    def watch_selected_chip(self, value: int) -> None:
        self.bet_area.choose(value)

    # --- the cards' frames (ui/motion.py) -------------------------------------------------
    @property
    def in_motion(self) -> bool:
        """Frames of a deal or a turn are still to be drawn."""
        return bool(self._frames)

    def motion_left_s(self) -> float:
        return length_s(self._frames)

    def _present_cards(self, state: TableState) -> None:
        """The cards of the view: a new hand or a turned third card in frames, unless motion is off."""
        final = looks_of(state)
        if final != self._final_looks:
            self._stop_frames()  # a view that came by itself (a timer): the old frames end at once
            self._last_frame_drawn()
            before, self._final_looks = self._final_looks, final
            pace = FAST if self.app.settings.fast_play else NORMAL
            decided = self.view.staked is not None  # the hand's result waits for the cards
            steps = frames(before, final, pace, result=decided) if before is not None else []
            if steps and self.app.motion:
                self._draw_looks(steps[0].looks)
                self._frames = steps[1:]
                self._time_next_frame()
                return
        if not self._frames:
            self._draw_looks(final)

    def _time_next_frame(self) -> None:
        # Held: a key that ends the frames (or a deal that begins its own) voids a timer already fired.
        self._frame_timer = self.app.set_held_timer(
            self._frames[0].delay_s, self._next_frame, lambda: self._frame_timer
        )

    def _next_frame(self) -> None:
        self._frame_timer = None
        frame = self._frames.pop(0)
        if self._frames:
            self._draw_looks(frame.looks)
            self._time_next_frame()
        else:
            self._draw_last_frame()

    def finish_motion(self) -> None:
        """Draw the last frame now: an input acts on what is committed, and is seen acting on it."""
        if self._frames:
            self._stop_frames()
            self._draw_last_frame()

    def _draw_last_frame(self) -> None:
        """The last frame, and with it the round's result."""
        self.redraw()
        self.session_info.refresh_view()  # the net result too, not at the kiosk's next tick
        self._last_frame_drawn()

    def _stop_frames(self) -> None:
        if self._frame_timer is not None:
            self._frame_timer.stop()
            self._frame_timer = None
        self._frames = []

    def _last_frame_drawn(self) -> None:
        due, self.at_last_frame = self.at_last_frame, []
        for callback in due:
            callback()

    def _draw_looks(self, looks: Looks) -> None:
        for n, place in zip((1, 2, 3), looks, strict=True):
            card, face_up = place if place is not None else (None, False)
            self.cards[n].show(card, face_up)

    @staticmethod
    def _stakes(state: TableState, winnings: bool = True) -> Content:
        parts: list[str | tuple[str, str]] = [(_("Ante"), "dim"), " ", (number(state.ante), "bold")]
        if state.raised:
            parts += ["   ", (_("Raise"), "dim"), " ", (number(state.raised), "bold")]
        if state.winnings and winnings:
            parts += ["   ", (_("Winnings"), "dim"), " ", (number(state.winnings), "bold")]
        return Content.assemble(*parts)

    def message_text(self, view: TableView) -> str:
        """What happened (or why a key was refused), then why a shown button is disabled."""
        if view.refusal is not None:
            return error_text(view.refusal)
        if view.out_of_credits:  # the panel says it (the cards still show how the last hand ended)
            return ""
        text = announcement(view.state)
        for action in view.buttons:
            reason = view.why_not(action)
            if reason is not None and not isinstance(reason, errors.NoBet):  # "no ante" is the announcement
                text += " " + error_text(reason)
        return text

    @staticmethod
    def motion_text(state: TableState) -> str:
        """The message line while the cards move: the third card's beat is named, a deal speaks for itself."""
        return _("The third card is turned…") if state.third_card_shown else ""

    def out_of_credits_text(self) -> str:
        if self.app.kiosk:
            return _("You have no credits left. Please call an attendant to add credits.")
        # TRANSLATORS: {button} is the button's label, for example NEW BANKROLL.
        return _("You have no credits left. {button} starts this practice table again with {amount}.").format(
            button=_("NEW BANKROLL"), amount=credits(self.app.new_player_credits)
        )

    # --- actions --------------------------------------------------------------------
    # A key presses the button of its action, as Textual's calculator example does, so a key and a
    # click take one path: the pressed button runs its action, which the app's `check_action`
    # allows or refuses for both. A key whose button is hidden or disabled tries the action as it is,
    # so the message line says why it is refused, as for any other refused key.
    async def action_new_bankroll(self) -> None:
        """`b`: the NEW BANKROLL button, shown only when out of credits at the practice table."""
        await self._press(self.bankroll)

    def action_bankroll(self) -> None:
        self.app.play.new_bankroll()

    async def action_deal(self) -> None:
        """`d`: deal, rebet or deal again, whichever the phase offers (R10, R12, R13)."""
        if self.app.session is None:
            return
        await self.action_press(Action.REBET.value if Action.REBET in self.view.buttons else Action.DEAL.value)

    async def action_letter(self, key: str) -> None:
        """`n` new bet, `o` collect; in French also non and oui to the raise question."""
        if self.app.session is None:
            return
        await self.action_press(letter_action(key, self.state.phase, current_language()).value)

    async def action_press(self, name: str) -> None:
        """A key of a table action: its button pressed, or else the action tried for its refusal."""
        action = Action(name)
        button = self.button_of(action)
        if button is None or not await self._press(button):
            self.app.play.act(action)

    def button_of(self, action: Action) -> ActionButton | None:
        """The button that shows `action` now, if one does."""
        return next((button for button in self.buttons if button.table_action is action), None)

    async def _press(self, button: Button) -> bool:
        """Press `button` and wait until its action has run, so that the next key acts after it (the
        keys of a quick burst keep their order). False if it is hidden or disabled: nothing pressed."""
        if button.disabled or not button.display:
            return False
        done = asyncio.get_running_loop().create_future()
        button.press()
        # Queued on the button after the action its press queued there: called once that has run.
        button.call_later(_settle, done)
        try:
            await asyncio.wait_for(done, PRESS_WAIT_S)
        except TimeoutError:  # the press went with its button (the rack rebuilt meanwhile): not acted on
            log.warning("a key pressed %s, which did not answer", button.id)
        return True

    def action_place_pressed(self, place: int) -> None:
        """A click or a key's press of a table button: the action it showed when it was pressed."""
        action = self.buttons[place - 1].pressed_action
        if action is not None:
            self.app.play.act(action)

    def action_chip(self, direction: int) -> None:
        self.app.play.act(Action.ADD_CHIP if direction > 0 else Action.REMOVE_CHIP, self.selected_chip)

    def action_select_chip(self, step: int) -> None:
        index = self.chip_values.index(self.selected_chip)
        self.selected_chip = self.chip_values[max(0, min(len(self.chip_values) - 1, index + step))]

    def action_click_chip(self, value: int, remove: bool) -> None:
        self.selected_chip = value
        # The app publishes a new view after the action, taken or refused.
        self.app.play.act(Action.REMOVE_CHIP if remove else Action.ADD_CHIP, value)

    # Clicks run the same actions as keys, so `check_action` decides for both.
    @on(BetArea.ChipClicked)
    async def chip_clicked(self, event: BetArea.ChipClicked) -> None:
        await self.run_action(f"click_chip({event.value!r}, {event.remove!r})")


def _settle(done: asyncio.Future[None]) -> None:
    if not done.done():
        done.set_result(None)
