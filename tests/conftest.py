"""Every test starts and ends with English as the current language (the command line sets it)."""

import pytest

from reddog_tui import i18n


@pytest.fixture(autouse=True)
def english_between_tests():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def pytest_sessionfinish(session, exitstatus):
    """Where every service and tool is installed (CI sets REDDOG_NO_SKIPS=1), a skipped test is a failure."""
    import os

    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter is not None else []
    if os.environ.get("REDDOG_NO_SKIPS") == "1" and skipped and session.exitstatus == 0:
        reporter.write_line(f"REDDOG_NO_SKIPS=1: {len(skipped)} test(s) skipped, which fails this run", red=True)
        session.exitstatus = 1
