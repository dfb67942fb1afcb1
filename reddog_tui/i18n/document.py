"""A small, translated document model for long help texts (the rules screen).

A help text is a list of `Section`s; each has a heading and blocks that are
either a `Paragraph` or a `Table`. The rules screen also reads the richer
blocks of `rules_help` (subheadings, bullet lists, tables with row keys). Everything in it is already translated into
the current language when it is built, so the screen only lays it out.
Text is plain (never markup), so brackets in a translation are shown as typed.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    highlight: int | None = None  # index into rows of the row to stand out (the current hand)


Block = Paragraph | Table


@dataclass(frozen=True)
class Section:
    heading: str
    blocks: tuple[Block, ...] = field(default_factory=tuple)
    anchor: str = ""  # a stable name (not shown) so a screen can scroll to it
