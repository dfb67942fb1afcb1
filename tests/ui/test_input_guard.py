"""The input guard on its own: bytes in, what may reach Textual's parser out, the clock pinned."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reddog_tui.ui.input_guard import MAX_SEQUENCE, PASTE_MAX_CHARS, PASTE_TIMEOUT_S, SEQUENCE_TIMEOUT_S, InputGuard

from ..kiosk.hostile_input import HOSTILE


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def guard() -> InputGuard:
    return InputGuard(Clock())


@pytest.mark.parametrize(
    "data",
    [
        b"plain keys 123 \r\t\x7f",
        "Zähler ♥ 🂡".encode(),
        b"\x1b[24~",  # F12
        b"\x1b[A\x1b[1;5A\x1b[Z",  # up, ctrl+up, shift+tab
        b"\x1b[[A",  # F1 on the Linux console
        b"\x1bOP\x1bx",  # F1 (SS3), alt+x
        b"\x1b[<0;12;7M\x1b[<0;12;7m",  # a click
        b"\x1b[97;5u\x1b[97;;97:98u",  # kitty key reports, with their text
        b"\x1b[?2026;1$y",  # a mode report
        b"\x1b[48;30;100;600;1000t",  # an in-band size
        b"\x1b[I\x1b[O",  # focus in, out
        b"\x1b[200~2468\x1b[201~",  # a paste
        b"\x1b[1114111u",  # the last code point
    ],
)
def test_well_formed_input_passes_unchanged(data):
    assert guard().feed(data) == data


@pytest.mark.parametrize(
    "data",
    [
        b"\x1b[99999999999999999999;5u",  # beyond Unicode: Textual's chr() overflows
        b"\x1b[97;5;2147483648u",
        b"\x1b[1114112u",
        b"\x1b[97:65u",  # a sub-parameter where Textual reads a plain number
        b"\x1b[97;5:1u",
        b"\x1b[48;24;80;0;0t",  # an in-band size of zero: Textual divides by it
        b"\x1b[48;0;80;10;10t",
        b"\x1b[48;5;1:a",  # ...or one that ends early, for Textual to read on past it
        b"\x1b[48;1;2;3t",
        b"\x1b[" + b"1;" * 20 + b"u",  # longer than Textual reads as one sequence
    ],
)
def test_a_malformed_sequence_is_dropped_whole(data):
    passed = guard().feed(data + b"x")
    assert passed == b"x"


def test_invalid_utf8_is_dropped():
    assert guard().feed(b"a\xff\xfeb\xc3") == b"ab"


def test_a_sequence_split_between_reads_passes_once_whole():
    g = guard()
    assert g.feed(b"\x1b[2") == b""
    assert g.feed(b"4~") == b"\x1b[24~"


def test_a_lone_escape_passes_at_once_and_what_follows_is_passed_while_it_may_end_well():
    """The Escape key is not held. Textual's parser then waits a moment for what follows, byte
    by byte; a sequence that can no longer end well formed is given up with an ESC."""
    g = guard()
    assert g.feed(b"\x1b") == b"\x1b"
    assert [g.feed(bytes([byte])) for byte in b"[24~"] == [b"[", b"2", b"4", b"~"]  # F12, typed slowly
    assert g.feed(b"\x1b") == b"\x1b"
    assert g.feed(b"[97:65u") == b"[97\x1b"  # Textual reads ESC [ 9 7 as single keys, then waits on the ESC
    assert g.feed(b"[48;24;80;0;0t") == b"[48;24;80;0;0\x1b"  # given up at its final byte
    assert g.feed(b"[200~abc") == b"[200\x1babc"  # a paste that could not be held
    assert g.feed(b"x") == b"x"


def test_an_unfinished_sequence_is_dropped_after_a_moment():
    clock = Clock()
    g = InputGuard(clock)
    assert g.feed(b"\x1b[1;") == b""
    clock.now += SEQUENCE_TIMEOUT_S + 0.1
    assert g.feed(b"ab") == b"ab"


def test_a_character_that_breaks_a_sequence_is_read_afresh():
    assert guard().feed(b"\x1b[12\r\x1b[24~") == b"\r\x1b[24~"
    assert guard().feed("\x1b[9٩u".encode()) == "٩u".encode()  # a digit, but not ASCII


def test_a_paste_passes_whole_once_it_closes():
    g = guard()
    assert g.feed(b"\x1b[200~24") == b""
    assert g.feed(b"68\x1b[201~x") == b"\x1b[200~2468\x1b[201~x"


def test_an_unfinished_paste_is_dropped_and_the_keys_after_it_pass():
    clock = Clock()
    g = InputGuard(clock)
    assert g.feed(b"\x1b[200~abc") == b""
    assert g.feed(b"\x1b[24~") == b""  # still within the paste
    clock.now += PASTE_TIMEOUT_S + 0.1
    assert g.feed(b"\x1b[24~") == b"\x1b[24~"


def test_a_paste_too_long_is_dropped_to_its_end():
    g = guard()
    assert g.feed(b"\x1b[200~" + b"x" * (PASTE_MAX_CHARS + 1)) == b""
    assert g.feed(b"more\x1b[201~after") == b"after"


def test_a_paste_of_exactly_the_limit_passes():
    body = b"x" * PASTE_MAX_CHARS
    assert guard().feed(b"\x1b[200~" + body + b"\x1b[201~") == b"\x1b[200~" + body + b"\x1b[201~"


def test_a_sequence_passed_on_as_it_comes_is_given_up_once_it_can_no_longer_end_within_textual_s_limit():
    g = guard()
    assert g.feed(b"\x1b") == b"\x1b"  # a lone escape passes at once
    begun, escape, after = g.feed(b"[" + b"1;" * 20 + b"u").partition(b"\x1b")
    # With its final byte it could still be one sequence for Textual; one more and it never could.
    assert len(b"\x1b" + begun) == MAX_SEQUENCE - 1
    assert (escape, after) == (b"\x1b", b"")


def test_a_paste_inside_is_judged_as_everything_else():
    assert guard().feed(b"\x1b[200~a\x1b[48;1;1;0;0tb\x1b[201~") == b"\x1b[200~ab\x1b[201~"


@given(st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\x1b")))
def test_text_without_escapes_passes_unchanged(text):
    assert guard().feed(text.encode()) == text.encode()


# Textual's parser has no public API; it is reached into here (the guard's whole purpose is
# to keep it from raising), with the kiosk's real path covered on a terminal and a websocket.
@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(HOSTILE, st.sampled_from([0.0, 0.01, 2.0]), st.booleans()), min_size=1, max_size=6))
def test_textual_s_parser_never_raises_on_what_the_guard_passes(reads):
    """Textual's parser here never times out an ESC: it reads on, the worst case for the guard."""
    from textual._xterm_parser import XTermParser

    clock = Clock()
    g, parser = InputGuard(clock), XTermParser()
    for data, pause, bytewise in reads:
        clock.now += pause
        data += b"\x1b[<0;3;3M"  # a click after each: Textual divides by the in-band size
        for read in [bytes([byte]) for byte in data] if bytewise else [data]:
            passed = g.feed(read)
            if passed:  # Textual's drivers never feed it empty input (that is its end)
                list(parser.feed(passed.decode("utf-8")))
