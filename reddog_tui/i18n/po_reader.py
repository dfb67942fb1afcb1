"""Reads a gettext `.po` file straight into lookup tables.

The kiosk loads its catalogue at every start; parsing the `.po` here takes a
fraction of what a full catalogue model costs, and the `.po` stays the only
source (nothing compiled lies on disk to go stale). Fuzzy, obsolete and
untranslated entries are left out, so their msgid is shown instead.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r"}
_ESCAPE = re.compile(r"\\(.)")
_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+"(.*)"\s*$')
_PLURAL_FORMS = re.compile(r"plural\s*=\s*([^;\n]+)")
CONTEXT_SEPARATOR = "\x04"


def _unquote(text: str) -> str:
    if "\\" not in text:  # most lines: nothing to replace
        return text
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), text)


class PoTranslations(gettext.NullTranslations):
    """gettext, ngettext and pgettext over the entries of one `.po` file."""

    def __init__(self, singles: dict[str, str], plurals: dict[str, list[str]], plural_rule: str) -> None:
        super().__init__()
        self._singles = singles
        self._plurals = plurals
        self._plural_index = gettext.c2py(plural_rule)

    def gettext(self, message: str) -> str:
        return self._singles.get(message, message)

    def pgettext(self, context: str, message: str) -> str:
        return self._singles.get(f"{context}{CONTEXT_SEPARATOR}{message}", message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._plural(singular, singular, plural, n)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._plural(f"{context}{CONTEXT_SEPARATOR}{singular}", singular, plural, n)

    def _plural(self, key: str, singular: str, plural: str, n: int) -> str:
        forms = self._plurals.get(key)
        if forms:
            index = self._plural_index(n)
            if index < len(forms) and forms[index]:
                return forms[index]
        return singular if n == 1 else plural


def read_po_translations(path: Path) -> PoTranslations:
    """Parse `path`; a line that is not gettext syntax raises ValueError."""
    singles: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    entry: dict[str, str] = {}
    forms: dict[int, str] = {}
    fuzzy = False
    current: str | None = None

    def finish() -> None:
        nonlocal entry, forms, fuzzy, current
        if "msgid" in entry and not fuzzy:
            key = entry["msgid"]
            if "msgctxt" in entry:
                key = f"{entry['msgctxt']}{CONTEXT_SEPARATOR}{key}"
            if "msgid_plural" in entry:
                translated = [forms[i] for i in sorted(forms)]
                if any(translated):
                    plurals[key] = translated
            elif entry.get("msgstr"):
                singles[key] = entry["msgstr"]
        entry, forms, fuzzy, current = {}, {}, False, None

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if "msgid" in entry:
                    finish()
                fuzzy = True
            continue
        if line.startswith('"'):
            if current is None or not line.endswith('"'):
                raise ValueError(f"{path}:{number}: a continuation line outside an entry")
            text = _unquote(line[1:-1])
            if current.startswith("msgstr["):
                forms[int(current[7:-1])] += text
            else:
                entry[current] += text
            continue
        match = _KEYWORD.match(line)
        if match is None:
            raise ValueError(f"{path}:{number}: not gettext syntax")
        keyword, index, text = match.group(1), match.group(2), _unquote(match.group(3))
        if (
            keyword in ("msgctxt", "msgid")
            and "msgid" in entry
            and (keyword == "msgctxt" or "msgstr" in entry or forms)
        ):
            finish()
        if index is not None:
            forms[int(index)] = text
        else:
            entry[keyword] = text
        current = keyword

    finish()
    header = singles.pop("", "")
    rule = _PLURAL_FORMS.search(header)
    return PoTranslations(singles, plurals, rule.group(1).strip() if rule else "n != 1")
