"""Extraction rule for who is in charge of a project, said with the project first or by "I".

Same contract as :mod:`memory_core.extraction_people`: :func:`in_charge` reads the marked
message and writes into the draft when one of these shapes holds:

* "теперь P ведёт X вместо Y", "P is now run by X", "P backend is led by X, since the
  reorg": X ``manages`` (or ``owns``) P, with a role line; the one replaced is not linked;
  "Y уходит в декрет, вместо неё P поведёт X": the same, and Y's news as a line
* "P теперь на мне, я его owner", "P is on me now": the owner ``owns`` P (``responsible_for``
  when no role is said)
* "я теперь owner P", "I'm the PM of P now", "я временно исполняю обязанности тимлида P":
  the owner's role for the project
* "Payout я тоже веду": the owner ``manages`` P, with a role line
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import ADV, WHO, apply_role, read_rest, read_role
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["in_charge"]

_I = re.IGNORECASE
_MORE = (
    rf"(?:{ADV}|официально|полностью|целиком|formally|fully|entirely|с\s+\w+|from\s+\w+|"
    r"since\s+\w+)"
)
_MORES = rf"(?:{_MORE}\s+)*"
_LEADS = (  # a verb of leading with the project before it, and the role its subject has
    (r"(?:по)?вед[её]т|будет\s+вести", "ведёт"),
    (
        r"руководит|будет\s+руководить|рулит|заправляет|командует|возглавляет|возглавит",
        "руководитель",
    ),
    (r"курирует|будет\s+курировать", "куратор"),
    (r"тимлидит|будет\s+тимлидить", "тимлид"),  # a role made a verb
    (r"техлидит|будет\s+техлидить", "техлид"),
    (r"продактит|будет\s+продактить", "продакт"),
    (r"(?:is\s+|will\s+be\s+)?(?:{adv}\s+)?(?:led|run|headed)\s+by", "lead"),
    (r"(?:is\s+|will\s+be\s+)?(?:{adv}\s+)?managed\s+by", "manager"),
    (r"(?:is\s+|will\s+be\s+)?(?:{adv}\s+)?owned\s+by", "owner"),
)
_PART = r"(?P<part>(?:(?-i:[a-zа-яё][\w-]*)\s+){0,2}?)"
"""A part of the project in lower case between it and the verb: "P backend", "P mobile team"."""
_SINCE_CLAUSE = r"(?:\s*,?\s+(?:since|after|from|as\s+of|following|с|после|по\s+итогам)\s+[^,]+)?"
"""When or why it holds: ", since the reorg", "после реорга"."""
_SAID_ROLE = r"(?:\s*[,;—]\s*(?P<rest>(?:она|он|she|he|she's|he's)\b.+))?"
"""What the one in charge is, said after them: ", она у нас продакт", ", he's our new PM"."""
_LED_BY = re.compile(
    rf"^(?P<proj>{ENT})\s+{_PART}{_MORES}(?P<verb>"
    + "|".join(verbs.format(adv=ADV) for verbs, _ in _LEADS)
    + rf")\s+{_MORES}(?P<who>{WHO})"
    rf"(?:\s*,?\s+(?:вместо|instead\s+of|replacing|на\s+смену)\s+{WHO})?(?:\s+{_MORE})*"
    rf"{_SINCE_CLAUSE}{_SAID_ROLE}$",
    _I,
)
_INSTEAD = re.compile(
    r"^(?P<head>.+?)\s*[,;—]\s*(?:(?:а|и|and|but|so)\s+)?(?:(?:вместо|instead\s+of)\s+"
    r"(?:неё|нее|него|них|her|him|them)\s*,?\s+|(?:теперь|now)\s+)(?P<tail>⟦.+)$",
    _I,
)
"""Someone's news, then who takes over: "X уходит в декрет, вместо неё P поведёт Y"."""
_ON_ME = re.compile(
    rf"^(?P<proj>{ENT})\s+{_MORES}(?:на\s+мне|под\s+мной|за\s+мной|(?:is\s+)?{_MORES}"
    r"(?:on\s+me|mine|my\s+responsibility|my\s+baby))"
    rf"(?:\s+{_MORE})*(?:\s*[,;]\s*(?P<rest>.+))?$",
    _I,
)
_TRAILING = re.compile(rf"(?:\s+{_MORE})+$", _I)
_I_AM = re.compile(
    rf"^(?:(?:и|and|а)\s+)?(?:я|i'm|i\s+am|i'll\s+be|i\s+will\s+be)\s+{_MORES}"
    r"(?:(?:временно\s+)?(?:исполняю\s+обязанности|и\.\s?о\.)\s+)?"  # "я и.о. тимлида P"
    r"(?:(?:его|её|ее|их|its)\s+)?(?P<role>.+)$",
    _I,
)


