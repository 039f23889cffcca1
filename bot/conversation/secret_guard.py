"""Secret guard: refuse to store secrets, over-long notes and pasted blobs in memory.

Memory is for one-line facts and preferences, not for credentials or transcripts. Both
functions are pure and return a short English *reason category* (one of the ``REASON_*``
constants, which the bot translates) or ``None``; they never return or log the matched text.

What counts as a secret: Telegram bot tokens, common provider API keys (OpenAI, Anthropic,
GitHub, AWS, Slack, Google, Stripe), PEM private keys, JWTs, URLs with a password, a password,
PIN, one-time code or CVV *with its value* in Russian or English phrasing, card numbers that
pass the Luhn check, and long random-looking strings. Heuristics lean towards letting ordinary
notes through: hex digests (git commits), UUIDs, file paths and slugs are not secrets, and a
keyword without a value ("пароль надо менять раз в год") is fine.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Final

__all__ = [
    "REASONS",
    "REASON_API_KEY",
    "REASON_CARD_NUMBER",
    "REASON_CODE_BLOCK",
    "REASON_HIGH_ENTROPY",
    "REASON_JWT",
    "REASON_PASSWORD",
    "REASON_PASTED_TEXT",
    "REASON_PIN",
    "REASON_PRIVATE_KEY",
    "REASON_TELEGRAM_TOKEN",
    "REASON_TOO_LONG",
    "REASON_TRANSCRIPT",
    "REASON_URL_PASSWORD",
    "check_observation",
    "find_secret",
]

REASON_TELEGRAM_TOKEN: Final = "telegram bot token"  # noqa: S105 - a category name
REASON_API_KEY: Final = "API key"
REASON_PRIVATE_KEY: Final = "private key"
REASON_JWT: Final = "JWT"
REASON_URL_PASSWORD: Final = "URL with a password"  # noqa: S105 - a category name
REASON_PASSWORD: Final = "password"  # noqa: S105 - a category name
REASON_PIN: Final = "PIN or code"
REASON_CARD_NUMBER: Final = "card number"
REASON_HIGH_ENTROPY: Final = "high-entropy string"
REASON_TOO_LONG: Final = "too long"
REASON_TRANSCRIPT: Final = "chat transcript"
REASON_CODE_BLOCK: Final = "code block"
REASON_PASTED_TEXT: Final = "pasted text"

#: Every category the two functions can return, for translation tables and their tests.
REASONS: Final = (
    REASON_TELEGRAM_TOKEN,
    REASON_API_KEY,
    REASON_PRIVATE_KEY,
    REASON_JWT,
    REASON_URL_PASSWORD,
    REASON_PASSWORD,
    REASON_PIN,
    REASON_CARD_NUMBER,
    REASON_HIGH_ENTROPY,
    REASON_TOO_LONG,
    REASON_TRANSCRIPT,
    REASON_CODE_BLOCK,
    REASON_PASTED_TEXT,
)

# --- fixed-format secrets -------------------------------------------------------------------

_PRIVATE_KEY_RE = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")
_TELEGRAM_TOKEN_RE = re.compile(r"(?<![\d])\d{6,12}:[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])")
_API_KEY_RES: Final = tuple(
    re.compile(pattern)
    for pattern in (
        r"(?<![\w-])sk-ant-[A-Za-z0-9_-]{20,}",  # Anthropic
        r"(?<![\w-])sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}",  # OpenAI project/service keys
        r"(?<![\w-])sk-[A-Za-z0-9]{20,}",  # OpenAI legacy keys
        r"(?<![\w])gh[pousr]_[A-Za-z0-9]{30,}",  # GitHub tokens
        r"(?<![\w])github_pat_[A-Za-z0-9_]{22,}",  # GitHub fine-grained tokens
        r"(?<![A-Za-z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])",  # AWS access key ids
        r"(?<![\w])xox[abprs]-[A-Za-z0-9-]{10,}",  # Slack
        r"(?<![\w])AIza[0-9A-Za-z_-]{35}",  # Google
        r"(?<![\w])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}",  # Stripe
    )
)
_JWT_RE = re.compile(r"(?<![\w-])eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*")
_URL_PASSWORD_RE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s/:@]+:[^\s/@]+@")

# --- secrets announced by a keyword ---------------------------------------------------------

_NOT_LETTER = r"(?<![A-Za-zА-Яа-яЁё])"
_END_WORD = r"(?![A-Za-zА-Яа-яЁё])"
# "от почты", "for gmail", "to the wifi", "of my bank account": up to three words after a
# preposition, so that "пароль от почты: X" and "password for the wifi is X" are caught.
_QUALIFIER = (
    r"(?:\s+(?:от|для|к|на|у|в|for|to|of|on|at)\s+[^\s:=—–]+(?:\s+(?![-—–])[^\s:=—–]+){0,2}?)?"
)
# An explicit connector between keyword and value.
_CONNECTOR = r"\s*(?:[:=—–]|-(?=\s))\s*|\s+(?:is|was|are|это|был|была|будет)\s*[:—–-]?\s*"

_CREDENTIAL_WORD = (
    r"(?:passwords?|passwd|pwd|passphrase|passcode|парол(?:ь|я|ем|ю|и)|"
    r"кодов(?:ое|ым)\s+слов(?:о|а|ом))"
)
_PIN_WORD = (
    r"(?:pin(?:[- ]?code)?|cvv2?|cvc2?|otp|passcode|"
    r"(?:sms|verification|security|access|one[- ]time|2fa|auth|login|confirmation)[- ]code|"
    r"code\s+from\s+(?:the\s+)?(?:sms|text)|"
    r"пин(?:[- ]?код)?|пинкод|cvv[- ]?код|(?:смс|sms)[- ]?код|одноразов\w*\s+код|"
    r"код\s+(?:из|с|от|в)\s+(?:смс|sms|сообщения)|код\s+(?:подтверждения|доступа|от\s+\w+))"
)
_VALUE = r"(?P<value>[^\s,;]{3,})"
_DIGITS = r"(?P<digits>\d(?:[ -]?\d){2,7})(?![\d.,:/-]?\d)"

_PASSWORD_RE = re.compile(
    _NOT_LETTER + _CREDENTIAL_WORD + _END_WORD + _QUALIFIER + r"(?:" + _CONNECTOR + r")" + _VALUE,
    re.IGNORECASE,
)
# Without a connector the value must look like a password: letters and digits together.
_PASSWORD_BARE_RE = re.compile(
    _NOT_LETTER
    + _CREDENTIAL_WORD
    + _END_WORD
    + r"\s+(?P<value>(?=[^\s,;]*\d)(?=[^\s,;]*[A-Za-zА-Яа-яЁё])[^\s,;]{4,})",
    re.IGNORECASE,
)
_PIN_RE = re.compile(
    _NOT_LETTER + _PIN_WORD + _END_WORD + _QUALIFIER + r"(?:" + _CONNECTOR + r"|\s+)" + _DIGITS,
    re.IGNORECASE,
)
# Words that follow "password is ..." / "пароль: ..." in notes *about* passwords.
_NOT_A_VALUE_WORDS: Final = """
    required needed mandatory optional wrong incorrect correct invalid valid expired changed
    missing empty weak strong set reset stored saved secret same different long short too not
    the a an in on at for of to from still also now being managed rotated hidden unknown
    protected encrypted hashed generated sent shared known none null here there
    see ask check use look find get stored below above later
    надо нужно нужен нужна обязателен обязательно не неверный верный правильный неправильный
    слабый сильный тот такой же в на менять сменить поменять изменён изменен истёк истек пустой
    сохранён сохранен скрыт известен неизвестен общий один другой длинный короткий есть нет
    спроси спросить смотри см посмотри проверь там тут здесь ниже выше позже потом
