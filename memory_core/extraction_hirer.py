"""Someone known who took a person on, said first: "Дуся нашла себе зама: X, ...".

"Геля наконец выбила второго тестировщика: X, сядет на P", "Ivo brought in a pentester for
P, X from Acme": the sentence opens with a person the memory holds, a verb of taking someone
on and a role word, and the rules that read the owner's own "нашла себе зама: X" would read
the hired one, but the subject before the verb turns the sentence into a fact about the
hirer. :func:`without_hirer` gives the sentence without that subject, so the hired person
is read with the role; the hirer gets no link of its own (whom X answers to is said apart:
"подчиняться будет Дусе", "reports to her").
"""

from __future__ import annotations

import re

from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_names import EntityResolver
from memory_core.extraction_text import Reading
from memory_core.language import is_cyrillic
from memory_core.naming import split_prefix

__all__ = ["without_hirer"]

_HIRED = re.compile(
    r"^(?P<who>⟦\d+⟧)\s+(?:(?:наконец(?:-то)?|уже|сегодня|вчера|finally|just|already|today|"
    r"yesterday)\s+)*(?P<taken>(?:нанял[а]?|взял[а]?|нашёл|нашел|нашла|"
    r"выбил[а]?|получил[а]?|привёл|привел|привела|позвал[а]?|"
    r"hired|found|got|brought\s+in|brought\s+on|took\s+on|onboarded|recruited)\s+"
    r"(?:(?:себе|в\s+команду|himself|herself|themselves)\s+)?)"
    r"(?P<role>[^:,—]+)[:,—]",
    re.IGNORECASE,
)
"""A known subject, a verb of taking someone on, and what is said up to the name. A Russian
verb is singular: one known person before "взяли" is whom they took someone for ("Есении взяли
репетитора"), not who took them."""


def without_hirer(sentence: str, resolver: EntityResolver) -> str | None:
    """``sentence`` from its verb on when it opens with a known person who took someone on
    in a role ("Дуся нашла себе зама: X" -> "нашла себе зама: X"), else ``None``."""
    reading = Reading.of(sentence, resolver)
    m = _HIRED.match(reading.text)
    if m is None or split_prefix(reading.entity(m["who"]))[0] != "Person":
        return None
    if kind_of_role(reading.render(m["role"])) is None or not _nominative(
        sentence.split(maxsplit=1)[0]
    ):
        return None
    return reading.render(reading.text[m.start("taken") :])


def _nominative(word: str) -> bool:
    """Whether a Russian name may be a subject: it does not end as a name in an oblique case
    does ("Маше", "Сергею", "Есении": whom someone was taken on for, not who took them on);
    an English word always may."""
    return not (is_cyrillic(word) and re.search(r"[еиуюё][,.!]*$", word, re.IGNORECASE))
