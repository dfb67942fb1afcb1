"""What a guest's session came to, for the summary shown when they leave.

Rounds come from the journal's meters: those counted since the session began. The session's
time and net result are the kiosk's own (the reality check shows the same two).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class SessionSummary:
    rounds_played: int
    rounds_won: int
    net_result: int  # credits: what the guest holds now minus what they had and paid in
    played_seconds: float


class RoundTally:
    """The meters as they stood when the current session began, to count its rounds.

    `follow` is called before every action: a session begins when credits come in, before
    any round of it is dealt, so the first action after the start still sees its meters.
    """

    def __init__(self, meters: Callable[[], Mapping[str, int]]) -> None:
        self._meters = meters
        self._session: object = None
        self._at_start: Mapping[str, int] = {}

    def follow(self, session_started: float | None) -> None:
        if session_started != self._session:
            self._session = session_started
            self._at_start = dict(self._meters()) if session_started is not None else {}

    def summary(self, session_started: float | None, net_result: int, played_seconds: float) -> SessionSummary:
        self.follow(session_started)
        now = self._meters()
        return SessionSummary(
            rounds_played=now["games_played"] - self._at_start.get("games_played", now["games_played"]),
            rounds_won=now["games_won"] - self._at_start.get("games_won", now["games_won"]),
            net_result=net_result,
            played_seconds=played_seconds,
        )
