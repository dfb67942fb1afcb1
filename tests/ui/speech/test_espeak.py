"""The sentences of a round spoken by the real espeak-ng into WAV files, measured with sox: each is
heard (not silence) and lasts as long as its words; numbers are read as the language says them.

CI installs espeak-ng and sox (.ci/run), so nothing here is skipped."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from reddog_tui.i18n import LANGUAGES, set_language
from reddog_tui.i18n.formatting import number
from reddog_tui.ui.speech import VOICES, to_wav, voice_text

from .round import round_sentences

# What sox calls a sound: silence measures 0; espeak-ng's speech about 0.05 to 0.1.
HEARD_RMS = 0.01
# espeak-ng's default pace reads about 12 to 15 characters a second: a sentence takes no less than
# one second per 40 characters (a voice that skips words) and no more than one per 5 (a voice that
# spells digits one by one), with half a second of pauses allowed at either end.
FASTEST_CHARS_PER_S = 40
SLOWEST_CHARS_PER_S = 5


def measured(path: Path) -> dict[str, float]:
    """`sox FILE -n stat`'s figures by name ("Length (seconds)", "RMS amplitude")."""
    report = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, check=True).stderr
    figures = {}
    for line in report.splitlines():
        name, _, value = line.partition(":")
        try:
            figures[" ".join(name.split())] = float(value)
        except ValueError:
            continue
    return figures


def phonemes(text: str, language: str) -> str:
    """espeak-ng's phonemes for `text`: what it would say, without a sound (its pauses left out)."""
    argv = ["espeak-ng", "-q", "-x", "-b", "1", "-v", VOICES[language]]
    said = subprocess.run(argv, input=text, capture_output=True, text=True, check=True).stdout
    return " ".join(re.sub(r"_[!|:]*", " ", said).split())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_of_a_round_is_heard_for_as_long_as_its_words(language, tmp_path):
    set_language(language)
    for index, sentence in enumerate(round_sentences()):
        wav = tmp_path / f"{language}-{index}.wav"
        to_wav(sentence, language, wav)
        figures = measured(wav)
        assert figures["RMS amplitude"] > HEARD_RMS, sentence
        length, characters = figures["Length (seconds)"], len(voice_text(sentence))
        assert characters / FASTEST_CHARS_PER_S - 0.5 < length < characters / SLOWEST_CHARS_PER_S + 0.5, (
            sentence,
            length,
        )


def test_silence_measures_as_silence(tmp_path):
    """The measure itself: a WAV of silence is below the threshold a sentence must pass."""
    wav = tmp_path / "silence.wav"
    subprocess.run(["sox", "-n", "-r", "22050", "-b", "16", "-c", "1", str(wav), "trim", "0", "1"], check=True)
    figures = measured(wav)
    assert figures["RMS amplitude"] < HEARD_RMS and abs(figures["Length (seconds)"] - 1) < 0.01


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("value", [1_000, 5_500, 12_500, 1_000_000])
def test_a_number_in_the_languages_writing_is_read_as_one_number(language, value):
    """12.500, 12 500 and 12,500 each read as twelve thousand five hundred, not as 12 and 500."""
    assert phonemes(voice_text(number(value, language)), language) == phonemes(str(value), language)


@pytest.mark.parametrize(
    ("language", "said"), [("de", "zu"), ("pl", "do"), ("fr", "contre"), ("it", "a"), ("en", "to")]
)
def test_odds_are_read_in_words(language, said, tmp_path):
    from reddog_tui.ui.speech import spoken_odds

    set_language(language)
    text = spoken_odds(11)
    assert re.search(rf"\b{said}\b", text)
    assert phonemes(text, language) != phonemes("11:1", language)
