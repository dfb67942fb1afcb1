"""The rules screen: reachable from every screen, re-worded by a language switch, the current hand lit."""

from __future__ import annotations

from contextlib import asynccontextmanager

import pytest
from textual.content import Content

from reddog_tui.engine import Outcome
from reddog_tui.i18n import _, next_language
from reddog_tui.i18n.rules_help import SECTIONS
from reddog_tui.ui.screens.rules import RulesHelp, RulesScreen, SectionText, table_content
from reddog_tui.ui.sound import RecordingSink, SoundName

from .helpers import LANGUAGES, SPREAD_4_WIN, THREE_OF_A_KIND, drawn_lines, make_app, run, screen_text

HIGHLIGHT = "on $highlight-background"


def the_help(app) -> RulesHelp:
    return app.screen.query_one("#rules-text", RulesHelp)


def lit_rows(content) -> list[str]:
    """The text of every line of a rendered table that carries the highlight style."""
    text = content.plain
    return [text[span.start : span.end] for span in content.spans if HIGHLIGHT in str(span.style)]


def test_table_content_lights_only_the_given_row():
    content = table_content(("Hand", "Pays"), [("Spread 1", "5:1"), ("Spread 4", "1:1")], 1)
    assert [row.split() for row in lit_rows(content)] == [["Spread", "4", "1:1"]]
    assert lit_rows(table_content(("Hand", "Pays"), [("Spread 1", "5:1")], None)) == []


