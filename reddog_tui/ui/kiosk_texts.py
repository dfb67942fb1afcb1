"""What the kiosk's attendant screens and session reminders say, in the current language."""

from __future__ import annotations

from datetime import datetime

from ..i18n import N_, _, current_language, ngettext
from ..i18n.formatting import babel_locale, credits, number
from ..kiosk.money import CREDITS_KEY
from ..store.health import CheckResult, Status, Verdict, verdict
from ..store.settings import Key, Refusal, SettingRefused


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
    """1 hour and 5 minutes / 3 minutes / less than a minute."""
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
    # TRANSLATORS: a duration such as "1 hour and 5 minutes".
    return _("{hours} {minutes}").format(hours=hour_text, minutes=minute_text)


def local_time(moment: datetime) -> str:
    """A date and time in the kiosk's time zone, in the language's style."""
    from babel.dates import format_datetime  # not at the start: no screen of the table shows a date

    local = moment.astimezone()
    return format_datetime(local, "medium", tzinfo=local.tzinfo, locale=babel_locale(current_language()))


def seconds_left(seconds: float) -> str:
    """A countdown: seconds up to two minutes, whole minutes (rounded up) beyond."""
    whole = max(1, int(seconds + 0.999))
    if whole > 120:
        minutes = (whole + 59) // 60
        return ngettext("{n} minute", "{n} minutes", minutes).format(n=number(minutes))
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


def discrepancy_lines(kiosk_id: int, conflict: str | None, identity_gap: int, credit_mismatches: int = 0) -> list[str]:
    """What is wrong with a kiosk of the hall, one sentence per fault (none: an empty list)."""
    lines = []
    if conflict is not None:
        lines.append(_("Kiosk {kiosk}: another journal sends entries under this number.").format(kiosk=kiosk_id))
    if identity_gap:
        lines.append(
            ngettext(
                "Kiosk {kiosk}: the accounting identity is off by {gap} credit.",
                "Kiosk {kiosk}: the accounting identity is off by {gap} credits.",
                abs(identity_gap),
            ).format(kiosk=kiosk_id, gap=number(identity_gap))
        )
    if credit_mismatches:
        lines.append(
            ngettext(
                "Kiosk {kiosk}: {count} voucher credit that the hall did not redeem for it.",
                "Kiosk {kiosk}: {count} voucher credits that the hall did not redeem for it.",
                credit_mismatches,
            ).format(kiosk=kiosk_id, count=number(credit_mismatches))
        )
    return lines


def setting_names() -> dict[str, str]:
    """The name of every setting (and of the credits an attendant pays in), as the screens show it."""
    return {
        Key.MIN_BET: _("Table minimum"),
        Key.MAX_BET: _("Table maximum"),
        Key.CHIP_VALUES: _("Chip values, separated by commas"),
        Key.MAX_WINNINGS: _("Max winnings"),
        Key.DECKS: _("Number of decks (1–8)"),
        Key.PROGRESSIVE_OFFERED: _("Progressive betting offered"),
        Key.IDLE_TIMEOUT: _("Idle timeout in seconds"),
        Key.REALITY_CHECK: _("Reality check every … minutes"),
        Key.DEFAULT_LANGUAGE: _("Default language"),
        Key.LANGUAGE: _("Language"),
        Key.FAST_PLAY: _("Fast play"),
        Key.SOUND: _("Sound effects"),
        Key.VOLUME: _("Sound volume (0–100)"),
        Key.HIGH_CONTRAST: _("High contrast"),
        Key.REDUCE_MOTION: _("Reduce motion"),
        Key.HALL_KIOSK_ID: _("Kiosk number in the hall"),
        Key.HALL_ID: _("Hall identifier"),
        Key.PIN_HASH: _("Attendant PIN"),
        CREDITS_KEY: _("Credits paid in"),
    }


