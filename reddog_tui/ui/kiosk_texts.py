"""What the kiosk's attendant screens and session reminders say, in the current language."""

from __future__ import annotations

from datetime import datetime

from babel.dates import format_datetime

from ..engine import errors
from ..i18n import _, ngettext
from ..i18n.formatting import babel_locale, credits, number
from ..i18n import current_language


def signed_credits(amount: int) -> str:
    """A net result: +50 credits, −20 credits, 0 credits."""
    sign = "+" if amount > 0 else "−" if amount < 0 else ""
    return sign + credits(abs(amount))


def signed_number(amount: int) -> str:
    sign = "+" if amount > 0 else "−" if amount < 0 else ""
    return sign + number(abs(amount))


def clock_duration(seconds: float) -> str:
    """Hours and minutes as on a clock face: 0:07, 1:25 (for the top bar)."""
    minutes = int(seconds) // 60
    return f"{minutes // 60}:{minutes % 60:02d}"


def duration_words(seconds: float) -> str:
    """1 hour 5 minutes / 3 minutes / less than a minute."""
    minutes = int(seconds) // 60
    hours, minutes = divmod(minutes, 60)
    minute_text = ngettext("{n} minute", "{n} minutes", minutes).format(n=number(minutes))
    if hours == 0:
        if minutes == 0:
            return _("less than a minute")
        return minute_text
    hour_text = ngettext("{n} hour", "{n} hours", hours).format(n=number(hours))
    if minutes == 0:
        return hour_text
    # TRANSLATORS: a duration such as "1 hour 5 minutes".
    return _("{hours} {minutes}").format(hours=hour_text, minutes=minute_text)


def local_time(moment: datetime) -> str:
    """A date and time in the kiosk's time zone, in the language's style."""
    local = moment.astimezone()
    return format_datetime(local, "medium", tzinfo=local.tzinfo, locale=babel_locale(current_language()))


def seconds_left(seconds: float) -> str:
    whole = max(1, int(seconds + 0.999))
    return ngettext("{n} second", "{n} seconds", whole).format(n=number(whole))


def meter_names() -> dict[str, str]:
    return {
        "credits_in": _("Credits in"),
        "credits_out": _("Credits out"),
        "games_played": _("Games played"),
        "games_won": _("Games won"),
        "pushes": _("Pushes"),
        "total_wagered": _("Total wagered"),
        "total_paid": _("Total paid"),
    }


def setting_error_text(error: errors.InvalidSetting) -> str:
    """The engine's refusal of an operator setting, as a sentence naming the problem."""
    reason = error.reason
    if error.setting == "min_bet":
        if "above" in reason:
            return _("The table minimum is above the table maximum.")
        return _("The table minimum must be at least 1.")
    if error.setting == "chip_values":
        if "differ" in reason:
            return _("Each chip value may appear only once.")
        return _("Every chip must be worth at least 1.")
    if error.setting == "max_winnings":
        return _("Max winnings must not be below the table maximum.")
    if error.setting == "decks":
        return _("The number of decks must be from 1 to 8.")
    if error.setting == "table" and "ante" in reason:
        return _("Chips are on the ante: settings can be changed once the ante is empty.")
    if error.setting == "credits":
        return _("Enter a whole number of at least 1.")
    return _("Every amount must be a whole number.")
