"""Makes the documentation's screenshots from the app itself.

Usage: python docs/screenshots.py [--out DIR]   (default: docs/images/)

Each view is played headless through Textual's `App.run_test()` on a seeded demo table in a
temporary data directory, saved with `App.save_screenshot()` as SVG and converted to PNG by
`rsvg-convert` (Debian's `librsvg2-bin`). rsvg draws the text with the font fontconfig gives
for `monospace` (DejaVu Sans Mono on Debian); the SVG's Fira Code is fetched only by browsers.
`optipng` (Debian's `optipng`), where installed, then makes the PNGs smaller without loss.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

# The demo's own shuffle: its first deal is a spread, so the table waits on RAISE or CALL.
SEED = 1
SIZE = (100, 30)
# From the welcome screen: choose the language, pick the 5 chip, add two, deal.
TO_MID_ROUND = ("enter", "right", "plus", "plus", "d")

Steps = Callable[[Pilot], Awaitable[None]]


async def welcome(pilot: Pilot) -> None:
    await pilot.pause()


async def mid_round(pilot: Pilot) -> None:
    from reddog_tui.engine import Phase

    await pilot.press(*TO_MID_ROUND)
    await pilot.pause()
    phase = pilot.app.session.state.phase  # type: ignore[attr-defined]
    if phase is not Phase.DECISION:  # another shuffle than the seed gave when these were made
        raise SystemExit(f"the demo's first deal ended in {phase}, not at the raise: choose another SEED")


async def rules(pilot: Pilot) -> None:
    await mid_round(pilot)
    await pilot.press("f1")
    await pilot.pause()


# file name (without .png) -> language, steps
VIEWS: dict[str, tuple[str, Steps]] = {
    "welcome": ("en", welcome),
    "table-en": ("en", mid_round),
    "table-de": ("de", mid_round),
    "rules-en": ("en", rules),
}


async def shoot(name: str, language: str, steps: Steps, data_dir: Path, svg_dir: Path) -> Path:
    from reddog_tui.ui.app import RedDogApp

    app = RedDogApp(language=language, data_dir=data_dir, seed=SEED)
    app.animation_level = "none"  # the deal's last frame at once, as with reduce motion
    async with app.run_test(size=SIZE) as pilot:
        await steps(pilot)
        return Path(app.save_screenshot(f"{name}.svg", path=str(svg_dir)))


def to_png(svg: Path, png: Path) -> None:
    subprocess.run(["rsvg-convert", "--format", "png", "--output", str(png), str(svg)], check=True)
    if shutil.which("optipng") is not None:  # the images are committed: every clone carries them
        subprocess.run(["optipng", "-quiet", "-o2", str(png)], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "images")
    args = parser.parse_args(argv)
    if shutil.which("rsvg-convert") is None:
        print("rsvg-convert is missing: apt-get install librsvg2-bin", file=sys.stderr)
        return 2
    # The machine's language and data never reach the app; each view starts from nothing.
    os.environ["LANG"] = "C"
    os.environ.pop("LC_ALL", None)
    os.environ.pop("LANGUAGE", None)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        for name, (language, steps) in VIEWS.items():
            data_dir = Path(work) / name
            os.environ["REDDOG_DATA_DIR"] = str(data_dir)
            svg = asyncio.run(shoot(name, language, steps, data_dir, Path(work)))
            png = args.out / f"{name}.png"
            to_png(svg, png)
            print(f"{png} {png.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
