"""A refused journal is named for what is wrong, in every language: the folder, the file, or the disk.

A start that is refused says "cannot start"; a failure during play says play has stopped and
never sends the guest to --data-dir.
"""

from __future__ import annotations

import pytest

from reddog_tui import i18n
from reddog_tui.ui.screens.error import StoreErrorScreen, store_error_text, store_error_title
from tests.store.test_refused_files import DiskFullAtCommit

from .helpers import LANGUAGES, SPREAD_4_WIN, make_app, run

PATH = "/srv/reddog/reddog.db"
# What each message must say, in each language's own words.
WORDS = {
    "read_only_file": {
        "en": "write-protected",
        "de": "schreibgeschützt",
        "pl": "chroniony przed zapisem",
        "fr": "protégé en écriture",
        "it": "protetto in scrittura",
    },
    "is_a_directory": {
        "en": "is a folder",
        "de": "ist ein Ordner",
        "pl": "jest folderem",
        "fr": "est un dossier",
        "it": "è una cartella",
    },
    "not_a_regular_file": {
        "en": "not an ordinary file",
        "de": "keine gewöhnliche Datei",
        "pl": "nie jest zwykłym plikiem",
        "fr": "pas un fichier ordinaire",
        "it": "non è un file normale",
    },
    "disk_full": {"en": "is full", "de": "ist voll", "pl": "jest pełny", "fr": "est plein", "it": "è pieno"},
}
# The words of the two messages these cases used to get, which named the wrong thing.
WRONG = {
    "en": ("data folder", f"The file {PATH}"),
    "de": ("Datenordner", f"Die Datei {PATH}"),
    "pl": ("folderze danych", f"Plik {PATH}"),
    "fr": ("dossier de données", f"Le fichier {PATH}"),
    "it": ("cartella dati", f"Il file {PATH}"),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", sorted(WORDS))
def test_each_refused_file_is_named_for_what_it_is(code, language):
    i18n.set_language(language)
    at_start = code != "disk_full"
    text = store_error_text(code, PATH, at_start)
    assert WORDS[code][language] in text and PATH in text
    assert not any(wrong in text for wrong in WRONG[language])


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_failure_during_play_does_not_say_cannot_start(language):
    i18n.set_language(language)
    assert store_error_title(False) != store_error_title(True)
    for code in ("disk_full", "write_failed"):
        during_play = store_error_text(code, PATH, at_start=False)
        assert "--data-dir" not in during_play
        assert during_play != store_error_text(code, PATH, at_start=True)


@run
async def test_a_folder_named_like_the_journal_is_called_a_folder_on_screen(tmp_path):
    (tmp_path / "reddog.db").mkdir()
    app = make_app(tmp_path, "de")
    async with app.run_test(size=(100, 30)):
        assert isinstance(app.screen, StoreErrorScreen)
        assert str(app.screen.query_one("#error-title").content) == "Red Dog kann nicht starten"
        assert "ist ein Ordner, kein Red-Dog-Journal" in str(app.screen.query_one("#error-text").content)
    assert (tmp_path / "reddog.db").is_dir()


@run
async def test_a_disk_that_fills_during_play_stops_play_without_blaming_the_start(tmp_path):
    app = make_app(tmp_path, "fr", rounds=[SPREAD_4_WIN])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", "plus")
        credits_before = app.session.state.credits
        app.store._conn = DiskFullAtCommit(app.store._conn)
        await pilot.press("plus")
        assert isinstance(app.screen, StoreErrorScreen)
        assert (app.store_error.code, app.store_error.at_start) == ("disk_full", False)
        assert str(app.screen.query_one("#error-title").content) == "Le jeu est arrêté"
        text = str(app.screen.query_one("#error-text").content)
        assert "est plein" in text and "--data-dir" not in text
    with app.store.__class__.open(tmp_path) as store:
        assert store.load_table()[0].credits == credits_before  # the refused chip was not taken
