"""Drop where a person comes from ("X из команды поиска", "X from the search team").

People say which team someone belongs to right after the name ("Ани Петросян из команды
поиска теперь фуллтайм на Caravan", "Lena from the data team joins Ledger"). That phrase
stands between the name and the verb and keeps the rules from reading the sentence.
:func:`without_origin` takes it out, so they see "Ани Петросян теперь фуллтайм на Caravan".
Extraction reads this second form when the statement as written gives no link. Only
a phrase right after a capitalised name (or the sentence's first word) and headed by a
team word ("команды", "отдела", "team", "department") or a vendor word ("подрядчика",
"vendor", "agency") is dropped.
"""

from __future__ import annotations

import re

__all__ = ["without_origin"]

_TEAM_RU = (
    r"(?:команды|отдела|группы|департамента|направления|службы|юнита|трайба|стрима|"
    r"подрядчика|вендора|агентства|аутсорса)"
)
_STOP = r"(?:снова|опять|сегодня|вчера|пока|тоже|также|она|они|он|ещё|еще|уже|теперь)"
_GENITIVE = (
    rf"(?!{_STOP}\b)(?![а-яё]+л[аио]\b)[а-яё]{{2,}}(?:а|я|и|ы|ов|ев|ей|ий|ых|их|ого|его|ой)"
)
_WORD = rf"(?:{_GENITIVE}|(?-i:[A-Z][\w-]+))"
_RU = re.compile(rf"(?<=\w)\s+из\s+{_TEAM_RU}(?:\s+{_WORD}\b){{1,2}}(?=\s|,|$)", re.IGNORECASE)
"""After the name: "из команды поиска", "из отдела мобильной разработки", "из команды Sevan"."""
_EN = re.compile(
    r"(?<=\w)\s+from\s+(?:the\s+|our\s+|their\s+|an?\s+)?(?:(?:[\w-]+\s+){1,2}"
    r"(?:team|department|dept|group|squad|guild)|(?:[\w-]+\s+){0,2}"
    r"(?:vendor|contractor|agency|outsourcer|outsourcing\s+company))\b",
    re.IGNORECASE,
)
"""After the name: "from the search team", "from our data platform group", "from the
outsourcing vendor"."""
_VERB_END = re.compile(r"(?:л|ла|ло|ли|ть|ют|ят|ет|ит|ем|им|ed)$", re.IGNORECASE)


def _after_name(sentence: str, start: int) -> bool:
    head = sentence[:start].rstrip()
    words = head.split()
    if len(words) == 1 and not _VERB_END.search(words[0]):
        return True  # "ани из команды поиска ...": a name written small, the subject
    return bool(words) and words[-1][0].isupper()


def _drop(sentence: str, pattern: re.Pattern[str]) -> str:
    m = pattern.search(sentence)
    if m is None or not _after_name(sentence, m.start()):
        return sentence
    return sentence[: m.start()] + sentence[m.end() :]


def without_origin(sentence: str) -> str:
    """Return ``sentence`` without the team a named person comes from (see the module)."""
    return _drop(_drop(sentence, _RU), _EN)
