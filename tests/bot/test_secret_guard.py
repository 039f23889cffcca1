"""The secret guard: what is refused from memory, with which reason, and what passes.

Fake secrets are assembled at run time from parts and a seeded generator, so that no literal
credential-shaped string sits in the repository for scanners to flag.
"""

from __future__ import annotations

import random
import string

import pytest

from memory_core.secrets import (
    REASON_API_KEY,
    REASON_CARD_NUMBER,
    REASON_CODE_BLOCK,
    REASON_HIGH_ENTROPY,
    REASON_JWT,
    REASON_PASSWORD,
    REASON_PASTED_TEXT,
    REASON_PIN,
    REASON_PRIVATE_KEY,
    REASON_TELEGRAM_TOKEN,
    REASON_TOO_LONG,
    REASON_TRANSCRIPT,
    REASON_URL_PASSWORD,
    REASONS,
    check_observation,
    find_secret,
)

_rng = random.Random(20251228)
ALNUM = string.ascii_letters + string.digits
URLSAFE = ALNUM + "_-"


def rand(n: int, alphabet: str = ALNUM) -> str:
    """A random string that always mixes upper case, lower case and digits."""
    body = "".join(_rng.choice(alphabet) for _ in range(n - 3))
    return body + "aZ7"


def luhn_complete(prefix: str, length: int = 16) -> str:
    """Append random digits and a Luhn check digit to ``prefix``."""
    digits = prefix + "".join(_rng.choice(string.digits) for _ in range(length - len(prefix) - 1))
    total = 0
    for index, char in enumerate(reversed(digits)):
        digit = int(char)
        if index % 2 == 0:
            digit *= 2
            digit -= 9 if digit > 9 else 0
        total += digit
    return digits + str((10 - total % 10) % 10)


def break_luhn(number: str) -> str:
    return number[:-1] + str((int(number[-1]) + 1) % 10)


def b64url(n: int) -> str:
    return rand(n, URLSAFE)


BOT_TOKEN = "7123456789" + ":" + "AAH" + rand(32, URLSAFE)
CARD = luhn_complete("4")  # a Visa-shaped number that passes Luhn
CARD_SPACED = " ".join(CARD[i : i + 4] for i in range(0, 16, 4))
MIR = luhn_complete("2200")
MIR_DASHED = "-".join(MIR[i : i + 4] for i in range(0, 16, 4))

