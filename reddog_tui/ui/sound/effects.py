"""Which sound effects a committed change of the table plays, in order (R3–R15).

A pure function of the table before and after one committed action, read from the engine's state
alone, so whatever commits a step (a key, a touch, the automatic deal after a push) sounds the same.
"""

from __future__ import annotations

from enum import StrEnum

from ...engine import Action, Outcome, Phase, TableState, allowed_actions
from ...engine.rules import HandKind


class SoundName(StrEnum):
    """Every sound effect; the value names its file, files/<value>.wav."""

    CHIP_PLACED = "chip_placed"  # a chip onto the ante, a raise, REBET's ante (R3, R7, R12)
    CHIP_TAKEN = "chip_taken"  # a chip off the ante, or the table's chips back to the credits (R3, R12, R13)
    DEAL = "deal"  # the two face-up cards come out (R4)
    BEAT = "beat"  # the pause before the third card turns (R5b, R7)
    CARD_TURNED = "card_turned"  # the third card turns (R5b, R8)
    WIN = "win"  # a spread won (R8)
    BIG_WIN = "big_win"  # three of a kind, 11:1 (R5b)
    MAX_WINNINGS = "max_winnings"  # the progressive stack reached max winnings and was collected (R14)
    PUSH = "push"  # consecutive, or a pair without the third of a kind (R5a, R5b, R10)
    LOSS = "loss"  # a spread lost (R8)
    REFUSED = "refused"  # the table refused an action: it changed nothing


def sounds_for(
    before: TableState | None, after: TableState, refused: bool = False, *, sound_on: bool = True
) -> tuple[SoundName, ...]:
    """The sounds of one committed transition `before` -> `after`, in the order they play.

    `refused`: the action was refused (the state did not change). `before` None: the table was only
    shown (opened, restored), so nothing plays. `sound_on` is the player's setting (R15): off, nothing.
    """
    if not sound_on:
        return ()
    if refused:
        return (SoundName.REFUSED,)
    if before is None or after == before:
        return ()
    if after.rounds_dealt != before.rounds_dealt:
        # REBET places the last ante again before it deals (R12); the DEAL after a push (R10) or of
        # a progressive stack (R13) deals the chips already on the table.
        placed = (SoundName.CHIP_PLACED,) if Action.REBET in allowed_actions(before) else ()
        return (*placed, SoundName.DEAL, *_hand(after))
    if before.phase is Phase.DECISION and after.phase is Phase.SETTLED:
        # R7: a raise's chips go down first. A lost or collected hand no longer shows its raise, but
        # the credits do: whatever left them, besides what max winnings brought back (R14).
        raised = before.credits - (after.credits - after.auto_collected)
        placed = (SoundName.CHIP_PLACED,) if raised > 0 else ()
        return (*placed, *_hand(after))
    if before.phase is Phase.BETTING and after.phase is Phase.BETTING:
        if after.ante > before.ante:
            return (SoundName.CHIP_PLACED,)
        if after.ante < before.ante:
            return (SoundName.CHIP_TAKEN,)
        return ()  # progressive betting switched, the operator's settings: nothing on the felt moved
    if before.phase is Phase.SETTLED and after.phase is Phase.BETTING and before.on_table:
        return (SoundName.CHIP_TAKEN,)  # NEW BET or COLLECT: the chips go back to the credits
    return ()


def _hand(after: TableState) -> tuple[SoundName, ...]:
    """What a dealt or decided hand plays after its deal: the third card, then the result."""
    if after.phase is Phase.DECISION:
        return ()  # R5c: the spread waits for raise or call
    if after.kind is HandKind.CONSECUTIVE:
        return (SoundName.PUSH,)  # R5a: no third card
    return (SoundName.BEAT, SoundName.CARD_TURNED, _result(after))


def _result(after: TableState) -> SoundName:
    """One result per hand, the biggest that applies."""
    if after.outcome is Outcome.PUSH:
        return SoundName.PUSH
    if after.outcome is Outcome.LOSE:
        return SoundName.LOSS
    if after.auto_collected:
        return SoundName.MAX_WINNINGS
    if after.kind is HandKind.THREE_OF_A_KIND:
        return SoundName.BIG_WIN
    return SoundName.WIN
