"""The page's font (DejaVu Sans Mono, served from the package) has every character the kiosk
draws with the full glyph set and every translated text, so the browser never falls back to
another font (which an offline cabinet may not have) or shows an empty box."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from reddog_tui import i18n
from reddog_tui.i18n.po_reader import read_po_translations
from reddog_tui.ui.glyphs import FULL

from ..ui.helpers import LANGUAGES, run
from ..ui.test_console_glyphs import draw_every_screen

FONTS = Path(__file__).resolve().parents[2] / "reddog_tui" / "web" / "static" / "fonts"
FACES = ("DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf")


def font_characters(path: Path) -> set[int]:
    """The code points a TrueType font maps to a glyph, read from its cmap (formats 4 and 12)."""
    data = path.read_bytes()
    tables = struct.unpack(">H", data[4:6])[0]
    directory = (struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i]) for i in range(tables))
    cmap = next(offset for tag, _sum, offset, _length in directory if tag == b"cmap")
    found: set[int] = set()
    for i in range(struct.unpack(">H", data[cmap + 2 : cmap + 4])[0]):
        start = cmap + struct.unpack(">I", data[cmap + 8 + 8 * i : cmap + 12 + 8 * i])[0]
        form = struct.unpack(">H", data[start : start + 2])[0]
        if form == 4:
            width = struct.unpack(">H", data[start + 6 : start + 8])[0]  # 2 × segments
            count = width // 2
            ends = struct.unpack(f">{count}H", data[start + 14 : start + 14 + width])
            starts = struct.unpack(f">{count}H", data[start + 16 + width : start + 16 + 2 * width])
            deltas = struct.unpack(f">{count}h", data[start + 16 + 2 * width : start + 16 + 3 * width])
            ranges_at = start + 16 + 3 * width
            ranges = struct.unpack(f">{count}H", data[ranges_at : ranges_at + width])
            for k in range(count):
                for code in range(starts[k], ends[k] + 1):
                    if code == 0xFFFF:
                        continue
                    if ranges[k] == 0:
                        glyph = (code + deltas[k]) & 0xFFFF
                    else:
                        at = ranges_at + 2 * k + ranges[k] + 2 * (code - starts[k])
                        glyph = struct.unpack(">H", data[at : at + 2])[0]
                        glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
                    if glyph:
                        found.add(code)
        elif form == 12:
            for g in range(struct.unpack(">I", data[start + 12 : start + 16])[0]):
                first, last, _glyph = struct.unpack(">III", data[start + 16 + 12 * g : start + 28 + 12 * g])
                found.update(range(first, last + 1))
    return found


@pytest.fixture(scope="module")
def font() -> dict[str, set[int]]:
    return {face: font_characters(FONTS / face) for face in FACES}


def test_the_reading_of_the_font_can_fail(font):
    for characters in font.values():
        assert {ord("A"), ord("ż"), ord("♠"), ord("▚")} <= characters
        assert ord("中") not in characters and 0x1F0A1 not in characters  # no CJK, no playing-card block


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translated_text_is_in_the_page_font(font, language):
    translations = read_po_translations(i18n.locales_dir() / language / "LC_MESSAGES" / "reddog.po")
    texts = [*translations._singles.values(), *(form for forms in translations._plurals.values() for form in forms)]
    assert len(texts) > 100
    used = {ord(c) for text in texts for c in text if c != "\n"}
    assert {face: sorted(map(chr, used - characters)) for face, characters in font.items()} == {
        face: [] for face in FACES
    }


@run
async def test_every_character_the_screens_draw_is_in_the_page_font(tmp_path, font):
    drawn = await draw_every_screen(tmp_path, "pl", FULL)
    used = {ord(c) for c in drawn.characters()}
    assert {ord("♠"), ord("▚")} <= used  # the full set's suits and card back were drawn
    assert {face: sorted(map(chr, used - characters)) for face, characters in font.items()} == {
        face: [] for face in FACES
    }
