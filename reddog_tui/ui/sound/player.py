"""Plays the sound effects on the cabinet's speakers, never on the UI's thread.

`SoundPlayer.play(name)` only puts the name on a queue and returns; a daemon worker thread reads
the shipped file once, scales it to the volume and hands it to a `Sink`. Sounds queue: each plays
to its end, then the next, since one transition's sounds are a sequence (the deal, the beat, the
card, the result). A backlog beyond BACKLOG drops the newest, so a burst of chip keys never leaves
a long tail of clicks behind the game.

Sinks: `MiniaudioSink` (the speakers; with no device it logs once and stays silent),
`RecordingSink` (keeps what was played, for tests; optionally a WAV file) and `SilentSink`.
"""

from __future__ import annotations

import ctypes
import io
import logging
import sys
import threading
import time
import wave
from array import array
from collections.abc import Callable, Generator, Iterable, Mapping
from importlib import resources
from pathlib import Path
from queue import Empty, Queue
from typing import Any, Protocol

from ...store.settings import DEFAULTS, SPECS, Key, Whole
from .effects import SoundName

log = logging.getLogger(__name__)

RATE = 22050  # frames a second; mono, 16-bit little-endian
_VOLUME = SPECS[Key.VOLUME]
assert isinstance(_VOLUME, Whole)
VOLUME_MIN, VOLUME_MAX = _VOLUME.low, _VOLUME.high
DEFAULT_VOLUME: int = DEFAULTS[Key.VOLUME]  # type: ignore[assignment]  # the operator's setting
LOW_WATER = RATE // 20 * 2  # bytes: 50 ms of a sound left to play when the next is queued behind it
BACKLOG = 12  # sounds waiting at most: about the longest transition's sounds, twice


def load_sounds() -> dict[SoundName, bytes]:
    """The PCM frames of every shipped effect, checked to be mono 16-bit at RATE."""
    files = resources.files(__package__) / "files"
    sounds = {}
    for name in SoundName:
        with wave.open(io.BytesIO((files / f"{name.value}.wav").read_bytes()), "rb") as wav:
            if (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) != (1, 2, RATE):
                raise ValueError(f"{name.value}.wav is not mono 16-bit at {RATE} Hz")
            sounds[name] = wav.readframes(wav.getnframes())
    return sounds


def check_volume(volume: int) -> int:
    if isinstance(volume, bool) or not isinstance(volume, int) or not VOLUME_MIN <= volume <= VOLUME_MAX:
        raise ValueError(f"volume must be a whole number from {VOLUME_MIN} to {VOLUME_MAX}, got {volume!r}")
    return volume


def scaled(pcm: bytes, volume: int) -> bytes:
    """`pcm` at `volume` (0-100). The gain is the square of the fraction: the ear hears loudness
    roughly logarithmically, so 50 sounds about half as loud rather than barely softer."""
    check_volume(volume)
    if volume == VOLUME_MAX:
        return pcm
    samples = array("h")
    samples.frombytes(pcm)
    if sys.byteorder == "big":
        samples.byteswap()
    squared = volume * volume
    samples = array("h", (int(s * squared / 10_000) for s in samples))  # toward zero: never past full scale
    if sys.byteorder == "big":
        samples.byteswap()
    return samples.tobytes()


# --- sinks --------------------------------------------------------------------------------------


class Sink(Protocol):
    """Where the worker thread sends each sound: `play` returns when the sound has been handed
    over for its whole length (it may block the worker, never the UI)."""

    def play(self, name: SoundName, pcm: bytes) -> None: ...

    def close(self) -> None: ...


