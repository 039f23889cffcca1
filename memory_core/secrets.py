"""The secret guard: tell whether a text holds a secret (or is a pasted blob), and what kind.

Memory keeps one-line facts, never credentials. :func:`find_secret` returns a *kind*, one of
the ``REASON_*`` strings, or None; it never returns, logs or echoes the matched text. Every
write of the store can call :func:`ensure_no_secret` on exactly what it would store.

The text is normalised first (:mod:`memory_core.secret_text`: NFKC, zero-width characters
dropped, look-alike letters folded, full-width digits made ASCII, line breaks joined), then:

* fixed shapes: PEM private keys, Telegram bot tokens, provider API keys, JWTs, links with a
  password;
* labelled values in English and Russian (:mod:`memory_core.secret_labels`): passwords, PINs
  and codes, tokens and keys, secret words, seed phrases, compound keys like ``DB_PASS=``;
* a login and its password side by side (:mod:`memory_core.secret_pairs`): ``user / Pa55!``;
* personal identifiers next to their document's label (:mod:`memory_core.secret_identifiers`):
  passport, national ID and social security numbers, SNILS, a person's INN, personal codes;
* checksums and word lists (:mod:`memory_core.secret_numbers`): card numbers by Luhn, IBANs
  by mod 97, runs of 12+ BIP-39 words;
* long random-looking strings.

Masked values (``password: ****``), sentences about secrets, hashes, UUIDs, Jira keys, dates,
phone, order and ticket numbers, a company's INN and a passport's expiry year are let through.
"""

from __future__ import annotations

import contextlib
import math
import re
from collections import Counter
from typing import Final

from memory_core.errors import SecretRefused
from memory_core.secret_identifiers import has_personal_identifier
from memory_core.secret_labels import find_labelled
from memory_core.secret_numbers import has_card_number, has_iban, has_seed_run
from memory_core.secret_pairs import has_login_pair
from memory_core.secret_text import views

__all__ = [
    "BLOB_REASONS",
    "FIELD_LINE",
    "FIELD_NAME",
    "FIELD_TYPE",
    "FIELD_VERB",
    "REASONS",
    "REASON_API_KEY",
    "REASON_CARD_NUMBER",
    "REASON_CODE_BLOCK",
    "REASON_HIGH_ENTROPY",
    "REASON_IBAN",
    "REASON_JWT",
    "REASON_PASSWORD",
    "REASON_PASTED_TEXT",
    "REASON_PERSONAL_ID",
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
    "ensure_no_secret",
    "find_secret",
    "kind_name",
]

REASON_TELEGRAM_TOKEN: Final = "telegram bot token"  # noqa: S105 - a kind's name
REASON_API_KEY: Final = "API key"
REASON_PRIVATE_KEY: Final = "private key"
REASON_JWT: Final = "JWT"
REASON_URL_PASSWORD: Final = "URL with a password"  # noqa: S105 - a kind's name
REASON_PASSWORD: Final = "password"  # noqa: S105 - a kind's name
REASON_PIN: Final = "PIN or code"
REASON_CARD_NUMBER: Final = "card number"
REASON_IBAN: Final = "IBAN"
REASON_PERSONAL_ID: Final = "personal ID number"
REASON_SEED_PHRASE: Final = "seed phrase"
REASON_SECRET_WORD: Final = "secret word"  # noqa: S105 - a kind's name
REASON_SECRET: Final = "secret value"  # noqa: S105 - a kind's name
REASON_HIGH_ENTROPY: Final = "high-entropy string"
REASON_TOO_LONG: Final = "too long"
REASON_TRANSCRIPT: Final = "chat transcript"
REASON_CODE_BLOCK: Final = "code block"
REASON_PASTED_TEXT: Final = "pasted text"

