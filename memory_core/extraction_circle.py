"""Extraction of the people around someone said in passing: friends made, children named.

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

"с X из соседнего подъезда сдружились на почве велосипедов", "мы с X подружились", "I became
friends with X at the climbing gym", "X and I became friends": X ``friend_of`` the owner, with
what the sentence says of him as a line. "X's kids are A and B", "у X дети — A и B", "детей X
зовут A и B": each child ``child_of`` X.
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import WHO, WHO_LIST, people
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["children_named", "friends_made"]

_I = re.IGNORECASE
_BEFRIEND_RU = (
    r"(?:с|по|за)?дружил(?:ись|ся|ась)|стали\s+друзьями|стал[аи]?\s+(?:друзьями|дружить)"
)
_BEFRIEND_EN = (
    r"(?:have\s+|'ve\s+)?(?:became|become|got\s+to\s+be|are\s+now)\s+(?:good\s+|close\s+|real\s+)?"
    r"friends"
)
_FRIENDS = (
    re.compile(  # "(мы) с X (из ...) сдружились (на почве ...)"
        rf"^(?:мы\s+)?с\s+(?P<who>{WHO})(?P<mid>(?:\s+[^\s,.;!?—]+){{0,5}}?)\s+"
        rf"(?:{_BEFRIEND_RU})\b(?P<rest>.*)$",
        _I,
    ),
    re.compile(  # "(я) подружился с X ..."
        rf"^(?:я\s+|мы\s+)?(?:{_BEFRIEND_RU})\s+с\s+(?P<who>{WHO})(?P<mid>)(?P<rest>.*)$", _I
    ),
    re.compile(  # "I became friends with X ...", "made friends with X"
        rf"^(?:I\s+|we\s+)?(?:{_BEFRIEND_EN}|made\s+friends|befriended)\s+(?:with\s+)?"
        rf"(?P<who>{WHO})(?P<mid>)(?P<rest>.*)$",
        _I,
    ),
    re.compile(  # "X and I became friends ...", "X и я подружились"
        rf"^(?P<who>{WHO})\s+(?:and\s+I|и\s+я)(?P<mid>)\s+(?:{_BEFRIEND_EN}|{_BEFRIEND_RU})\b"
        r"(?P<rest>.*)$",
        _I,
    ),
)


def friends_made(r: Reading, d: Draft) -> bool:
    """ "с X из соседнего подъезда сдружились ...": X ``friend_of`` the owner, with a line."""
    m = next((m for p in _FRIENDS if (m := p.match(r.text)) is not None), None)
    if m is None:
        return False
    who = d.person(m["who"])
    if who is None or who == d.owner:
        return False
    d.link(who, "friend_of", d.owner)
    said = re.sub(r"\s+", " ", f"{m['mid']}{m['rest']}").strip(" ,;—")
    d.line(who, "fact", f"friend: {said}" if said else "friend")
    return True


_KIDS_EN = r"(?:kids|children|sons|daughters|boys|girls|twins)"
_KIDS_RU = r"(?:дети|детки|сыновья|дочки|дочери|двойняшки|близнецы)"
_CHILDREN = (
    re.compile(
        rf"^(?P<parent>{ENT})(?:'s|’s|')\s+(?:two\s+|three\s+|little\s+)?{_KIDS_EN}\s+"
        rf"(?:are|are\s+called|are\s+named)\s+(?P<kids>{WHO_LIST})(?=\s*(?:[,.;!—]|$))",
        _I,
    ),
    re.compile(
        rf"^у\s+(?P<parent>{ENT})\s+(?:двое\s+|трое\s+)?{_KIDS_RU}\s*(?:—|-|:|это)?\s*"
        rf"(?P<kids>{WHO_LIST})(?=\s*(?:[,.;!—]|$))",
        _I,
    ),
    re.compile(
        rf"^(?:детей|сыновей|дочерей|дочек)\s+(?:у\s+)?(?P<parent>{ENT})\s+зовут\s+"
        rf"(?P<kids>{WHO_LIST})(?=\s*(?:[,.;!—]|$))",
        _I,
    ),
)


def children_named(r: Reading, d: Draft) -> bool:
    """ "X's kids are A and B": A and B each ``child_of`` X."""
    m = next((m for p in _CHILDREN if (m := p.match(r.text)) is not None), None)
    if m is None:
        return False
    parent = r.entity(m["parent"])
    if split_prefix(parent)[0] not in ("Person", "User"):
        return False
    kids = [k for k in people(d, m["kids"]) if k != parent]
    for kid in kids:
        d.link(kid, "child_of", parent)
    return bool(kids)
