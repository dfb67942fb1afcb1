"""The Red Dog kiosk app: opens the store, holds the language, routes actions to the session."""

from __future__ import annotations

import gc
import inspect
import logging
import math
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from textual import events
from textual.app import App
from textual.driver import Driver
from textual.reactive import reactive
from textual.screen import Screen
from textual.scrollbar import ScrollBar, ScrollBarRender

from .. import i18n
from ..engine import Dealer, Phase, ShuffledDealer, TableState
from ..i18n import LANGUAGES, next_language
from ..i18n.keys import APP
from ..store.errors import StoreError
from ..store.settings import Key, Settings
from . import hall_desk, kiosk_intents
from .crash import CrashReport
from .glyphs import FULL, GlyphSet, current_glyph_set, use_glyph_set
from .key_bindings import bindings
from .key_pace import CLICK_BURST, CLICKS_PER_SECOND, KeyPace, paced_driver
from .screens.base import ViewScreen
from .table_play import PUSH_PAUSE_S, TablePlay, table_screen
from .terminal_input import guarded_driver, within_size_limit
from .theme import WholeCellScrollBarRender, build_themes, default_variables, theme_for
from .view import TableView, build_view

if TYPE_CHECKING:
    from textual.timer import Timer, TimerCallback

    from ..hall.kiosk_link import HallLink
    from ..kiosk.intents import Intent
    from ..kiosk.mode import AttendantSignIn, ClosingSignIn
    from ..kiosk.summary import SessionSummary
    from ..store import GameSession, Store
    from .shell import Shell, ShellApp
    from .shown_kiosk import ShownKiosk
    from .sound import Sink

NEW_PLAYER_CREDITS = 1000  # outside kiosk mode a new data dir can play at once
# Actions that work while the too-small notice hides the screen.
ACTIONS_BEHIND_THE_NOTICE = frozenset({"quit", "attendant", "next_language"})
# What a person does at the kiosk: it keeps the idle timeout away.
KIOSK_INPUT = (events.Key, events.MouseDown, events.MouseScrollUp, events.MouseScrollDown)


log = logging.getLogger(__name__)
PRESSES = (events.Key, events.MouseDown, events.MouseUp)  # what a person presses (a click follows a MouseUp)


