"""The spoken mode: what the table says aloud, and the voice that says it (espeak-ng)."""

from __future__ import annotations

from .sentences import (
    spoken_credits,
    spoken_for,
    spoken_odds,
    spoken_refusal,
    spoken_rules_section,
    spoken_text,
)
from .voice import ESPEAK, VOICES, SpeechUnavailable, Voice, available, require_speech, to_wav, voice_text

__all__ = [
    "ESPEAK",
    "VOICES",
    "SpeechUnavailable",
    "Voice",
    "available",
    "require_speech",
    "spoken_credits",
    "spoken_for",
    "spoken_odds",
    "spoken_refusal",
    "spoken_rules_section",
    "spoken_text",
    "to_wav",
    "voice_text",
]