"""
_NOT_A_VALUE: Final = frozenset(_NOT_A_VALUE_WORDS.split())
_MASKED_RE = re.compile(r"^[*•xX.#?_-]+$|^<[^>]*>$")

# --- card numbers and random strings --------------------------------------------------------

_DIGIT_RUN_RE = re.compile(r"(?<![\d.])\d{1,19}(?:[ -]\d{1,19})*(?![\d])")
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
    """Tell whether a text contains a secret, and what kind.

    Args:
        text: Any user text (a message, an observation to store).

    Returns:
        A short reason category such as ``"telegram bot token"``, ``"API key"`` or
        ``"password"`` (see ``REASONS``), or ``None`` when no secret was found. The secret itself
        is never returned.
    """
    if _PRIVATE_KEY_RE.search(text):
        return REASON_PRIVATE_KEY
    if _TELEGRAM_TOKEN_RE.search(text):
        return REASON_TELEGRAM_TOKEN
    if any(pattern.search(text) for pattern in _API_KEY_RES):
        return REASON_API_KEY
    if _JWT_RE.search(text):
        return REASON_JWT
    if _URL_PASSWORD_RE.search(text):
        return REASON_URL_PASSWORD
    if _has_pin(text):
        return REASON_PIN
    if _has_password(text):
        return REASON_PASSWORD
    if _has_card_number(text):
        return REASON_CARD_NUMBER
    if _has_random_string(text):
        return REASON_HIGH_ENTROPY
    return None


def check_observation(text: str, *, max_chars: int = 500) -> str | None:
    """Tell whether a text may be stored as an observation, and if not, why.

    Args:
        text: The observation text the user asked to remember.
        max_chars: The longest text accepted.

    Returns:
        ``None`` when the text may be stored; otherwise a reason category: a secret category
        from :func:`find_secret`, ``"too long"``, ``"code block"``, ``"chat transcript"`` or
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


def _is_value(value: str) -> bool:
    value = value.rstrip(".!?)»\"'")
    if len(value) < 3 or _MASKED_RE.match(value):
        return False
    return value.lower() not in _NOT_A_VALUE


def _has_password(text: str) -> bool:
    for pattern in (_PASSWORD_RE, _PASSWORD_BARE_RE):
        if any(_is_value(match["value"]) for match in pattern.finditer(text)):
            return True
    return False


def _has_pin(text: str) -> bool:
    return _PIN_RE.search(text) is not None


def _luhn_ok(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        digit = int(char)
        if index % 2 == 1:
            digit *= 2
            if digit > 9:
                digit -= 9
        total += digit
    return total % 10 == 0


def _is_card_number(digits: str) -> bool:
    # Payment cards start with 2-6 (Mir, Visa, Mastercard, Amex, JCB, UnionPay, Discover);
    # this keeps chat ids (-100...), timestamps and phone numbers out.
    return (
        13 <= len(digits) <= 19
        and digits[0] in "23456"
        and len(set(digits)) > 1
        and _luhn_ok(digits)
    )


def _has_card_number(text: str) -> bool:
    for run in _DIGIT_RUN_RE.finditer(text):
        groups = re.split(r"[ -]", run.group())
        # Try every contiguous span of groups: a run may join a card number with a date.
        for start in range(len(groups)):
            digits = ""
            for group in groups[start:]:
                digits += group
                if len(digits) > 19:
                    break
                if _is_card_number(digits):
                    return True
    return False


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
