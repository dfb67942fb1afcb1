"""Sound effects: which sounds a table's change plays (effects) and the player that plays them off
the UI's thread (player). The WAV files in files/ are made by make_sounds.py, from synthesis."""

from .effects import SoundName, sounds_for
from .player import (
    DEFAULT_VOLUME,
    MiniaudioSink,
    RecordingSink,
    SilentSink,
    Sink,
    SoundPlayer,
    load_sounds,
)

__all__ = [
    "DEFAULT_VOLUME",
    "MiniaudioSink",
    "RecordingSink",
    "SilentSink",
    "Sink",
    "SoundName",
    "SoundPlayer",
    "load_sounds",
    "sounds_for",
]
