"""`reddog par` and `reddog simulate`: the exact PAR sheet, and many rounds played with the best
strategy through the real engine, in the language's numbers (--json for machines)."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Iterator, Sequence

from ..i18n import _, ngettext


def run(args: argparse.Namespace) -> int:
    if args.command == "par":
        return run_par(args.decks, args.json)
    return run_simulate(args.rounds, args.sim_seed, args.decks, args.json)


def _table(rows: Sequence[tuple[str, ...]], right: set[int]) -> list[str]:
    """Rows of cells in columns as wide as their widest cell; the columns in `right` align right."""
    widths = [max(len(row[i]) for row in rows if i < len(row)) for i in range(max(map(len, rows)))]
    lines = []
    for row in rows:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]) for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return lines


def _signed(value: float, digits: int) -> str:
    from ..i18n.formatting import decimal

    return ("+" if value > 0 else "") + decimal(value, digits)


def run_par(decks: int, as_json: bool) -> int:
    from ..engine.par import compute_par
    from ..i18n.formatting import decimal, number, odds, percent

    sheet = compute_par(decks)
    if as_json:
        print(json.dumps(sheet.to_json_dict(), indent=2))
        return 0
    data = sheet.to_json_dict()
    print(
        ngettext("Red Dog PAR sheet, {decks} deck", "Red Dog PAR sheet, {decks} decks", decks).format(
            decks=number(decks)
        )
    )
    print()
    rows: list[tuple[str, ...]] = [(_("hand"), _("probability"), _("P(win)"), _("pays"), _("raise value"), "")]
    for k, p in sheet.spread.items():
        rows.append((
            _("spread {spread}").format(spread=number(k)), decimal(p, 6), decimal(sheet.win_given_spread[k], 4),
            odds(data["payout"][f"spread_{k}"]), _signed(float(sheet.raise_value[k]), 4),
            _("raise") if k in sheet.raise_spreads else "",
        ))  # fmt: skip
    rows.append((_("consecutive"), decimal(sheet.consecutive, 6), "", _("push")))
    rows.append((_("pair"), decimal(sheet.pair - sheet.three_of_a_kind, 6), "", _("push")))
    rows.append((_("three of a kind"), decimal(sheet.three_of_a_kind, 6), "", odds(11)))
    print("\n".join(_table(rows, right={1, 2, 3, 4})))
    print()
    spreads = ", ".join(number(k) for k in sheet.raise_spreads)
    summary = [
        (_("house edge, best play"), f"{percent(data['house_edge'], 4)}  ({data['house_edge_fraction']})"),
        (_("house edge, never raising"), percent(data["never_raise_house_edge"], 4)),
        (_("element of risk"), percent(data["element_of_risk"], 4)),
        (_("return to player"), percent(data["rtp"], 4)),
        (_("hit frequency"), percent(data["hit_frequency"], 4)),
        (_("standard deviation per ante"), decimal(data["std_dev"], 4)),
        (_("best raising rule"), _("raise on spreads {spreads}").format(spreads=spreads)),
    ]
    print("\n".join(_table(summary, right=set())))
    return 0


@contextlib.contextmanager
def _progress_bar(total: int) -> Iterator[Callable[[int], None]]:
    """rich.progress on standard error: the bar, the share done in the language's numbers, the time left."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, ProgressColumn, TimeRemainingColumn
    from rich.text import Text

    from ..i18n.formatting import percent

    class Share(ProgressColumn):
        def render(self, task) -> Text:
            return Text(percent(task.completed / (task.total or 1), 0))

    bar = Progress(BarColumn(), Share(), TimeRemainingColumn(), console=Console(file=sys.stderr), transient=True)
    task = bar.add_task("", total=total)
    with bar:
        yield lambda done: bar.update(task, completed=done)


def run_simulate(rounds: int, seed: int | None, decks: int, as_json: bool) -> int:
    import random
    import secrets

    from ..engine.simulate import CATEGORIES, MIN_ROUNDS_FOR_INTERVAL, simulate
    from ..i18n.formatting import decimal, number, percent

    rng = random.Random(seed) if seed is not None else secrets.SystemRandom()
    if rounds < 100_000 or not sys.stderr.isatty():
        result = simulate(rounds, rng, decks=decks)
    else:  # a long run shows a bar on the terminal, gone once the result is printed
        with _progress_bar(rounds) as show:
            result = simulate(rounds, rng, decks=decks, progress=show)
    if as_json:
        print(json.dumps(result.to_json_dict(), indent=2))
        return 0
    if result.rtp_ci95 is None:
        interval = ngettext(
            "no {level} interval below {minimum} round",
            "no {level} interval below {minimum} rounds",
            MIN_ROUNDS_FOR_INTERVAL,
        ).format(level=percent(0.95, 0), minimum=number(MIN_ROUNDS_FOR_INTERVAL))
    else:
        low, high = result.rtp_ci95
        interval = _("{level} interval {low} – {high}").format(
            level=percent(0.95, 0), low=percent(low, 4), high=percent(high, 4)
        )
    freedom = len(CATEGORIES) - 1
    chi = ngettext(
        "{chi} on {df} degree of freedom, p = {p}", "{chi} on {df} degrees of freedom, p = {p}", freedom
    ).format(chi=decimal(result.chi_square, 3), df=number(freedom), p=decimal(result.p_value, 4))
    summary = [
        (_("rounds"), number(result.rounds)),
        (_("return to player"), f"{percent(result.rtp, 4)}  ({interval})"),
        (_("exact (PAR)"), percent(result.exact_rtp, 4)),
        (_("chi-square"), chi),
        (_("rounds per second"), number(round(result.rounds_per_second))),
    ]
    print("\n".join(_table(summary, right=set())))
    return 0
