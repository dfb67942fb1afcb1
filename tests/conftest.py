"""Every test starts and ends with English as the current language (the command line sets it)."""

import pytest

from reddog_tui import i18n
from reddog_tui.ui import table_play
from reddog_tui.ui.screens import confirm
from reddog_tui.ui.sound import SilentSink

ANSWER_AFTER_S = confirm.ANSWER_AFTER_S  # as the product has it, read before any test changes it


@pytest.fixture(autouse=True)
def english_between_tests():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def questions_answered_at_once(monkeypatch):
    """In-process tests answer a question as soon as it is shown; the pause before a question
    takes an answer has tests of its own (tests/kiosk/test_money_once.py, on a pty as well),
    which ask for it with `answer_after`."""
    monkeypatch.setattr(confirm, "ANSWER_AFTER_S", 0.0)


@pytest.fixture(autouse=True)
def no_speakers(monkeypatch):
    """In-process apps play their sounds into a silent sink; a test that listens gives the app a
    recording one (`app.play.sound_sink`)."""
    monkeypatch.setattr(table_play, "default_sound_sink", SilentSink)


@pytest.fixture
def answer_after(monkeypatch):
    """The pause before a question takes an answer, as the product has it."""
    monkeypatch.setattr(confirm, "ANSWER_AFTER_S", ANSWER_AFTER_S)
    return ANSWER_AFTER_S


def pytest_sessionfinish(session, exitstatus):
    """Where every service and tool is installed (CI sets REDDOG_NO_SKIPS=1), a skipped test is a failure."""
    import os

    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter is not None else []
    if os.environ.get("REDDOG_NO_SKIPS") == "1" and skipped and session.exitstatus == 0:
        reporter.write_line(f"REDDOG_NO_SKIPS=1: {len(skipped)} test(s) skipped, which fails this run", red=True)
        session.exitstatus = 1
