"""A free-text line that states a value, and a later line that gives the thing another one.

People keep their own details as plain sentences ("my favourite coffee is flat white",
"мой размер обуви 43", "адрес дачи — СНТ Берёзка") and later say the new value ("my
favourite coffee is now cortado", "мой размер обуви 44", "Rex is now 6", "Барсику теперь 6
лет"). :func:`restates` tells whether a new line gives another value for what an old line
of the same entity said, so the caller can offer it as a replacement (see
:mod:`memory_core.slots`). Two shapes are read:

* a stated value: a head, then "is"/"—"/":"/"теперь", then the value, where the head is
  one's own ("my ...", "наш ...") or a common noun phrase; heads compare by their words'
  lemmas in any order, values by their lemmas;
* a count: a line with a single number ("Rex is now 6" after "our dog Rex is 5 years old"):
  the new line's words are all in the old one (which may add one word, "dog", "кот"), the
  numbers differ, and the new line says it changed ("now", "теперь", "уже"): "ходит в
  школу 12" beside "ходит в школу 57" may be a second school.

Pure: no I/O.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.language import is_stop_word, normalize, tokens
from memory_core.morphology import lemmas

__all__ = ["can_restate", "restates"]

_I = re.IGNORECASE
_NOW = r"(?:now|still|теперь|сейчас|уже|стал[аои]?)"
_OWN = r"(?:my|our|мой|моя|моё|мое|мои|наш|наша|наше|наши)"
_SAID = re.compile(
    rf"^(?:(?P<own>{_OWN})\s+)?(?P<head>[\w'’-]+(?:\s+[\w'’-]+){{0,3}}?)"
    rf"(?:\s*(?:—|–|:|=)\s*(?:{_NOW}\s+)?|\s+(?:is|are)\s+(?:{_NOW}\s+)?|\s+{_NOW}\s+(?:—\s*)?"
    rf"|\s+(?=\d))(?P<value>\S.*)$",
    _I,
)
"""A head and its value: "my favourite coffee is flat white", "мой размер обуви 43",
"адрес дачи — СНТ Берёзка, участок 12", "любимый кофе теперь раф"."""
_HEAD_VERB = re.compile(
    r"(?:^|\s)(?:i|я|we|мы|не|not|don'?t|doesn'?t|[а-яё]+(?:ю|ем|ешь|ет|ут|ют|ит|ат|ят|л|ла|ли))"
    r"(?:\s|$)",
    _I,
)
"""A verb or a subject in a head: "я хожу в зал по вторникам" is no head and value."""
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_CHANGED = re.compile(rf"\b{_NOW}\b", _I)
_UNITS: Final = frozenset(
    ("год", "лет", "года", "year", "years", "old", "month", "months", "месяц", "kg", "кг", "cm",
     "см", "размер", "size", "now", "still", "теперь", "сейчас", "уже", "стать")
)  # fmt: skip


def _key(word: str) -> str:
    """One form for all of a word's readings: "Тортилле" and "Тортилла" give one key."""
    return min(lemmas(word) or (normalize(word),))


def _words(text: str) -> frozenset[str]:
    """The content words of a text as lemmas: no stop words, numbers or units."""
    found = (w for w in tokens(text) if not w.isdigit() and not is_stop_word(w))
    return frozenset(k for k in map(_key, found) if k not in _UNITS or k == "размер")


def _said(body: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The head's words and the value's words of a stated value, or ``None``."""
    m = _SAID.match(body.strip())
    if m is None or _HEAD_VERB.search(m["head"]):
        return None
    if not m["own"] and not m[0][m.end("head") : m.start("value")].strip():
        return None  # "стоматолог 14 марта в 10:00": an appointment, there may be two
    if not m["own"] and not m["head"][:1].islower():
        return None  # "Helix is our data platform": a name's description, not a value
    head, value = _words(m["head"]), _words(m["value"]) | frozenset(_NUMBER.findall(m["value"]))
    return (head, value) if head and value else None


def _count(body: str) -> tuple[frozenset[str], str] | None:
    """The words and the one number of a line that holds a single number, or ``None``."""
    numbers = _NUMBER.findall(body)
    if len(numbers) != 1 or re.search(r"\d[:/]\d|\d-\d", body):
        return None
    words = _words(body)
    return (words, numbers[0]) if words else None


def can_restate(body: str) -> bool:
    """Whether ``body`` could give another value for something an older line said."""
    return _said(body) is not None or _count(body) is not None


def restates(old: str, new: str) -> bool:
    """Whether the line ``new`` gives another value for what ``old`` said (both bodies)."""
    said_new, said_old = _said(new), _said(old)
    if said_new is not None and said_old is not None and said_new[0] == said_old[0]:
        return said_new[1] != said_old[1]
    count_new, count_old = _count(new), _count(old)
    if count_new is None or count_old is None or count_new[1] == count_old[1]:
        return False
    (words, _), (before, _) = count_new, count_old
    return words <= before and len(before - words) <= 1 and _CHANGED.search(new) is not None
