"""The table's pictures (cards, chips, marker, pay table) and its buttons, lines and banner keep their
drawn lines: a picture shown again is the same as drawn the first time, and whatever changes what it
shows draws it anew."""

from __future__ import annotations

from textual.content import Content

from reddog_tui.engine import Action
from reddog_tui.engine.cards import Card
from reddog_tui.ui.app import RedDogApp
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.theme import FELT_THEME, HIGH_CONTRAST_THEME

from .helpers import SPREAD_4_WIN, make_app, run, screen_text


async def table_after(app, pilot, *keys: str) -> TableScreen:
    """The table, reached from the welcome screen, after `keys`."""
    await pilot.press("enter", *keys)
    await pilot.pause()
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


def drawn(widget) -> tuple[str, ...]:
    """The widget's lines as the screen gets them (its border too), styles included."""
    return tuple(repr(list(strip)) for strip in widget.render_lines(widget.region.size.region))


@run
async def test_a_card_shown_again_draws_as_before_and_each_change_draws_anew(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        table = await table_after(app, pilot)
        card = table.cards[1]
        seen = {}
        for code, face_up in (("5H", True), ("TS", True), ("5H", False), ("KS", True), ("5H", True)):
            card.show(Card.from_code(code), face_up)
            await pilot.pause()
            lines = drawn(card)
            if (code, face_up) in seen:
                assert lines == seen[code, face_up]
            seen[code, face_up] = lines
        assert len(set(seen.values())) == 4  # four pictures, each drawn as itself
        assert "5♥" in screen_text(app)  # what the screen shows is the kept picture

        card.show(Card.from_code("QH"), True)
        await pilot.pause()
        english_queen = drawn(card)
        app.language = "de"  # a queen is a D in German
        await pilot.pause()
        card.show(Card.from_code("QH"), True)  # the switch drew the table's own (empty) places
        await pilot.pause()
        assert drawn(card) != english_queen
        assert "D♥" in screen_text(app)
        backs = []
        for code in ("KS", "2D"):  # a face-down card shows its back whatever it is: one picture
            card.show(Card.from_code(code), False)
            await pilot.pause()
            backs.append((card.picture(), drawn(card)))
        assert backs[0] == backs[1]


@run
async def test_a_theme_or_a_size_draws_the_same_picture_anew(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        table = await table_after(app, pilot, "plus", "d")
        before = {
            name: drawn(widget)
            for name, widget in (("card", table.cards[1]), ("marker", table.marker), ("body", table.body))
        }
        assert app.theme == FELT_THEME
        app.theme = HIGH_CONTRAST_THEME
        await pilot.pause()
        assert drawn(table.cards[1]) != before["card"]
        assert drawn(table.marker) != before["marker"]
        assert drawn(table.body) != before["body"]  # a container draws its own background anew too
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert len(drawn(table.cards[1])) == table.cards[1].size.height > len(before["card"])


@run
async def test_the_buttons_and_lines_keep_a_drawing_for_each_state_and_draw_each_change_anew(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        table = await table_after(app, pilot)
        button = table.button_of(Action.DEAL)
        assert button is not None

        async def looks(change) -> tuple[str, ...]:
            change()
            await pilot.pause()
            return drawn(button)

        enabled = await looks(lambda: setattr(button, "disabled", False))
        disabled = await looks(lambda: setattr(button, "disabled", True))
        veiled = await looks(lambda: button.veil(True))  # the veil is an opacity: the box, not the text's style
        pressed = await looks(
            lambda: (button.veil(False), setattr(button, "disabled", False), button.add_class("-active"))
        )
        assert len({enabled, disabled, veiled, pressed}) == 4
        assert await looks(lambda: button.remove_class("-active")) == enabled
        assert await looks(lambda: (setattr(button, "disabled", True), button.veil(True))) == veiled

        for widget, attribute in ((table.lines["stakes"], "text"), (table.message, "text")):
            first = await looks_of(pilot, widget, attribute, "Ante 5")
            assert await looks_of(pilot, widget, attribute, "Ante 10") != first
            assert await looks_of(pilot, widget, attribute, "Ante 5") == first
        # The same words in other styles are another picture (Content compares by its words alone).
        stakes = table.lines["stakes"]
        plain = await looks_of(pilot, stakes, "text", Content("Ante 5"))
        await looks_of(pilot, stakes, "text", "")  # the line's reactive, too, compares words alone
        assert await looks_of(pilot, stakes, "text", Content.assemble(("Ante", "dim"), " ", ("5", "bold"))) != plain


async def looks_of(pilot, widget, attribute: str, value: str) -> tuple[str, ...]:
    setattr(widget, attribute, value)
    await pilot.pause()
    return drawn(widget)


@run
async def test_an_outcome_banner_unveiled_draws_its_words(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        table = await table_after(app, pilot, "plus", "d", "c")
        banner = table.bet_area
        state = app.session.state
        shown = drawn(banner)
        assert "WIN" in "".join(shown).upper()
        banner.show_banner(state, veiled=True)
        await pilot.pause()
        assert drawn(banner) != shown and "WIN" not in "".join(drawn(banner)).upper()
        banner.show_banner(state._replace(winnings=state.winnings * 2))  # the same kind of banner, other words
        await pilot.pause()
        assert drawn(banner) != shown
        banner.show_banner(state)
        await pilot.pause()
        assert drawn(banner) == shown


@run
async def test_a_chip_out_of_use_is_dimmed_in_the_themes_colours_and_back_in_use_looks_as_before(tmp_path):
    from textual.color import Color

    from reddog_tui.ui.widgets.bet_area import UNUSABLE_EDGE, UNUSABLE_TEXT

    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        table = await table_after(app, pilot, "plus")
        area = table.bet_area
        value = area.chip_values[-1]
        usable = drawn(area)

        def face_colours() -> tuple[set, set]:
            """The colours of the last chip's edges and of its number."""
            offset = area.chip_offset(value)
            line = area.render_lines(area.size.region)[offset.y]
            edges, numbers, x = set(), set(), 0
            left = offset.x - area.room.chip_width // 2
            for segment in line:
                if left <= x < left + area.room.chip_width and segment.text.strip():
                    (edges if segment.text in "│┃" else numbers).add(segment.style.color)
                x += len(segment.text)
            return edges, numbers

        await pilot.press("d")  # a spread: no chip may be added before the hand is decided
        await pilot.pause()
        assert value not in area.usable
        assert drawn(area) != usable
        for theme in (app.theme, HIGH_CONTRAST_THEME):  # the dimmed look follows the theme
            app.theme = theme
            await pilot.pause()
            colours = app.theme_variables
            assert face_colours() == (
                {Color.parse(colours[UNUSABLE_EDGE]).rich_color},
                {Color.parse(colours[UNUSABLE_TEXT]).rich_color},
            )
        app.theme = FELT_THEME
        await pilot.press("c", "n")  # decided, then a new wager: the chips are in use again
        await pilot.pause()
        assert value in area.usable and drawn(area) == usable


def textual_lines(line) -> list[list[object]]:
    """The line's content as Textual's own Static draws it (the way Line.render_line takes only for
    what it cannot draw itself), segment by segment with their styles and offsets."""
    from textual.widgets import Static

    line.refresh()  # Textual's own way keeps its last drawing until refreshed
    return [list(Static.render_line(line, y)) for y in range(line.size.height)]


def own_lines(line) -> list[list[object]]:
    return [list(line.render_line(y)) for y in range(line.size.height)]


@run
async def test_a_line_draws_its_text_as_textual_does_in_every_language_theme_and_glyph_set(tmp_path):
    """The credits, the stakes, the demo's mark and the rules' title draw their one
    line of text themselves: segment for segment what Textual's Static draws, styles and the offsets
    text selection reads included, right-aligned or not, on the felt and in high contrast, with the
    full glyphs and the Linux console's; and a text too wide for its line goes Textual's way."""
    from reddog_tui.ui.glyphs import CONSOLE, FULL, use_glyph_set
    from reddog_tui.ui.screens.rules import RulesScreen
    from reddog_tui.ui.widgets.line import Line

    compared = 0
    for glyphs in (FULL, CONSOLE):
        app = RedDogApp(language="en", data_dir=tmp_path / glyphs.name, seed=5, glyphs=glyphs)
        app.animation_level = "none"
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                table = await table_after(app, pilot, "right", "plus", "plus", "d")
                for theme in (app.theme, HIGH_CONTRAST_THEME):
                    app.theme = theme
                    for language in ("en", "de", "pl", "fr", "it"):
                        app.language = language
                        await pilot.pause()
                        for screen in (table, "rules"):
                            if screen == "rules":
                                await pilot.press("f1")
                                await pilot.pause()
                                assert isinstance(app.screen, RulesScreen)
                            for line in app.screen.query(Line):
                                if line.display and line.size.height == 1 and str(line.visual).strip():
                                    assert own_lines(line) == textual_lines(line), (line.id, language, theme)
                                    compared += 1
                            if screen == "rules":
                                await pilot.press("escape")
                                await pilot.pause()
                stakes = table.lines["stakes"]
                stakes.text = Content.assemble(("Ante", "dim"), " ", ("5" * 90, "bold"))  # wider than the line
                await pilot.pause()
                assert own_lines(stakes) == textual_lines(stakes)
        finally:
            use_glyph_set(FULL)
    assert compared >= 2 * 2 * 5 * 4  # credits, stakes, demo mark, rules title


def textual_picture(widget) -> list[list[object]]:
    """The widget's lines as Textual's own Static draws them from its text, box and styles."""
    from textual.widget import Widget

    widget.refresh()  # Textual's own way keeps its last drawing until refreshed
    return [list(strip) for strip in Widget.render_lines(widget, widget.outer_size.region)]


def own_picture(widget) -> list[list[object]]:
    return [list(strip) for strip in widget.draw_picture(widget.outer_size.region)]


@run
async def test_the_message_line_draws_its_lines_as_textual_does_in_every_language_and_theme(tmp_path):
    """The message line (Prose) draws its wrapped lines itself, in its box: segment for segment
    what Textual's Static draws from the same text, padding, styles and selection offsets
    included, on two lines and one, on the felt and in high contrast."""
    from reddog_tui.ui.widgets.prose import Prose

    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    compared = 0
    async with app.run_test(size=(80, 24)) as pilot:
        table = await table_after(app, pilot, "plus", "d")
        message = table.message
        assert isinstance(message, Prose) and message.styles.padding.left  # a box with side padding
        for theme in (FELT_THEME, HIGH_CONTRAST_THEME):
            app.theme = theme
            for language in ("en", "de", "pl", "fr", "it"):
                app.language = language
                await pilot.pause()
                assert str(message.content).strip()
                assert own_picture(message) == textual_picture(message), (language, theme)
                compared += 1
        message.text = "x" * 200  # a word wider than the line: broken inside it, on both lines
        await pilot.pause()
        assert own_picture(message) == textual_picture(message)
    assert compared == 10


@run
async def test_the_tables_pictures_are_framed_as_textuals_styles_cache_frames_them(tmp_path, monkeypatch):
    """The cards, the marker, the pay table, the chip rack and the message are framed in their box
    by the table itself (a plain box): segment for segment what Textual's styles cache makes of the
    same lines, side padding, background and line filters included, at both sizes and in both
    themes, a banner and dealt cards on the table."""
    from reddog_tui.ui.widgets.kept import DrawnAtOnce

    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    compared: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await table_after(app, pilot, "plus", "d", "r")  # a settled round: cards, banner, a lit row
        for size in ((80, 24), (120, 40)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            for theme in (FELT_THEME, HIGH_CONTRAST_THEME):
                app.theme = theme
                await pilot.pause()
                # Walked, not queried: a query by class finds only a widget's first line of bases.
                for widget in [w for w in app.screen.walk_children() if isinstance(w, DrawnAtOnce) and w.display]:
                    assert widget._plain_box(), widget.id
                    own = own_picture(widget)
                    with monkeypatch.context() as patch:
                        patch.setattr(type(widget), "_plain_box", lambda self: False)  # Textual's way
                        widget.refresh()
                        framed = own_picture(widget)
                    assert own == framed, (widget.id, size, theme)
                    compared.add(str(widget.id))
    assert {"card-1", "card-2", "card-3", "marker", "paytable", "bet-area", "message"} <= compared
