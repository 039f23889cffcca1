"""Secrets announced by a label: ``password: X``, ``пароль от почты X``, ``DB_PASS=X``.

:func:`find_labelled` reads the ``words`` view of :mod:`memory_core.secret_text` as tokens and
returns the *family* of the first label that is followed (or, in Russian word order, preceded)
by a value of the right shape. Grammar around a label:

* a connector: ``:``, ``=``, a dash, or a copula (``is``, ``это``...), after which the very
  next word must be the value (``password: see the vault`` is not a secret);
* qualifiers before the value: a preposition and its object (``от почты``, ``for the wifi``;
  the object itself is never the value) or a bare name (``пароль vpn Qwerty123!``);
* a word that makes the label a topic (``password policy``, ``token limit``) or a stop word
  (``надо``, ``tomorrow``) ends the search: a sentence *about* passwords is no secret.

What counts as a value depends on the family: digits for PINs and codes, a random-looking
string for tokens and keys, nearly anything that is not a common word for passwords.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Final

from memory_core.secret_numbers import is_seed_value
from memory_core.secret_words import (
    ABOUT_EN_RE,
    ABOUT_RU_RE,
    CHANGE_TO,
    CODE_GENITIVES,
    CODE_PREFIXES,
    COPULAS,
    EMBEDDED_ROOTS,
    FIELDS,
    INNER_CAPITAL_RE,
    JOINED,
    KEY_COMPANIONS,
    KEY_WORDS,
    NEVER_VALUE_RES,
    NOT_A_COMPOUND_REST,
    PAIRS_RE,
    PART_FAMILIES,
    PARTS_RE,
    POSSESSIVES,
    PREPOSITIONS,
    PUBLIC_CODES,
    SERVICES,
    SINGLE_RE,
    STOP,
    TOPIC,
    YEAR_WORDS,
)

__all__ = ["find_labelled"]

_TOKEN_RE = re.compile(r"=>|->|:+|=+|—|[^\s:=—]+")
_LEAD: Final = "\"'«(“„{[`*"
_TRAIL: Final = "\"'»)]},;.”`*"


@dataclass(frozen=True, slots=True)
class _Token:
    raw: str
    core: str  # without surrounding quotes, brackets and trailing , ; .
    word: str  # core in lower case, for word lists
    connector: bool
    clause_end: bool


def _tokens(text: str) -> list[_Token]:
    found: list[_Token] = []
    for match in _TOKEN_RE.finditer(text):
        raw = match.group()
        core = raw.lstrip(_LEAD).rstrip(_TRAIL)
        connector = raw[0] in ":=—" or raw in {"-", "->", "=>"}
        end = raw.lstrip(_LEAD)[len(core) :]
        found.append(_Token(raw, core, core.lower(), connector, any(c in ",;." for c in end)))
    return found


_WINDOW: Final = 8
# Every label holds one of these: most texts have none and skip the token-by-token reading
# (a plain substring test per hint is several times faster than one alternation).
_HINTS: Final = (
    "pass", "pwd", "парол", "secret", "секрет", "token", "токен", "ключ", "key", "pin", "пин",
    "cvv", "cvc", "csc", "otp", "2fa", "code", "код", "seed", "сид", "mnemonic", "мнемон",
    "фраз", "phrase", "слов", "word", "answer", "bearer", "пасс",
)  # fmt: skip


def _masked_or_reference(core: str) -> bool:
    if core.isdigit():
        return False
    return any(pattern.search(core) for pattern in NEVER_VALUE_RES)


def _is_label_word(word: str) -> bool:
    return any(pattern.fullmatch(word) for pattern, _ in SINGLE_RE)


def _strong(core: str) -> bool:
    """Password-shaped: letters with digits, with symbols, or with capitals inside."""
    letters = sum(c.isalpha() for c in core)
    digits = sum(c.isdigit() for c in core)
    symbols = sum(not c.isalnum() and c not in "-'’" for c in core)
    inner_capital = any(a.islower() and b.isupper() for a, b in itertools.pairwise(core))
    return len(core) >= 4 and letters > 0 and (digits > 0 or symbols > 0 or inner_capital)


def _token_shaped(core: str) -> bool:
    """Random-looking enough for a token or a key: long, and not a word or a slug of words."""
    if len(core) >= 8 and _strong(core) and any(c.isdigit() for c in core):
        return True
    if len(core) < 16 or not re.fullmatch(r"[A-Za-z0-9_\-.+/=~]+", core):
        return False
    segments = [s for s in re.split(r"[_\-.+/=~]+", core) if s]
    return len(segments) == 1 or not all(s.isalpha() for s in segments)


def _letters_word(core: str) -> bool:
    return bool(core) and all(c.isalpha() or c in "-'’" for c in core)


def _about_word(word: str) -> bool:
    if word in STOP or word in TOPIC or _is_label_word(word):
        return True
    if word.isascii():
        return ABOUT_EN_RE.match(word) is not None
    return ABOUT_RU_RE.search(word) is not None


def _digits_at(tokens: list[_Token], k: int, low: int, high: int) -> bool:
    """Whether tokens from ``k`` spell low..high digits (groups like ``482 913`` joined)."""
    digits = ""
    index = k
    while index < len(tokens) and len(digits) <= high:
        # An intercom code may end with the key that sends it: "1947#".
        core = tokens[index].core.replace("-", "").removesuffix("#")
        if not core.isdigit() or (digits and len(core) > 4):
            break
        digits += core
        index += 1
        if tokens[index - 1].clause_end:
            break
    return low <= len(digits) <= high and not (
        index < len(tokens) and tokens[index].core.isdigit() and len(digits) < high
    )


@dataclass(frozen=True, slots=True)
class _Label:
    family: str
    start: int
    end: int  # index of the first token after the label
    russian: bool
    compound: bool


def _compound_family(core: str) -> str | None:
    parts = [p.lower() for p in PARTS_RE.findall(core) if not p.isdigit()]
    if len(parts) > 1:
        families = [PART_FAMILIES.get(p) for p in parts]
        if KEY_WORDS.intersection(parts) and KEY_COMPANIONS.intersection(parts):
            families = [
                f or ("token" if p in KEY_WORDS else None)
                for f, p in zip(families, parts, strict=True)
            ]
        if ("code" in parts or "код" in parts) and CODE_PREFIXES.intersection(parts):
            families = [
                f or ("pin" if p in {"code", "код"} else None)
                for f, p in zip(families, parts, strict=True)
            ]
        found = [i for i, f in enumerate(families) if f is not None]
        # password_policy and token_count are topics; refresh_token and db_password are keys.
        if not found or TOPIC.intersection(parts[found[-1] + 1 :]):
            return None
        return families[found[0]]
    word = core.lower()
    if word in JOINED:
        return JOINED[word]
    for root in EMBEDDED_ROOTS:
        rest = word.replace(root, "", 1)
        if root in word and rest.isalpha() and len(rest) >= 2:
            return None if rest in NOT_A_COMPOUND_REST or rest in TOPIC else "password"
    return None


def _label_at(tokens: list[_Token], i: int) -> _Label | None:
    word = tokens[i].word
    russian = any("а" <= c <= "я" or c == "ё" for c in word)
    if i + 1 < len(tokens) and not tokens[i].clause_end:
        nxt = tokens[i + 1].word
        for first, second, family in PAIRS_RE:
            if first.fullmatch(word) and second.fullmatch(nxt):
                return _Label(family, i, i + 2, russian, compound=False)
    for pattern, family in SINGLE_RE:
        if not pattern.fullmatch(word):
            continue
        if family == "code" and i > 0 and tokens[i - 1].word in CODE_PREFIXES:
            return _Label("pin", i, i + 1, russian, compound=False)
        if word == "code":  # an English "code" alone is too common (error code, zip code)
            after = tokens[i + 1].word if i + 1 < len(tokens) else ""
            before = tokens[i - 1].word if i > 0 else ""
            door = after in {"from", "for", "to"} and before not in PUBLIC_CODES
            return _Label("pin", i, i + 1, russian, compound=False) if door else None
        return _Label(family, i, i + 1, russian, compound=False)
    core = tokens[i].core
    if (
        tokens[i].connector
        or len(core) < 4
        or any(c in core for c in ".()")
        or core.count("/") > 1
    ):
        return None  # dotted names and paths are code references, not key names
    compound = _compound_family(core)
    # db_password, apiKey, dbpassword name a key (a connector must follow); смс-код is a word.
    key_name = "_" in core or INNER_CAPITAL_RE.search(core) is not None or core.isalpha()
    return None if compound is None else _Label(compound, i, i + 1, russian, compound=key_name)


def _accepts(
    label: _Label, tokens: list[_Token], k: int, connector: bool, quals: list[bool]
) -> bool:
    """Whether the token at ``k`` is a value for ``label`` (``quals``: qualifier is Latin?)."""
    tok = tokens[k]
    core, word, family = tok.core, tok.word.rstrip("!?"), label.family
    direct = not quals
    if family in {"pin", "cvv", "code"} or (family == "passcode" and core.isdigit()):
        low, high = (3, 4) if family == "cvv" else (4, 8)
        year = k + 1 < len(tokens) and tokens[k + 1].word in YEAR_WORDS
        return _digits_at(tokens, k, low, high) and not year
    if family == "seed":
        return is_seed_value(" ".join(t.raw for t in tokens[k : k + 30]))
    if not core or _masked_or_reference(core):
        return False
    if family in {"token", "secret"}:
        if family == "secret" and _strong(core) and any(c.isdigit() for c in core):
            return len(core) >= 6
        return _token_shaped(core)
    # password, pass, passcode, secret_word
    if _strong(core) or (core.isdigit() and len(core) >= 4):
        return connector or family != "pass"
    if not _letters_word(core) or len(core) < 3 or _about_word(word):
        return False
    if connector:  # a lone word: "password: hunter", not "first pass: determine the length"
        return _ends_value(tokens, k)
    if family == "pass":
        return False
    if label.russian and core.isascii() and not any(quals):
        return not (direct and word in SERVICES)
    if family == "secret_word" and direct and core[0].isupper() and _ends_value(tokens, k):
        return True  # "кодовое слово Барсик"
    # English, no connector: only "... password hunter" at the very end of the text.
    return not label.russian and core.isascii() and direct and k + 1 == len(tokens)


def _ends_value(tokens: list[_Token], k: int) -> bool:
    if k + 1 == len(tokens) or tokens[k].clause_end:
        return True
    after = tokens[k + 1]
    return after.connector or after.word in FIELDS or _is_label_word(after.word)


def _value_after(label: _Label, tokens: list[_Token]) -> bool:
    if tokens[label.end - 1].clause_end:
        return False  # "passwords, PINs, tokens": a list of topics
    if label.compound and (label.end == len(tokens) or not tokens[label.end].connector):
        return False  # a key name is followed by = or :, else it is just an identifier
    connector = False
    after_preposition = ""
    quals: list[bool] = []
    for k in range(label.end, min(len(tokens), label.end + _WINDOW)):
        tok = tokens[k]
        word = tok.word
        if tok.connector or word in COPULAS:
            connector = True
            after_preposition = ""
            continue
        if after_preposition:  # the object of a preposition names the account...
            if after_preposition in CHANGE_TO and _accepts(label, tokens, k, False, [True]):
                return True  # ...unless it is what the secret was changed to
            after_preposition = ""
            quals.append(word.isascii())
            if tok.clause_end:
                return False
            continue
        if not connector and word in PREPOSITIONS:
            after_preposition = word
            continue
        if not connector and word in TOPIC:
            return False
        # "код" is common: only "код 4821", "код домофона 4821" or "код из смс 4821" count.
        closed = label.family == "code" and not connector and not quals
        if closed and not tok.core.isdigit() and word not in CODE_GENITIVES:
            return False
        if _accepts(label, tokens, k, connector, quals):
            return True
        if connector or word in STOP or label.family == "pass" or _is_label_word(word):
            return False
        quals.append(word.isascii())
        if tok.clause_end or len(quals) > 3:
            return False
    return False


def _value_before(label: _Label, tokens: list[_Token]) -> bool:
    """Russian word order: ``Qwerty123 — мой пароль``, ``hunter2 is my password``."""
    if label.family not in {"password", "secret_word", "token", "secret"}:
        return False
    k = label.start - 1
    while k >= 0 and tokens[k].word in POSSESSIVES:
        k -= 1
    # A dash or a copula; a colon after a word is a heading ("Server:db01: password reset").
    if k < 1 or not (tokens[k].raw in {"—", "-"} or tokens[k].word in COPULAS):
        return False
    starts = k == 1 or tokens[k - 2].clause_end or tokens[k - 2].connector
    # The label ends the clause or names its account: not "db01 — пароль сменён".
    rest = tokens[label.end] if label.end < len(tokens) else None
    ends = rest is None or tokens[label.end - 1].clause_end or rest.word in PREPOSITIONS
    core = tokens[k - 1].core
    if not (starts and ends) or _masked_or_reference(core):
        return False
    return _token_shaped(core) if label.family in {"token", "secret"} else _strong(core)


def find_labelled(words_view: str) -> str | None:
    """The family of the first label in ``words_view`` that comes with a value, or None.

    Args:
        words_view: The ``words`` view of a text (see :mod:`memory_core.secret_text`).

    Returns:
        ``"password"``, ``"secret_word"``, ``"secret"``, ``"token"``, ``"pin"`` or ``"seed"``
        (``pass``/``passcode``/``cvv``/``code`` are reported as password or pin), or None.
    """
    lowered = words_view.lower()
    if not any(hint in lowered for hint in _HINTS):
        return None
    tokens = _tokens(words_view)
    for i in range(len(tokens)):
        label = _label_at(tokens, i)
        if label is None:
            continue
        if _value_after(label, tokens) or _value_before(label, tokens):
            if label.family == "passcode":
                nxt = next((t for t in tokens[label.end :] if not t.connector), None)
                return "pin" if nxt is not None and nxt.core.isdigit() else "password"
            return {"pass": "password", "cvv": "pin", "code": "pin"}.get(
                label.family, label.family
            )
    return None
