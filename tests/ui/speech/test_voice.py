"""The voice: a new sentence cuts the old one, repeat and stop, the language's own voice, and a
missing espeak-ng refused with a localized message, never an exception into the UI."""

from __future__ import annotations

import logging
import os
import stat
import time
from pathlib import Path

import pytest

from reddog_tui.i18n import LANGUAGES, set_language
from reddog_tui.i18n.catalogues import po_path, read
from reddog_tui.ui.speech import VOICES, SpeechUnavailable, Voice, available, require_speech, spoken_for, voice_text

from .round import transitions


class FakeProcess:
    def __init__(self, argv: list[str], text: str) -> None:
        self.argv, self.text = argv, text
        self.returncode: int | None = None
        self.terminated = 0

    def poll(self) -> int | None:
        return self.returncode

    def terminate(self) -> None:
        self.terminated += 1
        self.returncode = -15


class FakeRunner:
    """Records every espeak-ng it is asked to start; none of them ever ends by itself."""

    def __init__(self) -> None:
        self.started: list[FakeProcess] = []

    def __call__(self, argv: list[str], text: str) -> FakeProcess:
        process = FakeProcess(argv, text)
        self.started.append(process)
        return process

    @property
    def said(self) -> list[tuple[str, str]]:
        return [(p.argv[p.argv.index("-v") + 1], p.text) for p in self.started]


def installed(_name: str) -> str | None:
    return "/usr/bin/espeak-ng"


def missing(_name: str) -> str | None:
    return None


@pytest.fixture
def runner() -> FakeRunner:
    return FakeRunner()


def test_a_new_sentence_cuts_the_one_being_said(runner):
    voice = Voice(runner, which=installed)
    voice.say("Erste Karte.", "de")
    voice.say("Zweite Karte.", "de")
    first, second = runner.started
    assert first.terminated == 1
    assert second.terminated == 0 and voice.speaking


def test_a_sentence_said_to_its_end_is_not_cut(runner):
    voice = Voice(runner, which=installed)
    voice.say("Erste Karte.", "de")
    runner.started[0].returncode = 0
    voice.say("Zweite Karte.", "de")
    assert runner.started[0].terminated == 0


def test_several_sentences_are_one_utterance_cut_as_one(runner):
    voice = Voice(runner, which=installed)
    voice.say(("Karten: 7 und 8.", "", "Push."), "de")
    assert runner.said == [("de", "Karten: 7 und 8. Push.")]
    voice.say((), "de")  # nothing to say: what is being said goes on
    assert runner.started[0].terminated == 0 and voice.last == "Karten: 7 und 8. Push."


def test_repeat_says_the_last_sentence_again_and_cuts_it_first(runner):
    voice = Voice(runner, which=installed)
    voice.repeat()  # nothing yet: nothing said
    assert runner.started == []
    voice.say("Trzecia karta: 3.", "pl")
    voice.repeat()
    assert runner.said == [("pl", "Trzecia karta: 3."), ("pl", "Trzecia karta: 3.")]
    assert runner.started[0].terminated == 1


def test_stop_ends_speech_and_the_sentence_can_still_be_repeated(runner):
    voice = Voice(runner, which=installed)
    voice.say("Troisième carte\u00a0: 3.", "fr")
    voice.stop()
    assert runner.started[0].terminated == 1 and not voice.speaking
    voice.stop()  # stopping twice is harmless
    assert runner.started[0].terminated == 1
    voice.repeat()
    assert runner.said[-1] == ("fr-fr", "Troisième carte\u00a0: 3.")


def test_close_stops_and_says_nothing_more(runner):
    voice = Voice(runner, which=installed)
    voice.say("Terza carta: 3.", "it")
    voice.close()
    voice.say("Carte: 7 e 8.", "it")
    voice.repeat()
    assert len(runner.started) == 1 and runner.started[0].terminated == 1


def test_each_language_speaks_with_its_own_voice(runner):
    voice = Voice(runner, which=installed)
    for language in LANGUAGES:
        voice.say("1", language)
    assert [name for name, _text in runner.said] == ["de", "pl", "fr-fr", "it", "en-us"]
    assert all(p.argv[:1] == ["espeak-ng"] and p.argv[-2:] == ["-b", "1"] for p in runner.started)  # UTF-8 input


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_voice_gets_the_catalogues_sentence_in_its_language(runner, language):
    set_language(language)
    voice = Voice(runner, which=installed)
    _start, _ante, (before, decision), *_rest = transitions()
    said = spoken_for(before, decision)
    voice.say(said, language)
    assert runner.said == [(VOICES[language], voice_text(said[0]))]


