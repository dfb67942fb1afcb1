"""Every key of the kiosk in one place: what it is bound to, and the words that explain it.

The app's and the table's key bindings are made from this registry; so are the key bar
(its items, in `BAR_ORDER`), the rules' key table and the README's (a test compares the
README with it). Descriptions are marked with `N_()` and translated where they are shown.

F1, F2, F3 and F12 each have a plain key beside them (`KeyEntry.alternate`): a browser
keeps F1 (help), F3 (find) and F12 (developer tools) for itself where it can, and some
keyboards have no F keys. The alternates are printable characters, which neither Chromium
nor a terminal keeps, and none of them is a letter the table already uses in any language
(tests/i18n/test_keys.py checks both).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import Action
from . import N_, _, pgettext

TABLE = "table"  # bound on the table screen
APP = "app"  # bound on the app: every screen


@dataclass(frozen=True, slots=True)
class KeyEntry:
    """One row of the key table: the keys as printed, their bindings, and what they do."""

    shown: str  # as the rules and the README print it ("+ / -", "F1"); Esc is named by the key bar
    bindings: tuple[tuple[str, str], ...]  # (Textual key names, comma separated; the action they run)
    scope: str  # TABLE or APP
    description: str | None  # N_(): the rules' and the README's row; None for a key they leave out
    bar_key: Callable[[], str] | None = None  # the key bar's name for the key, in the current language
    bar_label: str | None = None  # N_(): the key bar's word for it
    priority: bool = False  # acts whatever has the focus (Ctrl+Q)
    presses: tuple[Action, ...] = ()  # the table's buttons the key presses, which show it on their label
    alternate: tuple[str, str] | None = None  # (Textual's key name, as printed): a plain key that does the same

    @property
    def action(self) -> str:
        """The action of the entry's first binding: what the key bar's item stands for."""
        return self.bindings[0][1]

    @property
    def printed(self) -> str:
        """The keys as the rules' and the README's key tables print them: "F1 / ?"."""
        return self.shown if self.alternate is None else f"{self.shown} / {self.alternate[1]}"

    @property
    def all_bindings(self) -> tuple[tuple[str, str], ...]:
        """The bindings with the alternate key added to the first one's keys."""
        if self.alternate is None:
            return self.bindings
        (names, action), *rest = self.bindings
        return ((f"{names},{self.alternate[0]}", action), *rest)


KEYS: tuple[KeyEntry, ...] = (
    KeyEntry(
        "d",
        (("d", "deal"),),
        TABLE,
        # Translators: the button labels of your table for deal, rebet and deal again.
        N_("DEAL; after a round REBET, or DEAL again with progressive betting"),
        presses=(Action.DEAL, Action.REBET),
    ),
    # Translators: French shows RAISE as OUI and CALL as NON.
    KeyEntry("r", (("r", "press('raise')"),), TABLE, N_("RAISE: double the stake"), presses=(Action.RAISE,)),
    KeyEntry("c", (("c", "press('call')"),), TABLE, N_("CALL: keep the ante as it is"), presses=(Action.CALL,)),
    KeyEntry(
        "n",
        (("n", "letter('n')"),),
        TABLE,
        N_("NEW BET: everything on the table to the credits"),
        presses=(Action.NEW_BET,),
    ),
    KeyEntry(
        "o",
        (("o", "letter('o')"),),
        TABLE,
        N_("COLLECT: the chips on the table to the credits"),
        presses=(Action.COLLECT,),
    ),
    KeyEntry(
        "+ / -",
        (("plus,kp_plus", "chip(1)"), ("minus,kp_minus", "chip(-1)")),
        TABLE,
        N_("Add or remove one chip of the chosen value"),
    ),
    KeyEntry("← / →", (("left", "select_chip(-1)"), ("right", "select_chip(1)")), TABLE, N_("Choose the chip value")),
    KeyEntry(
        "l",
        (("l", "next_language"),),
        APP,
        N_("Next language"),
        bar_key=lambda: pgettext("key", "l"),
        bar_label=N_("Language"),
    ),
    KeyEntry(
        "F1",
        (("f1", "show_rules"),),
        APP,
        N_("These rules"),
        bar_key=lambda: pgettext("key", "F1"),
        bar_label=N_("Rules"),
        alternate=("question_mark", "?"),
    ),
    KeyEntry(
        "F2",
        (("f2", "show_settings"),),
        APP,
        N_("Game settings"),
        bar_key=lambda: pgettext("key", "F2"),
        bar_label=N_("Settings"),
        alternate=("s", "s"),
    ),
    KeyEntry(
        "F3",
        (("f3", "show_recall"),),
        APP,
        N_("Game recall: the last ten rounds"),
        bar_key=lambda: pgettext("key", "F3"),
        # Translators: the game recall on the key bar; short, so that the bar fits 80 columns.
        bar_label=N_("Recall"),
        alternate=("h", "h"),  # history
    ),
    KeyEntry(
        "Esc",
        (("escape", "back_to_table"),),
        APP,
        N_("Back to the table; the round stays exactly as it was"),
        bar_key=lambda: pgettext("key", "Esc"),
        bar_label=N_("Back"),  # short: with F3 the bar of the rules must fit 80 columns
    ),
    # Out of credits at the practice table; never in kiosk mode, where an attendant adds credits.
    KeyEntry("b", (("b", "new_bankroll"),), TABLE, None),
    KeyEntry(
        "Ctrl+Q",
        (("ctrl+q", "quit"),),
        APP,
        None,
        bar_key=lambda: pgettext("key", "Ctrl+Q"),
        bar_label=N_("Quit"),
        priority=True,
    ),
    # Kiosk mode: the attendant's PIN entry; on the key bar in Quit's place, as a touch screen has no F12.
    KeyEntry(
        "F12",
        (("f12", "attendant"),),
        APP,
        None,
        bar_key=lambda: pgettext("key", "F12"),
        bar_label=N_("Attendant"),
        alternate=("a", "a"),
    ),
)

# The key each table button shows on its label, and the letter that presses it.
BUTTON_KEYS: dict[Action, str] = {action: key.shown for key in KEYS for action in key.presses}

# The items every screen's key bar shares, in the bar's order (by action).
BAR_ORDER: tuple[str, ...] = ("show_rules", "show_settings", "show_recall", "next_language", "quit")


def entry(action: str) -> KeyEntry:
    return next(key for key in KEYS if key.action == action)


def described() -> tuple[KeyEntry, ...]:
    """The rows of the rules' key table and the README's, in their order."""
    return tuple(key for key in KEYS if key.description is not None)


def bar_item(action: str) -> tuple[str, str, str]:
    """(the key's name, what it does, the action a tap runs) on the key bar, in the current language.

    The action carries its namespace ("app.show_rules"): a tap runs the key's own action.
    """
    key = entry(action)
    assert key.bar_key is not None and key.bar_label is not None, f"{action} has no key bar item"
    return key.bar_key(), _(key.bar_label), f"{'app' if key.scope == APP else 'screen'}.{key.action}"


def bar_items(*, leave_out: tuple[str, ...] = (), exits_locked: bool = False) -> list[tuple[str, str, str]]:
    """The shared key bar, less the items a screen leaves out (its own key); when the exits are
    locked the attendant's key stands in Quit's place (no key quits, so no tap does)."""
    order = [("attendant" if exits_locked and action == "quit" else action) for action in BAR_ORDER]
    return [bar_item(action) for action in order if action not in leave_out]
