"""Extraction of family said around a kin word: both parents, a spouse's name, a child's coach.

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

* "мама с папой переезжают к нам", "my parents moved to Yerevan": a line on both parents;
* "X женился, жену зовут Y", "X got married, his wife is called Y": X ``married_to`` Y;
* "X and his wife had a baby boy, they named him Y", "у X родился сын, назвали Y": X
  ``parent_of`` Y;
* "у X в садике воспитательница Y", "X записали на шахматы, тренер Y", "у сына тренер по
  плаванию Y": Y is the coach, teacher or nanny of the one child the sentence names;
* "тесть мой, Самвел, ..." is read as "мой тесть Самвел, ...";
* "our dog Bublik has a new vet — X", "у нашей собаки ветеринар — X": X is the household's vet.
"""

from __future__ import annotations

import dataclasses
import re

from memory_core.extraction_lexicon import ROLE_RE, kind_of_role
from memory_core.extraction_names import morph
from memory_core.extraction_people import TRANSIENT, introduction
from memory_core.extraction_roles import WHO, apply_role, read_role
from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.language import is_cyrillic

__all__ = [
    "HOUSEHOLD_RULES",
    "both_parents",
    "childs_helper",
    "inverted_kin",
    "pets_helper",
    "spouse_named",
]

_I = re.IGNORECASE
_PARENTS = re.compile(
    r"^(?:(?:мои|my|our|наши)\s+)?(?:мама\s+(?:с\s+папой|и\s+папа)|папа\s+(?:с\s+мамой|и\s+мама)"
    r"|родители|(?:mom|mum)\s+and\s+dad|dad\s+and\s+(?:mom|mum)|parents)\s+(?P<fact>\S+\s+\S.*)$",
    _I,
)


def both_parents(r: Reading, d: Draft) -> bool:
    """ "мама с папой в апреле переезжают к нам": a line on the mother and the father."""
    m = _PARENTS.match(r.text)
    if m is None or TRANSIENT.search(r.text):
        return False
    parents = [p for p in (d.relative("mother"), d.relative("father")) if p is not None]
    for parent in parents:
        d.line(parent, "fact", r.text)
    return bool(parents)


_SPOUSE = re.compile(
    rf"^(?P<holder>{ENT})\s[^⟦]*?[,;—]\s*(?:а\s+|and\s+)?(?:(?:его|её|ее|his|her)\s+)?"
    r"(?:(?P<kin>жену|мужа|wife|husband)(?:'s\s+name\s+is|\s+(?:зовут|is\s+called|is\s+named))"
    r"|(?P<kin2>жених|невеста|fianc[ée]e?)(?:\s*[—:]|\s+(?:is|это|зовут)))\s+"
    rf"(?P<who>{WHO})(?:[\s,.;].*)?$",
    _I,
)


def spouse_named(r: Reading, d: Draft) -> bool:
    """ "X женился наконец, жену зовут Y": X is married to Y; "X выходит замуж, жених — Y"."""
    m = _SPOUSE.match(r.text)
    if m is None:
        return False
    holder, spouse = d.person(m["holder"]), d.person(m["who"])
    role = read_role(r, m["kin"] or m["kin2"])
    if holder is None or spouse is None or holder == d.owner or role is None:
        return False
    apply_role(d, spouse, role, holder)
    return True


_HELPERS = frozenset({"coach", "teacher", "caregiver"})
_KIN_CHILD = r"(?:сына|дочки|дочери|доч[ьк]и|реб[её]нка|детей|son|daughter|kids?|child)"
_HELPER = re.compile(
    rf"(?:^|[,;—]\s*|^у\s+(?:мо\w+\s+)?(?:{ENT}|{_KIN_CHILD})\s+(?:[^,;—⟦]*?\s)?)"
    rf"(?P<head>(?:{ROLE_RE})(?:\s+по\s+[а-яё]+)?)\s+(?:[—:]\s+)?(?P<who>{NEW_NAME})(?=\s*(?:[,;.—]|$))",
    _I,
)
"""A helper's role word right before a new name, where a clause starts or after "у X":
"…, тренер Армен Варданович", "у X тренер по плаванию Y", "у X в садике воспитательница Y"."""
_MY_CHILD = re.compile(rf"^у\s+(?:(?:мо\w+|my)\s+)?(?P<kin>{_KIN_CHILD})\s", _I)