class SilentSink:
    """Plays nothing."""

    def play(self, name: SoundName, pcm: bytes) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingSink:
    """Keeps every sound played, in order: `played` as (name, frames), `names` the names alone.
    With `wav_path`, the sounds are also written one after another to that WAV file."""

    def __init__(self, wav_path: Path | None = None) -> None:
        self.played: list[tuple[SoundName, bytes]] = []
        self.closed = False
        self._lock = threading.Lock()
        self._wav: Any = None
        if wav_path is not None:
            self._wav = wave.open(str(wav_path), "wb")  # noqa: SIM115  # open across plays, closed by close()
            self._wav.setnchannels(1)
            self._wav.setsampwidth(2)
            self._wav.setframerate(RATE)

    @property
    def names(self) -> list[SoundName]:
        with self._lock:
            return [name for name, _ in self.played]

    def play(self, name: SoundName, pcm: bytes) -> None:
        with self._lock:
            self.played.append((name, pcm))
            if self._wav is not None:
                self._wav.writeframes(pcm)

    def close(self) -> None:
        with self._lock:
            self.closed = True
            if self._wav is not None:
                self._wav.close()
                self._wav = None


class Device(Protocol):
    """The part of miniaudio's PlaybackDevice used here."""

    def start(self, callback_generator: Generator[bytes, int, None]) -> None: ...

    def close(self) -> None: ...


def open_miniaudio_device() -> Device:
    """The cabinet's default output, mono 16-bit at RATE. PulseAudio (PipeWire serves it too) or
    ALSA: the backends a Linux cabinet has; JACK's library would write to the screen when absent."""
    import miniaudio  # type: ignore[import-untyped]  # ships no type information

    _hush_alsa()
    return miniaudio.PlaybackDevice(
        output_format=miniaudio.SampleFormat.SIGNED16,
        nchannels=1,
        sample_rate=RATE,
        buffersize_msec=60,
        backends=[miniaudio.Backend.PULSEAUDIO, miniaudio.Backend.ALSA],
        app_name="reddog",
    )


_ALSA_HANDLER: Any = None  # kept alive: ALSA calls it for as long as the process runs


def _hush_alsa() -> None:
    """ALSA writes its complaints (no card, no PCM) to file descriptor 2, where Textual draws the
    screen; a handler that drops them keeps the screen clean. The absent device is logged once."""
    global _ALSA_HANDLER
    if _ALSA_HANDLER is not None:
        return
    try:
        library = ctypes.CDLL("libasound.so.2")
    except OSError:
        return  # no ALSA: nothing of it to hush
    # The handler's C type is variadic; the arguments are ignored, so the fixed ones suffice.
    handler_type = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p)
    _ALSA_HANDLER = handler_type(lambda *_: None)
    library.snd_lib_error_set_handler(_ALSA_HANDLER)


class MiniaudioSink:
    """The speakers, through miniaudio. The device opens at the first sound, on the worker thread;
    if it cannot open (a cabinet without sound) or stops taking samples, this logs once at WARNING
    and plays nothing from then on. `open_device` is the device's factory (tests pass their own)."""

    def __init__(self, open_device: Callable[[], Device] = open_miniaudio_device) -> None:
        self._open_device = open_device
        self._device: Device | None = None
        self.silent = False
        self._pending = bytearray()
        self._lock = threading.Lock()
        self._drained = threading.Event()

    def play(self, name: SoundName, pcm: bytes) -> None:
        if self.silent or (self._device is None and not self._open()):
            return
        with self._lock:
            self._pending += pcm
            if len(self._pending) > LOW_WATER:
                self._drained.clear()
        # The worker waits until the device has taken all but the sound's tail, so the next sound
        # is queued behind it before the device asks again: one follows the other without a gap.
        if not self._drained.wait(timeout=len(pcm) / (2 * RATE) + 1.0):
            self._give_up("the sound device stopped taking samples; sound effects are off until the kiosk restarts")

    def _open(self) -> bool:
        device = None
        try:
            device = self._open_device()
            stream = self._stream()
            next(stream)  # miniaudio wants the generator started
            device.start(stream)
        except Exception as error:  # whatever the backend raises, the game plays on in silence
            if device is not None:
                self._device = device
            self._give_up(f"no sound device ({error}); sound effects are off")
            return False
        self._device = device
        return True

    def _give_up(self, why: str) -> None:
        self.silent = True
        log.warning("Sound: %s", why)
        self.close()

    def _stream(self) -> Generator[bytes, int, None]:
        """What the device's own thread pulls: the pending sound, then silence."""
        frames = yield b""
        while True:
            wanted = frames * 2
            with self._lock:
                chunk = bytes(self._pending[:wanted])
                del self._pending[:wanted]
                if len(self._pending) <= LOW_WATER:
                    self._drained.set()
            if len(chunk) < wanted:
                chunk += bytes(wanted - len(chunk))
            frames = yield chunk

    def close(self) -> None:
        """Close the device once the last sound's tail has played (a fraction of a second at most)."""
        deadline = time.monotonic() + 4 * LOW_WATER / (2 * RATE)
        while self._device is not None and not self.silent and self._pending and time.monotonic() < deadline:
            time.sleep(0.01)
        device, self._device = self._device, None
        if device is not None:
            try:
                device.close()
            except Exception as error:  # closing a failed device must not stop the kiosk
                log.debug("Sound: closing the device failed: %s", error)
        self._drained.set()


