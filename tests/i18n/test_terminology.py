"""One word per concept, the one GLOSSARY.md chose, in every catalogue.

Each concept names the message that carries it on screen (its label) and the
word the glossary chose for it in each language; the words it rejected must
appear in no translation at all, so a drifted synonym anywhere fails here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from reddog_tui.i18n import LANGUAGES
from reddog_tui.i18n.catalogues import po_path, read


@dataclass(frozen=True)
class Concept:
    label: tuple[str | None, str]  # (context, msgid) of the message that names the concept
    chosen: dict[str, str]  # language -> the glossary's word, found in the label's translation
    rejected: dict[str, str] = field(default_factory=dict)  # language -> regex found in no translation


# The rows of GLOSSARY.md, by concept.
CONCEPTS: dict[str, Concept] = {
    "game recall": Concept(
        (None, "Game recall"),
        {
            "en": "Game Recall",
            "de": "Spielverlauf",
            "pl": "Historia rund",
            "fr": "Historique des manches",
            "it": "Storico delle mani",
        },
        {
            "en": r"\bGame recall\b",
            "de": r"Spielhistorie",
            "pl": r"Historia gier",
            "fr": r"Historique des parties",
            "it": r"Cronologia",
        },
    ),
    "one deal of cards": Concept(
        (None, "Games played"),
        {"en": "Rounds", "de": "Runden", "pl": "rundy", "fr": "Manches", "it": "Mani"},
        {
            "en": r"(?i)\bgames? (?:played|won)\b|\bevery game\b",
            "pl": r"\b(?:gier|[Rr]ozegrane gry|[Ww]ygrane gry|każdą grę)\b",
            # French "main" only in the source's names of a hand, main (non-)consécutive.
            "fr": r"(?i)\bparties? (?:jouées|gagnées)|\bdes parties\b|\bchaque partie\b"
            r"|\bmains?\b(?! (?:non-)?consécutives?)",
            "it": r"\b[Pp]artit[ae]\b",
        },
    ),
    "attendant": Concept(
        (None, "Attendant"),
        {"en": "Attendant", "de": "Aufsicht", "pl": "Obsługa", "fr": "Agent de salle", "it": "Addetto di sala"},
        {
            "de": r"\bPersonal\b|PIN der Aufsicht",
            "fr": r"[Pp]réposé|\bresponsable\b",
            "it": r"(?i)\baddetto\b(?! di sala)",
        },
    ),
    "net result": Concept(
        (None, "Net"),
        {"en": "Net", "de": "Ergebnis", "pl": "Wynik", "fr": "Résultat", "it": "Netto"},
        {"de": r"\bSaldo\b", "pl": r"\b[Bb]ilans", "fr": r"\b[Ss]olde\b", "it": r"\b[Ss]aldo\b"},
    ),
    "cash-out voucher": Concept(
        (None, "Cash-out voucher"),
        {
            "en": "voucher",
            "de": "Auszahlungsbeleg",
            "pl": "Potwierdzenie wypłaty",
            "fr": "Bon de paiement",
            "it": "Ricevuta di pagamento",
        },
        {"pl": r"\b[Dd]owód|\bdowodu\b", "it": r"\b[Bb]uono\b"},
    ),
    "setting on": Concept(
        (None, "On"),
        {"en": "On", "de": "Ein", "pl": "Tak", "fr": "Oui", "it": "Sì"},
        {"de": r"^An$", "pl": r"^Włączone$", "fr": r"^Activé$", "it": r"^Attivato$"},
    ),
    "setting off": Concept(
        (None, "Off"),
        {"en": "Off", "de": "Aus", "pl": "Nie", "fr": "Non", "it": "No"},
        {"pl": r"^Wyłączone$", "fr": r"^Désactivé$", "it": r"^Disattivato$"},
    ),
    "three of a kind": Concept(
        (None, "Three of a kind"),
        {
            "en": "Three of a kind",
            "de": "Drei gleiche Werte",
            "pl": "3\u00a0of a\u00a0kind",
            "fr": "Brelan",
            "it": "Tris",
        },
        {"fr": r"(?i)trois cartes identiques"},
    ),
    "push": Concept(
        (None, "Push"),
        {"en": "Push", "de": "Push", "pl": "remis", "fr": "Push", "it": "Pareggio"},
        {"it": r"Restituzione puntata"},
    ),
    "ace": Concept(
        (None, "Ace"),
        {"en": "Ace", "de": "Ass", "pl": "As", "fr": "As", "it": "Asso"},
        {"de": r"\bAs\b", "en": r"\bace\b"},
    ),
    "credits": Concept(
        (None, "Credits"),
        {"en": "Credits", "de": "Punkte", "pl": "Kredyty", "fr": "Crédits", "it": "Crediti"},
        # Italian "credito" only as the singular of a count ("1 credito"), never "conto" for the balance.
        {"de": r"Guthaben", "it": r"(?<!\w)(?<!\}\u00a0)credito\b|\b(?:sul|al|dal) conto\b"},
    ),
    "kiosk": Concept(
        (None, "Kiosk"),
        {"en": "Kiosk", "de": "Kiosk", "pl": "Kiosk", "fr": "Borne", "it": "Chiosco"},
        {"it": r"(?i)\bterminal[ei]\b"},
    ),
    "redeem a voucher": Concept(
        (None, "Redeem a voucher"),
        {"en": "Redeem", "de": "einlösen", "pl": "Zrealizuj", "fr": "Charger", "it": "Carica"},
    ),
    "ante": Concept(
        (None, "Ante"),
        {"en": "Ante", "de": "Wetteinsatz", "pl": "Zakład wejściowy", "fr": "Enjeu", "it": "Ante"},
        {"de": r"(?<![\w-])Einsatz"},
    ),
    "chip value": Concept(
        (None, "Choose the chip value"),
        {
            "en": "chip value",
            "de": "Spielmarkenwert",
            "pl": "nominał",
            "fr": "valeur du jeton",
            "it": "valore del gettone",
        },
        {"de": r"(?<![\w-])Markenwert", "pl": r"[Ww]artoś(?:ć|ci) żeton"},
    ),
    "return to player": Concept(
        (None, "Return to player and house edge"),
        {
            "en": "Return to player",
            "de": "Auszahlungsquote",
            "pl": "Zwrot dla gracza",
            "fr": "Taux de retour",
            "it": "Ritorno al giocatore",
        },
        {"de": r"(?<![\w-])Quote"},
    ),
    "reality check": Concept(
        (None, "Reality check every … minutes"),
        {
            "en": "Reality check",
            "de": "Spielzeithinweis",
            "pl": "Przypomnienie o\u00a0czasie gry",
            "fr": "Rappel du temps de jeu",
            "it": "Promemoria tempo di gioco",
        },
        {"de": r"Spielpause", "fr": r"[Rr]appel de jeu", "it": r"(?i)promemoria(?! tempo di gioco)"},
    ),
    "decks": Concept(
        (None, "Number of decks (1–8)"),
        {"en": "decks", "de": "Kartendecks", "pl": "talii", "fr": "jeux de cartes", "it": "mazzi"},
        {"fr": r"\bjeux\b(?! de cartes)"},
    ),
}


def translations(language: str) -> dict[tuple[str | None, str], tuple[str, ...]]:
    found = {}
    for message in read(po_path(language), language):
        if message.id:
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found[(message.context, msgid)] = strings
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", CONCEPTS)
def test_the_chosen_word_and_none_of_the_rejected(language, name):
    concept = CONCEPTS[name]
    catalogue = translations(language)
    label = catalogue[concept.label]
    assert concept.chosen[language] in label[0], f"{name}: {label[0]!r} lacks {concept.chosen[language]!r}"
    rejected = concept.rejected.get(language)
    if rejected:
        drifted = [text for strings in catalogue.values() for text in strings if re.search(rejected, text)]
        assert drifted == [], f"{name}: rejected word in {drifted}"


def test_german_credits_have_one_name_on_the_balance_and_in_the_win_line():
    """GLOSSARY.md: the balance label and the amount won name the same unit."""
    catalogue = translations("de")
    unit = catalogue[(None, "{amount} credit")]
    assert catalogue[(None, "Credits")][0] == "Punkte" and unit == ("{amount}\u00a0Punkt", "{amount}\u00a0Punkte")


def test_german_blatt_names_a_kind_of_hand_never_a_round():
    """GLOSSARY.md: one deal of cards is a "Runde". "Blatt" stays only in the names of the hands
    (aufeinanderfolgendes Blatt), in the PAR-Blatt and as the recall column that names the hand."""
    allowed = re.compile(r"[Aa]ufeinanderfolgende[sn]? Blatt|PAR-Blatt|^Blatt$")
    catalogue = translations("de")
    drifted = [
        text for strings in catalogue.values() for text in strings if re.search(r"Bl[aä]tt", allowed.sub("", text))
    ]
    assert drifted == []


def test_german_chips_are_set_and_taken_back_with_one_verb():
    """Placing a chip is "setzen", removing it "zurücknehmen", on the table and in the help alike."""
    catalogue = translations("de")
    drifted = [
        text
        for strings in catalogue.values()
        for text in strings
        if re.search(r"wegnehm|\bnimmt \w+(?: \w+)? weg\b", text)
    ]
    assert drifted == []


def test_polish_kiosk_is_never_an_automat():
    """The kiosk is "kiosk" on every Polish screen, never a slot machine ("automat")."""
    catalogue = translations("pl")
    slot_machine = re.compile(r"\b[Aa]utoma(?:t|tu|tem|cie|ty|tów|tach|tami|towi)\b")
    drifted = [text for strings in catalogue.values() for text in strings if slot_machine.search(text)]
    assert drifted == []


@pytest.mark.parametrize(("language", "rejected"), [("de", r"Unstimmigkeit"), ("pl", r"[Nn]iezgodno")])
def test_a_discrepancy_has_one_name(language, rejected):
    """The hall console and the meters' help name a discrepancy alike: Abweichung, rozbieżność."""
    catalogue = translations(language)
    drifted = [text for strings in catalogue.values() for text in strings if re.search(rejected, text)]
    assert drifted == []


def test_redeeming_a_voucher_is_not_cashing_out():
    """Redeeming loads a voucher's credits onto a kiosk. Italian never calls it "incassare" (the
    player's cash-out), French never "encaisser" (the COLLECT button, ENCAISSER)."""
    for language, cashing in (("it", r"(?i)incass"), ("fr", r"(?i)encaiss")):
        redeeming = [
            text
            for (_context, msgid), strings in translations(language).items()
            if re.search(r"(?i)redeem", msgid)
            for text in strings
        ]
        assert len(redeeming) >= 4
        assert [text for text in redeeming if re.search(cashing, text)] == [], language
