"""What a decision's sentence says besides the decision: when, whose call, and plain terms.

Read by :mod:`memory_core.extraction_decisions` on the marked text (known names as ``⟦n⟧``):

* :func:`without_when` drops when the decision was said ("today: ...", "(mar 3): ...",
  "вчера — ...") from the start of what was decided, and :func:`when_word` tells the words
  of a day ("today", "вчера") a slug leaves out;
* :func:`whose_call` reads who made the call, said last ("..., Jonas's call", "..., по
  решению Марата", "(её решение)") and gives the content without it;
* :func:`projects_decided_in` keeps the projects a decision is about: an acronym the memory
  does not know ("MNP request logs", "the Huawei HSS integration") is a technical term of
  the sentence, not a project of its own, when a known project is named beside it;
* :func:`filler_verb` tells the English verbs of a plan ("keeps", "moves") a slug leaves out:
  the slug is made of what the decision is about ("roamer-cdr-storage-clickhouse");
* :func:`standing_rule` tells a standing rule said without a verb ("больше никаких релизов
  по пятницам"), whose words of firmness (:func:`firmness_word`, :func:`without_go_live`)
  a slug leaves out.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from memory_core.extraction_roles import WHO_LIST
from memory_core.language import is_cyrillic
from memory_core.morphology import analyzer

__all__ = [
    "filler_verb",
    "firmness_word",
    "projects_decided_in",
    "standing_rule",
    "when_word",
    "whose_call",
    "without_dates",
    "without_go_live",
    "without_remark",
    "without_when",
]

_I = re.IGNORECASE
_MONTH = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|"
    r"январ[ья]|феврал[ья]|марта?|апрел[ья]|ма[йя]|июн[ья]|июл[ья]|августа?|сентябр[ья]|"
    r"октябр[ья]|ноябр[ья]|декабр[ья]"
)
_DAY = r"today|yesterday|this\s+morning|сегодня|вчера|утром|на\s+днях"
_WHEN = (
    rf"(?:{_DAY}|(?:on\s+)?(?:{_MONTH})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}\s+(?:{_MONTH})"
    r"|\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?|\d{4}-\d{2}-\d{2})"
)
_WHEN_LEAD = re.compile(rf"^\s*\(?\s*{_WHEN}\s*\)?\s*(?:[:,—-]\s*)?(?=\S)", _I)
_WHEN_WORDS = frozenset(("today", "yesterday", "tonight", "сегодня", "вчера"))
_CALL_LAST = re.compile(
    rf"\s*(?:[,;—(]\s*)(?:(?:it\s+was|it's|this\s+was|that\s+was)\s+)?(?P<who>{WHO_LIST})'s?\s+"
    r"(?:call|decision|idea|choice)\)?\s*$"
    rf"|\s*(?:[,;—(]\s*)(?:это\s+|так\s+)?(?:по\s+)?решени[еюя]\s+(?:за\s+)?(?P<ru>{WHO_LIST})\)?\s*$",
    _I,
)
_FILLER_VERBS = frozenset(
    {
        *("keeps", "keep", "moves", "move", "goes", "gets", "stays", "stay", "becomes"),
        *("become", "starts", "will", "should", "must", "needs", "need"),
    }
)


def without_when(content: str) -> str:
    """``content`` without the date or day it starts with ("(mar 3): Roamer moves ...")."""
    return _WHEN_LEAD.sub("", content, count=1)


_DATE = re.compile(
    rf"(?:\b(?:с|со|from|starting|since|until|till|до|by|on)\s+)?"
    rf"(?:\b\d{{1,2}}(?:-?го)?\s+(?:{_MONTH})\b|\b(?:{_MONTH})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b)",
    _I,
)
_REMARK = re.compile(
    r"\s*(?:[—,;:(]\s*|\s(?=ну\s))(?:ну\s+|а\s+там\s+|and\s+)?(?:посмотрим(?:\s*,?\s*как\s+пойд[её]т)?|"
    r"там\s+видно\s+будет|поглядим|увидим|let's\s+see(?:\s+how\s+it\s+goes)?|"
    r"we'll\s+see(?:\s+how\s+it\s+goes)?|fingers\s+crossed|final|окончательно|и\s+точка|"
    r"и\s+ладно|whatever|period)\)?[\s.!…]*$",
    _I,
)
"""A remark said after a decision ("..., посмотрим как пойдёт", "..., final"): no part of it."""


def without_dates(text: str) -> str:
    """``text`` without the dates it names ("с 1 сентября", "from March 3"): a slug is made of
    what was decided, not of when it starts."""
    return _DATE.sub(" ", text)


def without_remark(content: str) -> str:
    """``content`` without a remark said after the decision ("— посмотрим как пойдёт")."""
    return _REMARK.sub("", content).strip() or content


def when_word(word: str) -> bool:
    """Whether a slug word only says when it was decided ("today", "вчера")."""
    return word in _WHEN_WORDS


def filler_verb(word: str) -> bool:
    """Whether a slug word is an English verb of a plan, not what the plan is about."""
    return word in _FILLER_VERBS


def whose_call(content: str) -> tuple[str, str | None]:
    """Split "..., Jonas's call" into the content and the caller (None when none is said)."""
    m = _CALL_LAST.search(content)
    if m is None:
        return content, None
    return content[: m.start()], m["who"] or m["ru"]


def projects_decided_in(projects: Sequence[str], guessed: Collection[str]) -> list[str]:
    """The projects a decision is about: new acronyms drop out when a known project is named.

    Args:
        projects: The ``Project:`` names the decision's words name.
        guessed: The names made up for unknown acronyms in the message ("Project:MNP").
    """
    known = [p for p in projects if p not in guessed]
    return known or list(projects)


_STANDING = re.compile(
    r"\b(?:больше\s+(?:не|никаких|никто|ничего)|никаких|только|всегда|никогда|впредь|отныне|"
    r"обязательно|only|always|no\s+more|anymore|any\s+more|go(?:es)?\s+live)\b",
    _I,
)
_FIRMNESS = frozenset(
    ("больше", "никаких", "только", "всегда", "впредь", "отныне", "обязательно", "only", "always")
)
_ORDER_AND_SCOPE = frozenset(
    ("сначала", "сперва", "затем", "потом", "first", "then", "any", "every", "each", "all")
)
_GO_LIVE = re.compile(r"\b(?:go|goes|went)\s+live\b", _I)


def standing_rule(text: str) -> bool:
    """Whether ``text`` says a standing rule without a verb of a plan ("больше никаких
    релизов по пятницам", "changes go live on the 1st only")."""
    return _STANDING.search(text) is not None


def firmness_word(word: str) -> bool:
    """Whether a slug leaves ``word`` out: it says how firm a rule is ("только", "always"),
    in what order ("сначала", "first"), or for which ones ("любой", "every"), not what it is
    about."""
    if word in _FIRMNESS or word in _ORDER_AND_SCOPE:
        return True
    morph = analyzer()
    if morph is None or not is_cyrillic(word):
        return False
    first = morph.parse(word)[0].tag
    return "Apro" in first or str(first.POS) == "NPRO"  # "любой", "каждый", "всё"


def without_go_live(text: str) -> str:
    """``text`` without "go live" (what a slug leaves out: "Go" alone is a language)."""
    return _GO_LIVE.sub(" ", text)
