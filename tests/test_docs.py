"""The README is the front door: short, every page it points to exists in the site's navigation,
and every image it shows exists.

`mkdocs build --strict` (in .ci/run) checks the links inside docs/; the README is outside the
site, so its links are checked here."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
# `![alt](target)` is an image, `[text](target)` a link; an anchor after `#` is left out.
LINK = re.compile(r"(!?)\[[^\]]*\]\(([^)#\s]+)(?:#[^)]*)?\)")


def readme_targets(*, images: bool) -> list[str]:
    return [
        target
        for bang, target in LINK.findall(README.read_text(encoding="utf-8"))
        if "://" not in target and bool(bang) == images
    ]


def test_the_readme_fits_on_a_few_screens():
    assert len(README.read_text(encoding="utf-8").splitlines()) < 150


def test_every_link_of_the_readme_names_a_page_of_the_site():
    links = readme_targets(images=False)
    assert links, "the README points to no page of the documentation"
    nav = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    for target in links:
        assert (REPO / target).is_file(), target
        assert target.startswith("docs/") and f": {target.removeprefix('docs/')}\n" in nav, target


def test_every_image_of_the_readme_is_a_screenshot_in_the_docs():
    images = readme_targets(images=True)
    assert images, "the README shows no screenshot"
    for target in images:
        assert target.startswith("docs/images/") and target.endswith(".png"), target
        assert (REPO / target).is_file(), target
