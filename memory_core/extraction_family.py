"""Extraction rules about someone's doctor, teacher or other helper named after a fact.

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did. The holder is a known
person or a kin word in any case ("маме", "у папы", "my mom"), found through the resolver:

* "маме в сентябре поставили кардиостимулятор, её кардиолог — X": a line on the holder, and
  X with the role, linked to the holder (:func:`holder_then_role`)
* "папе сделали операцию на колене": a line on the relative the kin word in the dative
  names (:func:`kin_dative_fact`)
* "Мирону поменяли классного руководителя, теперь это X", "my son got a new coach, X": the
  new role holder (:func:`new_role_for`)
* "поменяли педиатра — теперь Еву ведёт X", "we switched dentists, Tom now sees X": the new
  one for the person named after the change (:func:`changed_then_who`)
* "хожу к окулисту X", "I see a physio called X": the owner's doctor (:func:`owner_visits`)
* "с Серёгой дружим ещё со школы", "Tom and I have been friends since uni": a friend of the
  owner (:func:`friends_with`)
"""

from __future__ import annotations

import re

from memory_core.extraction_names import morph
from memory_core.extraction_people import TRANSIENT
from memory_core.extraction_roles import ADV, ADVS, WHO, apply_role, read_rest, read_role
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import split_prefix

__all__ = [
    "FAMILY_RULES",
    "changed_then_who",
    "friends_with",
    "holder_of",
    "holder_then_role",
    "kin_dative_fact",
    "new_role_for",
    "owner_visits",
]

_I = re.IGNORECASE
_KIN_LEMMAS = {
    "мама": "mother", "мать": "mother", "мамочка": "mother", "папа": "father",
    "отец": "father", "жена": "wife", "муж": "husband", "дочь": "daughter",
    "дочка": "daughter", "сын": "son", "сынок": "son", "сестра": "sister", "брат": "brother",
    "mom": "mother", "mum": "mother", "mother": "mother", "dad": "father", "father": "father",
    "wife": "wife", "husband": "husband", "daughter": "daughter", "son": "son",
    "sister": "sister", "brother": "brother",
}  # fmt: skip
_HOLDER = rf"(?:(?:у|к|для|my|to\s+my|for\s+my|мо\w+)\s+)?(?P<holder>{ENT}|[^\W\d_]+)"


def _kin(word: str, case: str | None = None) -> str | None:
    """Return the kin a word names in any (or the given) case: "маме" -> ``mother``."""
    lowered = word.lower()
    if lowered in _KIN_LEMMAS and case is None:
        return _KIN_LEMMAS[lowered]
    for parse in morph().parse(lowered)[:3]:
        if parse.normal_form in _KIN_LEMMAS and (case is None or parse.tag.case == case):
            return _KIN_LEMMAS[parse.normal_form]
    return None


def holder_of(d: Draft, word: str, case: str | None = None) -> str | None:
    """The person a word names: a known one's placeholder, or the owner's relative a kin word
    names in any (or the given) case ("маме": the owner's mother)."""
    if word.startswith("⟦"):
        return d.person(word)
    kin = _kin(word, case)
    return d.relative(kin) if kin else None


_THEN_ROLE = re.compile(
    rf"^{_HOLDER}(?P<fact>\s+[^,;]+?)?\s*[,;]\s+(?:а\s+|and\s+)?(?:её|ее|его|их|her|his|their)\s+"
    rf"(?P<head>[^—:,]+?)\s*(?:—|:|\bis\b|\bэто\b|\bзовут\b)\s*(?P<who>{WHO})(?P<rest>.*)$",
    _I,
)


def _role_for_holder(r: Reading, d: Draft, m: re.Match[str] | None) -> str | None:
    """Give the person ``m`` names the role it names for its holder; return the holder."""
    holder = holder_of(d, m["holder"]) if m else None
    role = read_role(r, m["head"]) if m and holder else None
    person = d.person(m["who"]) if m and role else None
    if m is None or holder is None or role is None or person is None:
        return None
    apply_role(d, person, role, holder)
    read_rest(r, d, person, m["rest"])
    return holder


def holder_then_role(r: Reading, d: Draft) -> bool:
    """ "маме поставили кардиостимулятор, её кардиолог — X", "Tom broke his arm; his GP is X"."""
    m = _THEN_ROLE.match(r.text)
    holder = _role_for_holder(r, d, m)
    if m is None or holder is None:
        return False
    fact = (m["fact"] or "").strip()
    if len(fact.split()) > 1 and not TRANSIENT.search(fact):
        d.line(holder, "fact", fact)
    return True


_DATIVE = re.compile(r"^(?P<holder>[^\W\d_]+)\s+(?P<fact>\S+\s+\S.*)$", _I)


