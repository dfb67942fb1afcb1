"""Makes the sound effects in files/ from synthesis: sine, square and noise under envelopes.

    python -m reddog_tui.ui.sound.make_sounds [--out DIR]

Standard library only and deterministic (the noise comes from a seeded generator), so running it
again writes the shipped files byte for byte; a test checks that. Mono, 16-bit, 22050 Hz.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

from .effects import SoundName
from .player import RATE

PEAK = 0.8  # of full scale, for the loudest effects
FILES = Path(__file__).resolve().parent / "files"

Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def tone(freq: float, seconds: float, shape: str = "sine", decay: float = 0.0, attack: float = 0.005) -> Samples:
    """A note: `decay` is an exponential rate per second (0: held), with short fades against clicks."""
    count = round(seconds * RATE)
    out = []
    for i in range(count):
        t = i / RATE
        phase = (freq * t) % 1.0
        if shape == "square":
            value = 0.6 if phase < 0.5 else -0.6  # a square is louder than a sine at one peak
        elif shape == "warm":  # a sine with two soft overtones, a bell-like chime
            value = (
                math.sin(2 * math.pi * phase)
                + 0.3 * math.sin(4 * math.pi * phase)
                + 0.12 * math.sin(6 * math.pi * phase)
            ) / 1.42
        else:
            value = math.sin(2 * math.pi * phase)
        out.append(value * _envelope(i, count, attack, decay))
    return out


def sweep(start: float, stop: float, seconds: float, decay: float) -> Samples:
    """A sine gliding from `start` to `stop` Hz: a drum's thump."""
    count = round(seconds * RATE)
    out, phase = [], 0.0
    for i in range(count):
        freq = start + (stop - start) * i / count
        phase = (phase + freq / RATE) % 1.0
        out.append(math.sin(2 * math.pi * phase) * _envelope(i, count, 0.002, decay))
    return out


def noise(seconds: float, seed: int, smooth: float, decay: float, attack: float = 0.002) -> Samples:
    """Noise through a one-pole low-pass (`smooth` 0: white; near 1: dull), seeded."""
    rng = random.Random(seed)
    count = round(seconds * RATE)
    out, level = [], 0.0
    for i in range(count):
        level = smooth * level + (1 - smooth) * rng.uniform(-1.0, 1.0)
        out.append(level * _envelope(i, count, attack, decay))
    peak = max((abs(v) for v in out), default=0.0) or 1.0
    return [v / peak for v in out]


def _envelope(i: int, count: int, attack: float, decay: float) -> float:
    t = i / RATE
    rise = min(1.0, t / attack) if attack else 1.0
    fall = min(1.0, (count - i) / (0.004 * RATE))  # a 4 ms fade-out: no click at the end
    return rise * fall * math.exp(-decay * t)


def mix(*parts: Samples, gains: Iterable[float] | None = None) -> Samples:
    gains = list(gains) if gains is not None else [1.0] * len(parts)
    out = [0.0] * max(len(p) for p in parts)
    for part, gain in zip(parts, gains):
        for i, value in enumerate(part):
            out[i] += gain * value
    return out


def then(*parts: Samples) -> Samples:
    return [value for part in parts for value in part]


def chord(freqs: Iterable[float], seconds: float, decay: float) -> Samples:
    notes = [tone(f, seconds, "warm", decay) for f in freqs]
    return mix(*notes, gains=[1 / len(notes)] * len(notes))


def note(midi: int) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


# --- the effects --------------------------------------------------------------------------------


def chip_placed() -> Samples:
    # Clay on felt: a bright tick and a short knock.
    return mix(noise(0.05, 1, 0.3, 90), tone(2300, 0.05, decay=120), tone(900, 0.05, decay=80), gains=[0.5, 0.4, 0.3])


def chip_taken() -> Samples:
    # The same chip, lower and softer, so the two are told apart without looking.
    return mix(noise(0.05, 2, 0.5, 90), tone(1500, 0.05, decay=120), tone(600, 0.05, decay=80), gains=[0.4, 0.4, 0.3])


def deal() -> Samples:
    # Two cards slide out: two swishes of dull noise.
    return then(_swish(3), silence(0.05), _swish(4))


