"""A Russian name said with an endearing suffix, back to the name it is made of.

"Стешенька" is "Стеша" made tender, "Коленька" is "Коля", "Анечка" is "Аня", "Людочка" is
"Люда": a memory writes the plain name (or the full name), a message the endearment. The
suffixes -еньк-, -оньк-, -ечк-, -очк-, -ушк-, -юшк- are cut off and the plain name is given
in its case forms, with the full names a diminutive table knows for it ("коля" is
"николай"). Only a word no dictionary knows is read so: "бабушка", "дочка", "речка" are
words of their own.
"""

from __future__ import annotations

import re

from memory_core.morphology import analyzer, full_names
from memory_core.wordforms import all_forms

__all__ = ["plain_names"]

_ENDEARING = re.compile(
    r"^(?P<base>[а-я]{2,}?)(?:еньк|оньк|ечк|очк|ушк|юшк)"
    r"(?:а|и|е|у|ой|ою|ей|ею|ам|ами|ах|ин|ина|ину|иной|ины|ине)?$"
)
_HUSHING = frozenset("жшчщ")
"""After these a plain name ends in -а ("Стеша", "Маша"), after others in -а or -я ("Люда",
"Коля")."""
_HARD = ("а", "ы", "е", "у", "ой")
_SOFT = ("я", "и", "е", "ю", "ей")
_AFTER_HUSHING = ("а", "и", "е", "у", "ей", "ой")
"""The case endings of a name in -а or -я (nominative, genitive, dative, accusative,
instrumental)."""


def plain_names(word: str) -> tuple[str, ...]:
    """The case forms of the plain name an endearment is made of, and the full names it
    stands for ("стешеньки": "стеша", "стеши", "стеше"...; "коленьке": "коля", "николай"...);
    empty for a word without an endearing suffix."""
    found = _ENDEARING.match(word.lower().replace("ё", "е"))
    if found is None:
        return ()
    base = found.group("base")
    endings = _AFTER_HUSHING if base[-1] in _HUSHING else (*_SOFT, *_HARD)
    out = [base + ending for ending in endings if _may_be_name(base + ending)]
    for name in (base + "я", base + "а"):
        for full in sorted(full_names(name)):
            out.extend(all_forms(full))
    return tuple(dict.fromkeys(out))


def _may_be_name(form: str) -> bool:
    """Whether a form may be a name: the dictionary does not know it ("стеше") or knows it
    as a name ("коля"); "люди", "кола" are words of their own, not "Люда" or "Коля"."""
    morph = analyzer()
    if morph is None or not morph.word_is_known(form):
        return True
    return any("Name" in parse.tag for parse in morph.parse(form))
