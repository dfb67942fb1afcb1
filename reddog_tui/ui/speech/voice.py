"""The voice of the spoken mode: espeak-ng in a subprocess, one sentence at a time.

A new sentence cuts the one being spoken (its process is terminated), so the voice always
says what the table shows now. Nothing here waits for speech to end, and nothing raises
into the UI: a voice that fails is logged once and goes quiet.
"""

from __future__ import annotations

import logging
import re
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from ...i18n import N_, _

log = logging.getLogger(__name__)

ESPEAK = "espeak-ng"
# espeak-ng's voice for each language of the kiosk (`espeak-ng --voices`); English is the
# kiosk's American English (en_US), as its numbers and spelling are.
VOICES: dict[str, str] = {"de": "de", "pl": "pl", "fr": "fr-fr", "it": "it", "en": "en-us"}
# A no-break space between digit groups (Polish 12 500, French 1 000) makes espeak-ng read
# the groups as two numbers ("twelve, five hundred"): the voice gets the digits joined.
_SPACED_GROUP = re.compile(r"(?<=\d)[\u00a0\u202f](?=\d{3}(?!\w))")


class Process(Protocol):
    """What the voice needs of a running espeak-ng (subprocess.Popen has it)."""

    def poll(self) -> int | None: ...

    def terminate(self) -> None: ...


# Starts espeak-ng with these arguments and hands it the text; returns the running process.
Runner = Callable[[list[str], str], Process]


def _spawn(argv: list[str], text: str) -> Process:
    process = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=True
    )
    assert process.stdin is not None
    with process.stdin:  # a sentence is far below a pipe's buffer: this never waits for the voice
        process.stdin.write(text.encode("utf-8"))
    return process


Which = Callable[[str], str | None]


def available(which: Which | None = None) -> bool:
    """Whether espeak-ng is installed, so the spoken mode can be switched on."""
    return (which or shutil.which)(ESPEAK) is not None


class SpeechUnavailable(Exception):
    """The spoken mode was asked for, but espeak-ng is not installed: the mode is refused."""

    # Translators: shown when a guest asks for spoken mode and the
    # kiosk cannot speak.
    GUEST = N_("Spoken mode is not available at this table. Please call an attendant.")
    # Translators: for the operator, who set spoken mode as the default; espeak-ng is a program's name.
    OPERATOR = N_("Spoken mode needs the program espeak-ng, which is not installed. Install it (Debian: espeak-ng).")

    def __init__(self) -> None:
        super().__init__(f"{ESPEAK} is not installed")

    def guest_text(self) -> str:
        return _(self.GUEST)

    def operator_text(self) -> str:
        return _(self.OPERATOR)


def require_speech(which: Which | None = None) -> None:
    """Refuse the spoken mode (SpeechUnavailable) where espeak-ng is missing."""
    if not available(which):
        raise SpeechUnavailable()


def voice_text(text: str) -> str:
    """A sentence as espeak-ng gets it: numbers grouped with no-break spaces are joined."""
    return _SPACED_GROUP.sub("", text)


def espeak_arguments(language: str, *, wav: Path | None = None) -> list[str]:
    """espeak-ng's command line for a sentence in `language`, read from standard input as UTF-8."""
    argv = [ESPEAK, "-v", VOICES.get(language, VOICES["en"]), "-b", "1"]
    return [*argv, "-w", str(wav)] if wav is not None else argv


def to_wav(text: str, language: str, path: Path, timeout_s: float = 30.0) -> None:
    """Speak `text` in `language` into a WAV file and wait for it (checks and tools, never the UI)."""
    subprocess.run(
        espeak_arguments(language, wav=path),
        input=voice_text(text).encode("utf-8"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=True,
        timeout=timeout_s,
    )


class Voice:
    """Speaks sentences through espeak-ng, each new one cutting the one before.

    `runner` starts the process (tests pass a fake one); `which` finds espeak-ng.
    """

    def __init__(self, runner: Runner | None = None, which: Which | None = None) -> None:
        self._runner: Runner = runner or _spawn
        self._which = which
        self._speaking: Process | None = None
        self._last: tuple[str, str] | None = None  # (text, language) of the last sentence said
        self._failed = False  # logged once; later failures stay quiet
        self._closed = False

    @property
    def last(self) -> str | None:
        """The last text handed to the voice, as the catalogue words it (None before the first)."""
        return None if self._last is None else self._last[0]

    @property
    def speaking(self) -> bool:
        return self._speaking is not None and self._speaking.poll() is None

    def say(self, sentences: str | Sequence[str], language: str) -> None:
        """Say `sentences` (one or several, in order) in `language`'s voice, cutting what is being said.

        Nothing to say leaves the voice as it is.
        """
        text = sentences if isinstance(sentences, str) else " ".join(s for s in sentences if s)
        if not text.strip() or self._closed:
            return
        self._last = (text, language)
        self._speak(text, language)

    def repeat(self) -> None:
        """Say the last sentence again (nothing before the first)."""
        if self._last is not None and not self._closed:
            self._speak(*self._last)

    def stop(self) -> None:
        """Stop speaking now; the last sentence can still be repeated."""
        speaking, self._speaking = self._speaking, None
        if speaking is not None and speaking.poll() is None:
            try:
                speaking.terminate()
            except OSError:  # it ended on its own in the meantime
                pass

    def close(self) -> None:
        """Stop for good: the app is leaving, or the spoken mode was switched off."""
        self.stop()
        self._closed = True

    def _speak(self, text: str, language: str) -> None:
        self.stop()  # a new sentence cuts the old one
        if not available(self._which):  # removed while the kiosk runs
            self._fail(f"{ESPEAK} is not installed")
            return
        try:
            self._speaking = self._runner(espeak_arguments(language), voice_text(text))
        except (OSError, ValueError) as error:
            self._fail(str(error))

    def _fail(self, reason: str) -> None:
        if not self._failed:
            self._failed = True
            log.warning("spoken mode: the voice cannot speak (%s)", reason)
