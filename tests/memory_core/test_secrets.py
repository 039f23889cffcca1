"""The core secret guard: a table of secret phrasings that are refused with their kind, a table
of honest look-alikes that are stored, and disguises (zero-width characters, look-alike
letters, full-width digits) that change nothing.

Values are generated from a seeded generator (valid Luhn numbers and IBANs are computed here),
and credential-shaped literals are assembled from parts, so no real-looking secret sits in the
repository and the tables do not depend on a handful of fixed numbers.
"""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mnemonic import Mnemonic

from memory_core import InvalidInputError, SecretRefused
from memory_core.secret_text import normalise, views
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
    REASON_PERSONAL_ID,
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
    ensure_no_secret,
    find_secret,
    kind_name,
)

rng = random.Random(20260115)
LOWER = string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits


# --- value generators ---------------------------------------------------------------------


def pw() -> str:
    """A password with a capital, small letters, digits and a symbol."""
    body = "".join(rng.choice(LOWER) for _ in range(rng.randint(4, 7)))
    tail = "".join(rng.choice(string.digits) for _ in range(rng.randint(1, 3)))
    return rng.choice(string.ascii_uppercase) + body + tail + rng.choice("!#%&*")


def alnum_pw() -> str:
    """Letters and digits only, like ``hunter2``."""
    return "".join(rng.choice(LOWER) for _ in range(6)) + str(rng.randint(1, 99))


def latin_word() -> str:
    """A made-up lower-case word (syllables), never ending like -ed, -ing or -ly."""
    syllables = ["ka", "ro", "mi", "zu", "te", "vo", "ba", "qu", "ri", "xo"]
    return "".join(rng.choice(syllables) for _ in range(3)) + rng.choice("rkmtz")


def cyr_word() -> str:
    return rng.choice(
        ["ромашка", "барсик", "апельсин", "медведь", "черепаха", "гитара", "пингвин", "самовар"]
    )


def digits(n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def hexs(n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n - 2)) + "7e"


def tok(n: int = 32) -> str:
    """A random token that always mixes upper case, lower case and digits."""
    return "".join(rng.choice(ALNUM) for _ in range(n - 3)) + "aZ7"


def luhn_complete(prefix: str, length: int = 16) -> str:
    """Append random digits and a Luhn check digit to ``prefix``."""
    body = prefix + digits(length - len(prefix) - 1)
    total = 0
    for index, char in enumerate(reversed(body)):
        digit = int(char) * (1 if index % 2 else 2)
        total += digit - 9 if digit > 9 else digit
    return body + str((10 - total % 10) % 10)


def grouped(value: str, sizes: tuple[int, ...], sep: str) -> str:
    parts, start = [], 0
    for size in sizes:
        parts.append(value[start : start + size])
        start += size
    return sep.join(parts)


def iban(country: str, length: int) -> str:
    """A valid IBAN: random digits for the account, check digits by ISO 7064 mod 97-10."""
    bban = digits(length - 4)
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    return f"{country}{98 - int(numeric) % 97:02d}{bban}"


def spaced(value: str) -> str:
    return " ".join(value[i : i + 4] for i in range(0, len(value), 4))


