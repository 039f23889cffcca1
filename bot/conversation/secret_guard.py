"""The chat's name for the secret guard, which lives in :mod:`memory_core.secrets`.

The guard runs inside every write of the store; the bot imports it from here only to refuse
a message early, with the kind of secret named, before anything is looked up.
"""

from __future__ import annotations

from memory_core.secrets import (
    BLOB_REASONS,
    REASON_API_KEY,
    REASON_CARD_NUMBER,
    REASON_CODE_BLOCK,
    REASON_HIGH_ENTROPY,
    REASON_IBAN,
    REASON_JWT,
    REASON_PASSWORD,
    REASON_PASTED_TEXT,
    REASON_PIN,
    REASON_PRIVATE_KEY,
    REASON_SECRET,
    REASON_SECRET_WORD,
    REASON_SEED_PHRASE,
    REASON_TELEGRAM_TOKEN,
    REASON_TOO_LONG,
    REASON_TRANSCRIPT,
    REASON_URL_PASSWORD,
    REASONS,
    SECRET_REASONS,
    check_observation,
    describe,
    find_secret,
    kind_name,
)

__all__ = [
    "BLOB_REASONS",
    "REASONS",
    "REASON_API_KEY",
    "REASON_CARD_NUMBER",
    "REASON_CODE_BLOCK",
    "REASON_HIGH_ENTROPY",
    "REASON_IBAN",
    "REASON_JWT",
    "REASON_PASSWORD",
    "REASON_PASTED_TEXT",
    "REASON_PIN",
    "REASON_PRIVATE_KEY",
    "REASON_SECRET",
    "REASON_SECRET_WORD",
    "REASON_SEED_PHRASE",
    "REASON_TELEGRAM_TOKEN",
    "REASON_TOO_LONG",
    "REASON_TRANSCRIPT",
    "REASON_URL_PASSWORD",
    "SECRET_REASONS",
    "check_observation",
    "describe",
    "find_secret",
    "kind_name",
]
