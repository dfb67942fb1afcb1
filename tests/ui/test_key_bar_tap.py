"""A tapped key bar item does not stay lit: a touch screen leaves its pointer where the finger
was, so a highlight that follows the pointer would stay on the tapped item, or light the item a
new language's wider labels move under it, until the next tap."""

from __future__ import annotations

import pytest

from reddog_tui.ui.app import RedDogApp
from reddog_tui.ui.glyphs import CONSOLE, FULL, use_glyph_set
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.widgets.buttons import KeyButton

from .helpers import run


def looks(app: RedDogApp) -> dict[str, tuple[object, object]]:
    """The colours of each key bar item's last letter (of its label, not its key), as drawn."""
    found = {}
    for button in app.screen.query(KeyButton):
        style = app.screen.get_style_at(button.region.right - 1, button.region.y)
        found[str(button.item.action)] = (style.color, style.bgcolor)
    return found


def language_item(app: RedDogApp) -> KeyButton:
    (button,) = [b for b in app.screen.query(KeyButton) if b.item.action == "app.next_language"]
    return button


# (the language, where the tap lands on its Language item): from Polish to French the item stays
# under the finger; from English to German the wider labels move Recall under it.
TAPS = {"stays under the finger": ("pl", 1), "another moves under it": ("en", 0)}


@pytest.mark.parametrize("tap", TAPS)
@pytest.mark.parametrize("glyphs", [FULL, CONSOLE], ids=["full", "console"])
@run
async def test_a_tapped_item_is_not_left_lit_and_takes_no_focus(tmp_path, glyphs, tap):
    """On a full font and on the Linux console, whose stylesheet styles every hovered button."""
    language, x = TAPS[tap]
    app = RedDogApp(language=language, data_dir=tmp_path, glyphs=glyphs)
    app.animation_level = "none"
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            assert isinstance(app.screen, TableScreen)
            plain = looks(app)
            assert len(set(plain.values())) == 1  # every item alike
            item = language_item(app)
            await pilot.hover(item, offset=(x, 0))  # a mouse points at it: lit
            await pilot.pause()
            assert looks(app)["app.next_language"] != plain["app.next_language"]
            await pilot.click(item, offset=(x, 0))  # the tap, where the pointer is
            await pilot.pause(0.05)  # Textual looks again for what is under the pointer after a redraw
            await pilot.pause()
            assert app.language != language
            assert app.mouse_over is not None and app.mouse_over.region.contains(*app.mouse_position)
            assert isinstance(app.mouse_over, KeyButton)  # the pointer is on an item, not between two
            assert set(looks(app).values()) == set(plain.values())  # none lit
            assert app.focused is None
            # The pointer moves on: the item under it is lit again.
            await pilot.hover(language_item(app))
            await pilot.pause()
            assert looks(app)["app.next_language"] != plain["app.next_language"]
    finally:
        use_glyph_set(FULL)