# kind: (English noun, Russian noun, English after "this looks like", Russian after "похоже на")
_NAMES: Final[dict[str, tuple[str, str, str, str]]] = {
    REASON_TELEGRAM_TOKEN: (
        "Telegram bot token",
        "токен Telegram-бота",
        "a Telegram bot token",
        "токен Telegram-бота",
    ),
    REASON_API_KEY: (
        "API key or token",
        "API-ключ или токен",
        "an API key or token",
        "API-ключ или токен",
    ),
    REASON_PRIVATE_KEY: ("private key", "закрытый ключ", "a private key", "закрытый ключ"),
    REASON_JWT: (
        "access token (JWT)",
        "токен доступа (JWT)",
        "an access token (JWT)",
        "токен доступа (JWT)",
    ),
    REASON_URL_PASSWORD: (
        "link with a password",
        "ссылка с паролем",
        "a link with a password",
        "ссылку с паролем",
    ),
    REASON_PASSWORD: ("password", "пароль", "a password", "пароль"),
    REASON_PIN: (
        "PIN or one-time code",
        "PIN-код или одноразовый код",
        "a PIN or one-time code",
        "PIN-код или одноразовый код",
    ),
    REASON_CARD_NUMBER: ("card number", "номер карты", "a card number", "номер карты"),
    REASON_IBAN: ("IBAN", "номер счёта IBAN", "an IBAN", "номер счёта IBAN"),
    REASON_PERSONAL_ID: (
        "passport or personal ID number",
        "номер паспорта или личный номер",
        "a passport or personal ID number",
        "номер паспорта или личный номер",
    ),
    REASON_SEED_PHRASE: ("seed phrase", "сид-фраза", "a seed phrase", "сид-фразу"),
    REASON_SECRET_WORD: ("secret word", "секретное слово", "a secret word", "секретное слово"),
    REASON_SECRET: ("secret value", "секретное значение", "a secret value", "секретное значение"),
    REASON_HIGH_ENTROPY: (
        "random secret-like string",
        "случайная строка, похожая на секрет",
        "a random secret-like string",
        "случайную строку, похожую на секрет",
    ),
    REASON_TOO_LONG: ("too long", "слишком длинно", "an over-long note", "слишком длинный текст"),
    REASON_TRANSCRIPT: ("chat transcript", "переписка", "a chat transcript", "переписку"),
    REASON_CODE_BLOCK: ("code block", "блок кода", "a code block", "блок кода"),
    REASON_PASTED_TEXT: ("pasted text", "вставленный текст", "pasted text", "вставленный текст"),
}
#: Every kind :func:`find_secret` can return.
SECRET_REASONS: Final = tuple(
    r
    for r in _NAMES
    if r not in {REASON_TOO_LONG, REASON_TRANSCRIPT, REASON_CODE_BLOCK, REASON_PASTED_TEXT}
)
#: The kinds only :func:`check_observation` adds: not secrets, but not one-line facts either.
BLOB_REASONS: Final = (REASON_TOO_LONG, REASON_TRANSCRIPT, REASON_CODE_BLOCK, REASON_PASTED_TEXT)
#: Every kind the two checks can return, for translation tables and their tests.
REASONS: Final = SECRET_REASONS + BLOB_REASONS

_FAMILY_REASONS: Final = {
    "password": REASON_PASSWORD,
    "secret_word": REASON_SECRET_WORD,
    "secret": REASON_SECRET,
    "token": REASON_API_KEY,
    "pin": REASON_PIN,
    "seed": REASON_SEED_PHRASE,
}

#: What a refused text was, as :class:`SecretRefused` names it.
FIELD_NAME: Final = "entity name"
FIELD_TYPE: Final = "entity type"
FIELD_LINE: Final = "observation"
FIELD_VERB: Final = "relation type"

# Texts found clean lately (entity types, names and lines met twice in one write: once when
# the write is checked, once when the storage layer checks what it inserts). Only clean
# texts are kept, never a secret; a bounded, insertion-ordered dict drops the oldest.
_CLEAN_MAX: Final = 16384
_CLEAN_LONGEST: Final = 512
_clean: dict[str, None] = {}

# --- fixed shapes (matched on the Latin view) -----------------------------------------------

