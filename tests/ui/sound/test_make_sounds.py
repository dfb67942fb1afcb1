"""The shipped sound files are the synthesis script's output, byte for byte, and small."""

from __future__ import annotations

import subprocess
import sys
import wave
from pathlib import Path

from reddog_tui.ui.sound import SoundName
from reddog_tui.ui.sound.make_sounds import FILES, write_all

REPO = Path(__file__).resolve().parents[3]


def test_the_script_regenerates_the_shipped_files_byte_for_byte(tmp_path):
    written = write_all(tmp_path)
    assert [p.name for p in written] == [f"{name.value}.wav" for name in SoundName]
    assert sorted(p.name for p in FILES.iterdir()) == sorted(p.name for p in written)  # nothing else shipped
    for path in written:
        assert path.read_bytes() == (FILES / path.name).read_bytes(), path.name


def test_the_script_runs_as_a_module_and_writes_where_it_is_told(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "reddog_tui.ui.sound.make_sounds", "--out", str(tmp_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "win.wav").read_bytes() == (FILES / "win.wav").read_bytes()


def test_every_file_is_small_mono_16_bit_at_22050_hz_and_not_silent():
    for name in SoundName:
        path = FILES / f"{name.value}.wav"
        assert path.stat().st_size < 40_000, name
        with wave.open(str(path), "rb") as wav:
            assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
            assert 0.04 < wav.getnframes() / 22050 < 1.0, name
            assert any(wav.readframes(wav.getnframes())), name