def kin_dative_fact(r: Reading, d: Draft) -> bool:
    """ "папе сделали операцию на колене": a line on the owner's father."""
    m = _DATIVE.match(r.text)
    holder = holder_of(d, m["holder"], "datv") if m else None
    if m is None or holder is None or TRANSIENT.search(r.text):
        return False
    d.line(holder, "fact", m["fact"])
    return True


_NEW_ROLE = re.compile(
    rf"^{_HOLDER}\s+(?:(?:поменяли|сменили|нашли|наняли|взяли|дали)|"
    r"(?:got|gets|has|found|hired)\s+(?:a|an)|(?:has\s+)?(?:got|found|hired))\s+"
    r"(?:(?:нов\w+|new|другого|другую|another)\s+)?(?P<head>[^,—:]+?)\s*(?:,|—|:)\s*"
    rf"(?:(?:теперь|now|сейчас)\s+)?(?:(?:это|it's|it\s+is|—|:)\s*)?(?P<who>{WHO})(?P<rest>.*)$",
    _I,
)


def new_role_for(r: Reading, d: Draft) -> bool:
    """ "Мирону поменяли классного руководителя, теперь это X", "my son got a new coach, X"."""
    return _role_for_holder(r, d, _NEW_ROLE.match(r.text)) is not None


_VISITS = re.compile(
    r"^(?:(?:я|i)\s+)?(?:(?:теперь|now|still|usually|обычно)\s+)?"
    r"(?:хожу|хожу\s+теперь|обращаюсь|записал[аи]?сь|езжу|лечусь|наблюдаюсь|"
    r"see|go\s+to|visit|am\s+seeing|have\s+been\s+seeing)\s+"
    r"(?:(?:к|ко|у|a|an|the|my)\s+)?(?P<head>(?-i:[a-zа-яё][\w-]*)(?:\s+(?-i:[a-zа-яё][\w-]*))??)\s+"
    rf"(?:(?:called|named|по\s+имени)\s+)?(?P<who>{WHO})(?P<rest>.*)$",
    _I,
)


_VISITS_FIRST = re.compile(  # the kind of doctor first: "к зубному теперь хожу к доктору X"
    r"^(?:к|ко)\s+(?P<head>(?-i:[a-zа-яё][\w-]*))\s+(?:(?:я|теперь|сейчас|now)\s+)*"
    r"(?:хожу|езжу|обращаюсь|записал[аи]?сь)\s+(?:(?:теперь|сейчас)\s+)?(?:к|ко)\s+"
    rf"(?P<who>{WHO})(?P<rest>.*)$",
    _I,
)


def owner_visits(r: Reading, d: Draft) -> bool:
    """ "хожу к окулисту Сабине Мамедовой, она в Medicum", "I see a physio called Mart"."""
    m = _VISITS.match(r.text) or _VISITS_FIRST.match(r.text)
    role = read_role(r, m["head"]) if m else None
    person = d.person(m["who"]) if m and role else None
    if m is None or role is None or person is None:
        return False
    apply_role(d, person, role, d.owner)
    read_rest(r, d, person, m["rest"])
    return True


_SEES = (  # a verb that says who looks after someone, the holder first in either order
    r"вед[её]т|лечит|наблюдает|смотрит|учит|тренирует|занимается\s+с|"
    r"treats|sees|is\s+seeing|goes\s+to|ходит\s+к|teaches|coaches|trains"
)
_CHANGED_THEN = re.compile(
    r"^(?:(?:мы|we)\s+)?(?:(?:have|'ve)\s+)?(?:поменяли|сменили|нашли|changed|switched|found|got)"
    r"\s+(?:(?:нов\w+|new|другого|другую|another|a)\s+)?(?P<head>[^,—:;]+?)\s*[,—:;]\s*"
    rf"(?:(?:а|and|so)\s+)?{ADVS}(?P<holder>{ENT}|[^\W\d_]+)\s+{ADVS}(?:{_SEES})\s+"
    rf"(?:(?:к|ко|the|a|an)\s+)?(?P<who>{WHO})(?P<rest>.*)$",
    _I,
)


def changed_then_who(r: Reading, d: Draft) -> bool:
    """ "поменяли педиатра — теперь Еву ведёт X", "we switched dentists, Tom now sees X"."""
    m = _CHANGED_THEN.match(r.text)
    holder = holder_of(d, m["holder"]) if m else None
    role = None
    if m is not None and holder is not None:
        head = m["head"].strip()
        role = read_role(r, head) or read_role(r, re.sub(r"(?<=[a-z])s$", "", head))
    person = d.person(m["who"]) if m and role else None
    if m is None or holder is None or role is None or person is None:
        return False
    apply_role(d, person, role, holder)
    read_rest(r, d, person, m["rest"])
    return True


