"""The Red Dog game: pure Python, no user interface, storage or translation."""

from .cards import Card, Dealer, ShuffledDealer, StackedDealer, fresh_deck, shuffle_front
from .errors import RedDogError
from .par import ParSheet, compute_par
from .rules import HandKind, pay_table, payout_odds
from .table import (
    Action,
    Outcome,
    Phase,
    TableConfig,
    TableState,
    add_chip,
    allowed_actions,
    call,
    collect,
    deal,
    new_bet,
    new_table,
    raise_,
    rebet,
    reconfigure,
    remove_chip,
    set_progressive,
    why_not,
)

__all__ = [
    "Action",
    "Card",
    "Dealer",
    "HandKind",
    "Outcome",
    "ParSheet",
    "Phase",
    "RedDogError",
    "ShuffledDealer",
    "StackedDealer",
    "TableConfig",
    "TableState",
    "add_chip",
    "allowed_actions",
    "call",
    "collect",
    "compute_par",
    "deal",
    "fresh_deck",
    "new_bet",
    "new_table",
    "pay_table",
    "payout_odds",
    "raise_",
    "rebet",
    "reconfigure",
    "remove_chip",
    "set_progressive",
    "shuffle_front",
    "why_not",
]
