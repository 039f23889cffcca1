"""Where a named person is from: a company or a department ("X из Сбера", "Y from Acme").

People name someone with the place they come from right after the name: "Tom from Acme is
our account manager", "Лена из бухгалтерии отвечает за счета", "Ира из Альфы — наш
менеджер". The phrase stands between the name and the rest and keeps the rules from reading
the sentence; :func:`without_org` takes it out, and :func:`with_org` then keeps it as a
``fact:`` line on that person ("fact: from Acme", "fact: из бухгалтерии"), as "наш юрист —
X из Lexa" keeps it. A team or a vendor ("из команды поиска", "from the data team") is
:mod:`memory_core.extraction_origin`'s; this reads what is left: a capitalised name of one or
two words, or a single lower-case word of a department ("from accounting", "из
бухгалтерии"). Only a phrase right after a capitalised name (or the sentence's first word)
counts, and never a place a person is said to come back from ("из отпуска", "from home").
"""

from __future__ import annotations

import re

from memory_core.extraction_origin import origin
from memory_core.extraction_text import Draft
from memory_core.naming import split_prefix

__all__ = ["org_of", "with_org", "without_org"]

_NAME = r"(?-i:[A-ZА-ЯЁ][\w&.-]*(?:\s+[A-Z][\w&.-]*)?)"
_NOT_PLACE = (
    r"(?:дома|отпуска|декрета|больницы|командировки|офиса|home|work|vacation|leave|"
    r"holiday|hospital|office|school|there|here|now|today|then)"
)
_RU_WORD = r"(?-i:[а-яё]{4,}(?:ии|ов|ей|а|и|ы))"
"""A department in the genitive: "бухгалтерии", "финансов", "маркетинга", "поддержки"."""
_ORG = re.compile(
    rf"(?<=[\w.])\s+(?:из\s+(?!{_NOT_PLACE}\b)(?:{_NAME}|{_RU_WORD})"
    rf"|from\s+(?:the\s+)?(?!{_NOT_PLACE}\b)(?:{_NAME}|(?-i:[a-z]{{3,}}))|(?-i:@)\s*{_NAME})"
    r"(?=\s*(?:[—,:]|\s(?:is|was|will|has|now|handles|runs|leads|owns|manages|helps|"
    r"takes|does|sends|signs|approves|[а-яё]+(?:ет|ит|ут|ют|ат|ят|л|ла|ли)\b|—|теперь|"
    r"сейчас|наш|наша|our|my|мой|моя)))",
    re.IGNORECASE,
)
"""After a name, before the verb, a dash or a comma: "from Acme is", "из бухгалтерии
отвечает", "из Сбера — наш"."""
_VERB_END = re.compile(r"(?:л|ла|ло|ли|ть|ют|ят|ет|ит|ем|им|ed|s)$", re.IGNORECASE)


def _after_name(sentence: str, start: int) -> bool:
    words = sentence[:start].split()
    if len(words) == 1 and not _VERB_END.search(words[0]):
        return True
    return 1 <= len(words) <= 3 and all(w[:1].isupper() for w in words)


def _found(sentence: str) -> re.Match[str] | None:
    if origin(sentence) is not None:
        return None  # a team: extraction_origin's
    m = _ORG.search(sentence)
    return m if m is not None and _after_name(sentence, m.start()) else None


def without_org(sentence: str) -> str:
    """Return ``sentence`` without the company or department a named person is from."""
    m = _found(sentence)
    return sentence if m is None else sentence[: m.start()] + sentence[m.end() :]


def org_of(sentence: str) -> tuple[str, str] | None:
    """The name before the phrase and the phrase ("from Acme", "из бухгалтерии"), or ``None``."""
    m = _found(sentence)
    return None if m is None else (sentence[: m.start()].strip(), m[0].strip())


def with_org(draft: Draft, sentence: str) -> Draft:
    """``draft`` with a ``fact:`` line saying where the person named before the phrase is
    from, when the draft names that person and holds no line with the phrase yet."""
    found = org_of(sentence)
    if found is None:
        return draft
    head, phrase = found
    said = head.lower().split()
    people = [*draft.lines, *draft.new, *(end for frm, _, to in draft.links for end in (frm, to))]
    where = phrase.split()[-1].lower()
    for name in dict.fromkeys(people):
        kind, label = split_prefix(name)
        if kind != "Person" or not any(
            _same_word(w, s) for w in label.lower().split() for s in said
        ):
            continue
        if not any(where in line.lower() for line in draft.lines.get(name, ())):
            draft.line(name, "fact", phrase)
        return draft
    return draft


def _same_word(word: str, said: str) -> bool:
    """Whether ``said`` is ``word`` or one of its case forms ("лены", "tom")."""
    stem = min(len(word), max(3, len(word) - 2))
    return len(said) >= 3 and said[:stem] == word[:stem]