def seed(words: int = 12) -> str:
    return Mnemonic("english").to_mnemonic(rng.randbytes(words * 4 // 3))


def fullwidth(text: str) -> str:
    return "".join(chr(ord(c) - ord("0") + 0xFF10) if "0" <= c <= "9" else c for c in text)


def card16(prefix: str = "4") -> str:
    return luhn_complete(prefix)


def break_check(value: str, index: int) -> str:
    """Change one digit, so that a checksum no longer holds."""
    chars = list(value)
    chars[index] = str((int(chars[index]) + 1) % 10)
    return "".join(chars)


# --- the tables -----------------------------------------------------------------------------

SECRETS: list[tuple[str, str, str]] = []


def secret(ident: str, text: str, kind: str) -> None:
    SECRETS.append((ident, text, kind))


P = REASON_PASSWORD
# English passwords.
secret("en-colon", f"password: {pw()}", P)
secret("en-equals", f"password={pw()}", P)
secret("en-is", f"password is {alnum_pw()}", P)
secret("en-my-bare", f"my password {alnum_pw()}", P)
secret("en-dash", f"Password - {pw()}", P)
secret("en-for-the-wifi", f"the wifi password for the office is {pw()}", P)
secret("en-gmail-pass", f"gmail pass: {pw()}", P)
secret("en-remember-vpn-pass", f"remember vpn pass: {pw()}", P)
secret("en-vpn-pass-equals", f"vpn pass = {alnum_pw()}", P)
secret("en-pwd-colon", f"pwd: {pw()}", P)
secret("en-pwd-bare", f"pwd {alnum_pw()}", P)
secret("en-passwd", f"passwd={pw()}", P)
secret("en-passphrase", f"passphrase: {latin_word()}-{latin_word()}-{latin_word()}", P)
secret("en-login-password-letters", f"login admin password {latin_word()}", P)
secret("en-letters-colon", f"password: {latin_word()}", P)
secret("en-letters-is", f"my password is {latin_word()}", P)
secret("env-db-password", f"DB_PASSWORD={pw()}", P)
secret("snake-db-password", f"db_password: {alnum_pw()}", P)
secret("joined-dbpassword", f"dbpassword={alnum_pw()}", P)
secret("env-db-pass", f"DB_PASS={pw()}", P)
secret("camel-password-gmail", f"passwordGmail={pw()}", P)
secret("camel-wifi-password", f"wifiPassword: {alnum_pw()}", P)
secret("snake-mysql-pwd", f"mysql_pwd={alnum_pw()}", P)
secret("env-root-passwd", f"ROOT_PASSWD={pw()}", P)
secret("json-password", '{"password": "' + pw() + '"}', P)
secret("en-for-bank-account", f"password for my bank account: {pw()}", P)
secret("en-to-the-router-letters", f"the password to the router is {latin_word()}", P)
secret("en-value-first", f"{pw()} is my password", P)
secret("en-app-password", f"app password for gmail: {alnum_pw()}", P)
secret("en-passcode-letters", f"passcode: {latin_word()}", P)
secret("en-glued", f"password:{alnum_pw()}", P)
secret("en-after-comma", f"wifi: guest network, password {pw()}", P)
secret("en-new-password", f"new password {alnum_pw()}", P)
secret("en-for-an-email", f"Password for ivan@example.com is {pw()}", P)
secret("en-changed-to", f"changed my password to {pw()}", P)
secret("en-digits", f"password: {digits(6)}", P)
secret("en-wifi-password-bare", f"wifi password {alnum_pw()}", P)
secret("en-passwords-plural", f"passwords: {pw()} and {pw()}", P)
# Russian passwords, Russian word order too.
secret("ru-from-mail", f"пароль от почты {alnum_pw()}", P)
secret("ru-from-mail-colon", f"пароль от почты: {pw()}", P)
secret("ru-vpn-bare", f"пароль vpn {pw()}", P)
secret("ru-login-password-admin", "логин admin пароль admin", P)
secret("ru-login-password-word", f"логин {latin_word()} пароль {latin_word()}", P)
secret("ru-colon-letters", f"пароль: {latin_word()}", P)
secret("ru-dash-letters", f"пароль — {latin_word()}", P)
secret("ru-my", f"мой пароль {alnum_pw()}", P)
secret("ru-latin-bare", f"пароль {latin_word()}", P)
secret("ru-wifi-colon", f"пароль от wifi: {pw()}", P)
secret("ru-to-enter-the-bank", f"пароль для входа в банк {pw()}", P)
secret("ru-from-mail-letters", f"пароль от почты {latin_word()}", P)
secret("ru-equals", f"пароль = {pw()}", P)
secret("ru-eto", f"пароль это {pw()}", P)
secret("ru-value-first-dash", f"{pw()} — мой пароль", P)
secret("ru-value-first-eto", f"{alnum_pw()} это пароль от вайфая", P)
secret("ru-cyrillic-word", f"пароль: {cyr_word()}", P)
secret("ru-instrumental", f"зашёл с паролем {pw()}", P)
secret("ru-gosuslugi", f"пароль от госуслуг {alnum_pw()}", P)
secret("ru-to-router-letters", f"пароль к роутеру: {latin_word()}", P)
secret("ru-wi-fi-dash", f"Пароль от Wi-Fi — {pw()}", P)
secret("ru-login-slash-password", f"логин/пароль: admin/{alnum_pw()}", P)
secret("ru-changed-to", f"сменил пароль на {pw()}", P)
secret("ru-digits", f"пароль {digits(6)}", P)
secret("ru-caps", f"ПАРОЛЬ: {pw()}", P)
secret("ru-genitive-service", f"пароль от личного кабинета {pw()}", P)
secret("ru-remember", f"запомни пароль от роутера {alnum_pw()}", P)
# Secret words.
W = REASON_SECRET_WORD
secret("ru-secret-word-bank", f"секретное слово для банка: {cyr_word()}", W)
secret("ru-code-word-dash", f"кодовое слово — {cyr_word()}", W)
secret("ru-code-word-in-bank", f"кодовое слово в банке: {cyr_word()}", W)
secret("en-secret-word", f"secret word: {latin_word()}", W)
secret("ru-control-word-latin", f"контрольное слово {latin_word()}", W)
secret("en-security-answer", f"security answer: {latin_word()}", W)
# PINs and codes.
N = REASON_PIN
secret("ru-pin-code-of-card", f"пин-код карты {digits(4)}", N)
secret("ru-pin", f"пин {digits(4)}", N)
secret("ru-my-pin", f"мой пин {digits(4)}", N)
secret("ru-pin-from-card", f"пин от карты {digits(4)}", N)
secret("en-pin-colon", f"PIN: {digits(4)}", N)
secret("en-pin-code", f"pin code {digits(4)}", N)
secret("en-my-pin-is", f"my pin is {digits(4)}", N)
secret("ru-pin-code-dash", f"ПИН-код — {digits(4)}", N)
secret("ru-pincode", f"пинкод {digits(4)}", N)
secret("en-cvv", f"cvv {digits(3)}", N)
secret("en-cvc-colon", f"CVC: {digits(3)}", N)
secret("en-cvv2", f"cvv2 {digits(3)}", N)
secret("ru-code-cvv", f"код cvv {digits(3)}", N)
secret("ru-code-bare", f"код {digits(4)}", N)
secret("ru-code-colon", f"код: {digits(6)}", N)
secret("ru-code-from-sms", f"код из смс {digits(6)}", N)
secret("ru-code-from-sms-spaced", f"код из смс {digits(3)} {digits(3)}", N)
secret("ru-confirmation-code", f"код подтверждения {digits(6)}", N)
secret("ru-intercom-code", f"код домофона {digits(4)}", N)
secret("ru-door-code", f"код от двери {digits(4)}", N)
secret("ru-one-time-code", f"одноразовый код {digits(6)}", N)
secret("en-verification-code", f"verification code {digits(6)}", N)
secret("en-sms-code", f"sms code: {digits(6)}", N)
secret("en-door-code-is", f"door code is {digits(4)}", N)
secret("en-gate-code", f"gate code {digits(4)}", N)
secret("en-2fa-code", f"2fa code {digits(6)}", N)
secret("en-otp", f"otp {digits(6)}", N)
secret("en-passcode-digits", f"phone passcode {digits(6)}", N)
secret("snake-pin-code", f"pin_code={digits(4)}", N)
secret("ru-access-code", f"код доступа: {digits(6)}", N)
secret("ru-sms-code-hyphen", f"смс-код {digits(6)}", N)
secret("en-code-from-sms", f"code from sms: {digits(6)}", N)
secret("ru-pin-of-phone", f"пин-код от телефона: {digits(4)}", N)
secret("en-pin-for-visa", f"pin for my visa {digits(4)}", N)
secret("ru-pin-changed-to", f"поменял пин на {digits(4)}", N)
secret("ru-pin-dashed", f"пин {digits(2)}-{digits(2)}", N)
# Tokens, keys and secrets announced by a label.
K = REASON_API_KEY
secret("en-token-hex", f"token: {hexs(32)}", K)
secret("en-token-bare-hex", f"token {hexs(40)}", K)
secret("en-api-key-equals", f"api key = {hexs(16)}", K)
secret("en-api-key-colon", f"API key: {tok()}", K)
secret("snake-api-key", f"api_key={tok()}", K)
secret("camel-api-key", f"apiKey: {tok(24)}", K)
secret("snake-client-secret", f"client_secret={tok(24)}", K)
secret("ru-bot-token", f"токен бота: {tok(40)}", K)
secret("ru-token-hex", f"токен: {hexs(40)}", K)
secret("ru-key-api", f"ключ api: {tok()}", K)
secret("ru-api-key-hyphen", f"api-ключ {tok()}", K)
secret("ru-key-hex", f"ключ: {hexs(32)}", K)
secret("ru-secret-key", f"секретный ключ {tok()}", K)
secret("en-access-token", f"access token = {tok()}", K)
secret("env-access-token", f"ACCESS_TOKEN={tok()}", K)
secret("en-bearer", f"Authorization: Bearer {tok(40)}", K)
secret("en-app-secret", f"app secret {tok()}", K)
secret("env-aws-secret", f"aws_secret_access_key = {tok(40)}", K)
secret("ru-access-token", f"токен доступа {tok()}", K)
secret("snake-refresh-token", f"refresh_token: {tok()}", K)
secret("kebab-api-key", f"x-api-key: {tok()}", K)
secret("ru-access-key", f"ключ доступа: {tok()}", K)
secret("en-api-secret", f"api secret {tok()}", K)
secret("en-webhook-secret", f"webhook secret = {tok()}", K)
secret("en-license-key", f"license key {tok(5).upper()}-{digits(5)}-{tok(5).upper()}", K)
secret("ru-token-value-first", f"{tok()} — токен от github", K)
secret("env-telegram-token-name", f"BOT_TOKEN={hexs(24)}", K)
secret("en-token-uuid", "token: 4f1c2b7e-9a3d-4e21-8b5f-0c6d7e8f9a1b", K)
secret("en-secret-value", f"secret: {tok(20)}", REASON_SECRET)
secret("ru-secret-value", f"секрет: {pw()}", REASON_SECRET)
# Fixed shapes.
BOT_TOKEN = digits(10) + ":" + "AAH" + tok(32).replace("-", "_")
secret("telegram-token", BOT_TOKEN, REASON_TELEGRAM_TOKEN)
secret(
    "telegram-token-in-sentence",
    f"запомни токен бота {BOT_TOKEN} пожалуйста",
    REASON_TELEGRAM_TOKEN,
)
secret("openai-legacy", "key " + "sk-" + tok(48), K)
secret("openai-project", "sk-" + "proj-" + tok(64), K)
secret("anthropic", "sk-" + "ant-" + "api03-" + tok(80), K)
secret("github-classic", "ghp" + "_" + tok(36), K)
secret("github-fine-grained", "github" + "_pat_" + tok(22) + "_" + tok(59), K)
secret("gitlab", "glpat" + "-" + tok(20), K)
secret("aws-key-id", "AKIA" + "".join(rng.choice(string.ascii_uppercase) for _ in range(16)), K)
secret("slack", "xox" + "b-" + digits(10) + "-" + tok(24), K)
secret("google", "maps key AI" + "za" + tok(35), K)
secret("stripe", "sk" + "_live_" + tok(24), K)
secret("hugging-face", "hf" + "_" + tok(34), K)
secret("jwt", "eyJ" + tok(20) + ".eyJ" + tok(40) + "." + tok(43), REASON_JWT)
secret("pem-rsa", "-----BEGIN RSA " + "PRIVATE KEY-----\nMIIEpA" + tok(40), REASON_PRIVATE_KEY)
secret("pem-openssh", "-----BEGIN OPENSSH " + "PRIVATE KEY-----", REASON_PRIVATE_KEY)
secret(
    "url-password",
    "db is postgres://app:" + alnum_pw() + "@db.internal:5432/app",
    REASON_URL_PASSWORD,
)
secret("high-entropy", "x " + tok(40), REASON_HIGH_ENTROPY)
# Card numbers: every network prefix, every separator, disguised digits.
C = REASON_CARD_NUMBER
secret("card-plain", f"карта {card16()}", C)
secret("card-spaced", f"card {grouped(card16('5'), (4, 4, 4, 4), ' ')}", C)
secret("card-dashed-mir", f"мир {grouped(card16('2200'), (4, 4, 4, 4), '-')}", C)
secret("card-dots", f"карта {grouped(card16(), (4, 4, 4, 4), '.')}", C)
secret("card-slashes", f"card {grouped(card16('5'), (4, 4, 4, 4), '/')}", C)
secret("card-underscores", f"карта {grouped(card16(), (4, 4, 4, 4), '_')}", C)
secret("card-fullwidth", f"карта {fullwidth(grouped(card16(), (4, 4, 4, 4), ' '))}", C)
secret("card-fullwidth-joined", fullwidth(card16("5")), C)
TWO_LINES = grouped(card16(), (4, 4, 4, 4), " ")
secret("card-two-lines", f"card {TWO_LINES[:9]}\n{TWO_LINES[10:]}", C)
secret("card-amex", f"amex {grouped(luhn_complete('37', 15), (4, 6, 5), ' ')}", C)
secret("card-expiry", f"card {grouped(card16(), (4, 4, 4, 4), ' ')} exp 12/27", C)
secret("card-label", f"номер карты: {card16('2')}", C)
secret("card-zero-width", "карта " + "\u200b".join(card16()), C)
secret("card-19-digits", f"карта {luhn_complete('6', 19)}", C)
secret("card-order-word-but-card", f"оплатил заказ картой {card16()}", C)
# IBANs.
IB = REASON_IBAN
secret("iban-de-spaced", f"IBAN {spaced(iban('DE', 22))}", IB)
secret("iban-gb-colon", f"iban: {iban('GB', 22)}", IB)
secret("iban-fr-account", f"счёт {spaced(iban('FR', 27))}", IB)
secret("iban-nl-compact", f"my iban is {iban('NL', 18)}", IB)
secret("iban-lower", f"iban {spaced(iban('ES', 24)).lower()}", IB)
secret("iban-kz", f"реквизиты: {spaced(iban('KZ', 20))}", IB)
secret("iban-alone", iban("CH", 21), IB)
secret("iban-ru", f"IBAN {spaced(iban('RU', 33))}", IB)
# Seed phrases.
S = REASON_SEED_PHRASE
secret("seed-12-bare", seed(12), S)
secret("seed-24-bare", seed(24), S)
secret("seed-numbered", " ".join(f"{i}. {w}" for i, w in enumerate(seed().split(), 1)), S)
secret("seed-commas", ", ".join(seed().split()), S)
secret("seed-phrase-label", f"seed phrase: {seed()}", S)
secret("seed-ru-label", f"сид-фраза: {seed()}", S)
secret("seed-mnemonic-ru", f"мнемоника: {seed()}", S)
secret("seed-recovery-dash", f"recovery phrase - {seed()}", S)
secret("seed-label-six-words", f"seed: {' '.join(seed().split()[:6])}", S)
secret("seed-restore-ru", f"фраза восстановления {seed()}", S)
secret("seed-two-lines", seed(12).replace(" ", "\n", 1), S)
# Disguises written out.
secret("zero-width-in-password", f"pass\u200bword: {pw()}", P)
secret("cyrillic-in-password", f"\u0440\u0430ssword: {alnum_pw()}", P)
secret("latin-in-parol", f"п\u0061р\u006fль: {latin_word()}", P)
secret("fullwidth-password", f"ｐａｓｓｗｏｒｄ: {pw()}", P)
secret("soft-hyphen", f"p\u00adassword={pw()}", P)
secret("fullwidth-pin", f"пин {fullwidth(digits(4))}", N)
secret("word-joiner", f"ПАРОЛЬ\u2060: {pw()}", P)
secret("cyrillic-token-label", f"t\u043eken: {hexs(32)}", K)
secret("newline-after-label", f"пароль от почты:\n{alnum_pw()}", P)
# More phrasings, in other words.
secret("ru-slang-pass", f"пасс от почты: {alnum_pw()}", P)
secret(
    "ru-instagram-name-year",
    f"пароль от инстаграма {latin_word().title()}{rng.randint(1950, 2010)}",
    P,
)
secret("ru-login-comma-password", f"Логин: ivan, пароль: {latin_word()}", P)
secret("en-user-pass-pairs", f"user=admin pass={alnum_pw()}", P)
secret("ru-hearsay", f"Коля сказал что пароль от wifi {digits(8)}", P)
secret("en-gate-code-for", f"the code for the gate is {digits(4)}", N)
secret("ru-safe-code-colon", f"код от сейфа: {digits(4)}", N)
secret("ru-code-word-name", f"кодовое слово {cyr_word().title()}", W)
secret("env-django-secret-key", f'SECRET_KEY = "django-insecure-{alnum_pw()}{tok(12)}"', K)
secret("seed-backup-label", f"backup phrase: {' '.join(seed().split()[:8])}", S)

# Personal identifiers and network keys, written as people write them. A generator of their
# own, so that the rows above keep their values.
ids = random.Random(20260312)


def num(n: int) -> str:
    return "".join(ids.choice(string.digits) for _ in range(n))


ID = REASON_PERSONAL_ID
secret("en-passport-of-person", f"Milan's passport number is {num(9)}, valid till 2030", ID)
secret("en-passport-no-letters", f"my passport no. KX{num(7)}", ID)
secret("en-passport-colon", f"passport: {num(2)} {num(7)}", ID)
secret("en-national-id", f"her national ID number is {num(10)}", ID)
secret("en-ssn-groups", f"Dave's SSN is {num(3)}-{num(2)}-{num(4)}", ID)
secret("en-social-security", f"social security number {num(9)}", ID)
secret("en-personal-code", f"Ruta's personal code: {num(11)}", ID)
secret("en-asmens-kodas", f"asmens kodas {num(11)}", ID)
secret("en-pesel", f"Kasia's PESEL is {num(11)}", ID)
secret("en-driver-licence", f"driver's licence number B{num(7)}", ID)
secret("en-id-card-no", f"ID card no. {num(8)}", ID)
secret("en-passport-value-first", f"ZT{num(7)} is my passport", ID)
secret("ru-passport-series", f"паспорт Гоши {num(4)} {num(6)}, выдан в 2018", ID)
secret("ru-passport-number-of", f"номер паспорта у тёщи {num(2)} {num(2)} {num(6)}", ID)
secret("ru-passport-colon", f"серия и номер паспорта: {num(4)} {num(6)}", ID)
secret("ru-snils-groups", f"СНИЛС сына {num(3)}-{num(3)}-{num(3)} {num(2)}", ID)
secret("ru-snils-lower", f"мой снилс {num(11)}", ID)
secret("ru-inn-person", f"ИНН у мужа {num(12)}", ID)
secret("ru-iin", f"ИИН Айгерим {num(12)}", ID)
secret("ru-personal-code", f"личный код жены {num(11)}", ID)
secret("ru-zagran-dash", f"{num(2)} {num(7)} — мой загранпаспорт", ID)
secret("ru-residence-permit", f"вид на жительство у Лейлы № {num(9)}", ID)
secret("ru-driver", f"водительское удостоверение {num(2)} {num(2)} {num(6)}", ID)
P2 = REASON_PASSWORD
secret("en-wifi-key-colon", f"wifi key: {latin_word()}-{latin_word()}-{num(2)}", P2)
secret("en-wlan-key-is", f"the WLAN key at the cottage is {latin_word()}{num(4)}", P2)
secret("en-network-key", f"network key for the guest router: {latin_word()}{num(3)}!", P2)
secret("en-gate-code-hash", f"gate code: {num(4)}#", N)
secret("ru-entrance-code-hash", f"код от подъезда {num(4)}#", N)

HONEST: list[tuple[str, str]] = []


def honest(ident: str, text: str) -> None:
    HONEST.append((ident, text))


honest("ru-change-yearly", "пароль надо менять раз в год")
honest("en-remind-change", "remind me to change my password")
honest("en-policy", "the password policy is 90 days")
honest("masked-stars", "password: ********")
honest("masked-ru", "пароль: ****")
honest("masked-angle", "password = <hidden>")
honest("masked-redacted", "token: [redacted]")
honest("env-reference", "password: ${DB_PASSWORD}")
honest("env-reference-key", "api_key=${API_KEY}")
honest("en-required", "password is required for login")
honest("en-in-manager", "the password is in 1password")
honest("ru-ask-ivan", "Пароль: спроси у Ивана")
honest("ru-all-in-manager", "пароли от всех сервисов в 1password")
honest("pref-policy", "pref: password_policy=strict")
honest("en-reset-link", "password reset link expires in 24 hours")
honest("ru-change-tomorrow", "сменить пароль от почты завтра")
honest("ru-google-drive", "напомни поменять пароль от google drive")
honest("ru-ivan-knows", "пароль от wifi знает Иван")
honest("en-manager", "my password manager is Bitwarden")
honest("en-min-length", "password must be at least 12 characters")
honest("ru-must-be-long", "пароль должен быть длинным")
honest("en-forgot-again", "forgot my password again")
honest("en-same-as-email", "password: same as email")
honest("ru-same-as-mail", "пароль: такой же как от почты")
honest("token-limit", "token limit is 4096")
honest("max-tokens", "max_tokens=1000")
honest("ru-token-in-env", "токен бота лежит в .env")
honest("api-key-rotation", "api key rotation every 90 days")
honest("secret-of-coffee", "the secret to good coffee is fresh beans")
honest("ru-secret-of-success", "секрет успеха — регулярность")
honest("pin-a-message", "pin the message 3 times")
honest("pin-codes-note", "PIN codes should be 4 digits")
honest("cvv-without-value", "CVV is on the back of the card")
honest("error-code-ru", "код ошибки 404")
honest("sms-code-late", "код из смс приходит с задержкой")
honest("region-code", "код региона 77")
honest("city-code", "код города 495")
honest("zip-code", f"zip code {digits(5)}")
honest("error-code-en", "error code 500")
honest("status-code", "status code: 200")
honest("git-sha", f"fixed in {hexs(40)}")
honest("git-short-sha", f"commit {hexs(7)} reverted")
honest("jira-key", "ESO-1234 cursor pagination")
honest("jira-done", "PROJ-42 done, see ESO-159")
honest("date-time", "созвон 2025-12-28 12:30")
honest("date-ru", "дедлайн 28.12.2025")
honest("phone-ru", "телефон +7 999 123-45-67")
honest("phone-ru-brackets", f"телефон +7 (9{digits(2)}) {digits(3)}-{digits(2)}-{digits(2)}")
honest("phone-us", f"call +1 415 555 {digits(4)}")
honest("phone-800", "8 800 555 35 35")
honest("phone-uk", f"+44 20 {digits(4)} {digits(4)}")
honest("order-number", f"заказ №{digits(10)}")
honest("order-hash", f"order #{digits(12)}")
honest("order-luhn-valid", f"order {card16()}")
honest("ticket", f"ticket {digits(6)}")
honest("ticket-ru", "тикет SUP-4821")
honest("order-ru", f"номер заказа {digits(8)}")
honest("tracking", f"трек-номер RB{digits(9)}CN")
honest("imei", f"IMEI {luhn_complete('35', 15)}")
honest("inn", f"ИНН {digits(10)}")
honest("version", "v2.3.15 released")
honest("python-version", "python 3.11.4")
honest("uuid-in-url", "https://app.example.com/items/550e8400-e29b-41d4-a716-446655440000")
honest("uuid", "tenant 550e8400-e29b-41d4-a716-446655440000")
honest("amount-rub", "бюджет 4 500 000 ₽")
honest("amount-usd", "$12,345.67 for Q3")
honest("amount-words", f"сумма {digits(5)} рублей")
honest("random-seed", "seed=42")
honest("random-seed-words", "random seed 1234 for the experiment")
honest("english-sentence", "we will need to move the office to a new place next year")
honest("key-of-flat", "ключ от квартиры у соседки")
honest("iban-note", "iban is required for SEPA transfers")
honest("iban-failing-checksum", f"IBAN {break_check(iban('DE', 22), 3)}")
honest("ip-address", "server 192.168.1.10 port 8080")
honest("meeting-time", "встреча в 10:00")
honest("pass-the-salt", "pass the salt please")
honest("boarding-pass", "boarding pass is in the app")
honest("secret-santa", "Secret Santa budget 30$")
honest("password-hint", "my password hint is my dog's name")
honest("password-field", "the password field is on the left")
honest("tokenizer", "tokenizer: sentencepiece")
honest("card-ending", "card ending in 4242")
honest("card-ending-ru", "карта заканчивается на 1234")
honest("card-failing-luhn", f"card {break_check(card16(), -1)}")
honest("preference", "answer_format=1_screen")
honest("person-fact", "Person:Иван Петров: role=тимлид ESO")
honest("server-heading", "Server:db01: password rotated monthly")
honest("docs-link", "https://docs.google.com/document/d/" + tok(44) + "/edit")
honest("snake-identifier", "test_scope_for_update_owner_dm_returns_owner_forever")
honest("room-number", "room 4821 on floor 3")
honest("temperature", "температура 36.6")
honest("email", "ivan.petrov@example.com")
honest("pin-it", "pin it to the top of the chat")
honest("secretary", "secretary: Anna, ext 4821")
honest("passport", "passport expires 2030-05-01")
honest("ru-changed-in-year", "пароль от почты менял в 2024")
honest("ru-on-the-fridge", "пароль от wifi висит на холодильнике")
honest("ru-reset-via-support", "сбросить пароль через поддержку")
honest("ru-same-as-confluence", "пароль от Jira такой же как от Confluence")
honest("ru-saved-in-keepass", "пароль от почты сохранён в KeePass")
honest("ru-api-key-in-cabinet", "ключ API выдают в личном кабинете")
honest("ru-token-expires", "токен истекает через 30 дней")
honest("ru-code-of-year", "код 2024 года")
honest("ru-product-code", f"код товара {digits(13)}")
honest("ru-pin-needed", "пин-код нужен для входа")
honest("ru-seed-on-paper", "сид-фраза записана на бумаге и лежит в сейфе")
honest("en-first-pass", "first pass at the design doc is done")
honest("en-pass-rate", "pass rate 95%")
honest("en-bus-pass", "bus pass 1234 expires in May")
honest("en-secret-ingredient", "secret ingredient is cinnamon")
honest("en-promo-code", "код на скидку SALE2024")
honest("en-zip-code-for", "zip code for NYC is 10001")
honest("ru-login-only", "логин: ivan.petrov")
honest("ru-server-dash", "Сервер db01 — пароль сменён")

honest("passport-expiry-year", "Milan's passport expires in 2031")
honest("passport-office", "the passport office is on Sadova 14")
honest("passport-ready-days", "загранпаспорт будет готов через 14 дней")
honest("passport-fee", "passport renewal fee 120000 тенге")
honest("passport-application", f"заявка на паспорт {num(7)} в очереди")
honest("passport-date", "passport appointment 2026-03-14")
honest("project-passport", f"паспорт проекта утверждён, бюджет {num(6)} евро")
honest("company-inn-label", f"ИНН компании {num(10)}")
honest("company-inn-12", f"ИНН поставщика {num(12)}")
honest("user-id-number", f"user id number {num(9)}")
honest("passport-phone", "телефон паспортного стола +370 5 271 7000")
honest("inn-word", "the inn near the lake was full, 2 nights for 180 EUR")
honest("network-key-topic", "network key metrics for 2024 are in the deck")
honest("wifi-key-where", "wifi key is on the router sticker")


@pytest.mark.parametrize(("text", "kind"), [pytest.param(t, k, id=i) for i, t, k in SECRETS])
def test_secret_is_refused_with_its_kind(text: str, kind: str) -> None:
    assert find_secret(text) == kind


@pytest.mark.parametrize("text", [pytest.param(t, id=i) for i, t in HONEST])
def test_honest_look_alike_is_stored(text: str) -> None:
    assert find_secret(text) is None


STORED = "note: {} (as_of=2025-12-28, src=chat)"


@pytest.mark.parametrize(("text", "kind"), [pytest.param(t, k, id=i) for i, t, k in SECRETS])
def test_secret_is_refused_as_a_stored_line(text: str, kind: str) -> None:
    """The guard runs on exactly what would be stored: a kind prefix and provenance."""
    assert find_secret(STORED.format(text)) == kind


@pytest.mark.parametrize("text", [pytest.param(t, id=i) for i, t in HONEST])
def test_honest_look_alike_is_stored_as_a_line(text: str) -> None:
    assert find_secret(STORED.format(text)) is None


def test_tables_are_large_and_ids_unique() -> None:
    assert len(SECRETS) >= 150
    assert len(HONEST) >= 60
    assert len({i for i, _, _ in SECRETS}) == len(SECRETS)
    assert len({i for i, _ in HONEST}) == len(HONEST)


# --- disguises change nothing ---------------------------------------------------------------

ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"]
LOOK_ALIKES = dict(zip("aeopcxyAEOPCXHKMTB", "аеорсхуАЕОРСХНКМТВ", strict=True))
LOOK_ALIKES |= {v: k for k, v in LOOK_ALIKES.items()}


@st.composite
def disguised(draw: st.DrawFn) -> tuple[str, str, str]:
    _, text, kind = draw(st.sampled_from(SECRETS))
    chars = list(text)
    for index in draw(st.sets(st.integers(0, len(chars) - 1), max_size=6)):
        char = chars[index]
        if char.isdigit():
            chars[index] = fullwidth(char)
        elif char in LOOK_ALIKES:
            chars[index] = LOOK_ALIKES[char]
    for position in sorted(draw(st.sets(st.integers(0, len(chars)), max_size=4)), reverse=True):
        chars.insert(position, draw(st.sampled_from(ZERO_WIDTH)))
    return text, "".join(chars), kind


@given(disguised())
def test_disguises_keep_a_secret_refused(case: tuple[str, str, str]) -> None:
    """Zero-width characters, swapped look-alike letters and full-width digits change nothing."""
    _, text, kind = case
    assert find_secret(text) == kind


def test_every_secret_row_is_disguised_and_still_refused() -> None:
    """Not left to chance: every row with every disguise applied everywhere at once."""
    for _, text, kind in SECRETS:
        swapped = "".join(LOOK_ALIKES.get(c, c) for c in text)
        heavy = "\u200b".join(fullwidth(swapped))
        assert find_secret(heavy) == kind, text


def test_views_undo_the_disguises() -> None:
    assert normalise("a\u200bb\u00adc ４２\n\n x") == "abc 42 x"
    seen = views("p\u0430ssword п\u0061роль")
    assert seen.words == "password пароль"
    assert seen.latin.startswith("password ")
    assert len(seen.words) == len(seen.latin)


# --- names of kinds, the error, the blob checks ---------------------------------------------


def test_every_kind_has_two_languages() -> None:
    assert len(set(REASONS)) == len(REASONS)
    for kind in REASONS:
        assert 0 < len(kind) <= 24
        assert "\n" not in kind
        for lang in ("en", "ru"):
            assert kind_name(kind, lang)
            assert describe(kind, lang)


@pytest.mark.parametrize(
    ("kind", "en", "ru"),
    [
        (REASON_API_KEY, "an API key or token", "API-ключ или токен"),
        (REASON_IBAN, "an IBAN", "номер счёта IBAN"),
        (REASON_PASSWORD, "a password", "пароль"),
        (REASON_SEED_PHRASE, "a seed phrase", "сид-фразу"),
        (REASON_URL_PASSWORD, "a link with a password", "ссылку с паролем"),
    ],
)
def test_describe_uses_the_right_article_and_case(kind: str, en: str, ru: str) -> None:
    assert describe(kind, "en") == en
    assert describe(kind, "ru") == ru


def test_english_articles_follow_the_sound() -> None:
    for kind in SECRET_REASONS:
        phrase = describe(kind, "en")
        article, _, noun = phrase.partition(" ")
        vowel_sound = noun[0] in "aeiouAEIO" or noun.startswith(("API", "IBAN"))
        assert article == ("an" if vowel_sound else "a"), phrase


def test_ensure_no_secret_refuses_without_echoing() -> None:
    value = pw()
    with pytest.raises(SecretRefused) as caught:
        ensure_no_secret(f"password: {value}", field="observation")
    assert caught.value.kind == REASON_PASSWORD
    assert caught.value.field == "observation"
    assert value not in str(caught.value)
    assert isinstance(caught.value, InvalidInputError)
    assert ensure_no_secret("answer_format=1_screen") == "answer_format=1_screen"


def test_check_observation_reports_secrets_first_then_blobs() -> None:
    assert check_observation("x " * 300 + f"пароль: {pw()}") == REASON_PASSWORD
    assert check_observation("a" * 500) is None
    assert check_observation("a" * 501) == REASON_TOO_LONG
    assert check_observation("a" * 41, max_chars=40) == REASON_TOO_LONG
    assert check_observation("use:\n```\nprint(1)\n```") == REASON_CODE_BLOCK
    assert check_observation("Ivan: hi\nPetr: hello\nIvan: shall we?") == REASON_TRANSCRIPT
    assert check_observation("\n".join(f"item {i}" for i in range(10))) == REASON_PASTED_TEXT
    assert set(BLOB_REASONS).isdisjoint(SECRET_REASONS)
