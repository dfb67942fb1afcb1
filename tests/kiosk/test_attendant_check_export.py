"""The attendant menu's journal check and the meters screen's export to the data folder."""

from __future__ import annotations

import csv
import sqlite3

from reddog_tui.cli import main
from reddog_tui.ui.screens.journal_check import JournalCheckScreen
from reddog_tui.ui.screens.meters import MetersScreen
from tests.ui.helpers import SPREAD_4_WIN, run, screen_text

from .kiosk_helpers import enter_pin, kiosk_app, paying_in


async def check_from_the_menu(pilot, app) -> None:
    """From the welcome screen: the table, the attendant's PIN, "Check the journal", its verdict."""
    await pilot.press("enter")
    await enter_pin(pilot)
    await pilot.press("5")
    await wait_for_check(pilot, app)


async def wait_for_check(pilot, app) -> None:
    for _ in range(100):
        await pilot.pause(0.05)
        if isinstance(app.screen, JournalCheckScreen) and app.screen.results is not None:
            return
    raise AssertionError("the check never finished")


@run
async def test_the_menu_checks_the_journal_the_kiosk_has_open(tmp_path):
    app = kiosk_app(tmp_path, rounds=[SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await check_from_the_menu(pilot, app)
        text = screen_text(app)
        assert "Check the journal" in text
        assert "Settled rounds and vouchers agree with the meters" in text  # the full check
        assert "Healthy." in text and "FAILED" not in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, JournalCheckScreen) and app.is_running


@run
async def test_the_check_speaks_the_kiosks_language(tmp_path):
    app = kiosk_app(tmp_path, language="it")
    async with app.run_test(size=(80, 24)) as pilot:
        await check_from_the_menu(pilot, app)
        text = screen_text(app)
        assert "In ordine." in text and "Quadratura contabile" in text and "Healthy" not in text


@run
async def test_the_meters_screen_exports_what_the_command_line_exports(tmp_path, capsys):
    app = kiosk_app(tmp_path, rounds=[SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        await pilot.press(*paying_in(250))
        await pilot.pause()
        assert app.session.state.credits == 250
        await pilot.press("escape", "3")
        await pilot.pause()
        assert isinstance(app.screen, MetersScreen)
        assert "Export to files" in screen_text(app)
        await pilot.press("e")
        await pilot.pause()
        # The folder's name may be wrapped or folded across lines, so whitespace is not compared.
        assert "".join(f"Written to {tmp_path}:".split()) in "".join(screen_text(app).split())
    meters_file = next(tmp_path.glob("reddog-meters-*.csv"))
    journal_file = next(tmp_path.glob("reddog-journal-*.csv"))
    assert meters_file.name.replace("meters", "journal") == journal_file.name
    assert not list(tmp_path.glob("*.part"))
    capsys.readouterr()
    assert main(["--data-dir", str(tmp_path), "attendant", "meters", "--csv"]) == 0
    assert meters_file.read_text() == capsys.readouterr().out
    assert main(["--data-dir", str(tmp_path), "attendant", "journal", "--csv"]) == 0
    assert journal_file.read_text() == capsys.readouterr().out
    meters = {row["name"]: int(row["value"]) for row in csv.DictReader(meters_file.open())}
    assert meters["credits_in"] == 250 and meters["credits"] == 250


@run
async def test_an_export_of_a_journal_with_a_damaged_round_is_refused_in_words_and_the_kiosk_plays_on(tmp_path):
    """A settled round whose time no calendar holds (a failing disk, a hand edit) cannot be
    exported: the attendant is told so, nothing half written is left, and the kiosk stays up."""
    app = kiosk_app(tmp_path)
    conn = sqlite3.connect(tmp_path / "reddog.db")
    conn.execute("INSERT INTO rounds VALUES (1, 1e30, '2H', '9S', '5D', 5, 0, 'spread', 6, 'win', 10, 100, 105)")
    conn.commit()
    conn.close()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, MetersScreen)
        await pilot.press("e")
        await pilot.pause()
        said = "".join(screen_text(app).split())
        assert "".join(f"The export could not be written to {tmp_path}.".split()) in said
        assert app.is_running and isinstance(app.screen, MetersScreen)
    assert not list(tmp_path.glob("reddog-*"))


@run
async def test_a_label_too_long_for_one_line_wraps_under_itself(tmp_path, monkeypatch):
    """The verdicts stand in a column of their own: a label that needs two lines at 80×24 goes on
    under its first word, never back under the verdicts."""
    from reddog_tui.ui import kiosk_texts

    long_label = "Settled rounds and vouchers agree with the meters " + "and with every one of the counters " * 2
    monkeypatch.setitem(kiosk_texts.CHECK_LABELS, "history", long_label.strip())
    app = kiosk_app(tmp_path, rounds=[SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await check_from_the_menu(pilot, app)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        first = next(i for i, line in enumerate(lines) if "Settled rounds and vouchers agree" in line)
        column = lines[first].index("Settled")
        assert lines[first].lstrip().startswith("OK")
        following = lines[first + 1]
        assert "counters" in following, lines[first : first + 3]
        assert len(following) - len(following.lstrip()) == column  # under the label, not the verdicts
