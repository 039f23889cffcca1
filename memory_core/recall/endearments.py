"""A Russian name said with an endearing suffix, back to the name it is made of.

"Тусенька" is "Туся" made tender, "Коленька" is "Коля", "Анечка" is "Аня", "Людочка" is
"Люда": a memory writes the plain name (or the full name), a message the endearment. The
suffixes -еньк-, -оньк-, -ечк-, -очк-, -ушк-, -юшк- are cut off and the plain name is given
in its case forms, with the full names a diminutive table knows for it ("коля" is
"николай"). Only a word no dictionary knows is read so: "бабушка", "дочка", "речка" are
words of their own.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from memory_core.morphology import analyzer, full_names
from memory_core.ranking import QueryTerm
from memory_core.wordforms import all_forms

__all__ = ["endeared", "plain_names"]

_ENDEARING = re.compile(
    r"^(?P<base>[а-я]{2,}?)(?:еньк|оньк|ечк|очк|ушк|юшк)"
    r"(?:а|и|е|у|ой|ою|ей|ею|ам|ами|ах|ин|ина|ину|иной|ины|ине)?$"
)
_HUSHING = frozenset("жшчщ")
"""After these a plain name ends in -а ("Даша", "Маша"), after others in -а or -я ("Люда",
"Коля")."""
_OBLIQUE = {"я": ("и", "е", "ю", "ей"), "а": ("ы", "е", "у", "ой")}
_AFTER_HUSHING = ("и", "е", "у", "ей", "ой")
"""The other case endings of a name in -я or -а (genitive, dative, accusative,
instrumental)."""
_LIKELY = 0.75
_NAMED = 0.5


async def endeared(
    term: QueryTerm, word: str, count: Callable[[QueryTerm], Awaitable[int]]
) -> tuple[int, bool]:
    """Search an endearment no memory holds by the plain name it is made of, when some memory
    holds that (``count`` gives how many entries a term finds); return the new document count
    and whether the word is still to be corrected as a typo (the term unchanged then)."""
    names = plain_names(word)
    if not names or not await count(QueryTerm(term.surface, words=names)):
        return 0, True
    term.prefixes, term.words, term.foreign = (), names, frozenset()
    return await count(term), False


def plain_names(word: str) -> tuple[str, ...]:
    """The case forms of the plain name an endearment is made of, and the full names it
    stands for ("тусеньки": "туся", "туси", "тусе"...; "коленьке": "коля", "николай"...);
    empty for a word without an endearing suffix."""
    found = _ENDEARING.match(word.lower().replace("ё", "е"))
    if found is None:
        return ()
    base = found.group("base")
    hushing = base[-1] in _HUSHING
    plain = [base + "а"] if hushing else [base + "я", base + "а"]
    named = [n for n in plain if _likely_name(n)]  # "коля", not "кола"
    out: list[str] = []
    for name in named or plain:
        endings = _AFTER_HUSHING if hushing else _OBLIQUE[name[-1]]
        out.append(name)
        out.extend(f for f in (base + e for e in endings) if not _other_word(f))
        for full in sorted(full_names(name)):
            out.extend(all_forms(full))
    return tuple(dict.fromkeys(out))


def _likely_name(form: str) -> bool:
    """Whether the dictionary reads a form as a given name first ("коля", "аня")."""
    morph = analyzer()
    if morph is None or not morph.word_is_known(form):
        return False
    first = morph.parse(form)[0]
    return "Name" in first.tag and first.score >= _NAMED


def _other_word(form: str) -> bool:
    """Whether a form is most likely a word of its own, not a name ("люди" is not Люда's)."""
    morph = analyzer()
    if morph is None or not morph.word_is_known(form):
        return False
    first = morph.parse(form)[0]
    return "Name" not in first.tag and first.score >= _LIKELY
