"""Every setting defined once: its key, type, default and limits, how its text is read, and why a
value is refused.

The attendant's screen, the store and a start-up over a file edited by hand all check values
here, so they accept and refuse the same ones for the same reason. A refusal carries a
`Refusal` (never English text) and the limits it broke; the screen words it in the kiosk's
language.

Two kinds of settings, one model:
- the table's (limits, chips, decks, max winnings, progressive offered) live in the table state
  the journal keeps, as the engine's `TableConfig`;
- the kiosk's and the player's (idle timeout, reality check, languages, fast play, sound, volume,
  high contrast, the attendant PIN's hash) live as text in the `settings` table.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ..engine import TableConfig
from ..engine.cards import MAX_DECKS, MIN_DECKS

# Every amount has an upper bound the screens can show (Babel formats whole numbers far above
# it, but a journal should never carry a limit that is a typing accident).
MAX_AMOUNT = 1_000_000_000
MAX_CHIP = 9_999  # a chip's face holds five characters: 9,999 / 9.999 / 9 999
MAX_CHIPS = 8  # the rack is one row at 80 columns
MAX_KIOSK_ID = 9999  # kiosks of a hall are numbered 1 to this
MAX_TEXT = 512  # a stored text value (the PIN's hash is about 120 characters)


class Key(StrEnum):
    """Every setting. The value is the name it is stored under (in the table state or the settings table)."""

    MIN_BET = "min_bet"
    MAX_BET = "max_bet"
    CHIP_VALUES = "chip_values"
    MAX_WINNINGS = "max_winnings"
    DECKS = "decks"
    PROGRESSIVE_OFFERED = "progressive_offered"
    IDLE_TIMEOUT = "idle_timeout_seconds"
    REALITY_CHECK = "reality_check_minutes"
    DEFAULT_LANGUAGE = "default_language"
    LANGUAGE = "language"
    FAST_PLAY = "fast_play"
    SOUND = "sound"
    VOLUME = "volume"  # the sound effects' loudness, 0 to 100: the operator's, as the cabinet's speakers differ
    HIGH_CONTRAST = "high_contrast"  # the screens drawn in the high-contrast theme
    REDUCE_MOTION = "reduce_motion"  # cards shown at once, without the deal's animation
    HALL_KIOSK_ID = "hall_kiosk_id"  # the kiosk's number in the hall, fixed when it first joins one
    HALL_ID = "hall_id"  # the hall's identifier, learnt at the first contact: offline vouchers carry it
    PIN_HASH = "attendant_pin_hash"


class Refusal(StrEnum):
    """Why a value is refused."""

    NOT_A_WHOLE_NUMBER = "not_a_whole_number"  # anything but the digits 0-9 (signs, separators, other scripts)
    OUT_OF_RANGE = "out_of_range"  # a whole number below `low` or above `high`
    NO_CHIPS = "no_chips"
    TOO_MANY_CHIPS = "too_many_chips"  # more than `high` chips
    REPEATED_CHIP = "repeated_chip"
    MIN_ABOVE_MAX = "min_above_max"
    WINNINGS_BELOW_MAX_BET = "winnings_below_max_bet"
    NO_PLAYABLE_ANTE = "no_playable_ante"  # no sum of chips lies between the table's limits
    NOT_OFFERED = "not_offered"  # a choice (on/off, a language) that is not among the choices
    UNKNOWN_KEY = "unknown_key"


class SettingRefused(ValueError):
    """A value refused for `key`; `low`/`high` are the limits broken, `text` what was given."""

    def __init__(
        self, key: Key | str, reason: Refusal, low: int | None = None, high: int | None = None, text: str = ""
    ) -> None:
        self.key, self.reason, self.low, self.high, self.text = key, reason, low, high, text
        super().__init__(f"{key}: {reason.value}" + (f" ({low}..{high})" if low is not None else ""))


# --- the kinds of value --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Whole:
    """A whole number from `low` to `high`, written with the digits 0-9 only."""

    low: int
    high: int

    def parse(self, key: Key | str, text: str) -> int:
        return self.check(key, _whole(key, text.strip(), self.low, self.high))

    def check(self, key: Key | str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise SettingRefused(key, Refusal.NOT_A_WHOLE_NUMBER, self.low, self.high, str(value))
        if not self.low <= value <= self.high:
            raise SettingRefused(key, Refusal.OUT_OF_RANGE, self.low, self.high, str(value))
        return value

    def text(self, value: int) -> str:
        return str(value)


@dataclass(frozen=True, slots=True)
class WholeList:
    """Distinct whole numbers from `low` to `high`, at most `most`, written separated by commas."""

    low: int
    high: int
    most: int

    def parse(self, key: Key | str, text: str) -> tuple[int, ...]:
        parts = [part.strip() for part in text.split(",")]
        if parts == [""]:
            raise SettingRefused(key, Refusal.NO_CHIPS)
        return self.check(key, tuple(_whole(key, part, self.low, self.high) for part in parts))

    def check(self, key: Key | str, value: object) -> tuple[int, ...]:
        if not isinstance(value, (tuple, list)):
            raise SettingRefused(key, Refusal.NOT_A_WHOLE_NUMBER, self.low, self.high, str(value))
        element = Whole(self.low, self.high)
        values = tuple(element.check(key, v) for v in value)
        if not values:
            raise SettingRefused(key, Refusal.NO_CHIPS)
        if len(values) > self.most:
            raise SettingRefused(key, Refusal.TOO_MANY_CHIPS, 1, self.most)
        if len(set(values)) != len(values):
            raise SettingRefused(key, Refusal.REPEATED_CHIP)
        return values

    def text(self, value: tuple[int, ...]) -> str:
        return ", ".join(str(v) for v in value)


@dataclass(frozen=True, slots=True)
class Switch:
    """On or off; stored as "on"/"off"."""

    def parse(self, key: Key | str, text: str) -> bool:
        if text not in ("on", "off"):
            raise SettingRefused(key, Refusal.NOT_OFFERED, text=text)
        return text == "on"

    def check(self, key: Key | str, value: object) -> bool:
        if not isinstance(value, bool):
            raise SettingRefused(key, Refusal.NOT_OFFERED, text=str(value))
        return value

    def text(self, value: bool) -> str:
        return "on" if value else "off"


@dataclass(frozen=True, slots=True)
class Language:
    """A language code. Which languages exist is the i18n layer's fact: readers pass them in."""

    def parse(self, key: Key | str, text: str, languages: Iterable[str] | None = None) -> str:
        if not (2 <= len(text) <= 3 and text.isascii() and text.isalpha() and text.islower()):
            raise SettingRefused(key, Refusal.NOT_OFFERED, text=text)
        if languages is not None and text not in languages:
            raise SettingRefused(key, Refusal.NOT_OFFERED, text=text)
        return text

    def check(self, key: Key | str, value: object, languages: Iterable[str] | None = None) -> str:
        if not isinstance(value, str):
            raise SettingRefused(key, Refusal.NOT_OFFERED, text=str(value))
        return self.parse(key, value, languages)

    def text(self, value: str) -> str:
        return value


