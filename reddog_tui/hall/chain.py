"""The journal chain: each shipped entry as exact text, linked to the one before by its hash.

hash(n) = sha256(hash(n-1) as 64 hex digits, then the entry's text), in hex; hash(0) is 64
zeros. The kiosk makes the text; the server hashes what it received (hall_ship), so an entry
it holds cannot be replaced, nor a later one slipped in that does not follow it. The text
names the kiosk, so an entry written for one kiosk is refused from another.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..store.database import JournalEntry

GENESIS = "0" * 64


def entry_text(kiosk_id: int, entry: JournalEntry) -> str:
    """The entry's canonical JSON text: sorted keys, no spaces, ASCII only. A note (why a push
    was refused) is a field only where the entry has one."""
    fields = {
        "kiosk": kiosk_id,
        "seq": entry.seq,
        "time": entry.time,
        "action": entry.action,
        "value": entry.value,
        "voucher": entry.voucher,
        "meters": entry.meters,
        "state": json.loads(entry.state),
    }
    if entry.note is not None:
        fields["note"] = json.loads(entry.note)
    return json.dumps(fields, sort_keys=True, separators=(",", ":"))


def link(prev: str, text: str) -> str:
    return hashlib.sha256((prev + text).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Link:
    seq: int
    prev: str  # the hash of the entry before
    text: str
    hash: str

    def shipped(self) -> dict[str, object]:
        return {"seq": self.seq, "prev": self.prev, "entry": self.text}


def links(kiosk_id: int, entries: Iterable[JournalEntry], prev: str = GENESIS) -> Iterator[Link]:
    """The chain over consecutive `entries`, the first following the entry whose hash is `prev`."""
    for entry in entries:
        text = entry_text(kiosk_id, entry)
        here = link(prev, text)
        yield Link(entry.seq, prev, text, here)
        prev = here
