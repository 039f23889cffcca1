"""Extraction rule for who is in charge of a project, said with the project first or by "I".

Same contract as :mod:`memory_core.extraction_people`: :func:`in_charge` reads the marked
message and writes into the draft when one of these shapes holds:

* "теперь P ведёт X вместо Y", "P is now run by X": X ``manages`` (or ``owns``) P, with a
  role line; the one replaced is not linked
* "P теперь на мне, я его owner", "P is on me now": the owner ``owns`` P (``responsible_for``
  when no role is said)
* "я теперь owner P", "I'm the PM of P now": the owner's role for the project
* "Payout я тоже веду": the owner ``manages`` P, with a role line
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import ADV, WHO, apply_role, read_role
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
    (r"вед[её]т|будет\s+вести", "ведёт"),
    (r"руководит|будет\s+руководить|рулит|возглавляет|возглавит", "руководитель"),
    (r"курирует|будет\s+курировать", "куратор"),
    (r"(?:is\s+|will\s+be\s+)?(?:{adv}\s+)?(?:led|run|headed)\s+by", "lead"),
    (r"(?:is\s+|will\s+be\s+)?(?:{adv}\s+)?managed\s+by", "manager"),
    (r"(?:is\s+|will\s+be\s+)?(?:{adv}\s+)?owned\s+by", "owner"),
)
_LED_BY = re.compile(
    rf"^(?P<proj>{ENT})\s+{_MORES}(?P<verb>"
    + "|".join(verbs.format(adv=ADV) for verbs, _ in _LEADS)
    + rf")\s+{_MORES}(?P<who>{WHO})"
    rf"(?:\s*,?\s+(?:вместо|instead\s+of|replacing|на\s+смену)\s+{WHO})?(?:\s+{_MORE})*$",
    _I,
)
_ON_ME = re.compile(
    rf"^(?P<proj>{ENT})\s+{_MORES}(?:на\s+мне|под\s+мной|за\s+мной|(?:is\s+)?{_MORES}"
    r"(?:on\s+me|mine|my\s+responsibility|my\s+baby))"
    rf"(?:\s+{_MORE})*(?:\s*[,;]\s*(?P<rest>.+))?$",
    _I,
)
_TRAILING = re.compile(rf"(?:\s+{_MORE})+$", _I)
_I_AM = re.compile(
    rf"^(?:(?:и|and|а)\s+)?(?:я|i'm|i\s+am|i'll\s+be|i\s+will\s+be)\s+{_MORES}"
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
    led = _LED_BY.match(r.text)
    if led and _is_project(r, led["proj"]) and (person := d.person(led["who"])):
        verb = " ".join(led["verb"].lower().split())
        noun = next(n for verbs, n in _LEADS if re.fullmatch(verbs.format(adv=ADV), verb, _I))
        project = r.entity(led["proj"])
        d.link(person, "owns" if noun == "owner" else "manages", project)
        d.line(person, "role", f"{noun} {led['proj']}")
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


def _is_project(r: Reading, placeholder: str) -> bool:
    return split_prefix(r.entity(placeholder))[0] == "Project"