SECRETS: list[tuple[str, str, str]] = [
    # (id, text, expected reason)
    ("telegram-token-alone", BOT_TOKEN, REASON_TELEGRAM_TOKEN),
    (
        "telegram-token-in-a-sentence",
        f"запомни токен бота {BOT_TOKEN} пожалуйста",
        REASON_TELEGRAM_TOKEN,
    ),
    ("telegram-token-after-equals", f"TELEGRAM_BOT_TOKEN={BOT_TOKEN}", REASON_TELEGRAM_TOKEN),
    ("openai-legacy", "key " + "sk-" + rand(48), REASON_API_KEY),
    ("openai-project", "sk-" + "proj-" + b64url(64), REASON_API_KEY),
    ("anthropic", "remember " + "sk-" + "ant-" + "api03-" + b64url(80), REASON_API_KEY),
    ("github-classic", "token ghp" + "_" + rand(36), REASON_API_KEY),
    ("github-oauth", "gho" + "_" + rand(36), REASON_API_KEY),
    ("github-server", "ghs" + "_" + rand(36), REASON_API_KEY),
    ("github-fine-grained", "github" + "_pat_" + rand(22) + "_" + rand(59), REASON_API_KEY),
    (
        "aws-access-key-id",
        "aws " + "AKIA" + rand(16, string.ascii_uppercase + string.digits).upper(),
        REASON_API_KEY,
    ),
    ("slack-bot", "xox" + "b-" + "1234567890-" + rand(24), REASON_API_KEY),
    ("slack-user", "xox" + "p-" + rand(30), REASON_API_KEY),
    ("google", "maps key AI" + "za" + b64url(35), REASON_API_KEY),
    ("stripe-secret", "sk" + "_live_" + rand(24), REASON_API_KEY),
    ("stripe-restricted", "rk" + "_live_" + rand(24), REASON_API_KEY),
    (
        "pem-rsa",
        "-----BEGIN RSA " + "PRIVATE KEY-----\nMIIEpAIBAAKCAQEA" + rand(40),
        REASON_PRIVATE_KEY,
    ),
    ("pem-openssh", "-----BEGIN OPENSSH " + "PRIVATE KEY-----", REASON_PRIVATE_KEY),
    ("pem-pkcs8", "key: -----BEGIN " + "PRIVATE KEY----- ...", REASON_PRIVATE_KEY),
    (
        "jwt",
        "session eyJ" + b64url(30) + ".eyJ" + b64url(60) + "." + b64url(43),
        REASON_JWT,
    ),
    (
        "url-with-password",
        "db is postgres://app:" + "s3cr3t" + "@db.internal:5432/app",
        REASON_URL_PASSWORD,
    ),
    (
        "https-basic-auth",
        "https://deploy:" + "Tr0ub4dor" + "@ci.example.com/hook",
        REASON_URL_PASSWORD,
    ),
    ("ru-password-for-mail", "пароль от почты: hunter2", REASON_PASSWORD),
    ("ru-password-dash", "пароль — qwerty", REASON_PASSWORD),
    ("ru-password-no-connector", "мой пароль hunter2", REASON_PASSWORD),
    ("en-password-is", "password is hunter2", REASON_PASSWORD),
    ("en-password-for-wifi", "the wifi password for the office is Tr0ub4dor", REASON_PASSWORD),
    ("env-style-password", "DB_PASSWORD=hunter2", REASON_PASSWORD),
    ("passphrase", "passphrase: purple-monkey-dishwasher", REASON_PASSWORD),
    ("passcode-with-letters", "passcode: abcdef", REASON_PASSWORD),
    ("ru-pin", "мой пин 1234", REASON_PIN),
    ("ru-pin-code-for-card", "пин-код от карты 9876", REASON_PIN),
    ("ru-sms-code", "код из смс 482913", REASON_PIN),
    ("ru-sms-code-spaced", "код из смс 482 913", REASON_PIN),
    ("cvv", "cvv 123", REASON_PIN),
    ("cvc-colon", "CVC: 321", REASON_PIN),
    ("en-pin-is", "my pin is 4321", REASON_PIN),
    ("en-verification-code", "verification code 775533", REASON_PIN),
    ("passcode-digits", "phone passcode 998877", REASON_PIN),
    ("card-plain", f"карта {CARD}", REASON_CARD_NUMBER),
    ("card-spaced", f"card {CARD_SPACED} exp 12/27", REASON_CARD_NUMBER),
    ("card-dashed-mir", f"мир {MIR_DASHED}", REASON_CARD_NUMBER),
    ("random-base64", "blob " + rand(40, ALNUM + "+/") + "==", REASON_HIGH_ENTROPY),
    ("random-urlsafe", "x " + b64url(32), REASON_HIGH_ENTROPY),
    ("random-in-query-string", "https://example.com/cb?key=" + rand(40), REASON_HIGH_ENTROPY),
]

NOT_SECRETS: list[tuple[str, str]] = [
    ("password-keyword-without-value", "запомни что пароль надо менять раз в год"),
    ("password-is-required", "password is required for login"),
    ("password-is-in-manager", "the password is in 1password"),
    ("password-masked", "password: ****"),
    ("password-ask-someone", "Пароль: спроси у Ивана"),
    ("passwords-plural-note", "пароли от всех сервисов в 1password"),
    ("password-policy-key", "pref: password_policy=strict"),
    ("pin-a-message", "pin the message 3 times"),
    ("pin-codes-note", "PIN codes should be 4 digits"),
    ("cvv-without-value", "CVV is on the back of the card"),
    ("error-code", "код ошибки 404"),
    ("sms-code-without-digits", "код из смс приходит с задержкой"),
    ("card-failing-luhn", f"order {break_luhn(CARD)}"),
    ("supergroup-chat-id", "ESO chat id = -1001234567890"),
    ("millisecond-timestamp", "ts 1735412345678"),
    # Numbers that pass Luhn but cannot be payment cards (cards start with 2-6).
    ("luhn-valid-timestamp", "ts " + luhn_complete("17354", 13)),
    ("luhn-valid-supergroup-id", "chat -" + luhn_complete("100", 13)),
    ("phone-number", "телефон +7 999 123-45-67"),
    ("date-and-time", "созвон 2025-12-28 12:30"),
    ("note-path", "pointer: notes/meetings/2025-12-28-eso-sync.md — ESO sync"),
    ("mixed-case-path", "see docs/Architecture/ESO-2025/Cursor-Pagination-Design.md"),
    ("mixed-case-low-entropy", "placeholder aaaaaaaaaaaaaaaaaaaaaaaaBBBBBBBB11111111"),
    ("git-commit", "fixed in da39a3ee5e6b4b0d3255bfef95601890afd80709"),
    ("uuid", "tenant 550e8400-e29b-41d4-a716-446655440000"),
    ("uuid-upper-case", "tenant 550E8400-E29B-41D4-A716-446655440000"),
    ("camel-case-identifier", "ThisIsAVeryLongCamelCaseIdentifierName"),
    ("snake-case-identifier", "test_scope_for_update_owner_dm_returns_owner_forever"),
    ("docs-link-with-document-id", "https://docs.google.com/document/d/" + rand(44) + "/edit"),
    ("short-telegram-like-pair", "ratio 123456:abc"),
    ("sk-word", "ask-me-anything sk-learn"),
    ("preference", "answer_format=1_screen"),
    ("person-fact", "Person:Иван Петров: role=тимлид ESO"),
    ("jira-key", "ESO-1234 cursor pagination"),
    ("plain-url", "https://example.com/path/to/page"),
    ("email", "ivan.petrov@example.com"),
]