# The leading dashes may be lost (the chat reads "remember -----BEGIN" as "remember - ...").
_PRIVATE_KEY_RE = re.compile(r"(?:-----)?BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")
_TELEGRAM_TOKEN_RE = re.compile(r"(?<!\d)\d{6,12}:[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])")
_API_KEY_RES: Final = tuple(
    re.compile(pattern)
    for pattern in (
        r"(?<![\w-])sk-ant-[A-Za-z0-9_-]{20,}",  # Anthropic
        r"(?<![\w-])sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}",  # OpenAI project/service keys
        r"(?<![\w-])sk-[A-Za-z0-9]{20,}",  # OpenAI legacy keys
        r"(?<!\w)gh[pousr]_[A-Za-z0-9]{30,}",  # GitHub tokens
        r"(?<!\w)github_pat_[A-Za-z0-9_]{22,}",  # GitHub fine-grained tokens
        r"(?<!\w)glpat-[A-Za-z0-9_-]{20,}",  # GitLab
        r"(?<![A-Za-z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])",  # AWS access key ids
        r"(?<!\w)xox[abprs]-[A-Za-z0-9-]{10,}",  # Slack
        r"(?<!\w)AIza[0-9A-Za-z_-]{35}",  # Google
        r"(?<!\w)(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}",  # Stripe
        r"(?<!\w)hf_[A-Za-z0-9]{30,}",  # Hugging Face
        r"(?<!\w)npm_[A-Za-z0-9]{36}",  # npm
        r"(?<!\w)pypi-AgE[A-Za-z0-9_-]{50,}",  # PyPI
        r"(?<!\w)SG\.[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}",  # SendGrid
        r"(?<!\w)y0_[A-Za-z0-9_-]{40,}",  # Yandex OAuth
        r"(?<!\w)shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}",  # Shopify
    )
)
_JWT_RE = re.compile(r"(?<![\w-])eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*")
_URL_PASSWORD_RE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s/:@]+:[^\s/@]+@")
_SHAPES: Final = (
    (_PRIVATE_KEY_RE, REASON_PRIVATE_KEY),
    (_TELEGRAM_TOKEN_RE, REASON_TELEGRAM_TOKEN),
    *((pattern, REASON_API_KEY) for pattern in _API_KEY_RES),
    (_JWT_RE, REASON_JWT),
    (_URL_PASSWORD_RE, REASON_URL_PASSWORD),
)
# All shapes at once: most texts match none, and one search tells.
_ANY_SHAPE_RE = re.compile("|".join(f"(?:{pattern.pattern})" for pattern, _ in _SHAPES))
# Every shape holds a run of 14+ key characters, "://" or "PRIVATE KEY": a text without any
# skips the slower search above.
_SHAPE_HINT_RE = re.compile(r"[A-Za-z0-9_.+-]{14,}|://|PRIVATE KEY")

# A stored line ends with "(as_of=2025-12-28, src=chat)": not part of what the user wrote.
_PROVENANCE_RE = re.compile(r"\s*\((?:as_of|src|conf)=[^()]*\)\s*$")

# --- random strings -------------------------------------------------------------------------

_CANDIDATE_TOKEN_RE = re.compile(r"[A-Za-z0-9+/=_-]{32,}")
_SEGMENT_SPLIT_RE = re.compile(r"[/_+=-]+")
# Scheme, host and path of a link: document ids in paths are not secrets (a query string is
# still checked, since "?token=..." is one).
_URL_PATH_RE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s?#]+")

# --- blobs ----------------------------------------------------------------------------------

_TIME = r"\d{1,2}:\d{2}(?::\d{2})?"
_DATE = r"\d{1,2}[./]\d{1,2}[./]\d{2,4}"
# "[12:01] ...", "[28.12.2025 12:01] ...", "12:01 Ivan: ..." and Telegram's copy format
# "Ivan Petrov, [28.12.2025 12:01]". A bare "10:00 standup" (a schedule) does not count.
_TIMESTAMP_LINE_RE = re.compile(
    rf"^\s*\[(?:{_DATE}[ ,]+)?{_TIME}\]"
    rf"|^\s*{_TIME}\s+[^\s:][^:\n]{{0,31}}:\s"
    rf"|,\s*\[{_DATE}[ ,]+{_TIME}\]\s*$",
    re.MULTILINE,
)
_SPEAKER_LINE_RE = re.compile(r"^\s*([^\s:][^:\n]{0,31}?):\s+\S", re.MULTILINE)
_MAX_LINES: Final = 8


def find_secret(text: str) -> str | None:
    """Tell whether a text holds a secret, and what kind.

    Args:
        text: Any text: a message, an observation line, an entity name or type.

    Returns:
        A kind from ``SECRET_REASONS`` (``"password"``, ``"card number"``, ``"API key"``...),
        or None when no secret was found. The secret itself is never returned.
    """
    if text in _clean:
        return None
    kind = _detect(text)
    if kind is None and len(text) <= _CLEAN_LONGEST:
        _clean[text] = None
        if len(_clean) > _CLEAN_MAX:
            with contextlib.suppress(RuntimeError, StopIteration, KeyError):
                del _clean[next(iter(_clean))]
    return kind


