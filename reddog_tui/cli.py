"""The `reddog` command: the kiosk, and the `par` and `simulate` sub-commands."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Callable, NoReturn, Sequence

from .engine.cards import MAX_DECKS, MIN_DECKS
from .i18n import DEFAULT_LANGUAGE, LANGUAGES, _, set_language, system_language

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """Bad input ends with one line that says what is allowed, and status 2."""

    def error(self, message: str) -> NoReturn:
        # Our own refusals name their option already; argparse's "argument X: " would repeat it.
        if message.startswith("argument ") and ": " in message:
            message = message.split(": ", 1)[1]
        self.exit(EXIT_USAGE, f"{self.prog}: {message}\n")


def _whole_number(low: int, high: int | None, option: str):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            shown = text if value is None else value
            if high is None:
                refusal = _("{option} must be a whole number from {low} up, not {value}.")
            else:
                refusal = _("{option} must be a whole number from {low} to {high}, not {value}.")
            raise argparse.ArgumentTypeError(refusal.format(option=option, low=low, high=high, value=shown))
        return value

    return parse


def _language(text: str) -> str:
    if text not in LANGUAGES:
        raise argparse.ArgumentTypeError(
            _("The language must be one of {codes}, not {value}.").format(codes=", ".join(LANGUAGES), value=text)
        )
    return text


def _message_language(argv: Sequence[str]) -> str:
    """The language of the command's own messages: a valid --lang, else the system's, else English."""
    for index, word in enumerate(argv):
        value = argv[index + 1] if word == "--lang" and index + 1 < len(argv) else word.partition("=")[2]
        if (word == "--lang" or word.startswith("--lang=")) and value in LANGUAGES:
            return value
    return system_language() or DEFAULT_LANGUAGE


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="reddog", description="Red Dog, the casino card game, as a terminal kiosk.")
    parser.add_argument("--lang", type=_language, help="language: " + ", ".join(LANGUAGES))
    parser.add_argument("--data-dir", help="where the game keeps its journal (also REDDOG_DATA_DIR)")
    parser.add_argument("--seed", type=_whole_number(0, None, "--seed"), help="demo mode with a fixed shuffle")
    parser.add_argument("--kiosk", action="store_true", help="lock the kiosk for public play")
    commands = parser.add_subparsers(dest="command", metavar="{par,simulate,attendant}", parser_class=_Parser)

    par = commands.add_parser("par", help="print the exact PAR sheet")
    par.add_argument("--decks", type=_whole_number(MIN_DECKS, MAX_DECKS, "--decks"), default=1)
    par.add_argument("--json", action="store_true", help="one JSON object instead of a table")

    sim = commands.add_parser("simulate", help="play many rounds with the best strategy")
    sim.add_argument("--rounds", type=_whole_number(1, None, "--rounds"), required=True)
    sim.add_argument("--seed", dest="sim_seed", type=_whole_number(0, None, "--seed"))
    sim.add_argument("--decks", type=_whole_number(MIN_DECKS, MAX_DECKS, "--decks"), default=1)
    sim.add_argument("--json", action="store_true", help="one JSON object instead of a summary")
    attendant = commands.add_parser("attendant", help="kiosk attendant tasks")
    attendant_commands = attendant.add_subparsers(dest="attendant_command", required=True, parser_class=_Parser)
    attendant_commands.add_parser("set-pin", help="set the attendant PIN (asked twice, never shown)")
    return parser


def _percent(value: float) -> str:
    return f"{value * 100:.4f} %"


def run_par(decks: int, as_json: bool) -> int:
    from .engine.par import compute_par

    sheet = compute_par(decks)
    if as_json:
        print(json.dumps(sheet.to_json_dict(), indent=2))
        return 0
    data = sheet.to_json_dict()
    print(f"Red Dog PAR sheet, {decks} deck{'s' if decks > 1 else ''}")
    print()
    print(f"{'hand':<18}{'probability':>14}{'P(win)':>10}{'pays':>7}{'raise value':>13}")
    for k, p in sheet.spread.items():
        mark = "  raise" if k in sheet.raise_spreads else ""
        print(
            f"{'spread ' + str(k):<18}{float(p):>14.6f}{float(sheet.win_given_spread[k]):>10.4f}"
            f"{data['payout'][f'spread_{k}']:>5}:1{float(sheet.raise_value[k]):>+13.4f}{mark}"
        )
    print(f"{'consecutive':<18}{float(sheet.consecutive):>14.6f}{'':>10}{'push':>7}")
    print(f"{'pair':<18}{float(sheet.pair - sheet.three_of_a_kind):>14.6f}{'':>10}{'push':>7}")
    print(f"{'three of a kind':<18}{float(sheet.three_of_a_kind):>14.6f}{'':>10}{'11:1':>7}")
    print()
    rows = [
        ("house edge, best play", f"{_percent(data['house_edge'])}  ({data['house_edge_fraction']})"),
        ("house edge, never raising", _percent(data["never_raise_house_edge"])),
        ("element of risk", _percent(data["element_of_risk"])),
        ("return to player", _percent(data["rtp"])),
        ("hit frequency", _percent(data["hit_frequency"])),
        ("standard deviation per ante", f"{data['std_dev']:.4f}"),
        ("best raising rule", "raise on spreads " + ", ".join(map(str, sheet.raise_spreads))),
    ]
    for label, value in rows:
        print(f"{label:<30}{value}")
    return 0


def run_simulate(rounds: int, seed: int | None, decks: int, as_json: bool) -> int:
    import random
    import secrets

    from .engine.simulate import simulate

    rng = random.Random(seed) if seed is not None else secrets.SystemRandom()
    progress: Callable[[int], None] | None = None
    if rounds >= 100_000 and sys.stderr.isatty():

        def show_progress(done: int) -> None:
            width = 40
            filled = width * done // rounds
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {100 * done // rounds:3d} %")
            sys.stderr.flush()

        progress = show_progress

    result = simulate(rounds, rng, decks=decks, progress=progress)
    if progress is not None:
        sys.stderr.write("\r" + " " * 50 + "\r")
    if as_json:
        print(json.dumps(result.to_json_dict(), indent=2))
        return 0
    low, high = result.rtp_ci95
    print(f"rounds              {result.rounds}")
    print(f"return to player    {_percent(result.rtp)}  (95 % interval {_percent(low)} – {_percent(high)})")
    print(f"exact (PAR)         {_percent(result.exact_rtp)}")
    print(f"chi-square          {result.chi_square:.3f} on {len(result.counts) - 1} degrees of freedom, p = {result.p_value:.4f}")
    print(f"rounds per second   {result.rounds_per_second:,.0f}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    set_language(_message_language(sys.argv[1:] if argv is None else list(argv)))
    args = build_parser().parse_args(argv)
    try:
        if args.command == "par":
            return run_par(args.decks, args.json)
        if args.command == "simulate":
            return run_simulate(args.rounds, args.sim_seed, args.decks, args.json)
        if args.command == "attendant":
            from .kiosk.attendant_cli import set_pin
            from .store import resolve_data_dir

            return set_pin(resolve_data_dir(args.data_dir, os.environ.get("REDDOG_DATA_DIR")), args.lang)
        from .ui.launch import launch

        return launch(args, data_dir_env=os.environ.get("REDDOG_DATA_DIR"))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