@pytest.mark.parametrize(("text", "reason"), [pytest.param(t, r, id=i) for i, t, r in SECRETS])
def test_find_secret_names_the_category(text: str, reason: str) -> None:
    """Each kind of secret is caught and reported by its category."""
    assert find_secret(text) == reason


@pytest.mark.parametrize("text", [pytest.param(t, id=i) for i, t in NOT_SECRETS])
def test_find_secret_lets_ordinary_notes_through(text: str) -> None:
    """Notes about secrets, ids, paths, hashes and links are not secrets."""
    assert find_secret(text) is None


@pytest.mark.parametrize("text", [pytest.param(t, id=i) for i, t, _ in SECRETS])
def test_reason_never_contains_the_secret(text: str) -> None:
    """The result is a fixed category string, never a piece of the input."""
    assert find_secret(text) in REASONS


@pytest.mark.parametrize(("text", "reason"), [pytest.param(t, r, id=i) for i, t, r in SECRETS])
def test_check_observation_refuses_secrets(text: str, reason: str) -> None:
    """An observation holding a secret is refused with the secret's category."""
    assert check_observation(text) == reason


def test_secret_wins_over_length() -> None:
    """A long text with a secret reports the secret, the more important reason."""
    assert check_observation("x " * 300 + BOT_TOKEN) == REASON_TELEGRAM_TOKEN


def test_check_observation_limits_length() -> None:
    """Up to max_chars is fine; one more character is refused as too long."""
    assert check_observation("a" * 500) is None
    assert check_observation("a" * 501) == REASON_TOO_LONG
    assert check_observation("a" * 41, max_chars=40) == REASON_TOO_LONG


def test_check_observation_refuses_code_blocks() -> None:
    """Fenced code is a paste, not a fact."""
    assert check_observation("use this:\n```python\nprint(1)\n```") == REASON_CODE_BLOCK


def test_check_observation_refuses_many_lines() -> None:
    """More than eight line breaks is a pasted blob; eight is still fine."""
    assert check_observation("\n".join(f"item {i}" for i in range(10))) == REASON_PASTED_TEXT
    assert check_observation("\n".join(f"item {i}" for i in range(9))) is None


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("[12:01] Ivan: hi\n[12:02] Petr: hello", id="bracketed-times"),
        pytest.param("12:01 Ivan: hi\n12:02 Petr: hello", id="time-then-speaker"),
        pytest.param(
            "Иван Петров, [28.12.2025 12:01]\nпривет\nПётр, [28.12.2025 12:02]\nздорово",
            id="telegram-desktop-copy",
        ),
        pytest.param("Ivan: hi\nPetr: hello\nIvan: shall we?", id="speakers-take-turns"),
    ],
)
def test_check_observation_refuses_transcripts(text: str) -> None:
    """Chat logs are refused: memory keeps the decision, not the conversation."""
    assert check_observation(text) == REASON_TRANSCRIPT


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("answer_format=1_screen", id="preference"),
        pytest.param("role: lead\nteam: ESO", id="two-key-value-lines"),
        pytest.param("10:00 standup\n11:00 review", id="schedule"),
        pytest.param("всегда делай так: отвечай коротко", id="rule"),
        pytest.param("Person:Иван Петров: role=тимлид ESO", id="person-fact"),
    ],
)
def test_check_observation_accepts_facts(text: str) -> None:
    """Short facts, rules and small key-value notes are stored."""
    assert check_observation(text) is None


def test_reasons_are_distinct_short_strings() -> None:
    """Categories are unique, short, single-line English labels the bot can translate."""
    assert len(set(REASONS)) == len(REASONS)
    assert all(0 < len(r) <= 24 and "\n" not in r for r in REASONS)
