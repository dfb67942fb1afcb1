"""Settings and attendant PINs the hall sends: `reddog hall push`, applied by each kiosk between
rounds (R15) through the same settings model as its own menu, journaled, and reported back."""

from __future__ import annotations

import asyncio
import io
import time

import pytest

from benchmarks.hall_kiosk import new_session
from reddog_tui.cli import main
from reddog_tui.engine import Action, Phase
from reddog_tui.hall.kiosk_link import HallLink
from reddog_tui.kiosk.pin import verify_pin
from reddog_tui.store.session import HALL_SETTINGS_ACTIONS
from reddog_tui.ui.app import RedDogApp
from reddog_tui.ui.screens.attendant_menu import AttendantMenu
from reddog_tui.ui.screens.pin import PinScreen
from tests.kiosk.kiosk_helpers import PIN, enter_pin
from tests.ui.helpers import run, screen_text, wait_until

from .conftest import own_database
from .test_kiosk_ticket_in import hall_kiosk


@pytest.fixture(autouse=True)
def no_hall_environment(monkeypatch):
    for name in ("REDDOG_HALL_DSN", "REDDOG_KIOSK_ID", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")


@pytest.fixture
def pg_dsn(pg_dsn):
    """Each test a hall of its own: a push to every kiosk reaches no other test's kiosks."""
    with own_database(pg_dsn, "push") as dsn:
        yield dsn


@pytest.fixture
def linked(pg_dsn, kiosk_dsn, kiosk_store):
    """linked(kiosk_id, name) -> a session whose HallLink is running; all stopped at the end."""
    links: list[HallLink] = []

    def make(kiosk_id: int, name: str = "kiosk"):
        session = new_session(kiosk_store(name), seed=kiosk_id)
        link = HallLink(session, kiosk_id, kiosk_dsn(kiosk_id, pg_dsn))
        link.start()
        links.append(link)
        return session, link

    yield make
    for link in links:
        link.stop()


def push(capsys, pg_dsn, *argv, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["--hall-dsn", pg_dsn, "hall", "push", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def wait_for_settings(link: HallLink, count: int = 1, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while len(link.replicator.pending_settings()) < count:
        assert time.monotonic() < deadline, "the kiosk never received the settings"
        time.sleep(0.05)


def results(pg, push_id: int) -> dict[int, bool]:
    rows = pg.execute("SELECT kiosk_id, applied FROM hall_push_result WHERE push_id = %s", (push_id,)).fetchall()
    return dict(rows)


def test_table_settings_sent_mid_round_wait_for_the_round_to_end(capsys, pg, pg_dsn, kiosk_id, linked):
    """R15: the table's settings change between rounds only, with no chips on the ante; the push is
    applied once and journaled."""
    session, link = linked(kiosk_id)
    session.act(Action.ADD_CHIP, 10)
    session.act(Action.DEAL)
    while session.state.phase is Phase.SETTLED and session.state.outcome is not None:  # a push re-deals
        session.act(Action.DEAL)
    assert session.state.phase is Phase.DECISION

    code, out, err = push(capsys, pg_dsn, "--kiosk", str(kiosk_id), "min_bet=5", "max_bet=200", "chip_values=5,25")
    push_id = int(out.split()[1])
    assert (code, out, err) == (0, f"Settings {push_id} sent to kiosk {kiosk_id}.\n", "")
    wait_for_settings(link)

    assert link.apply_settings() is False  # a decision is open: the table keeps its settings
    assert session.state.config.min_bet == 1
    session.act(Action.CALL)
    assert link.apply_settings() is False  # settled, but the stake is still on the table
    session.act(Action.NEW_BET)
    assert link.apply_settings() is True
    config = session.state.config
    assert (config.min_bet, config.max_bet, config.chip_values) == (5, 200, (5, 25))
    assert link.replicator.pending_settings() == []
    assert link.apply_settings() is False  # applied once, not again

    entry = session.store.last_journal_entry(HALL_SETTINGS_ACTIONS)
    assert (entry.action, entry.value) == ("hall_settings", push_id)
    assert link.replicator.wait_shipped(session.seq, timeout=30)
    assert results(pg, push_id) == {kiosk_id: True}


def mid_round(session) -> None:
    """A decision open on the table: its settings may not change now (R15)."""
    session.act(Action.ADD_CHIP, 10)
    session.act(Action.DEAL)
    while session.state.phase is Phase.SETTLED and session.state.outcome is not None:  # a push re-deals
        session.act(Action.DEAL)
    assert session.state.phase is Phase.DECISION


def journaled_pushes(session) -> list[tuple[str, int]]:
    """The hall's pushes as this kiosk journaled them, oldest first."""
    rows = session.store.journal_entries(HALL_SETTINGS_ACTIONS, 100)
    return [(action, value) for _time, action, value in reversed(rows)]


@pytest.mark.parametrize("table_first", [True, False], ids=["table-push-first", "kiosk-push-first"])
def test_a_kiosk_only_push_is_applied_at_once_while_a_table_push_waits_for_the_round(
    capsys, pg, pg_dsn, kiosk_id, linked, table_first
):
    """R15 holds the table push until the round is over; a push that does not touch the table (the
    idle timeout, in the settings model's kiosk keys) is applied mid-round, whichever was sent first.
    The waiting one is applied afterwards, once."""
    session, link = linked(kiosk_id)
    mid_round(session)

    sent = {}
    for name, pair in (("table", "max_bet=200"), ("kiosk", "idle_timeout_seconds=300"))[:: 1 if table_first else -1]:
        _, out, _ = push(capsys, pg_dsn, "--kiosk", str(kiosk_id), pair)
        sent[name] = int(out.split()[1])
    wait_for_settings(link, 2)

    assert link.apply_settings() is True  # the kiosk push, now
    assert session.settings.idle_timeout_seconds == 300
    assert session.state.config.max_bet == 500  # the table's own until the round ends
    assert [p.push_id for p in link.replicator.pending_settings()] == [sent["table"]]
    assert link.apply_settings() is False  # still mid-round: nothing more, nothing twice
    assert journaled_pushes(session) == [("hall_settings", sent["kiosk"])]

    session.act(Action.CALL)
    session.act(Action.NEW_BET)
    assert link.apply_settings() is True
    assert session.state.config.max_bet == 200 and session.settings.idle_timeout_seconds == 300
    assert link.replicator.pending_settings() == []
    assert link.apply_settings() is False
    assert journaled_pushes(session) == [("hall_settings", sent["kiosk"]), ("hall_settings", sent["table"])]
    assert link.replicator.wait_shipped(session.seq, timeout=30)
    assert results(pg, sent["table"]) == {kiosk_id: True} and results(pg, sent["kiosk"]) == {kiosk_id: True}


def test_a_push_behind_a_waiting_push_of_the_same_setting_waits_with_it(capsys, pg_dsn, kiosk_id, linked):
    """Applied out of order, the older push would overwrite the newer one's value: it waits too,
    and a push of other settings behind both is not held by them."""
    session, link = linked(kiosk_id)
    mid_round(session)
    _, out, _ = push(capsys, pg_dsn, "--kiosk", str(kiosk_id), "max_bet=200", "idle_timeout_seconds=300")
    table_push = int(out.split()[1])
    _, out, _ = push(capsys, pg_dsn, "--kiosk", str(kiosk_id), "idle_timeout_seconds=600")
    kiosk_push = int(out.split()[1])
    _, out, _ = push(capsys, pg_dsn, "--kiosk", str(kiosk_id), "reality_check_minutes=45")
    other_push = int(out.split()[1])
    wait_for_settings(link, 3)

    assert link.apply_settings() is True  # the push behind them touches neither: it goes ahead
    assert session.settings.idle_timeout_seconds == 120 and session.settings.reality_check_minutes == 45
    session.act(Action.CALL)
    session.act(Action.NEW_BET)
    assert link.apply_settings() is True
    assert session.settings.idle_timeout_seconds == 600  # the newer value, applied last
    assert journaled_pushes(session) == [
        ("hall_settings", other_push),
        ("hall_settings", table_push),
        ("hall_settings", kiosk_push),
    ]


def test_a_push_that_waited_is_still_applied_after_a_restart(capsys, pg_dsn, kiosk_dsn, kiosk_id, linked):
    """The kiosk push went first and was journaled; the table push it overtook is not forgotten."""
    session, link = linked(kiosk_id)
    mid_round(session)
    _, out, _ = push(capsys, pg_dsn, "--kiosk", str(kiosk_id), "max_bet=200")
    table_push = int(out.split()[1])
    _, out, _ = push(capsys, pg_dsn, "--kiosk", str(kiosk_id), "idle_timeout_seconds=300")
    wait_for_settings(link, 2)
    assert link.apply_settings() is True
    link.stop()

    again = HallLink(session, kiosk_id, kiosk_dsn(kiosk_id, pg_dsn))
    again.start()
    try:
        wait_for_settings(again, 1)
        assert [p.push_id for p in again.replicator.pending_settings()] == [table_push]
        session.act(Action.CALL)
        session.act(Action.NEW_BET)
        assert again.apply_settings() is True
        assert session.state.config.max_bet == 200
        assert again.replicator.pending_settings() == []
    finally:
        again.stop()


def test_a_push_the_kiosk_refuses_is_journaled_refused_and_never_tried_again(
    capsys, pg, pg_dsn, console_dsn, kiosk_id, linked
):
    """Each value is checked when sent; the table as a whole by the kiosk, against its own limits."""
    session, link = linked(kiosk_id)
    before = session.state.config
    code, out, _ = push(capsys, pg_dsn, "--kiosk", str(kiosk_id), "min_bet=600")  # above the kiosk's maximum
    assert code == 0
    push_id = int(out.split()[1])
    wait_for_settings(link)
    assert link.apply_settings() is False
    assert session.state.config == before
    assert session.store.last_journal_entry(HALL_SETTINGS_ACTIONS).action == "hall_settings_refused"
    assert link.replicator.pending_settings() == []
    assert link.replicator.wait_shipped(session.seq, timeout=30)
    assert results(pg, push_id) == {kiosk_id: False}
    code, out, _ = run_pushes(capsys, console_dsn)  # the floor's login reads what it needs
    assert f"Settings {push_id} for kiosk {kiosk_id}: min_bet\n  refused by kiosk {kiosk_id}: {REASON['en']}\n" in out
    code, out, _ = run_pushes(capsys, pg_dsn, "de")
    assert f"  abgelehnt von Kiosk {kiosk_id}: {REASON['de']}\n" in out


REASON = {  # min_bet=600 at a table whose maximum is 500, as the kiosk's settings model words it
    "en": "The table minimum is above the table maximum.",
    "de": "Das Tischminimum liegt über dem Tischmaximum.",
}


def run_pushes(capsys, pg_dsn, lang: str = "en"):
    code = main(["--lang", lang, "--hall-dsn", pg_dsn, "hall", "pushes"])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_new_pin_reaches_every_kiosk_and_a_kiosk_push_only_its_kiosk(
    capsys, monkeypatch, pg, pg_dsn, kiosk_id, linked
):
    other_id = kiosk_id + 5000
    first, first_link = linked(kiosk_id, "first")
    second, second_link = linked(other_id, "second")
    for link in (first_link, second_link):  # both kiosks are known to the hall
        assert link.replicator.wait_shipped(1, timeout=30)

    code, out, _ = push(capsys, pg_dsn, "--pin-stdin", stdin="2468\n", monkeypatch=monkeypatch)
    assert (code, out) == (0, f"Settings {out.split()[1]} sent to every kiosk.\n")
    code, _, _ = push(capsys, pg_dsn, "--kiosk", str(other_id), "idle_timeout_seconds=300")
    for session, link, pushes in ((first, first_link, 1), (second, second_link, 2)):
        wait_for_settings(link, pushes)
        assert link.apply_settings() is True
        assert verify_pin("2468", session.settings.attendant_pin_hash)
    assert first.settings.idle_timeout_seconds == 120  # the default: the push was for the other kiosk
    assert second.settings.idle_timeout_seconds == 300


def test_a_restarted_kiosk_does_not_apply_a_push_twice(capsys, pg_dsn, kiosk_dsn, kiosk_id, linked, kiosk_store):
    session, link = linked(kiosk_id)
    push(capsys, pg_dsn, "--kiosk", str(kiosk_id), "reality_check_minutes=45")
    wait_for_settings(link)
    assert link.apply_settings() is True
    link.stop()
    session.set_setting("reality_check_minutes", 15)  # the attendant changes it afterwards, locally
    again = HallLink(session, kiosk_id, kiosk_dsn(kiosk_id, pg_dsn))
    again.start()
    try:
        assert again.replicator.wait_shipped(session.seq, timeout=30)
        time.sleep(0.5)  # more than time enough to fetch anything new
        assert again.replicator.pending_settings() == []
        assert again.apply_settings() is False
        assert session.settings.reality_check_minutes == 15
    finally:
        again.stop()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["min_bet=abc"], "Tischminimum: „abc“ ist keine ganze Zahl; bitte nur die Ziffern 0 bis 9 verwenden.\n"),
        (["decks=9"], "Anzahl der Kartendecks (1–8): Bitte eine ganze Zahl von 1 bis 8 eingeben.\n"),
        (["language=de"], None),
        (["min_bet"], None),
        ([], "Nichts zu senden: Paare EINSTELLUNG=WERT oder --pin angeben.\n"),
    ],
)
def test_a_bad_push_is_refused_before_it_is_sent(capsys, pg, pg_dsn, argv, message):
    before = pg.execute("SELECT count(*) FROM hall_push").fetchone()[0]
    code = main(["--lang", "de", "--hall-dsn", pg_dsn, "hall", "push", *argv])
    err = capsys.readouterr().err
    assert code == 2
    if message is not None:
        assert err == message
    else:
        assert err.startswith(f"{argv[0]} ist nicht EINSTELLUNG=WERT")
    assert pg.execute("SELECT count(*) FROM hall_push").fetchone()[0] == before


def test_the_kiosk_app_applies_the_hall_settings_between_rounds(capsys, pg_dsn, kiosk_dsn, kiosk_id, tmp_path):
    app = RedDogApp(
        language="en", data_dir=tmp_path / "kiosk", hall=(kiosk_dsn(kiosk_id, pg_dsn), kiosk_id), push_pause=None
    )

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            code, _, _ = push(capsys, pg_dsn, "--kiosk", str(kiosk_id), "max_bet=300")
            assert code == 0
            deadline = time.monotonic() + 30
            while app.session.state.config.max_bet != 300:
                assert time.monotonic() < deadline, "the app never applied the settings"
                await pilot.pause(0.1)

    asyncio.run(scenario())


NEW_PIN = "13579"


async def type_pin(pilot, pin: str) -> None:
    """Into the PIN entry already open."""
    from textual.widgets import Input

    pilot.app.screen.query_one("#pin", Input).value = pin
    await pilot.press("enter")
    await pilot.pause()


def applied(app, pin: str) -> bool:
    return verify_pin(pin, app.session.settings.attendant_pin_hash or "")


@run
async def test_a_pin_sent_by_the_hall_is_taken_by_the_running_kiosk_and_the_old_one_refused(
    capsys, monkeypatch, pg_dsn, kiosk_dsn, kiosk_id, tmp_path
):
    app = hall_kiosk(tmp_path / "kiosk", kiosk_dsn(kiosk_id, pg_dsn), kiosk_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_pin(pilot)  # the kiosk's gate is built with the PIN it started with
        assert isinstance(app.screen, AttendantMenu)
        await pilot.press("escape")
        code, _, _ = push(
            capsys, pg_dsn, "--kiosk", str(kiosk_id), "--pin-stdin", stdin=f"{NEW_PIN}\n", monkeypatch=monkeypatch
        )
        assert code == 0
        await wait_until(pilot, lambda: applied(app, NEW_PIN))  # the app's own timer applies it

        await enter_pin(pilot, PIN)
        assert isinstance(app.screen, PinScreen)
        assert "Wrong PIN." in screen_text(app)
        await type_pin(pilot, NEW_PIN)
        assert isinstance(app.screen, AttendantMenu)


@run
async def test_a_pin_sent_while_the_pin_is_typed_waits_until_that_entry_ends(
    capsys, monkeypatch, pg_dsn, kiosk_dsn, kiosk_id, tmp_path
):
    app = hall_kiosk(tmp_path / "kiosk", kiosk_dsn(kiosk_id, pg_dsn), kiosk_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f12")
        await wait_until(pilot, lambda: isinstance(app.screen, PinScreen))
        push(capsys, pg_dsn, "--kiosk", str(kiosk_id), "--pin-stdin", stdin=f"{NEW_PIN}\n", monkeypatch=monkeypatch)
        await wait_until(pilot, lambda: app.hall_link.replicator.pending_settings() != [])
        app.apply_hall_settings()  # a tick of the app's timer, now
        assert applied(app, PIN) and not applied(app, NEW_PIN)

        await type_pin(pilot, PIN)  # the entry begun under the old PIN ends under it
        assert isinstance(app.screen, AttendantMenu)
        await wait_until(pilot, lambda: applied(app, NEW_PIN))  # signed in: nobody types a PIN now
        await pilot.press("escape")
        await enter_pin(pilot, PIN)
        assert "Wrong PIN." in screen_text(app)
        await type_pin(pilot, NEW_PIN)
        assert isinstance(app.screen, AttendantMenu)
