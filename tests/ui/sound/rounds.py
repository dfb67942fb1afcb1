"""Scripted rounds for the sound tests: each action committed through the engine, as the app does,
with the sounds `sounds_for` gives for it."""

from __future__ import annotations

from reddog_tui.engine import Action, RedDogError, StackedDealer, TableConfig, TableState, new_table, play
from reddog_tui.ui.sound import SoundName, sounds_for


def dealer(*rounds: str) -> StackedDealer:
    """The rounds' cards in order, each round written 'first second third' (R4)."""
    return StackedDealer([r.split() for r in rounds])


class Table:
    """A table an action at a time; `heard` collects each commit's sounds."""

    def __init__(self, *rounds: str, credits: int = 1000, sound_on: bool = True, **config) -> None:
        self.state: TableState = new_table(credits, TableConfig(**config))
        self.dealer = dealer(*rounds)
        self.sound_on = sound_on
        self.heard: list[tuple[SoundName, ...]] = []

    def do(self, action: Action, value: int | bool | None = None) -> tuple[SoundName, ...]:
        before = self.state
        try:
            self.state = play(before, action, value, self.dealer).state
        except RedDogError:
            sounds = sounds_for(before, before, refused=True, sound_on=self.sound_on)
        else:
            sounds = sounds_for(before, self.state, sound_on=self.sound_on)
        self.heard.append(sounds)
        return sounds
