"""Extraction rules about things: explicit links and the owner's own facts.

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did. Decisions are read by
:mod:`memory_core.extraction_decisions`, tools and dependencies by
:mod:`memory_core.extraction_uses`.

* "Иван Петров -[works_on]-> ESO": the link as written.
* "я живу в Белграде", "I work at Acme", "я предпочитаю ...", "мой часовой пояс — ...",
  "my birthday is ...": a line on the owner.
"""

from __future__ import annotations

import re

from memory_core.errors import InvalidInputError
from memory_core.extraction_places import is_place
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import normalize_relation_type, split_prefix

__all__ = ["explicit_link", "owner_fact"]

_I = re.IGNORECASE

_ARROW = re.compile(r"^(?P<a>.+?)\s*-\[\s*(?P<rel>[\w\s-]+?)\s*\]->\s*(?P<b>.+)$")


def explicit_link(r: Reading, d: Draft) -> bool:
    """ "Иван Петров -[works_on]-> ESO": the link exactly as written."""
    m = _ARROW.match(r.text)
    if m is None:
        return False
    try:
        relation = normalize_relation_type(m["rel"], strict=False)
    except InvalidInputError:
        return False
    ends: list[str | None] = []
    for side in (m["a"].strip(), m["b"].strip()):
        if re.fullmatch(ENT, side):
            ends.append(r.entity(side))
        elif split_prefix(side)[0] is not None:  # "Project:⟦0⟧": the prefix as written
            ends.append(d.entity(" ".join(r.render(side).split())))
        else:
            ends.append(d.person(side) or d.thing(side))
    d.link(ends[0], relation, ends[1])
    return None not in ends


_OWNER_FACTS = tuple(
    (re.compile(pattern, _I), kind, key)
    for pattern, kind, key in (
        (r"^(?:я\s+)?живу\s+(?P<v>(?:в|во|на)\s+.+)$", "fact", "location"),
        (r"^i\s+(?:live|am\s+based|'m\s+based)\s+in\s+(?P<v>.+)$", "fact", "location"),
        # a move to a named place says where one lives now: "я переехала в Лиссабон", "I
        # moved to Porto" ("мы переехали" must name a place: :data:`_WE_MOVED`)
        (
            r"^(?:я\s+)?(?:(?:недавно|уже|наконец)\s+)?(?:переехал[аи]?|перебрал(?:ся|ась|ись))"
            r"\s+(?P<v>(?:в|во|на)\s+(?-i:[A-ZА-ЯЁ]).*)$",
            "fact",
            "location",
        ),
        (r"^we\s+live\s+in\s+(?P<v>(?-i:[A-Z]).*)$", "fact", "location"),
        (r"^(?:живём|живем)\s+(?P<v>(?:в|во|на)\s+.+)$", "fact", "location"),
        (
            r"^i(?:\s+have|'ve)?\s+(?:(?:recently|just|finally)\s+)?(?:moved|relocated)\s+to\s+"
            r"(?P<v>(?-i:[A-Z]).*)$",
            "fact",
            "location",
        ),
        (r"^i'm\s+based\s+in\s+(?P<v>.+)$", "fact", "location"),
        (r"^(?:я\s+)?работаю\s+(?P<v>(?:в|во)\s+.+)$", "fact", "workplace"),
        (r"^i\s+work\s+(?:at|for)\s+(?P<v>.+)$", "fact", "workplace"),
        (r"^меня\s+зовут\s+(?P<v>.+)$", "fact", "name"),
        (r"^my\s+name\s+is\s+(?P<v>.+)$", "fact", "name"),
        (r"^(?P<v>(?:я\s+)?предпочитаю\s+.+)$", "pref", None),
        (r"^(?P<v>i\s+(?:\w+\s+)?prefer\s+.+)$", "pref", None),
    )
)


_OWNER_ATTRIBUTES = {
    "часовой пояс": "timezone", "time zone": "timezone", "timezone": "timezone",
    "день рождения": "birthday", "birthday": "birthday", "date of birth": "birthday",
    "родной город": "hometown", "home town": "hometown", "hometown": "hometown",
    "родной язык": "native_language", "native language": "native_language",
    "mother tongue": "native_language", "любимый язык": "favourite_language",
    "favourite language": "favourite_language", "favorite language": "favourite_language",
}  # fmt: skip
_OWNER_ATTRIBUTE = re.compile(
    r"^(?:мой|моя|моё|мое|my)\s+(?P<attr>"
    + "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in _OWNER_ATTRIBUTES)
    + r")\s*(?:—|-|:|=|\bis\b|\bэто\b)\s*(?P<v>\S.*)$",
    _I,
)


def owner_fact(r: Reading, d: Draft) -> bool:
    """ "я живу в Белграде", "I work at Acme", "I prefer short answers": the owner's lines."""
    attribute = _OWNER_ATTRIBUTE.match(r.text)
    if attribute is not None:
        name = _OWNER_ATTRIBUTES[" ".join(attribute["attr"].lower().split())]
        d.line(d.owner, "fact", f"{name}={r.render(attribute['v'])}")
        return True
    for pattern, kind, key in _OWNER_FACTS:
        m = pattern.match(r.text)
        if m is not None:
            value = r.render(m["v"])
            d.line(d.owner, kind, f"{key}={value}" if key else value)
            return True
    moved = _WE_MOVED.match(r.text)
    if moved is not None and is_place(moved["place"]):
        d.line(d.owner, "fact", f"location={r.render(moved['v'])}")
        return True
    return False


_WE_MOVED = re.compile(
    r"^мы\s+(?:(?:недавно|уже|наконец)\s+)?(?:переехали|перебрались)\s+"
    r"(?P<v>(?:в|во|на)\s+(?P<place>(?-i:[А-ЯЁ])[\w-]*).*)$",
    _I,
)
"""A move of the owner's household ("мы переехали в Лиссабон"); a team "переехали на
Kubernetes" as well, so the place must be one."""
