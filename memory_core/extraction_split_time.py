"""Extraction of someone's time split between projects: they work on each.

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

:func:`split_between` reads a sentence with one person, two or more projects the memory
holds, and a word of sharing time between them, in any order: "X сейчас разрывается между P
и Q, 50 на 50", "X теперь делит неделю: три дня P, два — Q", "X splits her week between P
and Q", "X is half on P, half on Q now". The person ``works_on`` each project the memory
does not have them on yet.
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, Draft, Reading

__all__ = ["split_between"]

_SPLIT = re.compile(
    r"(?<![\w-])(?:"
    r"(?:разрыва\w+|меч(?:ется|утся)|мота(?:ется|ются)|курсиру\w+)\s+между"
    r"|дел(?:ит|ят|им)\s+(?:сво[её]\s+)?(?:время|неделю|недели|дни)"
    r"|пополам|поровну|50\s*(?:на|/)\s*50|на\s+(?:два|три|оба)\s+проекта|на\s+обоих"
    r"|(?:torn|split|bouncing|divided|juggling|alternat\w+)\s+(?:\w+\s+)?between"
    r"|split(?:s|ting)?\s+(?:(?:her|his|their|the)\s+)?(?:time|week|days)"
    r"|half\s+(?:on|in)|50\s*/\s*50|fifty[\s-]fifty|on\s+both"
    r")",
    re.IGNORECASE,
)
_NOT_WORK = re.compile(r"(?<![\w-])(?:выбира\w+|choos\w+|decid\w+|реша\w+|сравнива\w+|compar\w+)")
"""A choice between projects is no work on them: "X выбирает между P и Q"."""


def split_between(r: Reading, d: Draft) -> bool:
    """ "X разрывается между P и Q": X ``works_on`` P and Q."""
    if _SPLIT.search(r.text) is None or _NOT_WORK.search(r.text.casefold()) is not None:
        return False
    projects = list(dict.fromkeys(p for p in r.names_in(r.text, "Project") if p not in r.guessed))
    people = list(dict.fromkeys(r.names_in(r.text, "Person")))
    if len(projects) < 2 or len(people) != 1:
        return False
    fresh = [p for p in projects if not d.on_project(people[0], p)]  # known links stay unsaid
    for project in fresh:
        d.link(people[0], "works_on", project)
    if fresh:  # how the time is split, as said: "делит время между P и Q"
        said = re.sub(ENT, lambda m: "" if r.entity(m[0]) == people[0] else m[0], r.text)
        d.line(people[0], "fact", said)
    return bool(fresh)