_FRIENDS = re.compile(
    rf"^(?:(?:мы|я)\s+)?(?:с|со)\s+(?P<w1>{WHO})\s+{ADVS}(?P<f1>(?:дружим|друзья|приятели)\b.*)$"
    rf"|^(?:я\s+)?{ADVS}(?P<f2>дружу)\s+(?:с|со)\s+(?P<w2>{WHO})(?P<r2>.*)$"
    rf"|^(?P<w3>{WHO})\s+(?:and|и)\s+(?:i|я)\s+(?:(?:have|'ve)\s+been\s+|are\s+|were\s+|"
    rf"{ADV}\s+)*(?P<f3>(?:(?:old|close|good|best)\s+)?friends\b.*|дружим\b.*)$"
    rf"|^(?:i'm|i\s+am|i've\s+been|i\s+have\s+been)\s+(?P<f4>(?:\w+\s+)?friends)\s+with\s+"
    rf"(?P<w4>{WHO})(?P<r4>.*)$"
    # "Серёга мой старый друг ещё с EPAM" (with a dash it is an introduction)
    rf"|^(?P<w5>{WHO})\s+{ADVS}(?P<f5>(?:мой|моя|my)\s+(?:[\w-]+\s+){{0,2}}?"
    r"(?:друг|подруга|приятель|приятельница|friend|buddy|mate)\b.*)$",
    _I,
)


def friends_with(r: Reading, d: Draft) -> bool:
    """ "с Серёгой дружим ещё со школы", "Tom and I have been friends since uni"."""
    m = _FRIENDS.match(r.text)
    if m is None:
        return False
    person = d.person(m["w1"] or m["w2"] or m["w3"] or m["w4"] or m["w5"])
    if person is None or split_prefix(person)[0] != "Person":
        return False
    said = m["f1"] or m["f3"] or m["f5"] or f"{m['f2'] or m['f4']}{m['r2'] or m['r4'] or ''}"
    d.link(person, "friend_of", d.owner)
    d.line(person, "fact", said.strip())
    return True


_FRIEND_ASIDE = re.compile(
    rf"^(?P<who>{WHO})\s*,\s*(?P<said>(?:с|со)\s+котор\w+\s+(?:мы\s+|я\s+)?{ADVS}дружи[мт]\b[^,]*"
    r"|(?:who|whom)\s+(?:i|we)(?:'ve|\s+have)?\s+(?:been|are|'re|am|'m)\s+(?:\w+\s+)?"
    r"friends\s+with\b[^,]*)\s*,\s*(?P<rest>\S.*)$",
    _I,
)


def friend_aside(r: Reading, d: Draft) -> bool:
    """ "X, с которой мы дружим ещё со школы, переехала в ...", "X, who I'm friends with, ..."."""
    m = _FRIEND_ASIDE.match(r.text)
    person = d.person(m["who"]) if m else None
    if m is None or person is None or split_prefix(person)[0] != "Person":
        return False
    d.link(person, "friend_of", d.owner)
    d.line(
        person, "fact", re.sub(r"^(?:(?:с|со)\s+котор\w+|who|whom)\s+", "", m["said"], flags=_I)
    )
    d.line(person, "fact", m["rest"])
    return True


_SIBLING_WORDS = r"(?:(?:younger|older|little|big|twin|kid|младш\w+|старш\w+|родн\w+)\s+)?"
_SIBLING_OF = re.compile(
    rf"^(?:(?P<head>(?:my|мой|моя)\s+[\w-]+(?:\s+[\w-]+)?)\s*,?\s+)?(?P<who>{WHO})\s*,?\s+"
    rf"(?:is\s+|—\s*|это\s+)(?:(?P<of>{ENT})'s\s+{_SIBLING_WORDS}(?P<en>brother|sister|sibling)\b"
    rf"|{_SIBLING_WORDS}(?P<ru>брат|сестра)\s+(?P<of2>{ENT}))\s*,?\s*(?P<rest>.*)$",
    _I,
)


def sibling_of(r: Reading, d: Draft) -> bool:
    """ "my brother-in-law Oleg is Andrey's brother, lives in ...", "Нина — сестра Киры"."""
    m = _SIBLING_OF.match(r.text)
    person = d.person(m["who"]) if m else None
    other = d.person(m["of"] or m["of2"]) if m else None
    if m is None or person is None or other is None or split_prefix(person)[0] != "Person":
        return False
    d.link(person, "sibling_of", other)
    if m["head"]:
        d.line(person, "fact", re.sub(r"^(?:my|мой|моя)\s+", "", m["head"], flags=_I))
    d.line(person, "fact", m["rest"])
    return True


FAMILY_RULES = (
    sibling_of,
    holder_then_role,
    new_role_for,
    changed_then_who,
    owner_visits,
    friends_with,
    friend_aside,
)
"""The rules that read a whole sentence's shape; :func:`kin_dative_fact` goes last."""