@dataclass(frozen=True, slots=True)
class Text:
    """Printable text of 1 to MAX_TEXT characters (the PIN's hash; its format is the kiosk's)."""

    def parse(self, key: Key | str, text: str) -> str:
        return self.check(key, text)

    def check(self, key: Key | str, value: object) -> str:
        if not isinstance(value, str) or not 1 <= len(value) <= MAX_TEXT or not value.isprintable():
            raise SettingRefused(key, Refusal.NOT_OFFERED, text=str(value)[:40])
        return value

    def text(self, value: str) -> str:
        return value


Spec = Whole | WholeList | Switch | Language | Text

_TABLE = TableConfig()  # the engine's defaults are the table's safe defaults

SPECS: dict[Key, Spec] = {
    Key.MIN_BET: Whole(1, MAX_AMOUNT),
    Key.MAX_BET: Whole(1, MAX_AMOUNT),
    Key.CHIP_VALUES: WholeList(1, MAX_CHIP, MAX_CHIPS),
    Key.MAX_WINNINGS: Whole(1, MAX_AMOUNT),
    Key.DECKS: Whole(MIN_DECKS, MAX_DECKS),
    Key.PROGRESSIVE_OFFERED: Switch(),
    Key.IDLE_TIMEOUT: Whole(30, 3600),  # seconds; the guest's screens and the attendant's alike (kiosk.mode)
    Key.REALITY_CHECK: Whole(5, 240),  # minutes
    Key.DEFAULT_LANGUAGE: Language(),
    Key.LANGUAGE: Language(),
    Key.FAST_PLAY: Switch(),
    Key.SOUND: Switch(),
    Key.VOLUME: Whole(0, 100),
    Key.HIGH_CONTRAST: Switch(),
    Key.REDUCE_MOTION: Switch(),
    Key.HALL_KIOSK_ID: Whole(1, MAX_KIOSK_ID),
    Key.HALL_ID: Whole(1000, 9999),
    Key.PIN_HASH: Text(),
}