def _detect(text: str) -> str | None:
    view = views(_PROVENANCE_RE.sub("", text))
    if _SHAPE_HINT_RE.search(view.latin) and _ANY_SHAPE_RE.search(view.latin):
        return next(reason for pattern, reason in _SHAPES if pattern.search(view.latin))
    family = find_labelled(view.words)
    if family is not None:
        return _FAMILY_REASONS[family]
    if has_login_pair(view.words):
        return REASON_PASSWORD
    if has_personal_identifier(view.words):
        return REASON_PERSONAL_ID
    if has_iban(view.latin):
        return REASON_IBAN
    if has_card_number(view.words):
        return REASON_CARD_NUMBER
    if has_seed_run(view.latin):
        return REASON_SEED_PHRASE
    if _has_random_string(view.latin):
        return REASON_HIGH_ENTROPY
    return None


def ensure_no_secret(text: str, *, field: str = "text", entity: str | None = None) -> str:
    """Return ``text`` unchanged when it holds no secret; raise otherwise.

    Args:
        text: Exactly what would be stored (a normalised observation line, a name, a type).
        field: What the text is, for the error (``FIELD_NAME``, ``FIELD_LINE``...).
        entity: The entity a line or relation is for, named in the error (never pass a
            name that may itself be the secret).

    Raises:
        SecretRefused: carrying the kind, the field and the entity, never the text.
    """
    kind = find_secret(text)
    if kind is not None:
        raise SecretRefused(kind, field, entity)
    return text


def check_observation(text: str, *, max_chars: int = 500) -> str | None:
    """Tell whether a text may be stored as an observation, and if not, why.

    Args:
        text: The observation text the user asked to remember.
        max_chars: The longest text accepted.

    Returns:
        None when the text may be stored; otherwise a kind: a secret kind from
        :func:`find_secret`, else ``"too long"``, ``"code block"``, ``"chat transcript"`` or
        ``"pasted text"``.
    """
    secret = find_secret(text)
    if secret is not None:
        return secret
    if len(text) > max_chars:
        return REASON_TOO_LONG
    if "```" in text:
        return REASON_CODE_BLOCK
    if _looks_like_transcript(text):
        return REASON_TRANSCRIPT
    if text.strip().count("\n") > _MAX_LINES:
        return REASON_PASTED_TEXT
    return None


def kind_name(kind: str, lang: str) -> str:
    """The plain name of a kind in ``"en"`` or ``"ru"`` ("API key or token", "сид-фраза")."""
    en, ru, _, _ = _NAMES.get(kind, (kind, kind, kind, kind))
    return ru if lang == "ru" else en


def describe(kind: str, lang: str = "en") -> str:
    """A kind as it reads after "this looks like" / "похоже на": "an IBAN", "сид-фразу"."""
    _, _, en, ru = _NAMES.get(kind, (kind, kind, kind, kind))
    return ru if lang == "ru" else en


def _entropy(token: str) -> float:
    counts = Counter(token)
    size = len(token)
    return -sum(n / size * math.log2(n / size) for n in counts.values())


def _looks_random(token: str) -> bool:
    has_upper = any(c.isupper() for c in token)
    has_lower = any(c.islower() for c in token)
    has_digit = any(c.isdigit() for c in token)
    if not (has_upper and has_lower and has_digit):
        return False  # hex digests, UUIDs, slugs, plain words and numbers: never mixed case
    segments = [s for s in _SEGMENT_SPLIT_RE.split(token) if s]
    if all(s.isalpha() or s.isdigit() for s in segments):
        return False  # a path or slug made of words and numbers
    return _entropy(token) >= 3.5


def _has_random_string(text: str) -> bool:
    text = _URL_PATH_RE.sub(" ", text)
    return any(_looks_random(m.group()) for m in _CANDIDATE_TOKEN_RE.finditer(text))


def _looks_like_transcript(text: str) -> bool:
    if len(_TIMESTAMP_LINE_RE.findall(text)) >= 2:
        return True
    speakers = Counter(m.group(1).strip().lower() for m in _SPEAKER_LINE_RE.finditer(text))
    # A chat log has several "Name: ..." lines and someone speaks twice; "key: value" notes
    # rarely repeat a key.
    return sum(speakers.values()) >= 3 and len(speakers) >= 2 and max(speakers.values()) >= 2
