"""The README is the front door: short, and every page it points to exists in the site's navigation.

`mkdocs build --strict` (in .ci/run) checks the links inside docs/; the README is outside the
site, so its links are checked here."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def readme_links() -> list[str]:
    return [target for target in LINK.findall(README.read_text(encoding="utf-8")) if "://" not in target]


def test_the_readme_fits_on_a_few_screens():
    assert len(README.read_text(encoding="utf-8").splitlines()) < 150


def test_every_link_of_the_readme_names_a_page_of_the_site():
    links = readme_links()
    assert links, "the README points to no page of the documentation"
    nav = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    for target in links:
        assert (REPO / target).is_file(), target
        assert target.startswith("docs/") and f": {target.removeprefix('docs/')}\n" in nav, target
