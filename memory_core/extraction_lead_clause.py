"""Drop a chatty opening clause that names no one ("у нас движуха, X будет лидом").

People open with a clause of scene-setting before the news ("у нас в платформе движуха,
нарек с апреля будет лидом SRE группы", "big news on our side, Anna takes over Kite").
That clause keeps the rules, which read a sentence from its subject, from seeing the news.
:func:`without_lead_clause` drops it, so they read "нарек с апреля будет лидом SRE группы".
Extraction reads this second form only when the statement as written gives nothing.

Precision first: the clause is dropped only when it is short, names nothing (no capitalised
word after its first, no known entity) and neither hedges, hears, wishes nor sets a condition
("если", "думаю", "говорят", "if", "maybe", "I heard") nor sets the moment ("today",
"сегодня"): "если Маша уйдёт, Петя будет лидом" is no fact about Петя. The rest must be
news of a post or a project (a role word, a known project): "so sleepy today, varya woke up
at 5" stays small talk.
"""

from __future__ import annotations

import re

from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_names import EntityResolver
from memory_core.extraction_text import Reading

__all__ = ["without_lead_clause"]

_MAX_WORDS = 7
_CLAUSE = re.compile(r"^(?P<lead>[^,:;—()\"«»?]+?)\s*,\s+(?P<rest>\S.*)$")
_NOT_A_FACT = re.compile(
    r"\b(?:если|еслиб\w*|когда|пока|хотя|чтобы|что|будто|бы|б|не|ни|нет|вроде|наверн\w*|"
    r"может|возможно|кажется|похоже|видимо|говор\w*|сказа\w*|пиш\w*|написа\w*|слыш\w*|слух\w*|"
    r"дума\w*|счита\w*|верю|надеюсь|хочу|хоте\w*|хотим|мечта\w*|жаль|план\w*|обеща\w*|"
    r"предлага\w*|предложи\w*|вопрос|спроси\w*|шутк\w*|шути\w*|"
    r"if|when|unless|whether|though|although|that|maybe|perhaps|probably|might|would|could|"
    r"should|not|no|never|think|thinks|guess|heard|hear|says|said|told|tells|rumou?rs?|"
    r"hope|hoping|wish|want|wants|plan|plans|planning|doubt|joke|joking|asked|ask|"
    r"сегодня|вчера|утром|вечером|ночью|сейчас|today|tonight|yesterday|morning|now)\b",
    re.IGNORECASE,
)
"""A lead that makes the rest no plain fact: a condition, a hedge, hearsay, a wish, a no."""
_CAPITAL = re.compile(r"(?-i:[A-ZА-ЯЁ])")


def without_lead_clause(sentence: str, resolver: EntityResolver) -> str:
    """Return ``sentence`` without its scene-setting opening clause (see the module)."""
    m = _CLAUSE.match(sentence.strip())
    if m is None:
        return sentence
    lead = m["lead"]
    words = lead.split()
    if len(words) > _MAX_WORDS or _NOT_A_FACT.search(lead) or any(c.isdigit() for c in lead):
        return sentence
    if any(_CAPITAL.match(word) for word in words[1:]):
        return sentence
    if Reading.of(lead, resolver).entities:
        return sentence
    news = kind_of_role(m["rest"]) is not None or any(
        name.startswith("Project:") for name in Reading.of(m["rest"], resolver).entities
    )
    return m["rest"] if news else sentence
