"""Keeping the catalogues in step with the code.

    python -m reddog_tui.i18n.catalogues extract        # code -> locales/reddog.pot
    python -m reddog_tui.i18n.catalogues update         # .pot -> each language's .po (new entries empty)
    python -m reddog_tui.i18n.catalogues merge DIR      # copy translations from DIR/<lang>.po files
    python -m reddog_tui.i18n.catalogues check          # what is missing, fuzzy or stale

The `.po` files are the source of every translation; nothing is compiled to disk.
Babel's own `pybabel extract/update/compile` work on the same files (see the README,
"Translating"); this script stays for `check`. It is a tool of the source tree, not in the wheel.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from . import DOMAIN, LANGUAGES, locales_dir

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # reddog_tui/
PYPROJECT = PACKAGE_DIR.parent / "pyproject.toml"
WIDTH = 100


def header() -> dict[str, str]:
    """The catalogue header's project, version, bug address and copyright, from pyproject.toml and the package."""
    from .. import __version__

    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    return {
        "project": project["name"],
        "version": __version__,
        "msgid_bugs_address": project["urls"]["Issues"],
        "copyright_holder": project["authors"][0]["name"],
    }


def extract() -> Catalog:
    """Every marked message in the package, as Babel extracts it."""
    catalog = Catalog(domain=DOMAIN, fuzzy=False, charset="utf-8", **header())
    found = extract_from_dir(
        str(PACKAGE_DIR),
        method_map=[("**.py", "python")],
        keywords=DEFAULT_KEYWORDS,
        comment_tags=("TRANSLATORS:", "Translators:"),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        location = (f"reddog_tui/{filename}", lineno)
        catalog.add(message, None, [location], auto_comments=comments, context=context)
    return catalog


def pot_path() -> Path:
    return locales_dir() / f"{DOMAIN}.pot"


def po_path(language: str) -> Path:
    return locales_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=WIDTH, sort_output=True, include_previous=False, include_lineno=False)


def write_template() -> Catalog:
    template = extract()
    write(template, pot_path())
    return template


def update_languages(template: Catalog) -> None:
    for language in LANGUAGES:
        path = po_path(language)
        catalog = read(path, language) if path.exists() else Catalog(locale=language, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.project, catalog.version = template.project, template.version
        catalog.msgid_bugs_address, catalog.copyright_holder = template.msgid_bugs_address, template.copyright_holder
        catalog.obsolete.clear()
        write(catalog, path)


def merge(fragments: Path) -> int:
    """Fill entries from DIR/<lang>.po (or DIR/<lang>/*.po); returns how many were filled."""
    filled = 0
    for language in LANGUAGES:
        sources = [fragments / f"{language}.po", *sorted((fragments / language).glob("*.po"))]
        sources = [s for s in sources if s.is_file()]
        if not sources:
            continue
        path = po_path(language)
        catalog = read(path, language)
        for source in sources:
            for message in read(source, language):
                if not message.id or not message.string:
                    continue
                target = catalog.get(message.id, message.context)
                if target is not None and target.string != message.string:
                    target.string = message.string
                    target.flags.discard("fuzzy")
                    filled += 1
        write(catalog, path)
    return filled


def problems() -> list[str]:
    """Untranslated, fuzzy or stale entries, one line each."""
    template_ids = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in extract() if m.id}
    found: list[str] = []
    for language in LANGUAGES:
        catalog = read(po_path(language), language)
        ids = set()
        for message in catalog:
            if not message.id:
                continue
            key = (message.id if isinstance(message.id, str) else message.id[0], message.context)
            ids.add(key)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not all(strings):
                found.append(f"{language}: untranslated: {key[0]!r}")
            if message.fuzzy:
                found.append(f"{language}: fuzzy: {key[0]!r}")
        for key in sorted(template_ids - ids, key=str):
            found.append(f"{language}: missing: {key[0]!r}")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "extract":
        write_template()
    elif command == "update":
        update_languages(write_template())
    elif command == "merge" and len(argv) == 2:
        print(f"{merge(Path(argv[1]))} entries filled")
    elif command == "check":
        issues = problems()
        print("\n".join(issues) or "all catalogues complete")
        return 1 if issues else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
