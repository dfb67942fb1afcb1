"""Random hostile input for property tests: bytes, control sequences with absurd numbers, the
pieces of pastes and in-band sizes."""

from __future__ import annotations

from hypothesis import strategies as st

NUMBERS = st.one_of(
    st.sampled_from([0, 1, 5, 24, 48, 97, 200, 201, 1114111, 1114112, 2147483648, 10**20, 10**40]),
    st.integers(0, 300),
)


@st.composite
def control_sequences(draw) -> bytes:
    """ESC [, a marker, numbers with ; and : between them, intermediates, a final byte."""
    numbers = draw(st.lists(st.one_of(NUMBERS.map(str), st.just("")), max_size=6))
    separators = draw(st.lists(st.sampled_from(";:"), min_size=len(numbers), max_size=len(numbers)))
    parameters = "".join(n + s for n, s in zip(numbers, separators, strict=True))
    marker = draw(st.sampled_from(["", "", "<", "?", ">"]))
    intermediate = draw(st.sampled_from(["", "", "$", " ", "-"]))
    final = draw(st.sampled_from("u~tMmRABCDHPQSZyIOa[\x07\x1b"))
    return f"\x1b[{marker}{parameters}{intermediate}{final}".encode()


SPECIAL = st.sampled_from([b"\x1b[200~", b"\x1b[201~", b"\x1b", b"\x1b[", b"\x1b[48;", b"\x1b[<0;3;3M", b"\xff\xfe"])
HOSTILE = st.lists(st.one_of(control_sequences(), st.binary(max_size=24), SPECIAL), min_size=1, max_size=8).map(
    b"".join
)