def _swish(seed: int) -> Samples:
    sound = noise(0.09, seed, 0.75, 0, attack=0)
    return [v * math.sin(math.pi * i / len(sound)) for i, v in enumerate(sound)]  # swells and fades


def card_turned() -> Samples:
    # A card flipped face up: a snap with a low knock under it.
    return mix(noise(0.07, 5, 0.2, 70), sweep(180, 90, 0.07, 40), gains=[0.5, 0.5])


def beat() -> Samples:
    # The third card's beat: one low drum stroke before it turns.
    return mix(sweep(120, 50, 0.2, 14), noise(0.03, 6, 0.85, 120), gains=[0.9, 0.2])


def win() -> Samples:
    # A rising major arpeggio, C5 E5 G5, the last note held.
    return then(*(tone(note(m), 0.09, "warm", 8) for m in (72, 76)), tone(note(79), 0.25, "warm", 6))


def big_win() -> Samples:
    # Three of a kind: the arpeggio over two octaves, then the chord.
    run = then(*(tone(note(m), 0.075, "warm", 6) for m in (72, 76, 79, 84, 88)))
    return then(run, chord([note(m) for m in (72, 76, 79, 84)], 0.4, 4))


def max_winnings() -> Samples:
    # Max winnings: a short fanfare, repeated notes then the chord, longest of all.
    call = then(*(then(tone(note(m), 0.07, "square", 10), silence(0.02)) for m in (67, 67, 72)))
    rise = then(*(tone(note(m), 0.06, "warm", 4) for m in (76, 79, 84)))
    return then(call, rise, chord([note(m) for m in (72, 79, 84, 88)], 0.35, 3))


def push() -> Samples:
    # A push: two even notes, neither up nor down.
    return then(tone(note(67), 0.1, "warm", 10), silence(0.03), tone(note(67), 0.14, "warm", 10))


def loss() -> Samples:
    # A falling minor third, soft: the round is over, not a reproach.
    return then(tone(note(64), 0.12, "sine", 6), tone(note(60), 0.22, "sine", 8))


def refused() -> Samples:
    # Two short low buzzes.
    buzz = tone(150, 0.06, "square", 20)
    return then(buzz, silence(0.04), buzz)


MAKERS: dict[SoundName, Callable[[], Samples]] = {
    SoundName.CHIP_PLACED: chip_placed,
    SoundName.CHIP_TAKEN: chip_taken,
    SoundName.DEAL: deal,
    SoundName.BEAT: beat,
    SoundName.CARD_TURNED: card_turned,
    SoundName.WIN: win,
    SoundName.BIG_WIN: big_win,
    SoundName.MAX_WINNINGS: max_winnings,
    SoundName.PUSH: push,
    SoundName.LOSS: loss,
    SoundName.REFUSED: refused,
}


# How loud each effect is against the results': the chips and cards are heard often, so softer.
LEVELS: dict[SoundName, float] = {
    SoundName.CHIP_PLACED: 0.45,
    SoundName.CHIP_TAKEN: 0.4,
    SoundName.DEAL: 0.5,
    SoundName.CARD_TURNED: 0.6,
    SoundName.REFUSED: 0.6,
}


def pcm(samples: Samples, level: float = 1.0) -> bytes:
    """16-bit little-endian PCM, its peak at `level` times PEAK."""
    peak = max((abs(v) for v in samples), default=0.0) or 1.0
    scale = level * PEAK * 32767 / peak
    return b"".join(max(-32768, min(32767, round(v * scale))).to_bytes(2, "little", signed=True) for v in samples)


def wav_bytes(samples: Samples, level: float = 1.0) -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm(samples, level))
    return buffer.getvalue()


def write_all(directory: Path) -> list[Path]:
    """Write every effect to `directory`/<name>.wav; the paths written, in SoundName order."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SoundName:
        path = directory / f"{name.value}.wav"
        path.write_bytes(wav_bytes(MAKERS[name](), LEVELS.get(name, 1.0)))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make the sound effects' WAV files from synthesis.")
    parser.add_argument("--out", type=Path, default=FILES, help="the folder to write (default: the package's)")
    args = parser.parse_args(argv)
    for path in write_all(args.out):
        print(f"{path} {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