DEFAULTS: dict[Key, object] = {
    Key.MIN_BET: _TABLE.min_bet,
    Key.MAX_BET: _TABLE.max_bet,
    Key.CHIP_VALUES: _TABLE.chip_values,
    Key.MAX_WINNINGS: _TABLE.max_winnings,
    Key.DECKS: _TABLE.decks,
    Key.PROGRESSIVE_OFFERED: _TABLE.progressive_offered,
    Key.IDLE_TIMEOUT: 120,
    Key.REALITY_CHECK: 30,
    Key.DEFAULT_LANGUAGE: None,  # none saved: the language asked for on the command line, or English
    Key.LANGUAGE: None,  # none saved: the system's language
    Key.FAST_PLAY: False,
    Key.SOUND: True,
    Key.VOLUME: 70,
    Key.HIGH_CONTRAST: False,
    Key.REDUCE_MOTION: False,
    Key.HALL_KIOSK_ID: None,  # none: the kiosk has never been part of a hall
    Key.HALL_ID: None,  # none: the kiosk has never reached its hall
    Key.PIN_HASH: None,  # none: kiosk mode refuses to start
}

TABLE_KEYS = (Key.MIN_BET, Key.MAX_BET, Key.CHIP_VALUES, Key.MAX_WINNINGS, Key.DECKS, Key.PROGRESSIVE_OFFERED)
STORED_KEYS = tuple(key for key in Key if key not in TABLE_KEYS)  # the rows of the settings table
CREDITS_PAID_IN = Whole(1, MAX_AMOUNT)  # one amount an attendant adds


def written_as_whole_number(text: str) -> bool:
    """Whether `text` is a whole number as Red Dog takes one, typed or on the command line: the
    digits 0-9 only. str.isdigit() and int() also take other scripts' digits (١٢٣), "1_000" and signs."""
    return bool(text) and all(c in "0123456789" for c in text)


def _whole(key: Key | str, text: str, low: int, high: int) -> int:
    if not written_as_whole_number(text):
        raise SettingRefused(key, Refusal.NOT_A_WHOLE_NUMBER, low, high, text)
    if len(text.lstrip("0")) > len(str(high)):  # far above the limit: no need to build the number
        raise SettingRefused(key, Refusal.OUT_OF_RANGE, low, high, text)
    return int(text)


# --- checking ---------------------------------------------------------------------------------------


def parse(key: Key | str, text: str, languages: Iterable[str] | None = None) -> object:
    """The typed value of `text` for `key`, or SettingRefused."""
    try:
        key = Key(key)
    except ValueError:
        raise SettingRefused(str(key), Refusal.UNKNOWN_KEY) from None
    spec = SPECS[key]
    if isinstance(spec, Language):
        return spec.parse(key, text, languages)
    return spec.parse(key, text)


def stored_text(key: Key | str, value: object, languages: Iterable[str] | None = None) -> str:
    """The text a stored setting is written as, after the same check a typed value gets."""
    try:
        key = Key(key)
    except ValueError:
        raise SettingRefused(str(key), Refusal.UNKNOWN_KEY) from None
    if key in TABLE_KEYS:
        raise SettingRefused(key, Refusal.UNKNOWN_KEY)  # kept in the table state, not the settings table
    spec = SPECS[key]
    if isinstance(value, str) and not isinstance(spec, (Language, Text)):
        value = spec.parse(key, value)
    return setting_text(key, value, languages)


def setting_text(key: Key, value: object, languages: Iterable[str] | None = None) -> str:
    """The text any setting's value is written as (a table's too), after its check."""
    spec = SPECS[key]
    if isinstance(spec, Language):
        return spec.text(spec.check(key, value, languages))
    return spec.text(spec.check(key, value))  # type: ignore[arg-type]  # each spec checks its own type


