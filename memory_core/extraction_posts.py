"""Extraction rules for who holds a post, said with the post first, by a boss or in passing.

Same contract as :mod:`memory_core.extraction_people`: each rule reads the marked message and
writes into the draft when its shape holds:

* "вместо Y девопсом на P теперь X", "когда стартанёт P, тимлидом будет X": the post (in
  the instrumental, so it is the predicate) first, its holder last; a project named in the
  "when" clause is the post's when the post names none
* "the CEO appointed X as VP of Sales", "Баха назначил X директором по продажам": X's role
* "X-а повысили, он теперь CTO у Z", "X переехала в Бишкек, она у нас дизайнер": a second
  clause that starts with "он"/"она" and says a post is X's
* "я у X ментор", "I'm X's mentor now": the owner's role for X
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import ADVS, WHO, Role, apply_role, read_rest, read_role
from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading

__all__ = ["POST_RULES", "appointed", "owner_role_for", "post_first", "pronoun_role"]

_I = re.IGNORECASE
_INSTRUMENTAL = re.compile(r"\w(?:ом|ем|ём|ой|ей|ью)$", _I)
_WHEN = r"(?:(?P<when>(?:когда|как\s+только|после\s+того\s+как|once|when)\s[^,]+),\s*)?"
_BECOMES = r"(?:теперь|будет|станет|с\s+\w+\s+будет|now|will\s+be)"
_POST_FIRST = re.compile(
    rf"^{_WHEN}(?:(?:вместо|instead\s+of)\s+{WHO}\s*,?\s+)?(?P<post>[^,⟦]+?(?:\s+(?:на|в|on|in)"
    rf"\s+{ENT})?)\s+{ADVS}{_BECOMES}\s+{ADVS}(?P<who>{WHO})(?:\s*[,;—]\s*(?P<rest>.+))?$",
    _I,
)


def post_first(r: Reading, d: Draft) -> bool:
    """ "вместо Y девопсом на P теперь X", "когда стартанёт P, тимлидом мобилки будет X"."""
    m = _POST_FIRST.match(r.text)
    if m is None:
        return False
    words = m["post"].split()
    if not any(_INSTRUMENTAL.search(w) for w in words if re.fullmatch(r"[а-яё-]+", w, _I)):
        return False  # "девопсом", "новым тимлидом": the post, not the subject
    role = read_role(r, m["post"])
    person = d.person(m["who"]) if role is not None else None
    if role is None or person is None:
        return False
    if role.project is None and m["when"]:
        found = r.names_in(m["when"], "Project")
        role = Role(role.phrase, role.kind, found[0] if found else None, role.owner_poss)
    apply_role(d, person, role, None)
    if m["rest"]:
        read_rest(r, d, person, m["rest"])
    return True


_APPOINTED = re.compile(
    rf"^(?:(?P<boss>{WHO}|we|i|мы|я)\s+{ADVS}(?:has\s+|have\s+)?(?:appointed|named|promoted|made|"
    r"назначил[аи]?|поставил[аи]?|сделал[аи]?|повысил[аи]?)"
    rf"|{ADVS}(?:назначили|поставили|повысили|сделали))"  # "Назначили X лидом P": by whom unsaid
    rf"\s+(?P<who>{WHO})\s+(?:(?:as|to)\s+(?:the\s+)?|(?:до|на\s+(?:должность|позицию|роль))\s+)?"
    r"(?P<post>[^,]+)$",
    _I,
)


def appointed(r: Reading, d: Draft) -> bool:
    """ "Bakha appointed X as VP of Sales", "Баха назначил Улугбека директором по продажам",
    "Назначили Улугбека директором по продажам" (whoever appointed him left unsaid)."""
    m = _APPOINTED.match(r.text)
    role = read_role(r, m["post"]) if m else None
    person = d.person(m["who"]) if m and role is not None else None
    if role is None or person is None:
        return False
    apply_role(d, person, role, None)
    return True


_SHE = r"(?:она|он|she|he)(?:'s|'ll\s+be|\s+is|\s+will\s+be)?"
_PRONOUN_ROLE = re.compile(
    rf"^(?P<who>{ENT}|{NEW_NAME})\s+(?P<news>[^,;—]+?)\s*[,;—]\s*(?:(?:и|а|and)\s+)?"
    rf"(?P<rest>{_SHE}\s.+)$",
    _I,
)


def pronoun_role(r: Reading, d: Draft) -> bool:
    """ "X-а повысили, он теперь CTO у Z": the second clause gives X a post."""
    m = _PRONOUN_ROLE.match(r.text)
    if m is None or "⟦" in m["news"]:
        return False
    rest = re.sub(rf"^{_SHE}\s+", "", m["rest"], flags=_I)
    role = read_role(r, rest)
    person = d.person(m["who"]) if role is not None else None
    if role is None or person is None:
        return False
    apply_role(d, person, role, None)
    return True


_OWNER_FOR = re.compile(
    rf"^(?:(?:я|i'm|i\s+am)\s+{ADVS}у\s+(?P<h1>{ENT})|(?:i'm|i\s+am)\s+{ADVS}(?P<h2>{ENT})'s)"
    rf"\s+{ADVS}(?P<post>.+)$",
    _I,
)


def owner_role_for(r: Reading, d: Draft) -> bool:
    """ "я у Шерзода теперь ментор", "I'm X's mentor now": the owner's role for someone."""
    m = _OWNER_FOR.match(r.text)
    role = read_role(r, m["post"]) if m else None
    holder = d.person(m["h1"] or m["h2"]) if m and role is not None else None
    if role is None or holder is None or not role.kind.to_holder:
        return False
    apply_role(d, d.owner, role, holder)
    return True


POST_RULES = (post_first, appointed, owner_role_for, pronoun_role)
"""The rules of this module, tried after the people rules that read a whole shape."""
