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

from memory_core.extraction_text import Draft
from memory_core.naming import split_prefix

__all__ = ["origin", "with_origin", "without_origin"]

_TEAM_RU = (
    r"(?:команды|отдела|группы|департамента|направления|службы|юнита|трайба|стрима|"
    r"подрядчика|вендора|агентства|аутсорса)"
)
_STOP = r"(?:снова|опять|сегодня|вчера|пока|тоже|также|она|они|он|ещё|еще|уже|теперь)"
_GENITIVE = (
    rf"(?!{_STOP}\b)(?![а-яё]+л[аио]\b)(?![а-яё]+(?:ся|сь)\b)"
    r"[а-яё]{2,}(?:а|я|и|ы|ов|ев|ей|ий|ых|их|ого|его|ой)"
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
_RU_ADJ = re.compile(
    rf"(?<=\w)\s+из\s+(?:[а-яё]{{3,}}(?:ой|ей)\s+){{1,2}}{_TEAM_RU}(?:\s+(?-i:[A-Z][\w-]+))?(?=\s|,|$)",
    re.IGNORECASE,
)
"""After the name, the team said by an adjective: "из платформенной команды"."""
_VENDOR = re.compile(r"подрядчик|вендор|агентств|аутсорс|vendor|contractor|agency|outsourc", re.I)
"""A vendor, not a team of the company: who a person works for is no team line."""
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
    return _drop(_drop(_drop(sentence, _RU_ADJ), _RU), _EN)


def origin(sentence: str) -> tuple[str, str] | None:
    """The words before the team phrase and the phrase itself ("из платформенной команды",
    "from the data team"), when a named person comes from a team (not a vendor); else
    ``None``."""
    for pattern in (_RU_ADJ, _RU, _EN):
        m = pattern.search(sentence)
        if m is not None and _after_name(sentence, m.start()) and not _VENDOR.search(m[0]):
            return sentence[: m.start()], m[0].strip()
    return None


def with_origin(draft: Draft, sentence: str) -> Draft:
    """``draft`` with a ``team:`` line (the phrase as written) on the person named right
    before the team phrase, when the draft names that person."""
    found = origin(sentence)
    if found is None:
        return draft
    head, phrase = found
    tail = [w.strip(",.").lower() for w in head.split()[-3:]]
    named = [*draft.lines, *draft.new, *(end for frm, _, to in draft.links for end in (frm, to))]
    for name in dict.fromkeys(named):
        kind, label = split_prefix(name)
        if kind == "Person" and any(_same_word(w, t) for w in label.lower().split() for t in tail):
            draft.line(name, "team", phrase)
            return draft
    return draft


def _same_word(word: str, said: str) -> bool:
    """Whether ``said`` is ``word`` or one of its case forms ("озолс", "арвида")."""
    stem = min(len(word), max(4, len(word) - 2))
    return len(said) >= 3 and said[:stem] == word[:stem]