_I_LEAD_IT = re.compile(
    rf"^(?P<proj>{ENT})\s+{_MORES}(?:я|i)\s+{_MORES}(?P<verb>веду|курирую|руковожу|возглавляю|"
    rf"рулю|(?:also\s+)?(?:lead|run|manage|own))(?:\s+{_MORE})*$",
    _I,
)
"""The project first, then "я ... веду": "Payout я тоже веду"."""
_I_LEAD_NOUN = {"веду": "ведёт", "курирую": "куратор", "lead": "lead", "run": "head",
                "manage": "manager", "own": "owner"}  # fmt: skip


def in_charge(r: Reading, d: Draft) -> bool:
    """ "теперь P ведёт X вместо Y", "P теперь на мне, я его owner", "I'm the PM of P"."""
    mine_too = _I_LEAD_IT.match(r.text)
    if mine_too and _is_project(r, mine_too["proj"]):
        verb = mine_too["verb"].lower().split()[-1]
        noun = _I_LEAD_NOUN.get(verb, "руководитель")
        d.link(d.owner, "owns" if noun == "owner" else "manages", r.entity(mine_too["proj"]))
        d.line(d.owner, "role", f"{noun} {mine_too['proj']}")
        return True
    if _led_by(r, d, r.text):
        return True
    instead = _INSTEAD.match(r.text)
    if instead and _led_by(r, d, instead["tail"]):
        head = instead["head"]
        who = re.match(rf"^(?P<who>{ENT})\s+(?P<news>\S+\s+\S.*)$", head)
        if who and (person := d.person(who["who"])):  # the one replaced: their news
            d.line(person, "fact", who["news"])
        return True
    on_me = _ON_ME.match(r.text)
    if on_me and _is_project(r, on_me["proj"]):
        said = _I_AM.match(on_me["rest"] or "")
        role = read_role(r, _TRAILING.sub("", said["role"])) if said else None
        project = r.entity(on_me["proj"])
        if role is not None and role.kind.to_project:
            d.link(d.owner, role.kind.to_project, project)
            d.line(d.owner, role.kind.line_kind, f"{role.phrase} {on_me['proj']}")
        else:
            d.link(d.owner, "responsible_for", project)
        return True
    mine = _I_AM.match(r.text)
    role = read_role(r, mine["role"]) if mine else None
    if role is None or role.project is None or not role.kind.to_project:
        return False
    apply_role(d, d.owner, role, None)
    return True


def _led_by(r: Reading, d: Draft, text: str) -> bool:
    """ "P ведёт X", "P backend is now led by X, since the reorg": X manages (or owns) P."""
    led = _LED_BY.match(text)
    if not (led and _is_project(r, led["proj"]) and (person := d.person(led["who"]))):
        return False
    verb = " ".join(led["verb"].lower().split())
    noun = next(n for verbs, n in _LEADS if re.fullmatch(verbs.format(adv=ADV), verb, _I))
    d.link(person, "owns" if noun == "owner" else "manages", r.entity(led["proj"]))
    d.line(person, "role", f"{noun} {led['part']}{led['proj']}")
    if led["rest"]:
        read_rest(r, d, person, led["rest"])
    return True


def _is_project(r: Reading, placeholder: str) -> bool:
    return split_prefix(r.entity(placeholder))[0] == "Project"
