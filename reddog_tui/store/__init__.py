"""The SQLite journal: the open table, settings, meters and the recall of settled rounds."""

from .accounting import RoundRecord, identity_gap
from .database import Store
from .errors import IntentCarriedOut, StoreError
from .paths import resolve_data_dir
from .session import GameSession, Voucher

__all__ = [
    "GameSession",
    "IntentCarriedOut",
    "RoundRecord",
    "Store",
    "StoreError",
    "Voucher",
    "identity_gap",
    "resolve_data_dir",
]
