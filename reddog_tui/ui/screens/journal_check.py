"""The attendant's journal check and meter export: the same read-only code as `reddog check`
and `reddog attendant meters --csv`, reached from the attendant menu."""

from __future__ import annotations

import logging

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ...i18n import _
from ..kiosk_texts import check_marks, check_report_rows
from ..widgets.buttons import KeyBar
from .attendant_base import AttendantScreen, back_key

log = logging.getLogger(__name__)


class JournalCheckScreen(AttendantScreen):
    """Runs the full check (whole file and history) in a thread, then shows a verdict per check."""

    BINDINGS = [Binding("escape,enter", "back", show=False)]
    # A row per check: the verdict in a column of its own, so a long label wraps under itself.
    DEFAULT_CSS = """
    JournalCheckScreen #check-report { height: auto; }
    JournalCheckScreen .check-row { height: auto; }
    JournalCheckScreen .check-mark { padding-left: 2; }
    JournalCheckScreen .check-label { width: 1fr; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.results = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="attendant-body"):
            yield Static("", classes="attendant-title", markup=False)
            yield Vertical(id="check-report", classes="attendant-line")
            yield Static("", classes="attendant-message", markup=False)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        super().on_mount()
        self.run_check()

    @property
    def waiting(self) -> bool:
        return self.results is None

    @work(thread=True, exclusive=True)
    def run_check(self) -> None:
        from ...store.health import check_journal

        store = self.app.store
        assert store is not None, "the attendant's screens open once the journal is open"
        results = check_journal(store.path.parent, full=True)
        self.app.call_from_thread(self.show_results, results)

    def show_results(self, results) -> None:
        for result in results:
            if result.cause:
                log.warning(
                    "journal check from the attendant menu: %s failed (%s: %s)",
                    result.name,
                    result.cause,
                    result.detail,
                )
        self.results = results
        self.refresh_view()

    def refresh_view(self) -> None:
        self.query_one(".attendant-title", Static).update(_("Check the journal"))
        report = self.query_one("#check-report", Vertical)
        report.remove_children()
        if self.results is None:
            report.mount(Static(_("Checking the whole journal…"), markup=False))
        else:
            rows, summary = check_report_rows(self.results, full=True)
            width = 2 + max(len(mark) for mark in check_marks().values()) + 2
            report.mount(*(self.check_row(mark, text, width) for mark, text in rows), Static(summary, markup=False))
        self.query_one("#keys", KeyBar).show([back_key()])

    @staticmethod
    def check_row(mark: str, text: str, width: int) -> Horizontal:
        verdict = Static(mark, classes="check-mark", markup=False)
        verdict.styles.width = width
        return Horizontal(verdict, Static(text, classes="check-label", markup=False), classes="check-row")

    def action_back(self) -> None:
        self.dismiss()


def export_to_data_dir(app) -> str:
    """Write the meters and the journal as CSV files beside the journal; what to tell the attendant."""
    from ...store.errors import StoreError
    from ...store.export import write_export_files
    from ...store.health import read_only

    folder = app.store.path.parent
    try:
        with read_only(folder) as conn:
            written = write_export_files(conn, folder, app.store.now())
    except (OSError, StoreError, ValueError, TypeError, OverflowError) as error:  # the last three: a damaged row
        log.error("export to %s failed: %s", folder, error)
        return _("The export could not be written to {folder}.").format(folder=folder)
    log.info("meters and journal exported: %s", ", ".join(str(path) for path in written))
    return _("Written to {folder}: {files}").format(folder=folder, files=", ".join(path.name for path in written))
