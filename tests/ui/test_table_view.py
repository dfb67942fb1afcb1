"""One view of the table, built once per transition and pushed to the screens that watch it."""

from __future__ import annotations

from textual.widgets import Static

from reddog_tui.i18n import _
from reddog_tui.ui import app as app_module
from reddog_tui.ui.screens.table import TableScreen

from .helpers import SPREAD_4_WIN, make_app, run


def counting_builds(monkeypatch) -> list[object]:
    built: list[object] = []
    real = app_module.build_view

    def build(*args, **kwargs):
        built.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(app_module, "build_view", build)
    return built


@run
async def test_each_transition_builds_one_view_and_a_language_switch_none(tmp_path, monkeypatch):
    """Legality is worked out once per transition; a language switch changes no state, so the
    view keeps its legality and only its language."""
    built = counting_builds(monkeypatch)
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        built.clear()
        await pilot.press("plus")
        await pilot.pause()
        assert len(built) == 1 and app.session.state.ante == 1
        await pilot.press("d")
        await pilot.pause()
        assert len(built) == 2 and built[-1] is app.session.state
        before = app.table_view
        await pilot.press("l")
        await pilot.pause()
        assert len(built) == 2
        assert app.table_view.language == "de" and app.table_view.reasons is before.reasons


@run
async def test_a_screen_underneath_is_redrawn_when_it_is_shown_again(tmp_path):
    """A language switch under the rules redraws only the rules; the table follows once it is back in view."""
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", "f1")
        await pilot.pause()
        table = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
        await pilot.press("l")
        await pilot.pause()
        assert str(app.screen.query_one("#rules-title", Static).content) == _("Game Rules") != "Game Rules"
        assert "Credits" in str(table.query_one("#credits", Static).content)  # not redrawn while hidden
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
        assert _("Credits") in str(table.query_one("#credits", Static).content)
        assert "Credits" not in str(table.query_one("#credits", Static).content)


@run
async def test_a_chip_on_the_ante_repaints_the_credits_and_the_stakes_alone(tmp_path, monkeypatch):
    """R10: a chip moves from the credits to the ante; the stakes line shows the ante, so the message
    line (what to do next) stays as it was and no other widget of the table is drawn anew."""
    from textual.widget import Widget

    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        await pilot.pause()
        message = str(app.screen.query_one("#message", Static).content)
        repainted: list[str | None] = []
        real = Widget.refresh

        def refresh(widget, *regions, **kwargs):
            repainted.append(widget.id)
            return real(widget, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", refresh)
        await pilot.press("plus")
        await pilot.pause()
        monkeypatch.setattr(Widget, "refresh", real)
        assert app.session.state.ante == 2
        assert sorted(set(repainted)) == ["credits", "stakes"]
        assert str(app.screen.query_one("#message", Static).content) == message == "Add chips or press DEAL."


def test_a_chip_is_usable_only_while_the_engine_would_take_it():
    """The bet area offers a chip as the engine's R3 answers: not one the credits do not cover,
    nor one past the table maximum, nor any once the hand is dealt."""
    from reddog_tui.engine import StackedDealer, TableConfig, add_chip, deal, new_table
    from reddog_tui.store.settings import Settings
    from reddog_tui.ui.view import build_view

    def usable(state) -> set[int]:
        view = build_view(state, "en", Settings(), None, out_of_credits=False)
        return {value for value in state.config.chip_values if view.chip_usable(value)}

    config = TableConfig(chip_values=(1, 5, 25), max_bet=30)
    assert usable(new_table(7, config)) == {1, 5}  # 7 credits: no 25-chip
    assert usable(add_chip(add_chip(new_table(100, config), 25), 1)) == {1}  # 26 on the ante: 5 would pass 30
    dealt = deal(add_chip(new_table(100, config), 5), StackedDealer([["2H", "9S", "5C"]]))
    assert usable(dealt) == set()
