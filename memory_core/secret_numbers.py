"""Secrets recognised by their checksum or word list: card numbers, IBANs and seed phrases.

Each function reads the detector's normalised text (see :mod:`memory_core.secret_text`) and
answers yes or no; none returns the matched text.

* A card number passes the Luhn check, has 13 to 19 digits, starts with 2-6 (the payment
  networks) and is either one run of digits or groups in a card layout (4-4-4-4, 4-6-5, ...)
  joined by one kind of separator: space, ``-``, ``.``, ``/`` or ``_``. A number that follows
  a reference label (order, ticket, IMEI, ИНН, ...) is not a card unless a card word is near.
  Grouped in a 4-4-4-4 card layout next to a card word ("номер карты", "card", "exp"), it is
  a card whatever its checksum: a mistyped or test card is still one the owner did not mean
  to keep in the open.
* An IBAN has its country's exact length and passes the ISO 13616 mod-97 check.
* A seed phrase is a run of 12 or more English BIP-39 words (the list comes from the
  ``mnemonic`` package), or 6 or more of them after a seed-phrase label.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from mnemonic import Mnemonic

__all__ = ["bip39_words", "has_card_number", "has_iban", "has_seed_run", "is_seed_value"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Digits not glued to a word ("comment65004099") nor after "+" (a phone number).
_RUN_RE = re.compile(r"(?<![\w+])\d+(?:[ ./_-]\d+)*(?![^\W_])")
_GROUP_SEPARATOR_RE = re.compile(r"[ ./_-]")
# Group layouts of printed cards; the last group of a 4-4-4-4 card may be longer or shorter.
_CARD_LAYOUTS: Final = frozenset(
    {(4, 4, 4, 4), (4, 4, 4, 4, 3), (4, 4, 4, 4, 2), (4, 4, 4, 3), (4, 4, 4, 2), (4, 4, 4, 1),
     (4, 6, 5), (4, 6, 4), (4, 4, 5), (8, 8)}
)  # fmt: skip
_REFERENCE_WORDS: Final = _words(
    """order orders ticket tracking track invoice imei isbn ean upc sku barcode serial account
    phone tel tx txn transaction ref reference parcel shipment booking
    заказ заказа заказу тикет тикета заявка заявки трек трек-номер накладная накладной
    счёт счет счета счёта инн огрн огрнип снилс кпп бик окпо артикул штрихкод телефон тел
    посылка посылки отправление отправления бронь брони"""
)
_CARD_WORDS: Final = _words(
    """card cards visa mastercard maestro amex mir cvv cvc exp expires
    карта карты карту картой карте мир виза мастеркард срок"""
)
_WORD_RE = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)?")

# ISO 13616 lengths of the IBAN of each country that issues one.
_IBAN_LENGTHS: Final = {
    **dict.fromkeys(["NO"], 15),
    **dict.fromkeys(["BE"], 16),
    **dict.fromkeys(["DK", "FI", "FO", "GL", "NL"], 18),
    **dict.fromkeys(["MK", "SI"], 19),
    **dict.fromkeys(["AT", "BA", "EE", "KZ", "LT", "LU", "XK"], 20),
    **dict.fromkeys(["CH", "HR", "LI", "LV"], 21),
    **dict.fromkeys(["BG", "BH", "CR", "DE", "GB", "GE", "IE", "ME", "RS", "VA"], 22),
    **dict.fromkeys(["AE", "GI", "IL", "IQ", "TL"], 23),
    **dict.fromkeys(["AD", "CZ", "ES", "MD", "PK", "RO", "SA", "SE", "SK", "TN", "VG"], 24),
    **dict.fromkeys(["PT", "ST"], 25),
    **dict.fromkeys(["IS", "TR"], 26),
    **dict.fromkeys(["FR", "GR", "IT", "MC", "MR", "SM"], 27),
    **dict.fromkeys(["AL", "AZ", "BY", "CY", "DO", "GT", "HU", "LB", "PL", "SV"], 28),
    **dict.fromkeys(["BR", "EG", "PS", "QA", "UA"], 29),
    **dict.fromkeys(["JO", "KW", "MU"], 30),
    **dict.fromkeys(["MT", "SC"], 31),
    **dict.fromkeys(["LC"], 32),
    **dict.fromkeys(["RU"], 33),
}
_IBAN_START_RE = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{2})(\d{2})(?=[ -]?[A-Za-z0-9])")
_SEED_RUN: Final = 12
_SEED_AFTER_LABEL: Final = 6
_SEED_SPLIT_RE = re.compile(r"[ :=]+")
_NUMBERING_RE = re.compile(r"^(?:#?\d{1,2}[.):]?|[.,;:)(-]+)$")


def luhn_ok(digits: str) -> bool:
    """Whether a string of ASCII digits passes the Luhn check."""
    total = 0
    for index, char in enumerate(reversed(digits)):
        digit = int(char) * (2 if index % 2 else 1)
        total += digit - 9 if digit > 9 else digit
    return total % 10 == 0


def _is_card(digits: str) -> bool:
    return (
        13 <= len(digits) <= 19
        and digits[0] in "23456"
        and len(set(digits)) > 1
        and luhn_ok(digits)
    )


def _card_in_run(run: str, card_word: bool = False) -> bool:
    groups = _GROUP_SEPARATOR_RE.split(run)
    separators = _GROUP_SEPARATOR_RE.findall(run)
    # A run may join a card with a date or a code: try every stretch of whole groups that
    # uses one kind of separator.
    for start, first in enumerate(groups):
        if len(first) >= 13 and _is_card(first):
            return True
        for end in range(start + 2, len(groups) + 1):
            if len(set(separators[start : end - 1])) != 1:
                break
            layout = tuple(len(group) for group in groups[start:end])
            if layout == (8, 8) and separators[start] != " ":
                continue  # halves of a card split over two lines, not "12345678_87654321"
            if layout in _CARD_LAYOUTS and _is_card("".join(groups[start:end])):
                return True
            if card_word and layout[:4] == (4, 4, 4, 4) and first[0] in "23456":
                return True  # printed like a card beside a card word, checksum or not
    return False


def _words_before(text: str, position: int, count: int) -> list[str]:
    return [w.lower() for w in _WORD_RE.findall(text[max(0, position - 60) : position])][-count:]


def has_card_number(text: str) -> bool:
    """Whether the normalised ``text`` holds a payment card number (see the module doc)."""
    card_word: bool | None = None
    for match in _RUN_RE.finditer(text):
        run = match.group()
        if len(run) < 13:
            continue
        if card_word is None:
            card_word = any(w.lower() in _CARD_WORDS for w in _WORD_RE.findall(text))
        if not _card_in_run(run, card_word):
            continue
        if card_word or not _REFERENCE_WORDS.intersection(_words_before(text, match.start(), 3)):
            return True
    return False


def _iban_ok(compact: str) -> bool:
    rearranged = compact[4:] + compact[:4]
    number = "".join(str(int(char, 36)) for char in rearranged)
    return int(number) % 97 == 1


def has_iban(text: str) -> bool:
    """Whether the ``latin`` view holds an IBAN with a valid mod-97 checksum."""
    for match in _IBAN_START_RE.finditer(text):
        length = _IBAN_LENGTHS.get(match.group(1).upper())
        if length is None:
            continue
        compact = ""
        index = match.start()
        while index < len(text) and len(compact) < length:
            char = text[index]
            if char.isascii() and char.isalnum():
                compact += char.upper()
            elif char not in " -" or not compact:
                break
            index += 1
        boundary = index >= len(text) or not text[index].isalnum()
        # Account numbers are mostly digits (GB and NL put four letters first): "NO12 days
        # off work today" is words, whatever its checksum.
        mostly_digits = sum(c.isdigit() for c in compact[4:]) * 2 >= length - 4
        if len(compact) == length and boundary and mostly_digits and _iban_ok(compact):
            return True
    return False


@cache
def bip39_words() -> frozenset[str]:
    """The 2048 English BIP-39 words."""
    return frozenset(Mnemonic("english").wordlist)


def _seed_tokens(text: str) -> list[str | None]:
    """Each token (split at spaces, ``:`` and ``=``) as a lower-case word, ``""`` for
    numbering, None for others: ``Project:abandon ability ...`` starts with ``abandon``."""
    found: list[str | None] = []
    for token in _SEED_SPLIT_RE.split(text):
        core = token.strip(".,;:!?\"'«»()[]{}")
        if _NUMBERING_RE.match(token) or not core:
            found.append("")
        elif core.isascii() and core.isalpha():
            found.append(core.lower())
        else:
            found.append(None)
    return found


def has_seed_run(text: str) -> bool:
    """Whether the ``latin`` view holds 12 or more BIP-39 words in a row."""
    if text.count(" ") < _SEED_RUN - 1:
        return False  # fewer than 12 words
    words = bip39_words()
    run = 0
    for token in _seed_tokens(text):
        if token == "":
            continue
        run = run + 1 if token is not None and token in words else 0
        if run >= _SEED_RUN:
            return True
    return False


def is_seed_value(text: str) -> bool:
    """Whether the text right after a seed-phrase label starts with 6+ words, 80% BIP-39."""
    words = bip39_words()
    taken: list[str] = []
    for token in _seed_tokens(text):
        if token == "":
            continue
        if token is None or len(taken) == 24:
            break
        taken.append(token)
    known = sum(word in words for word in taken)
    return len(taken) >= _SEED_AFTER_LABEL and known >= 0.8 * len(taken)
