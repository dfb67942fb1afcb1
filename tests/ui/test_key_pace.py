"""Keys faster than a person types are dropped as they arrive (a clock the test moves, no timing)."""

from __future__ import annotations

from types import SimpleNamespace

from textual import events
from textual.app import App
from textual.driver import Driver
from textual.geometry import Size

from reddog_tui.ui.key_pace import CLICK_BURST, CLICKS_PER_SECOND, KEY_BURST, KEYS_PER_SECOND, KeyPace, paced_driver

from .helpers import run


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_passes_whole_and_the_rest_of_a_flood_is_dropped():
    pace = KeyPace(Clock())
    admitted = sum(pace.admit() for _ in range(5_000))  # a paste: all at the same instant
    assert admitted == KEY_BURST
    assert pace.dropped == 5_000 - KEY_BURST


def test_a_paste_reaches_the_app_as_a_handful_of_keys_and_a_quick_pin_whole():
    """What the pace is for, in numbers a person would check: a flood is not queued (at most 50 of
    5,000 keys), while the longest PIN and its Enter, typed as fast as fingers go, pass whole."""
    from reddog_tui.kiosk.pin import MAX_PIN_LENGTH

    pace = KeyPace(Clock())
    admitted = sum(pace.admit() for _ in range(5_000))
    assert MAX_PIN_LENGTH + 1 <= admitted <= 50
    clicks = KeyPace(Clock(), CLICKS_PER_SECOND, CLICK_BURST)
    assert MAX_PIN_LENGTH + 1 <= sum(clicks.admit() for _ in range(5_000)) <= 50  # taps on the digit pad


def test_keys_at_a_persons_pace_all_pass():
    clock = Clock()
    pace = KeyPace(clock)
    for _ in range(10_000):  # ten keys a second for a quarter of an hour
        clock.now += 0.1
        assert pace.admit()
    assert pace.dropped == 0


def test_after_a_flood_the_next_key_typed_passes():
    clock = Clock()
    pace = KeyPace(clock)
    for _ in range(1_000):
        pace.admit()
    assert not pace.admit()
    clock.now += 1.5 / KEYS_PER_SECOND  # a key's time later (and a half: no tokens are lost to rounding)
    assert pace.admit()
    assert not pace.admit()


def test_a_sustained_flood_gets_exactly_the_pace():
    clock = Clock()
    pace = KeyPace(clock)
    admitted = 0
    for _ in range(100_000):  # 1,000 keys a second for 100 s
        clock.now += 0.001
        admitted += pace.admit()
    expected = KEY_BURST + 100 * KEYS_PER_SECOND
    assert expected - 1 <= admitted <= expected  # the last token may still be filling


def test_a_clock_set_back_gives_no_extra_keys():
    clock = Clock()
    pace = KeyPace(clock)
    for _ in range(KEY_BURST):
        assert pace.admit()
    clock.now -= 3600
    assert not pace.admit()


class RecordingDriver(Driver):
    """A driver that keeps what it would send to the app (Textual's base class needs a loop)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.sent: list = []

    def process_message(self, message) -> None:
        self.sent.append(message)

    def write(self, data: str) -> None: ...
    def start_application_mode(self) -> None: ...
    def disable_input(self) -> None: ...
    def stop_application_mode(self) -> None: ...


@run
async def test_the_driver_drops_keys_beyond_the_pace_before_they_reach_the_app():
    clock = Clock()
    app = SimpleNamespace(key_pace=KeyPace(clock), click_pace=KeyPace(clock))
    driver = paced_driver(RecordingDriver)(app)
    for _ in range(5_000):  # a paste: every key at the same instant
        driver.process_message(events.Key("plus", "+"))
    driver.process_message(events.Resize(Size(80, 24), Size(80, 24)))  # anything but a key passes
    assert len(driver.sent) == KEY_BURST + 1 and isinstance(driver.sent[-1], events.Resize)
    clock.now += 1.0  # a second later a person's keys pass again
    driver.process_message(events.Key("minus", "-"))
    assert driver.sent[-1].key == "minus"


def mouse(kind: type[events.MouseEvent], x: int) -> events.MouseEvent:
    return kind(None, x, 5, 0, 0, 1, False, False, False)


@run
async def test_the_driver_drops_clicks_beyond_the_pace_press_and_release_together():
    clock = Clock()
    app = SimpleNamespace(key_pace=KeyPace(clock), click_pace=KeyPace(clock, CLICKS_PER_SECOND, CLICK_BURST))
    driver = paced_driver(RecordingDriver)(app)
    for x in range(5_000):  # a script's clicks, all at the same instant
        driver.process_message(mouse(events.MouseDown, x))
        driver.process_message(mouse(events.MouseUp, x))
    driver.process_message(mouse(events.MouseMove, 0))  # moving the mouse is no click
    assert [type(m) for m in driver.sent] == [events.MouseDown, events.MouseUp] * CLICK_BURST + [events.MouseMove]
    assert [m.x for m in driver.sent[:-1:2]] == list(range(CLICK_BURST))  # each release with its press
    driver.process_message(events.Key("plus", "+"))  # keys have a pace of their own
    assert isinstance(driver.sent[-1], events.Key)
    clock.now += 1.0  # a second later a person's clicks pass again
    driver.process_message(mouse(events.MouseDown, 1))
    assert isinstance(driver.sent[-1], events.MouseDown)


def test_the_app_runs_on_the_paced_driver():
    from reddog_tui.ui.app import RedDogApp

    platform_driver = App().get_driver_class()
    driver_class = RedDogApp(language="en").driver_class
    assert driver_class is not platform_driver and issubclass(driver_class, platform_driver)
    assert driver_class.process_message is not platform_driver.process_message