def childs_helper(r: Reading, d: Draft) -> bool:
    """ "у X в садике воспитательница Y", "X записали на шахматы, тренер Y"."""
    known = [p for p in dict.fromkeys(r.names_in(r.text, "Person")) if p != d.owner]
    children = [d.relative(kin) for kin in ("son", "daughter", "child")]
    kin = _MY_CHILD.match(r.text)
    if kin is not None:  # "у сына тренер X": the son, or the one child the memory knows
        word = kin["kin"].lower()
        wanted = children[:1] if word[:1] in "сs" else children[1:2] if word[:1] in "дd" else []
        found = [c for c in wanted or children if c is not None]
        holder = found[0] if len(set(found)) == 1 else None
    elif len(known) == 1 and (r.text.startswith("у ") or known[0] in children):
        holder = known[0]  # "у X ...", or the owner's child named anywhere
    else:
        holder = None
    m = _HELPER.search(r.text)
    if holder is None or m is None:
        return False
    kind = kind_of_role(m["head"])
    role = read_role(r, m["head"]) if kind is not None and kind.name in _HELPERS else None
    person = d.person(m["who"]) if role is not None else None
    if role is None or person is None or person == holder:
        return False
    apply_role(d, person, role, holder)
    first = re.match(rf"^({ENT})\s+(?P<news>[^—]+?)\s*[,;]\s*$", r.text[: m.start("head")])
    if first is not None and r.entity(first[1]) == holder:  # "X записали на шахматы, тренер Y"
        d.line(holder, "fact", first["news"])
    return True


_INVERTED = re.compile(
    rf"^(?P<role>(?:{ROLE_RE}))\s+(?P<poss>мо[йяеёи]|наш[аие]?|у\s+меня|у\s+нас)\s*,?\s+"
    rf"(?P<rest>(?:{WHO}).*)$",
    _I,
)


def inverted_kin(r: Reading, d: Draft) -> bool:
    """ "тесть мой, Самвел, ...", "муж у меня Андрюха": read as "мой тесть Самвел, ..."."""
    m = _INVERTED.match(r.text)
    if m is None:
        return False
    poss = {"у меня": "мой", "у нас": "наш"}.get(" ".join(m["poss"].lower().split()), m["poss"])
    return introduction(dataclasses.replace(r, text=f"{poss} {m['role']} {m['rest']}"), d)


_PET_NAME = r"(?:\s+(?:⟦\d+⟧|(?-i:[A-ZА-ЯЁ][\w-]+)))?"
_PET_HAS = re.compile(
    rf"^(?:(?P<en>our|my)\s+(?:dog|cat|pet|puppy|kitten|parrot){_PET_NAME}\s+(?:now\s+)?"
    r"(?:has|has\s+got|got)\s+(?:(?:a|an|new)\s+)*"
    r"|у\s+(?:нашей|нашего|наших|моей|моего|моих)\s+(?:собаки|кошки|кота|пса|попугая)"
    rf"{_PET_NAME}\s+(?:(?:теперь|новый|новая)\s+)*)"
    rf"(?P<role>(?:{ROLE_RE}))\s*(?P<rest>(?:—|:|,)\s*{WHO}.*)$",
    _I,
)
"""The pet's vet or groomer, the household's: "our dog Bublik has a new vet — X"."""


def pets_helper(r: Reading, d: Draft) -> bool:
    """ "our dog Bublik has a new vet — X", "у нашей собаки ветеринар — X": read as "our vet —
    X", the owner's (the pet has no entity of its own)."""
    m = _PET_HAS.match(r.text)
    if m is None:
        return False
    poss = "our" if m["en"] else "наш"
    return introduction(dataclasses.replace(r, text=f"{poss} {m['role']} {m['rest']}"), d)


_BORN = re.compile(
    rf"^(?:у\s+)?(?:(?:my|мой|моя|моего|моей)\s+[\w-]+\s+)?(?P<holder>{ENT})[^,;—]*?"
    r"(?:(?:just\s+)?had\s+(?:a\s+)?(?:baby|son|daughter)(?:\s+(?:boy|girl))?|"
    r"родил(?:ся|ась)\s+(?:сын\w*|доч\w*|малыш\w*)|стал[аи]?\s+(?:папой|мамой|родителями))"
    r"[^,;—]*[,;—]\s*(?:(?:they|we|и)\s+)?(?:(?:named|called)\s+(?:him|her|the\s+baby)|"
    rf"назвали)\s+(?P<who>{NEW_NAME})(?:[\s,.;!].*)?$",
    _I,
)


def _named_as(who: str) -> str:
    """A name after "назвали", in the instrumental ("Мирой", "Мироном"), in the nominative."""
    words = who.split()
    if len(words) != 1 or not is_cyrillic(who):
        return who
    found = [p for p in morph().parse(who) if "Name" in p.tag and "ablt" in p.tag]
    named = found[0].inflect({"nomn"}) if found else None
    return named.word.capitalize() if named is not None else who


def newborn(r: Reading, d: Draft) -> bool:
    """ "my brother Vlad and his wife had a baby boy, named him Miron", "у X родился сын,
    назвали Мироном": the child is X's."""
    m = _BORN.match(r.text)
    holder = d.person(m["holder"]) if m else None
    child = d.person(_named_as(m["who"])) if m and holder else None
    if holder is None or child is None or child == holder:
        return False
    d.link(holder, "parent_of", child)
    return True


HOUSEHOLD_RULES = (
    newborn,
    both_parents,
    spouse_named,
    inverted_kin,
    childs_helper,
    pets_helper,
)
"""The household rules, tried before the people rules."""
