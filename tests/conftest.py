"""Every test starts and ends with English as the current language (the command line sets it)."""

import pytest

from reddog_tui import i18n


@pytest.fixture(autouse=True)
def english_between_tests():
    i18n.set_language("en")
    yield
    i18n.set_language("en")
