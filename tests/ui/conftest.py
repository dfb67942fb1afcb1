"""Hermetic app construction for the UI tests: temp data dir, stacked deals, no pauses, no animation."""

from __future__ import annotations

import pytest

from reddog_tui import i18n

from .helpers import pinned_environment


@pytest.fixture(autouse=True)
def hermetic(monkeypatch, tmp_path):
    """The machine's locale and data dir never leak in; each test starts in English."""
    pinned_environment(monkeypatch, tmp_path)
    yield
    i18n.set_language("en")


def pytest_configure(config):
    config.addinivalue_line("markers", "install: builds the wheel and installs it into a fresh venv (about a minute)")