class RedDogApp(App):
    """One table, one player. `language=None` uses the saved setting, else the system's, else English."""

    CSS_PATH = "reddog.tcss"
    TITLE = "Red Dog"
    ENABLE_COMMAND_PALETTE = False
    # The table needs 80×24; below either a notice replaces it (see the stylesheet).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (80, "-normal"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-tall"), (40, "-high")]
    BINDINGS = bindings(APP)  # from the key registry (i18n/keys.py)

    # Not a repaint of the whole screen: each widget whose words change repaints itself.
    language: reactive[str] = reactive(i18n.DEFAULT_LANGUAGE, init=False, repaint=False)
    # The table as committed and what may be done with it, built once per transition
    # (`publish_view`); every screen watches it. None until the journal is open.
    table_view: reactive[TableView | None] = reactive(None, init=False, repaint=False)  # the screens repaint
    new_player_credits = NEW_PLAYER_CREDITS  # a new practice table, and a new bankroll

    def __init__(
        self,
        language: str | None = None,
        data_dir: Path | str | None = None,
        seed: int | None = None,
        *,
        kiosk: bool = False,
        dealer: Dealer | None = None,
        push_pause: float | None = PUSH_PAUSE_S,
        clock: Callable[[], float] | None = None,
        hall: tuple[str, int] | None = None,
        glyphs: GlyphSet = FULL,
        sound_sink: Sink | None = None,
    ) -> None:
        # The console set's stylesheet goes over the app's own; its ANSI colours are sent as
        # they are (palette numbers), not turned into RGB.
        extra = [glyphs.stylesheet] if glyphs.stylesheet is not None else []
        super().__init__(css_path=[self.CSS_PATH, *extra], ansi_color=True if glyphs.is_console else None)
        use_glyph_set(glyphs)
        for theme in build_themes():
            self.register_theme(theme)
        self.theme = theme_for(console=glyphs.is_console, high_contrast=False)
        # Textual prints an unexpected error's traceback here as the app ends: into the log instead.
        self.crash_report = self.error_console = CrashReport()
        # Textual's documented way to change how every scrollbar is drawn.
        ScrollBar.renderer = WholeCellScrollBarRender if glyphs.is_console else ScrollBarRender
        if language is not None and language not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}")
        self.requested_language = language
        self.data_dir = Path(data_dir) if data_dir is not None else None
        self.seed = seed
        self.demo = seed is not None
        self.kiosk = kiosk  # started with --kiosk: the exits are locked, whatever the journal does
        self.kiosk_mode: ShownKiosk | None = None  # kiosk mode on the screen, once it runs
        self._closing_sign_in: ClosingSignIn | None = None  # the refused journal is read for the PIN once
        self._closing_sign_in_read = False
        self.pending_summary: SessionSummary | None = None  # a cash-out's, shown once the attendant has left the menu
        self.dealer: Dealer = dealer or ShuffledDealer(
            # `secrets.SystemRandom` is this very class; importing `secrets` (hmac, hashlib) slows the start.
            random.Random(seed) if seed is not None else random.SystemRandom()
        )
        self.clock = clock  # the store's clock (round times); tests pin it
        self.hall = hall  # (server DSN, kiosk id) when the kiosk is part of a hall
        self.hall_link: HallLink | None = None
        self.store: Store | None = None
        self.session: GameSession | None = None  # None until the journal is open, and after it failed
        self.store_error: StoreError | None = None
        self.play = TablePlay(cast("ShellApp", self), push_pause, sound_sink)
        self.key_pace = KeyPace()  # a flood of keys is dropped as it arrives (see get_driver_class)
        self.click_pace = KeyPace(per_second=CLICKS_PER_SECOND, burst=CLICK_BURST)  # and of clicks
        # Until the store tells us better, show the requested or the system language.
        self.set_reactive(RedDogApp.language, language or i18n.system_language() or i18n.DEFAULT_LANGUAGE)
        i18n.set_language(self.language)

    # --- start and stop -----------------------------------------------------
    def on_load(self) -> None:
        # The start builds the stylesheet, the screens and their widgets: objects that live on, which
        # Python's collector would walk again and again as they come (benchmarks/README.md).
        # It resumes with the first frame, or when the app ends before one.
        gc.disable()

    def on_ready(self) -> None:
        # What the start built lives as long as the app: frozen, the collector never walks it again,
        # and a key that sets it off pauses for its own young objects only.
        gc.freeze()
        gc.enable()

    def on_mount(self) -> None:
        with self.journal_guard():
            self._open_table()

    def _open_table(self) -> None:
        from ..store import GameSession, Store, resolve_data_dir
        from .screens.table import TableScreen
        from .screens.welcome import WelcomeScreen

        data_dir = self.data_dir or resolve_data_dir(None, None)
        store = Store.open(data_dir) if self.clock is None else Store.open(data_dir, clock=self.clock)
        self.store = store
        self.session = session = GameSession(
            store, self.dealer, initial_credits=0 if self.kiosk else self.new_player_credits, languages=LANGUAGES
        )
        saved = session.settings.language
        if self.hall is not None and not self.demo:
            from ..hall.kiosk_link import HallLink

            self.hall_link = hall_link = HallLink(session, self.hall[1], self.hall[0])
            hall_link.start()  # ships in the background: play never waits for it
            self.set_interval(1.0, self.apply_hall_settings)
            pending = hall_link.desk.pending()
            if pending is not None:  # a redemption a crash or an outage left unfinished
                self.resolve_redemption(*pending)
        chosen = self.requested_language or saved
        chosen = chosen or i18n.system_language() or i18n.DEFAULT_LANGUAGE
        self.set_reactive(RedDogApp.language, chosen)
        i18n.set_language(chosen)
        self.apply_theme()
        self.publish_view()
        if self.kiosk:
            from .shown_kiosk import ShownKiosk

            self.kiosk_mode = ShownKiosk(self, self.clock or time.time)
            if not self.kiosk_mode.pin_set():
                self.exit(return_code=2)  # no attendant PIN: `reddog attendant set-pin` first
                return
            self.kiosk_mode.open()  # the exits locked, the clock started
        self.push_screen(TableScreen())
        if not self.round_open(session.state):
            self.push_screen(WelcomeScreen())
        self.play.schedule_push_deal()

    @property
    def crashed(self) -> bool:
        """An unexpected error ended the app; its traceback is in the log (see CrashReport)."""
        return self.crash_report.crashed

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Resize):
            event = within_size_limit(event)
        elif isinstance(event, PRESSES) and event.time < self.input_since():
            # Pressed while the screen on top took no input (before it was shown, or while a money
            # action it asked about was confirmed and carried out): not for it. Keys come here as
            # they arrive, and again as they bubble up to be matched against the bindings.
            return
        elif self.kiosk_mode is not None and isinstance(event, KIOSK_INPUT):
            self.kiosk_mode.note_input()
        await super().on_event(event)

    def input_since(self) -> float:
        """Presses made before this moment (`key_pace.event_clock`) are not for the screen on top:
        a screen sets `input_since` to say so (a confirmation, a voucher, a money action's screen)."""
        if not self.screen_stack:
            return -math.inf
        return getattr(self.screen, "input_since", -math.inf)

    def on_unmount(self) -> None:
        gc.enable()
        self.play.close()
        if self.kiosk_mode is not None:
            self.kiosk_mode.close()
        if self.hall_link is not None:
            self.hall_link.stop()
        if self.store is not None:
            self.store.close()

    # --- kiosk mode (its running side is `kiosk_mode`, a ShownKiosk) ------------------
    @property
    def exits_locked(self) -> bool:
        """Locked on every screen of kiosk mode, the one that refuses a broken journal too: a guest
        must never reach what runs the kiosk. There the attendant's PIN closes it (`attendant_sign_in`)."""
        return self.kiosk

    def action_attendant(self) -> None:
        kiosk_intents.open_pin_entry(cast("ShellApp", self))

    def carry_out(self, *intents: Intent) -> None:
        kiosk_intents.carry_out(cast("ShellApp", self), *intents)

    def journal_attendant(self, event: str, value: int | None = None) -> None:
        kiosk_intents.journal_attendant(cast("ShellApp", self), event, value)

    def attendant_sign_in(self) -> AttendantSignIn | ClosingSignIn | None:
        """What judges the PIN: the menu's sign-in while the journal is open; once it failed, the one
        that closes the kiosk; None outside kiosk mode, or when the refused journal's PIN cannot be read."""
        if not self.kiosk:
            return None
        if self.session is not None and self.kiosk_mode is not None:
            return self.kiosk_mode.sign_in
        if self.store_error is None:
            return None  # still starting
        if not self._closing_sign_in_read:
            self._closing_sign_in_read = True
            self._closing_sign_in = kiosk_intents.closing_sign_in(
                self.kiosk_mode, self.data_dir, self.clock or time.time
            )
        return self._closing_sign_in

    def attendant_exit(self) -> None:
        """The only way out of a locked kiosk: the attendant menu's Exit."""
        self.journal_attendant("exit")
        self.exit()

    def shows(self, screen_type: type[Screen]) -> bool:
        """A screen of this type is on the stack, seen or under others."""
        return any(isinstance(screen, screen_type) for screen in self.screen_stack)

    def guest_summary(self) -> SessionSummary | None:
        """What the current guest's session came to, or None when no session is running."""
        return self.kiosk_mode.guest_summary() if self.kiosk_mode is not None else None

    def show_session_summary(self, summary: SessionSummary | None) -> None:
        """Shown to a guest who played here and has left (credits came and went without a round: nothing)."""
        from .screens.summary import SummaryScreen

        if summary is not None and summary.rounds_played:
            self.push_screen(SummaryScreen(summary))

    def refresh_session_info(self) -> None:
        kiosk_intents.refresh_session_info(cast("ShellApp", self))

    # --- the hall (ui/hall_desk.py) ---------------------------------------------------
    def resolve_redemption(self, seq: int, number: int, done: Callable[[object], None] | None = None) -> None:
        hall_desk.resolve_redemption(cast("ShellApp", self), seq, number, done)

    def apply_hall_settings(self) -> None:
        hall_desk.apply_hall_settings(cast("ShellApp", self))

    @property
    def open_session(self) -> GameSession:
        """The session, for what runs only while the journal is open: the attendant's screens and
        actions offered on an open table (after a journal error only the error screen is left)."""
        if self.session is None:
            raise RuntimeError("the journal is not open: no session to act on")
        return self.session

    @staticmethod
    def round_open(state: TableState) -> bool:
        """A hand is on the table (or chips are): after a restart the table opens directly."""
        return state.phase is not Phase.BETTING or state.ante > 0

    # --- settings -------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        """The stored settings, typed (their defaults until the journal is open)."""
        return self.session.settings if self.session is not None else Settings()

    def set_setting_on(self, key: str, on: bool) -> None:
        self._remember(key, on)
        self.publish_view()

    def _remember(self, key: str, value: object) -> None:
        """A player's preference (the language, sound, motion, pace, contrast), written without waiting
        for the disk: a power cut may lose the last one, never a credit, and the key that changed it
        does not wait for the disk."""
        session = self.session
        if session is not None:
            self._store_call(lambda: session.set_setting(key, value, wait_for_disk=False))

    def apply_theme(self) -> None:
        """The felt, or the high-contrast theme the setting asks for (the console keeps its own)."""
        self.theme = theme_for(console=current_glyph_set().is_console, high_contrast=self.settings.high_contrast)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        # Every role has a colour under any theme, Textual's own included.
        return default_variables()

    @property
    def motion(self) -> bool:
        """Whether deals and turns are drawn in frames: not with reduce motion, nor where Textual's
        own animations are off (TEXTUAL_ANIMATIONS=none)."""
        return not self.settings.reduce_motion and self.animation_level != "none"

    # --- language ---------------------------------------------------------------
    def watch_language(self, language: str) -> None:
        i18n.set_language(language)
        self.publish_view()
        # Remembered once the screen shows it: the player sees the new words without waiting for
        # the journal, and a burst of switches writes the last one only.
        self.call_after_refresh(self._remember_language, language)

    def _remember_language(self, language: str) -> None:
        if language == self.language:
            self._remember(Key.LANGUAGE, language)

    def choose_language(self, language: str) -> None:
        """A language the player picked: shown everywhere and remembered, even if it is already shown."""
        if language == self.language:
            self.watch_language(language)
        else:
            self.language = language

    def action_next_language(self) -> None:
        self.language = next_language(self.language)

    def publish_view(self) -> None:
        """Build the one view of the table after a committed transition, a refusal, a setting or a
        language switch; the screens that watch `table_view` redraw from it (see ViewScreen)."""
        session = self.session
        if session is None:
            return
        last = self.table_view
        if last is not None and last.state is session.state:  # no transition: its legality still holds
            self.table_view = replace(
                last, language=self.language, settings=session.settings, refusal=self.play.refusal
            )
        else:
            self.table_view = build_view(
                session.state,
                self.language,
                session.settings,
                self.play.refusal,
                session.out_of_credits(),
                session.staked,
            )

    # --- what may act ---------------------------------------------------------------
    def get_driver_class(self) -> type[Driver]:
        """The platform's driver, reading the terminal through the input guard and dropping keys
        and clicks beyond a person's pace before they are queued."""
        return paced_driver(guarded_driver(super().get_driver_class()))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.may_act(action)  # the app's only check_action; Textual's own allows every action

    def may_act(self, action: str) -> bool:
        """The one rule for input, keys and clicks alike (every screen's `check_action` asks it).

        A locked kiosk refuses its exits: Ctrl+Q's quit. The other exit keys reach no exit action:
        the terminal hands Ctrl+C, Ctrl+Z and Ctrl+\\ over as plain keys (their signals are ignored
        too), Ctrl+C copies on Textual's screens, and the command palette (Ctrl+P) is never enabled. While the too-small notice hides
        the current screen nothing on it may act, since the person cannot see what a key would
        do: only quitting, the attendant and the language.
        """
        if action in kiosk_intents.EXIT_ACTIONS and self.exits_locked:
            return False
        return action in ACTIONS_BEHIND_THE_NOTICE or not self.size_notice_shown()

    def size_notice_shown(self) -> bool:
        screen = self.screen
        return isinstance(screen, ViewScreen) and screen.notice_shown

    def action_back_to_table(self) -> None:
        table = table_screen(cast("ShellApp", self))
        if table is None or self.store_error is not None:
            return  # a refused journal's screen is final: there is no table to go back to
        while self.screen is not table:
            self.pop_screen()

    def _open_over_table(self, screen_type: type[Screen]) -> None:
        """Rules, settings and recall replace each other; whatever is under them stays."""
        from .screens.recall import RecallScreen
        from .screens.rules import RulesScreen
        from .screens.settings import SettingsScreen

        if isinstance(self.screen, screen_type) or self.store_error is not None:
            return
        if isinstance(self.screen, (RulesScreen, SettingsScreen, RecallScreen)):
            self.pop_screen()
        self.push_screen(screen_type())

    def action_show_rules(self) -> None:
        from .screens.rules import RulesScreen

        self._open_over_table(RulesScreen)

    def action_show_settings(self) -> None:
        if self.session is None:
            return
        from .screens.settings import SettingsScreen

        self._open_over_table(SettingsScreen)

    def action_show_recall(self) -> None:
        """`f3`: the last settled rounds, from the journal."""
        if self.session is None:
            return
        from .screens.recall import RecallScreen

        self._open_over_table(RecallScreen)

    # --- the journal failing ------------------------------------------------------
    @contextmanager
    def journal_guard(self) -> Iterator[None]:
        """The one place a storage error is caught: play stops on the error screen.

        Everything that can reach the journal runs inside it: every action (keys and clicks,
        see `run_action`), every timer of the app (`set_timer`, `set_interval`), every screen's
        drawing (`ViewScreen.redraw`) and the start. What ran before the error was committed
        or rolled back whole, so stopping there loses nothing.
        """
        try:
            yield
        except StoreError as error:
            self.show_store_error(error)

    def show_store_error(self, error: StoreError) -> None:
        from .screens.error import StoreErrorScreen

        if error.at_start:
            log.error("journal refused: %s", error)
        else:
            log.error("journal error, play stops: %s", error)
        self.play.cancel_push_deal()
        self.session = None
        if self.store_error is None:  # the first error is the one shown; the screen is final
            self.store_error = error
            self.push_screen(StoreErrorScreen(error))

    def _store_call(self, write: Callable[[], object]) -> None:
        with self.journal_guard():
            write()

    async def run_action(self, action: Any, default_namespace: Any = None, namespaces: Any = None) -> bool:
        """Every key binding and every click (they run actions) passes through the journal guard."""
        with self.journal_guard():
            self.play.finish_motion()
            return await super().run_action(action, default_namespace, namespaces)
        return True  # handled: by the error screen

    def set_timer(self, delay: float, callback: TimerCallback | None = None, **kwargs: Any) -> Timer:
        return super().set_timer(delay, self._guarded(callback), **kwargs)

    def set_held_timer(self, delay: float, callback: Callable[[], object], held: Callable[[], Timer | None]) -> Timer:
        """A one-shot timer whose callback runs only while `held()` is still this timer.

        Textual queues a fired timer's callback; stopping the timer then does not take it back. A
        key may cancel a timer in that gap (or set a new one): the old callback must do nothing.
        """
        timer: Timer | None = None

        def due() -> object:
            return callback() if held() is timer else None

        timer = self.set_timer(delay, due)
        return timer

    def set_interval(self, interval: float, callback: TimerCallback | None = None, **kwargs: Any) -> Timer:
        return super().set_interval(interval, self._guarded(callback), **kwargs)

    def _guarded(self, callback: TimerCallback | None) -> TimerCallback | None:
        if callback is None:
            return None

        async def guarded() -> None:
            with self.journal_guard():
                result = callback()
                if inspect.isawaitable(result):
                    await result

        return guarded


if TYPE_CHECKING:
    # The screens and widgets name `Shell`, not this class (they must not import the app that opens
    # them); the type checker holds the app to it here.
    _MEETS_SHELL: type[Shell] = RedDogApp
