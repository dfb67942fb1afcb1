"""Lists the characters a Linux console font can draw, from the Unicode table inside its PSF file.

Usage: python scripts/console_font_codepoints.py [FONT.psf.gz] > tests/ui/data/Uni2-Terminus16.codepoints

The default font is Debian's Uni2-Terminus16 (package console-setup-linux), which is a PSF1
file (512 glyphs, 16-bit table); PSF2 files (UTF-8 table) are read too. The output is one code
point a line, as U+XXXX, sorted; the console glyph test reads it.
"""

from __future__ import annotations

import gzip
import struct
import sys
from pathlib import Path

DEFAULT_FONT = Path("/usr/share/consolefonts/Uni2-Terminus16.psf.gz")

PSF1_MAGIC = b"\x36\x04"
PSF1_MODE_512 = 0x01
PSF1_MODE_HAS_TABLE = 0x02
PSF1_SEQUENCE_START, PSF1_ENTRY_END = 0xFFFE, 0xFFFF

PSF2_MAGIC = b"\x72\xb5\x4a\x86"
PSF2_HAS_UNICODE_TABLE = 0x01
PSF2_SEQUENCE_START, PSF2_ENTRY_END = 0xFE, 0xFF  # bytes UTF-8 never uses

# In both formats each glyph's entry lists the single code points it draws, then after a
# sequence mark the multi-character sequences (left out here: the app draws no such sequence).


def font_codepoints(data: bytes) -> set[int]:
    """The single code points mapped to some glyph of a PSF1 or PSF2 font."""
    if data[:2] == PSF1_MAGIC:
        return _psf1_codepoints(data)
    if data[:4] == PSF2_MAGIC:
        return _psf2_codepoints(data)
    raise ValueError("not a PSF1 or PSF2 font")


def _psf1_codepoints(data: bytes) -> set[int]:
    mode, glyph_size = data[2], data[3]
    if not mode & PSF1_MODE_HAS_TABLE:
        raise ValueError("the font has no Unicode table")
    glyph_count = 512 if mode & PSF1_MODE_512 else 256
    table = data[4 + glyph_count * glyph_size :]
    units = struct.unpack(f"<{len(table) // 2}H", table[: len(table) // 2 * 2])
    codepoints: set[int] = set()
    in_sequences = False
    for unit in units:
        if unit == PSF1_ENTRY_END:
            in_sequences = False
        elif unit == PSF1_SEQUENCE_START:
            in_sequences = True
        elif not in_sequences:
            codepoints.add(unit)
    return codepoints


def _psf2_codepoints(data: bytes) -> set[int]:
    _version, header_size, flags, glyph_count, glyph_size, _height, _width = struct.unpack_from("<7I", data, 4)
    if not flags & PSF2_HAS_UNICODE_TABLE:
        raise ValueError("the font has no Unicode table")
    table = data[header_size + glyph_count * glyph_size :]
    codepoints: set[int] = set()
    position = 0
    for _glyph in range(glyph_count):
        end = table.index(bytes([PSF2_ENTRY_END]), position)
        singles = table[position:end].split(bytes([PSF2_SEQUENCE_START]), 1)[0]
        codepoints.update(ord(character) for character in singles.decode("utf-8"))
        position = end + 1
    return codepoints


def main(argv: list[str]) -> int:
    font = Path(argv[1]) if len(argv) > 1 else DEFAULT_FONT
    raw = font.read_bytes()
    data = gzip.decompress(raw) if font.suffix == ".gz" else raw
    for codepoint in sorted(font_codepoints(data)):
        print(f"U+{codepoint:04X}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
