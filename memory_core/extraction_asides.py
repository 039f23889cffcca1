"""Read the asides in brackets of a chat message as the clauses they stand for.

:func:`open_asides` rewrites a message before its names are marked:

* who someone is to the owner, "Alina (my sister) moved", becomes an apposition: "Alina, my
  sister, moved";
* who someone is not, "Карен X (не наш карен, другой)", is left out: it only told them apart;
* a remark about the person just named, said last, "я отчитываюсь Марату (он у нас новый
  директор по ИТ)", "... to Kim (she's the new CFO)", becomes a second clause: ", он у нас ...";
* whose relative someone just named is, "с X (мама Орисиной одноклассницы) дружим", and a
  short qualifier right after a name, before the rest of the sentence, "Ines Carvalho (vendor
  side) is the integration lead", "Олег (из соседней команды) теперь ...", are left out: the
  sentence reads the same without them. A role in brackets ("Ali (PM) owns Kiosk",
  "Оля (тимлид) ...") or a name ("Dmitri (Дима)") is kept.

:func:`named_in_brackets` rewrites a message after its known names are marked: a thing
described, then named in brackets, "for the franchise portal (⟦1⟧)", "в мобильном
приложении (⟦1⟧)", is the thing named: "for ⟦1⟧", "в ⟦1⟧".
"""

from __future__ import annotations

import re

from memory_core.extraction_lexicon import kind_of_role

__all__ = ["named_in_brackets", "open_asides"]

_I = re.IGNORECASE
_OWNERS = re.compile(r"\s*\(((?:my|our|мо[йяеи]\w*|наш\w*)\s[^()]*)\)\s*,?", _I)
_NOT_THAT_ONE = re.compile(r"\s*\((?:не|not)\s[^()]*\)\s*", _I)
_REMARK_LAST = re.compile(
    r"\s*\(((?:он|она|они|he|she|they|he's|she's|they're|who|кто|который|которая|которые)"
    r"\s[^()]*)\)\s*[.!]?\s*$",
    _I,
)
_QUALIFIER = re.compile(
    r"(?<=[^\W\d_])(?P<aside>\s+\((?P<words>[^()A-ZА-ЯЁ\d]{3,30})\))(?=\s+[^\s(])",
)
_MAX_QUALIFIER_WORDS = 3
_KIN_ASIDE = re.compile(
    r"(?<=[^\W\d_])\s+\((?:мама|мать|папа|отец|жена|муж|сестра|брат|сын|дочь|дочка|тётя|тетя|"
    r"дядя|бабушка|дедушка|mother|mom|mum|dad|father|wife|husband|sister|brother|son|daughter|"
    r"aunt|uncle|grandma|grandpa)\s[^()]{2,40}\)(?=\s+[^\s(])",
    _I,
)
"""Whose relative a person just named is, said in brackets before the rest of the sentence:
"с X (мама Орисиной одноклассницы) дружим", "Y (sister of my PM) joined": it only tells who
X is, the sentence reads the same without it."""
_NAMED = re.compile(
    r"\b(?P<prep>for|of|on|in|at|with|to|из|в|во|на|для|по|с|со|у|к)\s+"
    r"(?:(?:the|our|a|an|наш\w*|мо\w+)\s+)?(?:[^\W\d_][\w-]*\s+){1,3}?\((?P<name>⟦\d+⟧)\)",
    _I,
)
"""A thing described after a preposition, then named in brackets: "for the portal (⟦1⟧)"."""


def _without_qualifier(m: re.Match[str]) -> str:
    words = m["words"].split()
    before = m.string[: m.start()].split()
    named = bool(before) and before[-1][:1].isupper()
    if not named or len(words) > _MAX_QUALIFIER_WORDS:
        return m[0]
    if kind_of_role(words[0]) is not None:  # "(тимлид)", "(lead dev)": a role, kept
        return m[0]
    return ""


def open_asides(text: str) -> str:
    """Return ``text`` with its bracketed asides read as clauses (see the module doc)."""
    if "(" not in text:
        return text
    text = _OWNERS.sub(r", \1, ", text)
    text = _NOT_THAT_ONE.sub(" ", text)
    text = _REMARK_LAST.sub(r", \1", text)
    text = _KIN_ASIDE.sub("", text)
    return _QUALIFIER.sub(_without_qualifier, text)


def named_in_brackets(text: str) -> str:
    """Return marked ``text`` with each thing described, then named in brackets, written as
    its name alone: "for the franchise portal (⟦1⟧)" -> "for ⟦1⟧"."""
    return _NAMED.sub(r"\g<prep> \g<name>", text) if "(" in text else text