def check_table(config: TableConfig) -> TableConfig:
    """The table's settings as they may be played: each in its limits, and together a table with a bet."""
    for key in TABLE_KEYS:
        SPECS[key].check(key, getattr(config, key.value))
    if config.min_bet > config.max_bet:
        raise SettingRefused(Key.MIN_BET, Refusal.MIN_ABOVE_MAX)
    if config.max_winnings < config.max_bet:
        raise SettingRefused(Key.MAX_WINNINGS, Refusal.WINNINGS_BELOW_MAX_BET)
    if playable_ante(config.chip_values, config.min_bet, config.max_bet) is None:
        raise SettingRefused(Key.CHIP_VALUES, Refusal.NO_PLAYABLE_ANTE)
    return config


def playable_ante(chips: tuple[int, ...], low: int, high: int) -> dict[int, int] | None:
    """How many of each chip make an ante from `low` to `high`, or None if no sum of chips does.

    Every sum of chips is the smallest sum with its remainder modulo the smallest chip, plus
    copies of that chip; the smallest sums come from a shortest-path search over the remainders,
    at most MAX_CHIP of them.
    """
    if not chips or min(chips) > high:
        return None
    step = min(chips)
    best: dict[int, tuple[int, int, int]] = {}  # remainder -> (smallest sum, remainder before, chip added)
    queue: list[tuple[int, int, int]] = [(0, -1, 0)]
    while queue:
        total, before, chip = heapq.heappop(queue)
        if total % step in best:
            continue
        best[total % step] = (total, before, chip)
        for value in chips:
            if total + value <= high and (total + value) % step not in best:
                heapq.heappush(queue, (total + value, total % step, value))
    for remainder, (total, _, _) in sorted(best.items(), key=lambda item: item[1][0]):
        copies = max(0, -(-(low - total) // step))  # of the smallest chip, to reach `low`
        if max(low, 1) <= total + copies * step <= high:
            counts = {step: copies} if copies else {}
            while remainder != -1 and best[remainder][2]:
                _, remainder, chip = best[remainder]
                counts[chip] = counts.get(chip, 0) + 1
            return counts
    return None


def table_config(values: Mapping[Key, object], base: TableConfig) -> TableConfig:
    """`base` with the table settings in `values` (already typed), checked as a whole."""
    changes: dict[str, Any] = {key.value: values[key] for key in TABLE_KEYS if key in values}
    return check_table(replace(base, **changes))


def safe_table(config: TableConfig) -> TableConfig:
    """The default table, keeping the player's progressive choice where it is still offered."""
    return replace(TableConfig(), progressive=config.progressive and _TABLE.progressive_offered)


# --- the stored settings, typed ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settings:
    """The settings table's values, typed. A value missing or refused reads as its default;
    every refused one is kept in `problems` so that staff are told."""

    idle_timeout_seconds: int = DEFAULTS[Key.IDLE_TIMEOUT]  # type: ignore[assignment]
    reality_check_minutes: int = DEFAULTS[Key.REALITY_CHECK]  # type: ignore[assignment]
    default_language: str | None = None
    language: str | None = None
    fast_play: bool = DEFAULTS[Key.FAST_PLAY]  # type: ignore[assignment]
    sound: bool = DEFAULTS[Key.SOUND]  # type: ignore[assignment]
    volume: int = DEFAULTS[Key.VOLUME]  # type: ignore[assignment]
    high_contrast: bool = DEFAULTS[Key.HIGH_CONTRAST]  # type: ignore[assignment]
    reduce_motion: bool = DEFAULTS[Key.REDUCE_MOTION]  # type: ignore[assignment]
    hall_kiosk_id: int | None = None
    hall_id: int | None = None
    attendant_pin_hash: str | None = None
    problems: tuple[SettingRefused, ...] = ()


def read_settings(rows: Mapping[str, str], languages: Iterable[str] | None = None) -> Settings:
    """The typed settings from the settings table's rows; rows that are refused read as defaults."""
    values: dict[str, Any] = {}
    problems: list[SettingRefused] = []
    for key in STORED_KEYS:
        if key.value not in rows:
            continue
        try:
            values[key.value] = parse(key, rows[key.value], languages)
        except SettingRefused as refused:
            problems.append(refused)
    return Settings(**values, problems=tuple(problems))