def test_a_number_grouped_with_no_break_spaces_reaches_the_voice_as_one_number(runner):
    Voice(runner, which=installed).say("wygrywasz 12\u00a0500\u00a0kredytów, 1\u202f000\u202f000", "pl")
    assert runner.said == [("pl", "wygrywasz 12500\u00a0kredytów, 1000000")]
    kept = "klawiszem\u00a0+ i\u00a02 karty, 3\u00a0000x, 4\u00a05000"  # no digit group of three after the space
    assert voice_text(kept) == kept


def test_a_missing_espeak_refuses_the_mode(monkeypatch):
    monkeypatch.setattr("shutil.which", missing)
    assert not available()
    with pytest.raises(SpeechUnavailable):
        require_speech()
    monkeypatch.setattr("shutil.which", installed)
    assert available()
    require_speech()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_refusal_is_worded_in_every_language(language):
    catalogue = read(po_path(language), language)
    refusal = SpeechUnavailable()
    set_language(language)
    for text, msgid in ((refusal.guest_text(), SpeechUnavailable.GUEST), (refusal.operator_text(), refusal.OPERATOR)):
        assert text == catalogue.get(msgid).string
    assert "espeak-ng" in refusal.operator_text()
    if language != "en":
        assert refusal.guest_text() != SpeechUnavailable.GUEST


def test_a_voice_without_espeak_stays_quiet_and_logs_once(runner, caplog):
    voice = Voice(runner, which=missing)
    with caplog.at_level(logging.WARNING, logger="reddog_tui.ui.speech.voice"):
        voice.say("Dritte Karte: 3.", "de")
        voice.say("Dritte Karte: 4.", "de")
        voice.repeat()
    assert runner.started == []
    assert len(caplog.records) == 1 and "espeak-ng" in caplog.records[0].getMessage()


def test_a_voice_that_cannot_start_never_raises(caplog):
    def broken(argv: list[str], text: str) -> FakeProcess:
        raise OSError("no audio device")

    voice = Voice(broken, which=installed)
    with caplog.at_level(logging.WARNING, logger="reddog_tui.ui.speech.voice"):
        voice.say("Third card: 3.", "en")
        voice.say("Third card: 4.", "en")
    assert len(caplog.records) == 1 and "no audio device" in caplog.records[0].getMessage()
    assert not voice.speaking


def test_the_real_runner_hands_espeak_the_text_and_a_new_sentence_ends_the_old_process(tmp_path, monkeypatch):
    """The product's own runner, with an espeak-ng that records what it reads and then speaks for a long while."""
    heard = tmp_path / "heard"
    heard.mkdir()
    fake = tmp_path / "bin" / "espeak-ng"
    fake.parent.mkdir()
    fake.write_text(f'#!/bin/sh\ncat > "{heard}/$$.txt"\nexec sleep 30\n', encoding="utf-8")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    voice = Voice()
    voice.say("Trzecia karta: 3.", "pl")
    first = voice._speaking
    assert first is not None
    wait_for(lambda: texts_heard(heard) == ["Trzecia karta: 3."])  # it has read its sentence and speaks on
    voice.say("Karty: 7 i\u00a08.", "pl")
    second = voice._speaking
    assert second is not None and second is not first
    wait_for(lambda: first.poll() is not None)  # cut
    wait_for(lambda: texts_heard(heard) == ["Karty: 7 i\u00a08.", "Trzecia karta: 3."])
    assert voice.speaking
    voice.close()
    wait_for(lambda: second.poll() is not None)
    assert not voice.speaking


def wait_for(condition, deadline_s: float = 10.0) -> None:
    end = time.monotonic() + deadline_s
    while not condition():
        assert time.monotonic() < end, "not in time"
        time.sleep(0.02)


def texts_heard(folder: Path) -> list[str]:
    return sorted(path.read_text(encoding="utf-8") for path in folder.iterdir())
