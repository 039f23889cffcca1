"""Find a login and its password written as a pair: ``some.user / Tr4ck!ng-2025``, ``admin:pw42x``.

People paste credentials without any label: a service name, then the user name and the
password side by side, separated by a slash, a colon, a bar, a comma, a dash, a bare space or
a word such as "pass" / "пароль". :func:`has_login_pair` reads the ``words`` view of
:mod:`memory_core.secret_text` and tells whether such a pair is there.

A pair needs a login-shaped left side (lower-case Latin letters, digits and ``._@+-``, or an
e-mail) and a password-shaped right side. A strong password (lower-case letters, a digit and
an upper-case letter or a symbol: ``Blue-Otter-77``) is enough on its own; a weak one (letters
and digits: ``hunter22``) needs a word about signing in nearby ("вход", "логин", "creds",
"account", "доступ", "wifi"...). Product names ("Android 8 / iOS 14"), pairs of words ("CI/CD",
"Tollgate / Payments"), Jira keys, versions, dates and times are never a pair.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["has_login_pair"]

_LOGIN_RE = re.compile(
    r"(?:[a-z0-9][a-z0-9._+-]{1,39}|[A-Za-z0-9._%+-]{1,40}@[A-Za-z0-9.-]+\.[A-Za-z]{2,})"
)
_SEPARATORS: Final = frozenset({"/", "|", ":", ",", "-", "—", "–", "\\"})
_PASS_WORDS_RE = re.compile(
    r"(?:pass|pw|pwd|passw(?:or)?d|парол(?:ь|ем)|пасс|pass:|pw:|pwd:|password:|пароль:|"
    r"пасс:|pass=|pw=|password=)"
)
_CUE_RE = re.compile(
    r"(?<![^\W\d_])(?:логин\w*|login|log-?in|logins|вход\w*|войти|зайти|заход\w*|залогин\w*|"
    r"кред\w*|creds?|credentials?|учётк\w*|учетк\w*|учётн\w*|учетн\w*|accounts?|аккаунт\w*|"
    r"акк|доступ\w*|username|юзер\w*|sign-?in|signin|wi-?fi|"
    r"вай-?фа\w*|ssh|vpn|впн|админк\w*)(?![^\W\d_])",
    re.IGNORECASE,
)
_EDGE_PUNCT: Final = "\"'«»“”()[]{}<>.,;!?"
_NOT_PASSWORD_RE = re.compile(
    r"(?:[A-Z][A-Z0-9]+-\d+"  # a Jira key
    r"|v?\d+(?:[.\-]\d+)+[a-z]{0,3}"  # a version, a date
    r"|\d{1,2}:\d{2}(?::\d{2})?"  # a time
    r"|[a-z]+(?:-[a-z]+)+"  # hyphenated words: fleet-alerts
    r"|.*(?:\w=|[()\[\]{}:\"']).*"  # an assignment (as_of=2025-07-01), code, a link
    r"|.*\.[a-z][a-z0-9]{1,5})"  # a file or host name: report.pdf, api.example.io
)


def _strip(token: str) -> str:
    """The token without quotes, brackets or trailing sentence punctuation (a password may end
    in "!", so that one stays)."""
    core = token
    while True:
        trimmed = core.strip("\"'«»“”()[]{}<>").rstrip(",;")
        if len(trimmed) > 1 and trimmed.endswith("."):
            trimmed = trimmed[:-1]
        if trimmed == core:
            return core
        core = trimmed


_SPECIAL: Final = frozenset("!@#$%^&*+=?~_")
_COMMON_LOGINS: Final = frozenset(
    {"admin", "administrator", "root", "guest", "user", "test", "demo"}
)
_NOT_LOGINS: Final = frozenset({"and", "or", "to", "for", "the", "with", "или", "и"})


def _password_strength(token: str) -> int:
    """2 for a strong password shape, 1 for a weak one, 0 for something else.

    Strong: lower-case letters and a digit, with a symbol such as ``!#_`` or, in a word of eight
    or more, an upper-case letter (``Tr4ck!ng-2025``, ``Sunny2024``). Weak: letters and digits.
    """
    if not 6 <= len(token) <= 64 or not token.isascii() or "/" in token:
        return 0
    if _NOT_PASSWORD_RE.fullmatch(token) or sum(c.isalpha() for c in token) < 2:
        return 0
    lower = any(c.islower() for c in token)
    upper = any(c.isupper() for c in token)
    digit = any(c.isdigit() for c in token)
    special = any(c in _SPECIAL for c in token)
    if lower and digit and (special or (upper and len(token) >= 8)):
        return 2
    return 1 if digit else 0


def _login_kind(token: str) -> int:
    """2 for a handle (``some.user``, ``buh01``, ``admin``), 1 for a plain lower word, else 0."""
    if not _LOGIN_RE.fullmatch(token) or not any(c.isalpha() for c in token):
        return 0
    if token in _NOT_LOGINS:
        return 0
    if token in _COMMON_LOGINS or any(c in "._@" or c.isdigit() for c in token):
        return 2
    return 1


def _pairs(tokens: list[str]) -> list[tuple[str, str, bool]]:
    """Candidate (login, password, loose) pairs: ``a / b``, ``a pass b``; loose: ``a:b``, ``a b``.

    A loose pair (a bare space, or a colon inside one word like ``title:secret^2``) is taken
    only with a handle-shaped login or a word about signing in.
    """
    found: list[tuple[str, str, bool]] = []
    for i, raw in enumerate(tokens):
        for sep in ("/", ":", "|"):
            if sep in raw and raw.count(sep) == 1 and "://" not in raw:
                left, right = raw.split(sep)
                if left and right:
                    found.append((left, _strip(right), sep == ":"))
        if i + 1 < len(tokens):
            left = raw.rstrip(",")
            found.append((left, _strip(tokens[i + 1]), True))
        if i + 2 < len(tokens):
            middle = tokens[i + 1].lower()
            if middle in _SEPARATORS or _PASS_WORDS_RE.fullmatch(middle):
                found.append((raw.rstrip(",:"), _strip(tokens[i + 2]), False))
    return found


def has_login_pair(words_view: str) -> bool:
    """Tell whether a text holds a login and its password written side by side.

    Args:
        words_view: The ``words`` view of the text (:func:`memory_core.secret_text.views`).

    Returns:
        True when a login-shaped word is followed, across a separator, by a password-shaped
        one (a weak password only next to a word about signing in).
    """
    tokens = words_view.split()
    cue = _CUE_RE.search(words_view) is not None
    for left, right, loose in _pairs(tokens):
        login = _login_kind(left.strip(_EDGE_PUNCT))
        strength = _password_strength(right)
        if not login or not strength:
            continue
        if strength == 2 and (cue or (login == 2 and not loose)):
            return True
        if strength == 2 and not loose and any(c in _SPECIAL for c in right):
            return True
        if strength == 1 and cue and login == 2:
            return True
    return False