def refusal_text(refused: SettingRefused) -> str:
    """Why the settings model refused a value, as one sentence naming the field."""
    field = setting_names().get(refused.key, str(refused.key))
    reason = refused.reason
    if reason is Refusal.NOT_A_WHOLE_NUMBER:
        shown = refused.text if len(refused.text) <= 20 else refused.text[:19] + "…"
        if not shown:
            return _("{field}: enter a whole number.").format(field=field)
        return _("{field}: “{text}” is not a whole number; use only the digits 0 to 9.").format(field=field, text=shown)
    if reason is Refusal.OUT_OF_RANGE:
        return _("{field}: enter a whole number from {low} to {high}.").format(
            field=field, low=number(refused.low or 0), high=number(refused.high or 0)
        )
    if reason is Refusal.NO_CHIPS:
        return _("{field}: enter at least one chip value.").format(field=field)
    if reason is Refusal.TOO_MANY_CHIPS:
        most = refused.high or 0
        return ngettext("{field}: at most {n} chip value.", "{field}: at most {n} chip values.", most).format(
            field=field, n=number(most)
        )
    if reason is Refusal.REPEATED_CHIP:
        return _("Each chip value may appear only once.")
    if reason is Refusal.MIN_ABOVE_MAX:
        return _("The table minimum is above the table maximum.")
    if reason is Refusal.WINNINGS_BELOW_MAX_BET:
        return _("Max winnings must not be below the table maximum.")
    if reason is Refusal.NO_PLAYABLE_ANTE:
        return _("No ante from the table minimum to the table maximum can be made with these chips.")
    return _("{field}: the stored value is not one of the choices.").format(field=field)


# --- the journal check (`reddog check` and the attendant menu) -----------------------------

CHECK_LABELS = {
    "file": N_("The file can be read"),
    "format": N_("A Red Dog journal of a version this release reads"),
    "integrity": N_("Integrity of the table, meters, settings and vouchers"),
    "integrity_full": N_("Integrity of the whole file"),
    "identity": N_("Accounting identity"),
    "history": N_("Settled rounds and vouchers agree with the meters"),
}

CAUSES = {
    "missing": N_("There is no journal in this folder."),
    "not_a_folder": N_("This is not a folder, so it holds no journal."),
    "dangling_link": N_("The journal is a link to a file that does not exist."),
    # A reader of a WAL journal needs its -shm file, which SQLite creates beside the journal.
    "unwritable": N_(
        "The folder is write-protected, and SQLite must create its working files beside the journal even "
        "to read it. Check a copy in a folder that can be written."
    ),
    "read_only_file": N_("The file cannot be read."),
    "write_failed": N_("The file cannot be read."),
    "not_a_database": N_("This is not a Red Dog journal."),
    "is_a_directory": N_("This is not a Red Dog journal."),
    "not_a_regular_file": N_("This is not a Red Dog journal."),
    "side_file": N_("Something that is not an ordinary file stands where SQLite keeps the journal's working files."),
    "stray_journal": N_(
        "Another program left an unfinished change beside the journal. Keep both files and call technical support."
    ),
    "newer_schema": N_("A newer version of Red Dog wrote this journal."),
    "locked": N_("Another Red Dog has the journal open; try again later."),
    "busy": N_("Another program holds the journal; try again later."),
    "integrity": N_("Damage found."),
    "unmatched_credit": N_(
        "A voucher was credited without a matching redemption in this journal. Keep the file and call technical support."
    ),
}


def check_cause(cause: str) -> str:
    return _(CAUSES.get(cause, CAUSES["integrity"]))


def check_marks() -> dict[Status, str]:
    return {Status.PASSED: _("ok"), Status.FAILED: _("FAILED"), Status.SKIPPED: _("not checked")}


def check_report_rows(results: list[CheckResult], full: bool) -> tuple[list[tuple[str, str]], str]:
    """Each check as (its verdict, what it checks), the cause under a failure as ("", cause), and
    the summary."""
    marks = check_marks()
    rows = []
    for result in results:
        key = "integrity_full" if result.name == "integrity" and full else result.name
        rows.append((marks[result.status], _(CHECK_LABELS[key])))
        if result.status is Status.FAILED:
            rows.append(("", check_cause(result.cause)))
    summary = {
        Verdict.HEALTHY: _("Healthy."),
        Verdict.DAMAGED: _("Damaged: the kiosk will refuse this journal. Keep the file and call the service."),
        Verdict.CANNOT_READ: _("The journal could not be checked."),
    }
    return rows, summary[verdict(results)]


def check_report_lines(results: list[CheckResult], full: bool) -> list[str]:
    """The report as lines of text: the verdicts in a column as wide as the language's longest."""
    width = max(len(mark) for mark in check_marks().values())
    rows, summary = check_report_rows(results, full)
    return [f"  {mark:<{width}}  {text}" for mark, text in rows] + [summary]
