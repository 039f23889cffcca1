"""A question about one's own person the memory does not link: only entries naming them answer.

"где живёт сестра", "who is my son's teacher", "кто мой юрист": a kin word, or a role of
someone in the owner's life (lawyer, landlord, boss, mentor, doctor...) said with "my",
says whose fact is asked for. When the owner has no such person linked (no ``sibling_of``,
no child, no ``lawyer_of``), the other words alone would answer with someone else: the
mother's entry holding "живёт", the wife reached as one more of the owner's links. Then an
entry answers only if its name or lines hold the word itself ("fact: сестра", "role:
lawyer", "teacher of my son"). When the owner has that person linked, or the question
names someone ("сестра Лены"), recall ranks as usual.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from memory_core.graph_rank import asked as asked_by
from memory_core.graph_rank import canonical_type
from memory_core.language import normalize
from memory_core.models import Link
from memory_core.morphology import lemmas
from memory_core.name_gender import name_gender
from memory_core.neighbours import Neighbourhoods
from memory_core.recall.scoring import Candidate, Question
from memory_core.repository import Repository

__all__ = ["Kin", "kin_named", "role_types", "without_unlinked_kin"]

_ROLES: dict[str, frozenset[str]] = {
    **dict.fromkeys(("lawyer", "attorney", "юрист", "адвокат"), frozenset({"lawyer_of"})),
    **dict.fromkeys(("landlord", "арендодат"), frozenset({"landlord_of"})),
    **dict.fromkeys(("accountant", "бухгалтер"), frozenset({"accountant_of"})),
    **dict.fromkeys(("mentor", "ментор", "наставник"), frozenset({"mentors"})),
    **dict.fromkeys(
        ("boss", "начальни", "руководител", "шеф", "босс", "manager", "supervisor"),
        frozenset({"reports_to", "manages"}),
    ),
    **dict.fromkeys(
        ("doctor", "врач", "доктор", "dentist", "стоматолог"), frozenset({"doctor_of"})
    ),
    **dict.fromkeys(("neighbo", "сосед"), frozenset({"neighbor_of"})),
    **dict.fromkeys(("godfather", "godmother", "крестн", "крёстн"), frozenset({"godparent_of"})),
}
"""Words (by their start) for someone in the owner's life, and the links that make them so."""
OWNER_LINKS = 200
"""The owner's links read per direction to find a relative (more than any owner has)."""


@dataclass(frozen=True, slots=True)
class Kin:
    """A relative a word names: the relation type, and for parent-child links which end."""

    relation: str
    end: str | None = None
    """``child`` or ``parent`` for a ``child_of`` / ``parent_of`` link, else ``None``."""
    gender: str | None = None
    """``masc`` or ``femn`` when the word says it ("папа" is no mother)."""


_KIN: dict[str, Kin] = {}
for _words, _kin in (
    (("son", "sons", "сын", "сынок", "сынишка"), Kin("child_of", "child", "masc")),
    (("daughter", "daughters", "дочь", "дочка", "дочурка"), Kin("child_of", "child", "femn")),
    (
        ("kid", "kids", "child", "children", "ребенок", "ребёнок", "дети", "детки"),
        Kin("child_of", "child"),
    ),
    (
        ("mother", "mom", "mum", "mommy", "mummy", "мама", "мать", "мамочка"),
        Kin("child_of", "parent", "femn"),
    ),
    (("father", "dad", "daddy", "папа", "отец", "батя"), Kin("child_of", "parent", "masc")),
    (("parent", "parents", "родитель", "родители"), Kin("child_of", "parent")),
    (("wife", "husband", "spouse", "жена", "муж", "супруг", "супруга"), Kin("married_to")),
    (("sister", "sisters", "сестра", "сестрёнка", "сестренка"), Kin("sibling_of", None, "femn")),
    (("brother", "brothers", "брат", "братишка"), Kin("sibling_of", None, "masc")),
    (("sibling", "siblings"), Kin("sibling_of")),
):
    _KIN.update(dict.fromkeys(_words, _kin))


def kin_named(word: str) -> Kin | None:
    """The relative a word names in any case or number ("сестры", "жене", "sons"), or None."""
    folded = normalize(word).removesuffix("'s").removesuffix("’s")
    found = _KIN.get(folded)
    if found is not None:
        return found
    for lemma in lemmas(folded):
        found = _KIN.get(lemma)
        if found is not None:
            return found
    return None


async def without_unlinked_kin(
    repo: Repository,
    conn: aiosqlite.Connection,
    question: Question,
    good: Sequence[Candidate],
    links: Neighbourhoods,
) -> list[Candidate]:
    """The answers, but those that only hold a kin question's other words (see the module
    doc); unchanged when the question names no relative, names someone, or the owner has
    the relative asked about linked."""
    if not good or question.mentioned:
        return list(good)
    kin = {i: k for i, t in enumerate(question.terms) if (k := kin_named(t.surface))}
    roles: dict[int, frozenset[str]] = {}
    # "кто мой юрист": a role in the owner's own life; not "крёстная моей младшей", the
    # daughter's, or "врач мамы"
    words = [normalize(t.surface) for t in question.terms]
    if question.self_ref and not kin and asked_by(words).kin is None:
        roles = {i: r for i, w in enumerate(words) if (r := role_types(w))}
    if not kin and not roles:
        return list(good)
    owners = set(await repo.ids_of_type(conn, "User", limit=3))
    if owners:
        around = await links.touching(repo, conn, owners, OWNER_LINKS)
        if any(_relative(link, k, owners) for link in around for k in kin.values()) or any(
            _in_role(link, r, owners) for link in around for r in roles.values()
        ):
            return list(good)
    said = {*kin, *roles}
    return [c for c in good if any(c.matched()[i] for i in said)]


def role_types(word: str) -> frozenset[str]:
    """The owner's own relations a role word names ("юрист": ``lawyer_of``, "manager":
    ``manages`` and ``reports_to``); none for other words."""
    folded = normalize(word)
    return next(
        (types for start, types in _ROLES.items() if folded.startswith(start)), frozenset()
    )


def _in_role(link: Link, roles: frozenset[str], owners: set[int]) -> bool:
    """Whether a link gives the owner someone in one of these roles (either way round)."""
    touches = link.from_id in owners or link.to_id in owners
    return touches and canonical_type(link.relation.relation_type) in roles


def _relative(link: Link, kin: Kin, owners: set[int]) -> bool:
    """Whether a link makes someone the owner's relative of this kind."""
    kind = canonical_type(link.relation.relation_type)
    rel = link.relation
    if kin.end is None:
        if kind != kin.relation or not (link.from_id in owners or link.to_id in owners):
            return False
        other = rel.to if link.from_id in owners else rel.from_
    elif kind not in ("child_of", "parent_of"):
        return False
    else:
        # who is the child in this link, and is the other end the owner
        child, parent = (
            ((link.from_id, rel.from_), (link.to_id, rel.to))
            if kind == "child_of"
            else ((link.to_id, rel.to), (link.from_id, rel.from_))
        )
        me, them = (parent, child) if kin.end == "child" else (child, parent)
        if me[0] not in owners or them[0] in owners:
            return False
        other = them[1]
    return kin.gender is None or name_gender(other) in (None, kin.gender)