# --- the player ---------------------------------------------------------------------------------


class SoundPlayer:
    """Plays effects by name: `play` returns at once. `enabled` is the player's setting (R15 sound
    effects on/off) and `volume` the operator's (0-100); both apply to the sounds played after."""

    def __init__(
        self,
        sink: Sink | None = None,
        *,
        volume: int = DEFAULT_VOLUME,
        enabled: bool = True,
        sounds: Mapping[SoundName, bytes] | None = None,
    ) -> None:
        self.sink: Sink = sink if sink is not None else MiniaudioSink()
        self._volume = check_volume(volume)
        self.enabled = enabled
        self._sounds = dict(sounds) if sounds is not None else None  # read by the worker, not the UI
        self._scaled: dict[SoundName, bytes] = {}  # at one volume: the one last played
        self._scaled_volume = volume
        self._queue: Queue[tuple[SoundName, int] | None] = Queue()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._busy = threading.Condition()
        self._unfinished = 0

    @property
    def volume(self) -> int:
        return self._volume

    @volume.setter
    def volume(self, volume: int) -> None:
        self._volume = check_volume(volume)

    def play(self, name: SoundName) -> None:
        """Queue `name`; nothing when sound is off, the volume is 0 or the player is closed."""
        if self._closed or not self.enabled or self._volume == VOLUME_MIN:
            return
        with self._busy:
            if self._unfinished >= BACKLOG:
                log.debug("Sound: %s dropped, %d sounds waiting", name.value, self._unfinished)
                return
            self._unfinished += 1
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="reddog-sound", daemon=True)
            self._thread.start()
        self._queue.put((SoundName(name), self._volume))

    def play_all(self, names: Iterable[SoundName]) -> None:
        """Queue `names` in order: the sounds of one transition (`effects.sounds_for`)."""
        for name in names:
            self.play(name)

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Wait until every queued sound has been played; False if `timeout` passed first."""
        with self._busy:
            return self._busy.wait_for(lambda: self._unfinished == 0, timeout)

    def close(self, timeout: float = 2.0) -> None:
        """Stop the worker (sounds still waiting are dropped) and close the sink."""
        if self._closed:
            return
        self._closed = True
        if self._thread is None:
            self.sink.close()
            return
        while True:  # what still waits is dropped: the kiosk is closing
            try:
                self._queue.get_nowait()
            except Empty:
                break
            self._done()
        self._queue.put(None)
        self._thread.join(timeout)

    def _done(self) -> None:
        with self._busy:
            self._unfinished -= 1
            self._busy.notify_all()

    def _work(self) -> None:
        try:
            while (item := self._queue.get()) is not None:
                try:
                    self._play(*item)
                except Exception:  # a broken sound must not end the worker, nor the game
                    log.exception("Sound: %s could not be played", item[0].value)
                finally:
                    self._done()
        finally:
            self.sink.close()

    def _play(self, name: SoundName, volume: int) -> None:
        if self._sounds is None:
            self._sounds = load_sounds()
        if volume != self._scaled_volume:
            self._scaled, self._scaled_volume = {}, volume
        pcm = self._scaled.get(name)
        if pcm is None:
            pcm = self._scaled[name] = scaled(self._sounds[name], volume)
        self.sink.play(name, pcm)