@run
async def test_rules_mid_round_light_the_current_hand(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", "f1")
        assert isinstance(app.screen, RulesScreen)
        lit = [row for section in the_help(app).section_contents() for row in lit_rows(section)]
        assert len(lit) == 1 and lit[0].split()[0] == "4"  # the spread-4 row of the pay table (R8)


@run
async def test_language_switch_rewrites_the_rules(tmp_path):
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        headings = lambda: [section.plain.split("\n")[0] for section in the_help(app).section_contents()]  # noqa: E731
        english = headings()
        assert english and str(app.screen.query_one("#rules-title").content) == "Game Rules"
        await pilot.press("l")
        await pilot.pause()
        german = headings()
        assert len(german) == len(english) and german != english
        assert str(app.screen.query_one("#rules-title").content) == "Spielregeln"


@run
async def test_a_win_is_heard_only_with_sound_effects_on_r15(tmp_path):
    app = make_app(tmp_path, "en", [THREE_OF_A_KIND, THREE_OF_A_KIND])
    app.play.sound_sink = sink = RecordingSink()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d")
        app.play.sound_player.wait_idle()
        assert app.session.state.outcome is Outcome.WIN and SoundName.BIG_WIN in sink.names
        await pilot.press("r")  # no decision to make: refused, and heard so
        app.play.sound_player.wait_idle()
        assert sink.names[-1] is SoundName.REFUSED and app.table_view.refusal is not None
        heard = len(sink.names)
        app.set_setting_on("sound", False)
        await pilot.press("n", "plus", "d")
        app.play.sound_player.wait_idle()
        assert app.session.state.outcome is Outcome.WIN and len(sink.names) == heard


@run
async def test_the_help_is_a_widget_per_section_drawn_in_order(tmp_path):
    """Each section is one widget of the scroller: a blank line, then its heading; the widgets stack
    one under the other with nothing between them."""
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        help_ = the_help(app)
        texts = list(help_.children)
        assert all(isinstance(text, SectionText) for text in texts) and len(texts) == len(SECTIONS)
        headings = [section.plain.split("\n")[0] for section in help_.section_contents()]
        assert headings == [_(section.heading) for section in SECTIONS]
        y = 0
        for section, text in zip(SECTIONS, texts, strict=True):
            assert text.section.id == section.id and text.virtual_region.y == y
            width = text.content_region.width
            drawn = [line.rstrip() for line in drawn_lines(text)]
            assert drawn[0] == "" and drawn[1] == _(section.heading)  # the blank line above its heading
            assert drawn[1:] == [line.plain.rstrip() for line in text.lines(width)]
            y += text.outer_size.height
        assert help_.virtual_size.height == y


@run
async def test_a_language_shown_again_reads_as_when_first_shown(tmp_path):
    """The lines drawn are kept by wording: each language reads as its own, on a second round too."""
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", "f1")
        seen: dict[str, list[str]] = {}
        for _round in range(2):
            for _language in LANGUAGES:
                await pilot.press("l")
                await pilot.pause()
                text = screen_text(app)
                assert _(SECTIONS[0].heading) in text and _(SECTIONS[1].heading) in text
                assert seen.setdefault(app.language, text.splitlines()) == text.splitlines()


@asynccontextmanager
async def reading_the_rules(tmp_path):
    """An English kiosk at 80×24 with the rules help open: (app, pilot)."""
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        yield app, pilot


def assert_sized_to_the_help(help_: RulesHelp) -> None:
    """Each section is wrapped to the width inside the padding and the scrollbar's gutter, as tall
    as its lines (and the blank one above them), no line wider than the section."""
    width = help_.scrollable_content_region.width
    for text in help_.query_children(SectionText):
        assert text.content_region.width == width
        lines = text.lines(width)
        assert text.size.height == len(lines) + 1
        assert max(line.cell_length for line in lines) <= width
    assert help_.vertical_scrollbar.window_virtual_size == help_.virtual_size.height


@run
async def test_a_language_switch_sizes_every_part_of_the_rules_by_its_new_words(tmp_path):
    async with reading_the_rules(tmp_path) as (app, pilot):
        rules = app.screen
        texts = list(the_help(app).children)
        for _ in LANGUAGES:  # round them all, back to English
            before = app.language
            await pilot.press("l")
            await pilot.pause()
            assert app.language == next_language(before)
            help_ = the_help(app)
            assert list(help_.children) == texts  # reworded in place, not mounted anew
            assert [text.section.heading for text in texts] == [
                section.plain.split("\n")[0] for section in help_.section_contents()
            ]
            assert_sized_to_the_help(help_)
            for item in rules.query("KeyButton"):  # the key bar's items fit their new labels
                assert item.size.width == item.label.cell_length


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@run
async def test_no_line_of_the_rules_is_cut_or_under_the_scrollbar(tmp_path, size):
    app = make_app(tmp_path, "pl")
    async with app.run_test(size=size) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        help_ = the_help(app)
        assert help_.show_vertical_scrollbar
        assert_sized_to_the_help(help_)
        bar = help_.vertical_scrollbar.region
        for text in help_.query_children(SectionText):  # the text ends left of the bar
            assert text.region.width == 0 or text.region.right <= bar.x


@run
async def test_a_language_switch_keeps_the_reader_where_they_were(tmp_path):
    async with reading_the_rules(tmp_path) as (app, pilot):
        help_ = the_help(app)
        help_.scroll_to_section("pay_table")
        await pilot.pause()
        before = help_.scroll_y
        assert before > 0 and help_.section_text("pay_table").virtual_region.y == before
        await pilot.press("l")
        await pilot.pause()
        assert app.language == "de"
        # Roughly: the German sections above it have their own lengths.
        assert abs(help_.scroll_y - before) <= 10 and help_.scroll_y != 0


@run
async def test_the_rules_scroller_shows_its_bar_only_while_the_help_runs_past_the_window(tmp_path):
    async with reading_the_rules(tmp_path) as (app, pilot):
        scroller = app.screen.query_one("#rules-text")
        assert scroller.show_vertical_scrollbar
        await pilot.resize_terminal(200, 400)  # the whole help fits
        await pilot.pause()
        assert not scroller.show_vertical_scrollbar
        await pilot.press("l")
        await pilot.pause()
        assert not scroller.show_vertical_scrollbar
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert scroller.show_vertical_scrollbar
        assert scroller.max_scroll_y == scroller.virtual_size.height - scroller.scrollable_content_region.height


@run
async def test_the_key_bar_keeps_a_drawing_of_each_language_and_draws_each_label_anew(tmp_path):
    async with reading_the_rules(tmp_path) as (app, pilot):

        def bar() -> list[str]:
            return [
                "".join(segment.text for segment in item.render_lines(item.size.region)[0])
                for item in app.screen.query("KeyButton")
            ]

        english = bar()
        others = []
        for _ in LANGUAGES[1:]:
            await pilot.press("l")
            await pilot.pause()
            others.append(bar())
        assert len({tuple(labels) for labels in [english, *others]}) == len(LANGUAGES)  # each its own words
        await pilot.press("l")  # back round to English: the drawings kept are its own
        await pilot.pause()
        assert app.language == "en" and bar() == english
        item = app.screen.query("KeyButton").first()
        item.label = Content("x" * item.label.cell_length)  # other words of the same width
        await pilot.pause()
        assert bar()[0] == "x" * item.size.width


@run
async def test_text_selected_in_the_rules_is_drawn_and_cleared_again(tmp_path):
    async with reading_the_rules(tmp_path) as (app, pilot):
        help_ = the_help(app)
        first = help_.section_text(SECTIONS[0].id)

        def lines() -> list[str]:
            return [repr(list(strip)) for strip in first.render_lines(first.size.region)]

        plain = lines()
        help_.text_select_all()
        await pilot.pause()
        assert first.text_selection is not None and lines() != plain  # the selection is drawn
        selected = app.screen.get_selected_text()
        assert selected is not None and selected.strip().startswith(_(SECTIONS[0].heading))
        assert _(SECTIONS[-1].heading) in selected  # the whole help, past the lines in view
        assert "\n\n" + _(SECTIONS[1].heading) + "\n" in selected  # a blank line copied empty
        app.screen.clear_selection()
        await pilot.pause()
        assert lines() == plain


@run
async def test_the_help_given_other_sections_draws_those(tmp_path):
    async with reading_the_rules(tmp_path) as (app, pilot):
        help_ = the_help(app)
        fewer = help_.sections[1:3]
        help_.show(fewer, None)
        await pilot.pause()
        assert [text.section for text in help_.query_children(SectionText)] == list(fewer)
        assert [content.plain.split("\n")[0] for content in help_.section_contents()] == [s.heading for s in fewer]
