"""The vocabulary of the secret guard: labels, the words around values, what is never a value.

Data only, read by :mod:`memory_core.secret_labels`. Lists are lower case; Russian words are
listed in the forms that occur in notes ("пароль", "пароля", "паролем"...).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = [
    "ABOUT_EN_RE",
    "ABOUT_RU_RE",
    "CHANGE_TO",
    "CODE_GENITIVES",
    "CODE_PREFIXES",
    "COPULAS",
    "EMBEDDED_ROOTS",
    "FIELDS",
    "INNER_CAPITAL_RE",
    "JOINED",
    "KEY_COMPANIONS",
    "KEY_WORDS",
    "NEVER_VALUE_RES",
    "NOT_A_COMPOUND_REST",
    "PAIRS",
    "PAIRS_RE",
    "PARTS_RE",
    "PART_FAMILIES",
    "POSSESSIVES",
    "PREPOSITIONS",
    "PUBLIC_CODES",
    "SERVICES",
    "SINGLE",
    "SINGLE_RE",
    "STOP",
    "TOPIC",
    "YEAR_WORDS",
    "words",
]


def words(text: str) -> frozenset[str]:
    """The set of whitespace-separated words in ``text``."""
    return frozenset(text.split())


# --- labels ---------------------------------------------------------------------------------

# Families: password, pass (a weak English word), passcode, secret_word, secret, token, pin,
# cvv, code (Russian "код": only some qualifiers), seed.
SINGLE: Final[tuple[tuple[str, str], ...]] = (
    (r"passwords?|passwd|pwd|passphrase|passwort|парол(?:ь|я|ем|ю|е|и|ей|ям|ями|ях)", "password"),
    (r"pass|пасс", "pass"),
    (r"pass-?codes?", "passcode"),
    (r"codeword|кодовое-слово", "secret_word"),
    (r"secret|секрет(?:а|у|ом|е)?", "secret"),
    (r"token|bearer|apikey|токен(?:а|у|ом|е)?|ключ(?:а|у|ом|е)?", "token"),
    (r"pin|pincode|otp|2fa|пин(?:-?код(?:а|у|ом|е)?)?|пинкод(?:а|у|ом|е)?", "pin"),
    (r"cvv2?|cvc2?|csc|cvv-?(?:код|code)|cvc-?(?:код|code)", "cvv"),
    (r"code|код(?:а|у|ом|е)?", "code"),
    (r"seed|mnemonic|seed-?phrase|сид|сид-?фраз(?:а|ы|у|ой|е)|мнемоник(?:а|и|у|ой|е)", "seed"),
)
SINGLE_RE: Final = tuple((re.compile(p), family) for p, family in SINGLE)
# Two-word labels, tried before single words (the longest label wins).
PAIRS: Final[tuple[tuple[str, str, str], ...]] = (
    (
        r"api|access|secret|private|license|licence|product|encryption|master|signing",
        r"keys?",
        "token",
    ),
    (r"api|секретн\w*|приватн\w*", r"ключ\w*", "token"),
    # A Wi-Fi or network key is the network's password: "wifi key: blue-otter-42".
    (
        r"wi-?fi|wlan|wpa2?|network|router|вай-?фа\w*|роутер\w*|сет\w*",
        r"keys?|ключ\w*",
        "password",
    ),
    (r"ключ\w*", r"api|доступа|шифрования|активации", "token"),
    (r"api|client|app|application|consumer|webhook", r"secret", "token"),
    (r"pin", r"codes?", "pin"),
    (r"пин", r"код\w*", "pin"),
    (r"секретн\w*|кодов\w*|контрольн\w*", r"слов\w*|фраз\w*", "secret_word"),
    (r"secret|code|security|safe", r"word|answer|phrase", "secret_word"),
    (r"seed|recovery|backup|mnemonic", r"phrase|words", "seed"),
    (r"сид|мнемоническ\w*|секретн\w*", r"фраз\w*", "seed"),
    (r"фраз\w*", r"восстановления|восстановление", "seed"),
    (r"cvv|cvc", r"код\w*|code", "cvv"),
    (r"код\w*", r"cvv|cvc", "cvv"),
)
PAIRS_RE: Final = tuple((re.compile(a), re.compile(b), f) for a, b, f in PAIRS)
# Words before an English "code" (or a Russian "код") that make it a PIN-like code.
CODE_PREFIXES: Final = words(
    """sms text verification confirmation security access door gate entry alarm unlock login
    auth 2fa otp one-time backup recovery safe garage lock intercom entrance building my your
    our his her their смс sms-код одноразовый одноразового проверочный секретный цифровой мой
    твой наш ваш"""
)
# Nouns after "код" that make it a secret code (код домофона), unlike код ошибки or код города.
CODE_GENITIVES: Final = words(
    """подтверждения доступа домофона двери подъезда сейфа замка сигнализации разблокировки
    входа калитки ворот шлагбаума карты телефона сим-карты симки безопасности авторизации
    верификации проверки активации смс sms cvv пин"""
)
# Parts of compound keys (db_password, apiKey, passwordGmail) and the family they give.
PART_FAMILIES: Final = {
    **dict.fromkeys(["password", "passwd", "pwd", "passphrase", "пароль"], "password"),
    **dict.fromkeys(["pass", "pw"], "pass"),
    **dict.fromkeys(["token", "apikey", "secret"], "token"),
    **dict.fromkeys(["pin", "pincode", "пин"], "pin"),
    **dict.fromkeys(["cvv", "cvc", "cvv2", "cvc2"], "cvv"),
}
KEY_WORDS: Final = words("key ключ")
KEY_COMPANIONS: Final = words("api access secret private auth app client master signing")
# Keys written as one word: dbpassword, passwordgmail, mysqlpwd, accesstoken.
JOINED: Final = {
    **dict.fromkeys(
        words(
            """apikey apitoken accesskey accesstoken authtoken bottoken refreshtoken sessiontoken
            secretkey clientsecret appsecret privatekey"""
        ),
        "token",
    ),
    "pincode": "pin",
}
EMBEDDED_ROOTS: Final = ("password", "passwd", "passphrase", "pwd", "пароль")
NOT_A_COMPOUND_REST: Final = words("s less ed ing word words ы и ей ям")
INNER_CAPITAL_RE = re.compile(r"[a-zа-яё][A-ZА-ЯЁ]")
PARTS_RE = re.compile(r"[A-ZА-ЯЁ]?[a-zа-яё]+|[A-ZА-ЯЁ]+(?![a-zа-яё])|\d+")

# --- words around a value -------------------------------------------------------------------

COPULAS: Final = words("is was are equals это был была было будет стал стала -")
# "changed the password to X", "сменил пароль на X": the object of these can be the value.
CHANGE_TO: Final = words("to на")
# "code" after these is not a secret: zip code, error code, promo code, sort code.
PUBLIC_CODES: Final = words(
    """zip postal post area country region city error status exit return http response promo
    promotional discount coupon voucher source bar qr colour color iso currency language
    product item tax sort swift bic routing dialling dialing"""
)
# Words after a four-digit number that make it a year: "код 2024 года".
YEAR_WORDS: Final = words("год года году годом г year years")
PREPOSITIONS: Final = words(
    "for to of on at in from with by via inside into от для к на у в во с со из по при без под"
)
# A label followed by one of these is a topic, not a credential: "password policy".
TOPIC: Final = words(
    """policy policies manager managers reset resets change changes changing rotation rotate
    expiry expiration expire expires expired length strength requirement requirements rule
    rules hint hints field fields prompt recovery generator hash hashes hashing salt storage
    store vault file files list limit limits count budget usage refresh lifetime ttl type types
    format size page form screen dialog complexity leak leaks breach history age validation
    check protection protected security settings setting option options mode reminder update
    updates attempts attempt error errors cost price quota message messages post chat comment
    политика политики менеджер менеджера сброс сброса смена смены смену длина длины сложность
    сложности требования правила подсказка поле поля хранилище генератор хэш хеш лимит лимиты
    срок срока истёк истек истекает напоминание обновление попытки попыток ошибка ошибки формат
    размер сообщение сообщения пост чат"""
)
# Words that are never a value; after a connector they end the search.
STOP: Final = words(
    """a an the to be been being will would should must can could may might need needs needed
    not no never always every each all any some my your his her our their its this that these
    those it i you we they he she me us them here there now then today tomorrow yesterday later
    soon again once twice weekly monthly yearly daily also too very still already just only
    please pls and or but so if when where what which who how why same different required
    optional mandatory wrong incorrect correct invalid valid missing empty weak strong secure
    unsafe safe set unset stored saved hidden unknown encrypted hashed generated sent shared
    known none null nil n/a na tbd todo see ask check use look find get below above default
    blank redacted masked removed omitted more less than as like do does did don't is are was
    were has have had change reset update forgot forget remember enter type share send give
    tell keep save write new old same secret
    надо нужно нужен нужна нужны не нет ни неверный верный правильный неправильный слабый
    сильный сложный простой просто тот та те такой такая такое же менять сменить поменять
    изменить обновить изменён изменен истёк истек пустой сохранён сохранен сохранить скрыт
    скрыто известен неизвестен общий один одна другой длинный короткий есть спроси спросить
    смотри см посмотри проверь там тут здесь ниже выше позже потом раз каждый каждые каждую
    всегда никогда иногда уже ещё еще тоже также очень мой моя моё мое мои твой твоя наш наша
    ваш ваша его её ее их он она оно они я ты мы вы забыл забыла забыли помню знаю лежит лежат
    хранится хранятся записан записана записано важно обязательно как какой где когда что
    чтобы если или и а но да меня тебя нас вас знает знают храни хранить введи ввести вводить
    придумай придумать новый старый тот-же прежний"""
)
# Names of services: right after "пароль" without a connector they name the account.
SERVICES: Final = words(
    """wifi wi-fi vpn gmail email mail google yandex icloud apple github gitlab jira slack zoom
    outlook office windows mac linux router ssh ftp db database bank vk telegram whatsapp
    instagram facebook twitter steam xbox playstation netflix spotify amazon wordpress admin-panel
    server mysql postgres redis aws azure gcp docker npm pypi"""
)
POSSESSIVES: Final = words("my our your мой моя наш наша твой ваш")
# Field names that may follow a value on the same line: "password: hunter login: admin".
FIELDS: Final = words("login логин user username пользователь email почта host хост")
ABOUT_EN_RE = re.compile(r"^[a-z]{3,}(?:ed|ing|ly)$")
ABOUT_RU_RE = re.compile(
    r"(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ого|его|ому|ему|ым|им|ть|ться|ся|ет|ит|ут|ют|ат|ят|ал|ял"
    r"|ил|ел|ла|ли|ло|но)$"
)
NEVER_VALUE_RES: Final = tuple(
    re.compile(p)
    for p in (
        r"^\d{1,4}([./-])\d{1,2}\1\d{1,4}$",  # a date
        r"^v?\d+(?:\.\d+)+$",  # a version or an IP address
        r"^[$€£₽¥]?\d[\d,.]*[$€£₽¥%kKmM]?$",  # an amount or a percentage
        r"^[\w.+-]+@[\w-]+\.[\w.-]+$",  # an e-mail address
        r"^[A-Z][A-Z0-9]+-\d+$",  # a Jira key
        r"^\+\d",  # a phone number
        r"^[*•·xX#._?-]+$|^<.*>$|^\{.*\}$|^\$\{?[A-Z_][A-Z0-9_]*\}?$|^%\w+%$|^\.\.\.$|^…$",
        r"://",  # a link
    )
)
