"""What the kiosk's rules ask of whatever shows the kiosk: small facts, no screens.

The rules (`kiosk.mode`) decide; the app turns each intent into a screen, an action or a
journal entry. None of them holds a widget, so the rules are tested without a terminal.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action


@dataclass(frozen=True)
class CallOpenDecision:
    """Idle at a decision: it is settled without a raise, as CALL would."""


@dataclass(frozen=True)
class BackToWelcome:
    """The table is empty and idle: the next person finds the welcome screen in `language`."""

    language: str


@dataclass(frozen=True)
class StartAttract:
    """The welcome screen has waited a whole idle timeout with no credits: attract mode (`kiosk.attract`)."""


@dataclass(frozen=True)
class ShowRealityCheck:
    """The player's time played and net result, with the choice to stop."""


@dataclass(frozen=True)
class TakeAction:
    """An action of the table the rules need taken first (a settled round gathered before a cash-out)."""

    action: Action


@dataclass(frozen=True)
class JournalAttendant:
    """An attendant's act to journal as `attendant_<event>`, with a figure that belongs to it."""

    event: str
    value: int | None = None


@dataclass(frozen=True)
class OpenAttendantMenu:
    """The right PIN: the attendant's menu replaces the PIN entry."""


@dataclass(frozen=True)
class CloseAttendant:
    """The attendant's side left idle for the idle timeout: back to the guest's screen, nothing
    half-typed or half-confirmed kept. `signed_in`: the menu was open (journaled), not only the PIN entry."""

    signed_in: bool


@dataclass(frozen=True)
class CloseKiosk:
    """The right PIN on a kiosk whose journal failed: nothing is left to play, Red Dog closes."""


@dataclass(frozen=True)
class RefusePin:
    """A wrong PIN that did not lock the entry."""


@dataclass(frozen=True)
class LockSignIn:
    """Too many wrong PINs: no PIN is checked before `until` (seconds on the kiosk's clock)."""

    until: float


Intent = (
    CallOpenDecision
    | BackToWelcome
    | StartAttract
    | ShowRealityCheck
    | TakeAction
    | JournalAttendant
    | OpenAttendantMenu
    | CloseAttendant
    | CloseKiosk
    | RefusePin
    | LockSignIn
)
